import { describe, expect, it } from 'vitest';
import { clampSplit, keyedSplit, parseSplit } from '../../../../src/ui/shell/splitSize';

describe('the workspace split', () => {
  it('keeps each pane its minimum', () => {
    expect(clampSplit(50, 800, 140, 200)).toBe(140);
    expect(clampSplit(700, 800, 140, 200)).toBe(600);
    expect(clampSplit(400.4, 800, 140, 200)).toBe(400);
    // Too small for both: the top keeps its minimum.
    expect(clampSplit(300, 250, 140, 200)).toBe(140);
  });

  it('reads back only a share strictly between 0 and 1', () => {
    expect(parseSplit('0.45')).toBe(0.45);
    for (const bad of [null, '', 'x', '0', '1', '-0.2', '{"timeline":40}']) {
      expect(parseSplit(bad), String(bad)).toBeNull();
    }
  });

  it('moves by key, within the minimums', () => {
    expect(keyedSplit('ArrowUp', false, 400, 800, 140, 200)).toBe(384);
    expect(keyedSplit('ArrowDown', true, 400, 800, 140, 200)).toBe(464);
    expect(keyedSplit('Home', false, 400, 800, 140, 200)).toBe(140);
    expect(keyedSplit('End', false, 400, 800, 140, 200)).toBe(600);
    expect(keyedSplit('ArrowDown', true, 590, 800, 140, 200)).toBe(600);
    expect(keyedSplit('a', false, 400, 800, 140, 200)).toBeNull();
  });
});
