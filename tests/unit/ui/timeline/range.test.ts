import { describe, expect, it } from 'vitest';
import { rangeText } from '../../../../src/ui/timeline/describe';

describe('rangeText', () => {
  it('names the batches in view', () => {
    expect(rangeText({ start: 0, span: 10 }, 10, 1)).toBe('#0–9 of 10');
    expect(rangeText({ start: 2.5, span: 3 }, 10, 1)).toBe('#2–5 of 10');
    expect(rangeText({ start: 0, span: 20_000 }, 20_000, 50)).toBe(
      '#0–19,999 of 20,000 · 50 per mark',
    );
  });

  it('is empty without batches, so no earlier range stays on screen', () => {
    expect(rangeText({ start: 0, span: 10 }, 0, 1)).toBe('');
  });
});
