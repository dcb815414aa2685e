import { describe, expect, it } from 'vitest';
import {
  axisInputOf,
  ceilingInRange,
  RISER_MIN_PX,
  viewAxisMax,
  withRisers,
  bucketOf,
  computeLayout,
  DEFAULT_MARGINS,
  levelFor,
  MAX_BAR_WIDTH,
  yOf,
} from '../../../../src/ui/timeline/layout';
import { buildModel, F_FIRST_REFUSAL, F_REFUSED } from '../../../../src/ui/timeline/model';
import { fitViewport, indexToPx, zoomAt } from '../../../../src/ui/timeline/scale';
import { batch, bigReport, report } from './fixtures';

const W = 1044; // plot width 1000 with the default margins
const H = 266;
const PLOT_W = W - DEFAULT_MARGINS.left - DEFAULT_MARGINS.right;

describe('bars', () => {
  const m = buildModel(
    report([
      batch(0, { count: 1, total: 1 }),
      batch(1, { count: 2, total: 2 }),
      batch(2, { count: 1, total: 5, outcome: 'answer-changed' }),
      batch(3, { count: 3, total: 6, refused: true, reason: 'strikes' }),
    ]),
    new Set(),
  );
  const l = computeLayout(m, fitViewport(4, PLOT_W), W, H);

  it('draws one bar per batch when zoomed in', () => {
    expect(l.level).toBe(0);
    expect(l.bucketCount).toBe(4);
    expect([...l.first]).toEqual([0, 1, 2, 3]);
  });

  it('sets bar tops from count and total on a shared axis', () => {
    const base = l.plot.y + l.plot.h;
    const unit = l.plot.h / l.yMax;
    expect(l.countY[1]).toBeCloseTo(base - 2 * unit, 3);
    expect(l.countY[2]).toBeCloseTo(base - unit, 3);
    // The axis follows the counts (3, with headroom): a taller total is drawn clipped.
    expect(l.yMax).toBe(4);
    expect(l.totalY[2]).toBe(l.plot.y);
    expect(l.totalClipped[2]).toBe(1);
    expect(l.totalY[3]! < l.countY[3]!).toBe(true);
  });

  it('leaves a gap between wide bars, inside each slot', () => {
    const s0 = indexToPx(l.scale, 1);
    const s1 = indexToPx(l.scale, 2);
    expect(l.x0[1]! > s0).toBe(true);
    expect(l.x1[1]! < s1).toBe(true);
  });

  it('caps the bar width, centred in a wide slot', () => {
    const s0 = indexToPx(l.scale, 0);
    const s1 = indexToPx(l.scale, 1);
    expect(s1 - s0).toBeGreaterThan(MAX_BAR_WIDTH);
    expect(l.x1[0]! - l.x0[0]!).toBeCloseTo(MAX_BAR_WIDTH, 3);
    expect((l.x0[0]! + l.x1[0]!) / 2).toBeCloseTo((s0 + s1) / 2, 3);
  });

  it('fits counts in view on the axis; marks a far threshold above it; clips huge totals', () => {
    const all = (model: typeof m) => {
      const lv = model.levels[0]!;
      return viewAxisMax(axisInputOf(lv, 0, lv.size));
    };
    expect(all(m)).toBeGreaterThan(3);
    const poll = buildModel(
      report([batch(0, { count: 1, total: 900, exempt: true, threshold: 15, ceiling: 15 })]),
      new Set(),
    );
    const ymax = all(poll);
    expect(ymax).toBeLessThan(15);
    expect(computeLayout(poll, fitViewport(1, PLOT_W), W, H).thresholdAbove).toBe(15);
    const lp = computeLayout(poll, fitViewport(1, PLOT_W), W, H);
    expect(lp.totalClipped[0]).toBe(1);
    expect(lp.totalY[0]).toBe(lp.plot.y);
  });
});

describe('threshold and ceiling step lines', () => {
  // Batches 0–4 mutating (threshold 2, ceiling applies), 5–9 observation (threshold 15, exempt),
  // with counts and totals that bring both lines onto the axis.
  const rows = Array.from({ length: 10 }, (_, i) =>
    i < 5
      ? batch(i, { threshold: 2, ceiling: 15, count: 1, total: 14 })
      : batch(i, { threshold: 15, ceiling: 15, observation: true, exempt: true, count: 12 }),
  );
  const m = buildModel(report(rows), new Set());
  const l = computeLayout(m, fitViewport(10, PLOT_W), W, H);

  it('changes value where the tier changes', () => {
    expect(l.thresholdSteps.map((s) => s.value)).toEqual([2, 15]);
    const [a, b] = l.thresholdSteps;
    expect(a!.x0).toBeCloseTo(indexToPx(l.scale, 0), 3);
    expect(a!.x1).toBeCloseTo(indexToPx(l.scale, 5), 3);
    expect(b!.x0).toBeCloseTo(indexToPx(l.scale, 5), 3);
    expect(b!.x1).toBeCloseTo(indexToPx(l.scale, 10), 3);
    expect(a!.y).toBeCloseTo(yOf(l.plot, l.yMax, 2), 3);
    expect(b!.y < a!.y).toBe(true);
  });

  it('draws the ceiling only over batches it applies to', () => {
    expect(l.ceilingSteps).toHaveLength(1);
    expect(l.ceilingSteps[0]!.value).toBe(15);
    expect(l.ceilingSteps[0]!.x1).toBeCloseTo(indexToPx(l.scale, 5), 3);
  });

  it('merges equal neighbours into one segment', () => {
    const flat = buildModel(report(Array.from({ length: 50 }, (_, i) => batch(i))), new Set());
    const lf = computeLayout(flat, fitViewport(50, PLOT_W), W, H);
    expect(lf.thresholdSteps).toHaveLength(1);
  });
});

