import { describe, expect, it } from 'vitest';
import { NO_FILTER } from '../../../../src/ui/table/filter';
import { rowForKey } from '../../../../src/ui/table/keyboard';
import { compareKeys, sortKeys } from '../../../../src/ui/table/sort';
import { makeTierClassifier } from '../../../../src/ui/table/tier';
import { viewOrder, viewPositions } from '../../../../src/ui/table/view';
import { batch, CONFIG, report } from './fixtures';

const r = report([
  batch(0, { names: ['read_file'], observation: true, count: 1, total: 1 }),
  batch(1, { names: ['write_file'], count: 1, total: 1 }),
  batch(2, { names: ['write_file'], count: 2, total: 2 }),
  batch(3, { names: ['write_file'], count: 3, total: 3, refused: true, reason: 'strikes' }),
  batch(4, {
    names: ['browser_navigate'],
    observation: true,
    costly: true,
    count: 1,
    total: 1,
    answersKnown: false,
  }),
  batch(5, {
    names: ['read_file', 'Write_File'],
    count: 2,
    total: 6,
    rescued: true,
    outcome: 'answer-changed',
  }),
]);
const tierOf = makeTierClassifier(CONFIG.observationTools);

describe('viewOrder: filtering', () => {
  it('shows every batch in order with no filter and no sort', () => {
    expect(viewOrder(r, tierOf, NO_FILTER, null)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('shares the default order and its positions between reports of one size, and sorting leaves them be', () => {
    const other = report(r.batches.map((b) => ({ ...b, refused: !b.refused })));
    const a = viewOrder(r, tierOf, NO_FILTER, null);
    expect(viewOrder(other, tierOf, NO_FILTER, { id: 'index', desc: false })).toBe(a);
    expect(viewPositions(a, 6)).toBe(viewPositions(viewOrder(other, tierOf, NO_FILTER, null), 6));
    expect(Array.from(viewPositions(a, 6))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'index', desc: true })).toEqual([
      5, 4, 3, 2, 1, 0,
    ]);
    expect(a).toEqual([0, 1, 2, 3, 4, 5]);
    // A copy that is not the shared order gets positions of its own.
    expect(viewPositions([...a], 6)).not.toBe(viewPositions(a, 6));
  });

  it('refused only', () => {
    expect(viewOrder(r, tierOf, { ...NO_FILTER, refusedOnly: true }, null)).toEqual([3]);
  });

  it('by tier, and costly on its own', () => {
    expect(viewOrder(r, tierOf, { ...NO_FILTER, tier: 'observation' }, null)).toEqual([0, 4]);
    expect(viewOrder(r, tierOf, { ...NO_FILTER, tier: 'mixed' }, null)).toEqual([5]);
    expect(viewOrder(r, tierOf, { ...NO_FILTER, tier: 'mutating' }, null)).toEqual([1, 2, 3]);
    expect(viewOrder(r, tierOf, { ...NO_FILTER, tier: 'costly' }, null)).toEqual([4]);
  });

  it('by tool name: case-insensitive substring of any call, surrounding blanks ignored', () => {
    expect(viewOrder(r, tierOf, { ...NO_FILTER, tool: ' WRITE ' }, null)).toEqual([1, 2, 3, 5]);
    expect(viewOrder(r, tierOf, { ...NO_FILTER, tool: 'navigate' }, null)).toEqual([4]);
    expect(viewOrder(r, tierOf, { ...NO_FILTER, tool: 'nothing-like-this' }, null)).toEqual([]);
  });

  it('combines filters', () => {
    expect(
      viewOrder(r, tierOf, { ...NO_FILTER, refusedOnly: true, tier: 'observation' }, null),
    ).toEqual([]);
    expect(
      viewOrder(
        r,
        tierOf,
        { ...NO_FILTER, refusedOnly: true, tier: 'mutating', tool: 'write' },
        null,
      ),
    ).toEqual([3]);
  });
});

describe("viewOrder: the timeline's range", () => {
  const inRange = { ...NO_FILTER, inRange: true };
  it("keeps the range's batches when asked, with the other filters and a sort", () => {
    expect(viewOrder(r, tierOf, inRange, null, { first: 1, last: 3 })).toEqual([1, 2, 3]);
    expect(viewOrder(r, tierOf, { ...inRange, tool: 'read' }, null, { first: 0, last: 4 })).toEqual(
      [0],
    );
    expect(
      viewOrder(r, tierOf, inRange, { id: 'count', desc: true }, { first: 2, last: 5 }),
    ).toEqual([3, 2, 5, 4]);
    // A range past the end is cut at the last batch.
    expect(viewOrder(r, tierOf, inRange, null, { first: 4, last: 99 })).toEqual([4, 5]);
  });

  it('ignores the range unless asked, and the ask without a range', () => {
    expect(viewOrder(r, tierOf, NO_FILTER, null, { first: 1, last: 3 })).toHaveLength(6);
    expect(viewOrder(r, tierOf, inRange, null, null)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('viewOrder: sorting', () => {
  it('sorts numbers ascending and descending, ties in batch order', () => {
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'count', desc: false })).toEqual([
      0, 1, 4, 2, 5, 3,
    ]);
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'count', desc: true })).toEqual([
      3, 2, 5, 0, 1, 4,
    ]);
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'total', desc: true })).toEqual([
      5, 3, 2, 0, 1, 4,
    ]);
  });

  it('sorts verdicts strictest first', () => {
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'verdict', desc: false })).toEqual([
      3, 5, 0, 1, 2, 4,
    ]);
  });

  it('sorts tiers observation < mixed < mutating, costly after plain', () => {
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'tier', desc: false })).toEqual([
      0, 4, 5, 1, 2, 3,
    ]);
  });

  it('sorts tools as text and index descending as reversed order', () => {
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'tools', desc: false })).toEqual([
      4, 0, 5, 1, 2, 3,
    ]);
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'index', desc: true })).toEqual([
      5, 4, 3, 2, 1, 0,
    ]);
  });

  it('sorts answers known before unknown, then by outcome', () => {
    expect(viewOrder(r, tierOf, NO_FILTER, { id: 'answers', desc: false })).toEqual([
      5, 0, 1, 2, 3, 4,
    ]);
  });

  it('filters before sorting', () => {
    expect(
      viewOrder(r, tierOf, { ...NO_FILTER, tier: 'mutating' }, { id: 'count', desc: true }),
    ).toEqual([3, 2, 1]);
  });

  it('computes one key per batch', () => {
    expect(sortKeys('message', r.batches, r, tierOf)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(compareKeys('a', 'b')).toBe(-1);
    expect(compareKeys('b', 'a')).toBe(1);
    expect(compareKeys(2, 10)).toBe(-8);
  });

  it('sorts 100,000 batches by count', () => {
    const many = report(
      Array.from({ length: 100_000 }, (_, i) => batch(i, { count: (i * 7919) % 17 })),
    );
    const order = viewOrder(many, tierOf, NO_FILTER, { id: 'count', desc: true });
    expect(order).toHaveLength(100_000);
    const counts = order.map((i) => many.batches[i]?.count ?? -1);
    const descending = counts.every((c, k) => k === 0 || (counts[k - 1] as number) >= c);
    expect(descending).toBe(true);
    expect(counts[0]).toBe(16);
  });
});

