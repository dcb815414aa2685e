import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndexSet } from '../../../src/report/indexSet';
import { withChanged } from '../../../src/report/packedColumns';
import { packReport } from '../../../src/report/packedReport';
import { batch, report } from '../ui/timeline/fixtures';

describe('IndexSet', () => {
  it('holds the marked indexes, in order', () => {
    const s = new IndexSet(Uint8Array.from([0, 1, 0, 0, 1, 1]));
    expect(s.size).toBe(3);
    expect([...s]).toEqual([1, 4, 5]);
    expect([...s.keys()]).toEqual([1, 4, 5]);
    expect([...s.entries()]).toEqual([
      [1, 1],
      [4, 4],
      [5, 5],
    ]);
    expect(s.has(4)).toBe(true);
    expect(s.has(2)).toBe(false);
    expect(s.has(6)).toBe(false);
    expect(s.has(-1)).toBe(false);
    expect(s.has(1.5)).toBe(false);
    const seen: number[] = [];
    s.forEach((v) => seen.push(v));
    expect(seen).toEqual([1, 4, 5]);
  });

  it('marks the pyramid exactly as a Set of the same indexes does', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 70 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.array(fc.boolean(), { minLength: n, maxLength: n })),
          ),
        ([n, bits]) => {
          const levels = packReport(report(Array.from({ length: n }, (_, i) => batch(i)))).pyramid
            .levels;
          const marks = Uint8Array.from(bits.map((b) => (b ? 1 : 0)));
          const viaBytes = withChanged(levels, new IndexSet(marks));
          const viaSet = withChanged(levels, new Set([...new IndexSet(marks)]));
          expect(viaBytes.map((l) => [...l.flags])).toEqual(viaSet.map((l) => [...l.flags]));
        },
      ),
      { numRuns: 100 },
    );
  });
});