describe('break rules', () => {
  it('marks user/system/developer breaks at the left of the batch they precede', () => {
    const m = buildModel(
      report([
        batch(0),
        batch(1, { breakBefore: 'signature' }),
        batch(2),
        batch(3, { breakBefore: 'user' }),
        batch(4),
        batch(5, { breakBefore: 'system' }),
        batch(6, { breakBefore: 'developer' }),
      ]),
      new Set(),
    );
    const l = computeLayout(m, fitViewport(7, PLOT_W), W, H);
    expect(l.breaks.map((b) => [b.index, b.kind])).toEqual([
      [3, 'user'],
      [5, 'system'],
      [6, 'developer'],
    ]);
    expect(l.breaks[0]!.x).toBeCloseTo(indexToPx(l.scale, 3), 3);
  });
});

describe('aggregation at 100,000 batches', () => {
  const n = 100_000;
  // A ceiling refusal with a low count among taller bars: visible only through its flag.
  const base = bigReport(n, [77_777]);
  const batches = base.batches.slice();
  batches[54_321] = batch(54_321, { count: 1, total: 16, refused: true, reason: 'ceiling' });
  const m = buildModel(report(batches), new Set());

  it('lays out at most about one bucket per pixel, each at least a pixel wide', () => {
    let vp = fitViewport(n, PLOT_W);
    for (let step = 0; step < 20; step++) {
      const l = computeLayout(m, vp, W, H);
      expect(l.bucketCount).toBeLessThanOrEqual(PLOT_W + 2);
      for (let j = 0; j < l.bucketCount; j++) {
        // Only the transcript's last block may be partial (100,000 is not a power of two).
        if (l.end[j]! === n) continue;
        expect(l.x1[j]! - l.x0[j]!).toBeGreaterThanOrEqual(0.999);
      }
      vp = zoomAt(vp, n, PLOT_W, 0.54321, 1.7);
    }
  });

  it('keeps both refusals and the first refusal visible at every zoom', () => {
    let vp = fitViewport(n, PLOT_W);
    for (let step = 0; step < 20; step++) {
      const l = computeLayout(m, vp, W, H);
      for (const idx of [54_321, 77_777]) {
        if (idx < vp.start || idx >= vp.start + vp.span) continue;
        const j = bucketOf(l, idx);
        expect(j).toBeGreaterThanOrEqual(0);
        expect(l.flags[j]! & F_REFUSED).toBe(F_REFUSED);
        expect(l.first[j]! <= idx && idx < l.end[j]!).toBe(true);
      }
      expect(l.firstRefusal!.index).toBe(54_321);
      const j = bucketOf(l, 54_321);
      if (j >= 0) {
        expect(l.flags[j]! & F_FIRST_REFUSAL).toBe(F_FIRST_REFUSAL);
        expect(l.firstRefusal!.where).toBe('visible');
      } else {
        expect(l.firstRefusal!.where).not.toBe('visible');
      }
      vp = zoomAt(vp, n, PLOT_W, 0.6, 2);
    }
  });

  it('counts refusals per bucket and shows none elsewhere', () => {
    const l = computeLayout(m, fitViewport(n, PLOT_W), W, H);
    let refusedBuckets = 0;
    let total = 0;
    for (let j = 0; j < l.bucketCount; j++) {
      if (l.flags[j]! & F_REFUSED) refusedBuckets++;
      total += l.refusedCount[j]!;
    }
    expect(refusedBuckets).toBe(2);
    expect(total).toBe(2);
  });

  it('places the first refusal flag at its batch, or at the edge it lies beyond', () => {
    const fit = computeLayout(m, fitViewport(n, PLOT_W), W, H);
    expect(fit.firstRefusal!.x).toBeCloseTo(indexToPx(fit.scale, 54_321.5), 3);
    const left = computeLayout(m, { start: 60_000, span: 1000 }, W, H);
    expect(left.firstRefusal!.where).toBe('left');
    const right = computeLayout(m, { start: 1000, span: 1000 }, W, H);
    expect(right.firstRefusal!.where).toBe('right');
  });
});

describe('levelFor', () => {
  it('picks the smallest power-of-two block at least one pixel wide', () => {
    expect(levelFor(5, 20)).toBe(0);
    expect(levelFor(1, 20)).toBe(0);
    expect(levelFor(0.5, 20)).toBe(1);
    expect(levelFor(0.4, 20)).toBe(2);
    expect(levelFor(0.01, 20)).toBe(7);
    expect(levelFor(0.0001, 3)).toBe(2);
  });
});