describe('viewPositions', () => {
  it('maps each batch to its row, -1 when filtered out', () => {
    expect(Array.from(viewPositions([3, 1], 5))).toEqual([-1, 1, -1, 0, -1]);
  });
});

describe('rowForKey', () => {
  it('moves by one, by a page, to the ends, clamped', () => {
    expect(rowForKey('ArrowDown', 3, 10, 5)).toBe(4);
    expect(rowForKey('ArrowDown', 9, 10, 5)).toBe(9);
    expect(rowForKey('ArrowUp', 0, 10, 5)).toBe(0);
    expect(rowForKey('PageDown', 3, 10, 5)).toBe(8);
    expect(rowForKey('PageDown', 8, 10, 5)).toBe(9);
    expect(rowForKey('PageUp', 3, 10, 5)).toBe(0);
    expect(rowForKey('Home', 6, 10, 5)).toBe(0);
    expect(rowForKey('End', 0, 10, 5)).toBe(9);
    expect(rowForKey('Enter', 6, 10, 5)).toBe(6);
  });

  it('lands on the first row from no selection; ignores other keys and empty tables', () => {
    expect(rowForKey('ArrowDown', -1, 10, 5)).toBe(0);
    expect(rowForKey('ArrowUp', -1, 10, 5)).toBe(0);
    expect(rowForKey('End', -1, 10, 5)).toBe(9);
    expect(rowForKey('a', 3, 10, 5)).toBeNull();
    expect(rowForKey('ArrowDown', 0, 0, 5)).toBeNull();
    expect(rowForKey('PageDown', 0, 10, 0)).toBe(1);
  });
});
