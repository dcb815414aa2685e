import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sortSmall } from '../../../src/detector/sortSmall';
import { compareUtf8, compareUtf8Ranges } from '../../../src/json/utf8order';

// The allocation-free helpers of the replay's hot path must agree with what they replace.
describe('sortSmall', () => {
  it('sorts like Array.prototype.sort, stably, at every length (insertion and built-in)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ k: fc.integer({ min: 0, max: 5 }), i: fc.nat() }), { maxLength: 80 }),
        (xs) => {
          const tagged = xs.map((x, i) => ({ k: x.k, i }));
          const cmp = (a: { k: number }, b: { k: number }) => a.k - b.k;
          // Equal keys keep their order in both, so the whole records must match.
          expect(sortSmall(tagged.slice(), cmp)).toEqual(tagged.slice().sort(cmp));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts in place and returns the same array', () => {
    const a = [3, 1, 2];
    expect(sortSmall(a, (x, y) => x - y)).toBe(a);
    expect(a).toEqual([1, 2, 3]);
  });
});

describe('compareUtf8Ranges', () => {
  it('orders ranges as compareUtf8 orders their slices', () => {
    const str = fc.string({ unit: 'binary', maxLength: 10 });
    fc.assert(
      fc.property(str, str, fc.nat(), fc.nat(), fc.nat(), fc.nat(), (a, b, w, x, y, z) => {
        const a0 = w % (a.length + 1);
        const a1 = a0 + (x % (a.length - a0 + 1));
        const b0 = y % (b.length + 1);
        const b1 = b0 + (z % (b.length - b0 + 1));
        const got = Math.sign(compareUtf8Ranges(a, a0, a1, b, b0, b1));
        expect(got).toBe(Math.sign(compareUtf8(a.slice(a0, a1), b.slice(b0, b1))));
      }),
      { numRuns: 500 },
    );
  });

  it('puts a character above U+FFFF after U+E000–U+FFFF, as UTF-8 bytes do', () => {
    const s = 'x\uFFFD😀';
    expect(compareUtf8Ranges(s, 2, 4, s, 1, 2)).toBeGreaterThan(0);
    expect(compareUtf8Ranges(s, 0, 1, s, 0, 1)).toBe(0);
  });
});