describe('ticks', () => {
  it('labels the y axis from 0 to the top and the x axis with batch numbers in view', () => {
    const m = buildModel(bigReport(1000, [500]), new Set());
    const l = computeLayout(m, { start: 200, span: 100 }, W, H);
    expect(l.yTicks[0]!.value).toBe(0);
    expect(l.yTicks[l.yTicks.length - 1]!.value).toBeLessThanOrEqual(l.yMax);
    expect(l.yTicks.length).toBeGreaterThanOrEqual(2);
    for (const t of l.xTicks) {
      expect(t.value).toBeGreaterThanOrEqual(200);
      expect(t.value).toBeLessThanOrEqual(300);
      expect(Number.isInteger(t.value)).toBe(true);
    }
    expect(l.xTicks.length).toBeGreaterThan(3);
    expect(l.xTicks.length).toBeLessThanOrEqual(12);
  });
});

describe('stagnation flag', () => {
  it('is placed between the batches around its message', () => {
    const base = report([batch(0), batch(1), batch(2), batch(3)]);
    const m = buildModel(
      {
        ...base,
        referenceVerdict: {
          kind: 'stagnation',
          messageIndex: 4,
          count: 6,
          maxSteps: 5,
          note: '',
          error400: '',
        },
      },
      new Set(),
    );
    const l = computeLayout(m, fitViewport(4, PLOT_W), W, H);
    expect(l.stagnation).toEqual({ messageIndex: 4, x: indexToPx(l.scale, 2), where: 'visible' });
    expect(l.firstRefusal).toBeNull();
  });
});

describe('the y axis fits the batches in view and the decision', () => {
  const input = (over: Partial<Parameters<typeof viewAxisMax>[0]>) => ({
    maxCount: 3,
    maxTotal: 3,
    maxThreshold: 2,
    minCeiling: 15,
    maxCappedTotal: 3,
    ...over,
  });

  it('a short strikes run: 0–4, the ceiling 15 far above and marked at the edge', () => {
    const a = input({});
    expect(viewAxisMax(a)).toBe(4);
    expect(ceilingInRange(a)).toBe(false);
  });

  it('a run whose total nears the ceiling brings it into range', () => {
    expect(ceilingInRange(input({ maxTotal: 12, maxCappedTotal: 12 }))).toBe(true);
    expect(viewAxisMax(input({ maxTotal: 16, maxCappedTotal: 16 }))).toBe(20);
    // 11 is not within 25 % of 15: the axis follows the counts, the totals are clipped.
    expect(viewAxisMax(input({ maxTotal: 11, maxCappedTotal: 11 }))).toBe(4);
  });

  it('a far read-only threshold stays off the axis; a near one joins it', () => {
    expect(viewAxisMax(input({ maxThreshold: 15, minCeiling: -1, maxCappedTotal: 0 }))).toBe(4);
    expect(viewAxisMax(input({ maxThreshold: 4, minCeiling: -1, maxCappedTotal: 0 }))).toBe(5);
    expect(viewAxisMax(input({ maxCount: 12, maxThreshold: 15, minCeiling: -1 }))).toBe(20);
    expect(viewAxisMax(input({ maxCount: 0, maxTotal: 0, maxThreshold: 0, minCeiling: -1 }))).toBe(
      2,
    );
  });

  it('a zoomed-in layout of a ceiling run marks the ceiling above instead of drawing it', () => {
    const rows = Array.from({ length: 17 }, (_, i) =>
      batch(i, { count: i < 2 ? i + 1 : 2, total: i + 1, threshold: 2, ceiling: 15 }),
    );
    const model = buildModel(report(rows), new Set());
    const early = computeLayout(model, { start: 0, span: 4 }, W, H);
    expect(early.yMax).toBe(3);
    expect(early.ceilingAbove).toBe(15);
    expect(early.ceilingSteps).toEqual([]);
    const all = computeLayout(model, fitViewport(17, PLOT_W), W, H);
    expect(all.ceilingAbove).toBeNull();
    expect(all.yMax).toBe(20);
    expect(all.ceilingSteps.length).toBeGreaterThan(0);
  });
});

describe('step risers at high density', () => {
  const seg = (x0: number, x1: number, value: number) => ({ x0, x1, value, y: value });

  it('joins wide pieces with a riser, never narrow alternating ones', () => {
    const wide = withRisers([seg(0, 10, 2), seg(10, 20, 15)]);
    expect(wide.map((s) => s.riser)).toEqual([false, true]);
    const dense = withRisers(
      Array.from({ length: 6 }, (_, i) => seg(i, i + 1, i % 2 === 0 ? 2 : 15)),
    );
    expect(dense.every((s) => s.riser === false)).toBe(true);
    expect(RISER_MIN_PX).toBeGreaterThan(1);
  });

  it('does not join pieces with a gap between them', () => {
    expect(withRisers([seg(0, 10, 2), seg(12, 20, 15)])[1]?.riser).toBe(false);
  });
});
