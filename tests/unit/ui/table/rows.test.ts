import { describe, expect, it } from 'vitest';
import { batchRow, windowRows } from '../../../../src/ui/table/rows';
import type { RowContext } from '../../../../src/ui/table/rows';
import { makeTierClassifier } from '../../../../src/ui/table/tier';
import { batch, CONFIG, report } from './fixtures';

const r = report([
  batch(0, { names: ['read_file'], observation: true, threshold: 15, exempt: true }),
  batch(1, { names: ['write_file'], count: 3, total: 3, refused: true, reason: 'strikes' }),
  batch(2, { names: ['browser_navigate', 'write_file'], costly: true, answersKnown: false }),
]);
const ctx: RowContext = {
  report: r,
  tierOf: makeTierClassifier(CONFIG.observationTools),
  colorOf: (b) => `color(${b.signature.length})`,
  explain: (b) => `explained ${b.index}`,
};

describe('batchRow', () => {
  it('carries the numbers and the labels a row prints', () => {
    const row = batchRow(r.batches[1]!, ctx);
    expect(row).toMatchObject({
      index: 1,
      messageIndex: 3,
      tools: 'write_file',
      tier: 'mutating',
      tierLabel: 'mutating',
      count: 3,
      total: 3,
      threshold: 2,
      verdict: 'first-refusal',
      verdictLabel: 'refused (strikes), first',
      answersLabel: 'known',
      outcomeLabel: 'not comparable',
      explanation: 'explained 1',
    });
    expect(row.color).toBe(`color(${r.batches[1]!.signature.length})`);
  });

  it('labels mixed costly batches and unknown answers', () => {
    const row = batchRow(r.batches[2]!, ctx);
    expect(row.tierLabel).toBe('mixed, costly');
    expect(row.answersLabel).toBe('unknown');
    expect(row.tools).toBe('browser_navigate, write_file');
  });
});

describe('windowRows', () => {
  it('builds rows only for the drawn window of the view order', () => {
    expect(windowRows(r.batches, [2, 0, 1], 1, 2, ctx).map((x) => x.index)).toEqual([0, 1]);
    expect(windowRows(r.batches, [2, 0, 1], 0, 99, ctx).map((x) => x.index)).toEqual([2, 0, 1]);
    expect(windowRows(r.batches, [2, 0, 1], 0, -1, ctx)).toEqual([]);
  });
});
