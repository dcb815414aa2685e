import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAND_MAX_PX, computeLayout } from '../../../../src/ui/timeline/layout';
import { buildModel, F_REFUSED, F_RESCUED } from '../../../../src/ui/timeline/model';
import type { BatchReport } from '../../../../src/detector/report';
import { batch, report } from './fixtures';

// The level of detail: where batches are narrower than a pixel, a bucket (a pixel column)
// stands for a block of batches. What it draws must equal what those batches say.

const row = fc.record({
  count: fc.integer({ min: 1, max: 30 }),
  threshold: fc.constantFrom(2, 3, 15),
  refused: fc.boolean(),
  rescued: fc.boolean(),
});

function transcript(
  rows: readonly { count: number; threshold: number; refused: boolean; rescued: boolean }[],
) {
  return rows.map((r, i) =>
    batch(i, {
      count: r.count,
      total: r.count,
      threshold: r.threshold,
      refused: r.refused,
      reason: r.refused ? 'strikes' : null,
      rescued: r.rescued && !r.refused,
    }),
  );
}

describe('level-of-detail aggregates', () => {
  it('each bucket equals the batches it stands for, at every zoom', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 1500, size: 'max' }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.integer({ min: 120, max: 1600 }),
        (rows, startFrac, spanFrac, width) => {
          const batches: BatchReport[] = transcript(rows);
          const n = batches.length;
          const m = buildModel(report(batches), new Set());
          const span = Math.max(1, spanFrac * n);
          const vp = { start: Math.min(n - span, startFrac * n), span };
          const l = computeLayout(m, vp, width, 200);
          let refusedInView = 0;
          let rescuedInView = 0;
          for (let j = 0; j < l.bucketCount; j++) {
            const inBucket = batches.slice(l.first[j], l.end[j]);
            expect(inBucket.length).toBe(l.end[j]! - l.first[j]!);
            const top = Math.max(...inBucket.map((b) => b.count));
            const refused = inBucket.filter((b) => b.refused).length;
            const rescued = inBucket.filter((b) => b.rescued).length;
            // The highest count, coloured by a batch that has it.
            const sigOf = inBucket.find((b) => b.count === top)!;
            expect(l.countY[j]).toBeCloseTo(
              l.plot.y + l.plot.h - (Math.min(top, l.yMax) / l.yMax) * l.plot.h,
              3,
            );
            expect(l.sig[j]).toBe(m.sigId[sigOf.index]);
            expect(l.refusedCount[j]).toBe(refused);
            expect(((l.flags[j] ?? 0) & F_REFUSED) !== 0).toBe(refused > 0);
            expect(((l.flags[j] ?? 0) & F_RESCUED) !== 0).toBe(rescued > 0);
            refusedInView += refused;
            if (refused === 0) rescuedInView += rescued;
          }
          // Merged marks stand for exactly the refusals (and rescues) of their buckets.
          expect(l.refusalMarks.reduce((k, mk) => k + mk.count, 0)).toBe(refusedInView);
          expect(l.rescueMarks.reduce((k, mk) => k + mk.count, 0)).toBe(rescuedInView);
          // A band spans exactly the thresholds of the batches under it (from one on the axis).
          for (const band of l.thresholdBands) {
            let lo = Infinity;
            let hi = -Infinity;
            for (let j = 0; j < l.bucketCount; j++) {
              if (l.x0[j]! < band.x0 - 0.01 || l.x1[j]! > band.x1 + 0.01) continue;
              const ts = batches.slice(l.first[j], l.end[j]).map((x) => x.threshold);
              const minT = Math.min(...ts);
              if (minT > l.yMax) continue;
              lo = Math.min(lo, minT);
              hi = Math.max(hi, Math.max(...ts));
            }
            expect([band.lo, band.hi]).toEqual([lo, hi]);
          }
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('zoomed in, every batch is its own bucket with its own marks and a step line', () => {
    const batches = transcript(
      Array.from({ length: 40 }, (_, i) => ({
        count: (i % 3) + 1,
        threshold: i % 2 === 0 ? 2 : 3,
        refused: i % 2 === 0,
        rescued: false,
      })),
    );
    const m = buildModel(report(batches), new Set());
    const dense = computeLayout(m, { start: 0, span: 40 }, 40 * 4 + 58, 200);
    expect(dense.thresholdBands.length).toBeGreaterThan(0);
    expect(dense.refusalMarks.length).toBeLessThan(20);
    expect(dense.refusalMarks.reduce((k, mk) => k + mk.count, 0)).toBe(20);
    const near = computeLayout(m, { start: 0, span: 10 }, 10 * BAND_MAX_PX * 3 + 58, 200);
    expect(near.blockSize).toBe(1);
    expect(near.thresholdBands).toEqual([]);
    expect(near.thresholdSteps.length).toBe(10);
    expect(near.refusalMarks.map((mk) => mk.count)).toEqual([1, 1, 1, 1, 1]);
  });
});
