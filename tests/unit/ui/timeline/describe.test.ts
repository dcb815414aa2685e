import { describe, expect, it } from 'vitest';
import {
  announcement,
  fmt,
  legendEntries,
  pendingText,
  summary,
  tooltipContent,
  verdictOf,
} from '../../../../src/ui/timeline/describe';
import { buildModel } from '../../../../src/ui/timeline/model';
import { batch, called, report } from './fixtures';

const hostile = '<img src=x onerror=alert(1)>';

const m = buildModel(
  report([
    batch(0, { ...called('read_file', 'a'), observation: true, exempt: true, threshold: 15 }),
    batch(1, { ...called(hostile, 'b'), outcome: 'answer-changed', breakBefore: 'user' }),
    batch(2, {
      ...called('write_file', 'c'),
      count: 3,
      total: 3,
      refused: true,
      reason: 'strikes',
    }),
    batch(3, { ...called('write_file', 'd'), rescued: true, total: 4, answersKnown: false }),
    batch(4, {
      ...called('write_file', 'c'),
      count: 4,
      total: 4,
      refused: true,
      reason: 'strikes',
    }),
  ]),
  new Set([3]),
);

describe('tooltipContent', () => {
  it('lists tools, count/total, threshold with its tier, ceiling, answers and verdict', () => {
    const t = tooltipContent(m, 2, false)!;
    expect(t.title).toBe('Batch #2 · message 5');
    const rows = Object.fromEntries(t.rows);
    expect(rows['Tools']).toBe('write_file');
    expect(rows['Count / total']).toBe('3 / 3');
    expect(rows['Threshold']).toBe('2 (strikes)');
    expect(rows['Ceiling']).toBe('15');
    expect(rows['Verdict']).toBe('refused (strikes), first refusal');
  });

  it('says when the ceiling is waived, answers are unknown, the run was broken, the pixel is shared', () => {
    expect(Object.fromEntries(tooltipContent(m, 0, false)!.rows)['Ceiling']).toBe(
      '15, waived (exempt)',
    );
    const r3 = Object.fromEntries(tooltipContent(m, 3, true, 64)!.rows);
    expect(r3['Answers']).toMatch(/^unknown/);
    expect(r3['Verdict']).toBe('rescued');
    expect(r3['Config']).toBe('verdict differs from the defaults');
    expect(r3['Pixel']).toBe('one of 64 batches here');
    expect(Object.fromEntries(tooltipContent(m, 1, false)!.rows)['Run started by']).toBe(
      'a user message',
    );
    expect(tooltipContent(m, 99, false)).toBeNull();
  });

  it('carries tool names through as plain text', () => {
    expect(Object.fromEntries(tooltipContent(m, 1, false)!.rows)['Tools']).toBe(hostile);
  });
});

describe('texts for assistive technology', () => {
  it('announces the selected batch in one sentence', () => {
    expect(announcement(m, 2)).toBe(
      'Batch 2 of 5: write_file; refused (strikes), the first refusal; count 3, total 3, threshold 2.',
    );
    expect(announcement(m, null)).toBe('No batch selected.');
  });

  it('summarises the chart', () => {
    const s = summary(m);
    expect(s).toContain('5 batches with 4 distinct signatures.');
    const one = buildModel(report([batch(0, called('read_file', 'a'))]), new Set());
    expect(summary(one)).toContain('1 batch with 1 distinct signature.');
    expect(s).toContain('2 refused; the first refusal is batch 2 (write_file, strikes).');
    expect(s).toContain('1 rescued, 1 with a changed answer.');
    expect(summary(buildModel(report([]), new Set()))).toBe(
      'The transcript has no tool-call batches.',
    );
  });

  it('ends the summary with a pending batch and the results it waits for', () => {
    const pending = { index: 5, calls: ['read_file', 'grep'], answered: 1 };
    expect(summary(m, pending)).toBe(`${summary(m)} Batch 5 is waiting for 1 of 2 results.`);
    expect(pendingText({ index: 1234, calls: ['x'], answered: 0 })).toBe(
      'Batch 1,234 is waiting for 1 of 1 result.',
    );
    expect(summary(m, null)).not.toContain('waiting');
  });

  it('names verdicts', () => {
    expect(verdictOf(batch(0))).toBe('passed');
    expect(verdictOf(batch(0, { refused: true, reason: 'ceiling' }))).toBe('refused (ceiling)');
  });
});

describe('legendEntries', () => {
  it('ranks by frequency and tells same-named signatures apart', () => {
    const e = legendEntries(m);
    expect(e[0]).toMatchObject({ label: 'write_file · c', occurrences: 2 });
    const labels = e.map((x) => x.label);
    expect(labels).toContain('write_file · d');
    expect(labels).toContain('read_file');
    expect(legendEntries(m, 2)).toHaveLength(2);
  });
});

describe('fmt', () => {
  it('groups thousands', () => {
    expect([0, 999, 1000, 12345, 100000, 1234567].map(fmt)).toEqual([
      '0',
      '999',
      '1,000',
      '12,345',
      '100,000',
      '1,234,567',
    ]);
  });
});
