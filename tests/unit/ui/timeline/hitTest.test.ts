import { describe, expect, it } from 'vitest';
import { hitTest, MARKER_LANE } from '../../../../src/ui/timeline/hitTest';
import { computeLayout, DEFAULT_MARGINS } from '../../../../src/ui/timeline/layout';
import { buildModel } from '../../../../src/ui/timeline/model';
import { fitViewport, indexToPx, zoomAt, type Viewport } from '../../../../src/ui/timeline/scale';
import { batch, bigReport, report } from './fixtures';

const W = 1044;
const H = 266;
const PLOT_W = W - DEFAULT_MARGINS.left - DEFAULT_MARGINS.right;
const midY = 100;

describe('hit testing per batch', () => {
  const n = 1000;
  const m = buildModel(bigReport(n, [10, 500]), new Set());

  it('finds the exact batch at the centre of every bar at several zooms', () => {
    for (const vp of [
      { start: 0, span: 20 },
      { start: 333.5, span: 100 },
      { start: 990 - 400, span: 400 },
      { start: 0, span: 900 },
    ] satisfies Viewport[]) {
      const l = computeLayout(m, vp, W, H);
      expect(l.blockSize).toBe(1);
      const lo = Math.ceil(vp.start);
      const hi = Math.floor(vp.start + vp.span) - 1;
      for (let i = lo; i <= hi; i++) {
        expect(hitTest(l, m, indexToPx(l.scale, i + 0.5), midY)).toBe(i);
      }
    }
  });

  it('gives a slot edge to the batch that starts there', () => {
    const l = computeLayout(m, { start: 100, span: 20 }, W, H);
    const edge = indexToPx(l.scale, 105);
    expect(hitTest(l, m, edge, midY)).toBe(105);
    expect(hitTest(l, m, edge - 0.01, midY)).toBe(104);
  });

  it('counts the gap between bars as part of the slot, not as empty space', () => {
    const l = computeLayout(m, { start: 100, span: 20 }, W, H);
    const j = 5;
    const gapLeft = l.x1[j]! + 0.5; // just right of bar 105, before bar 106 begins
    expect(gapLeft < l.x0[j + 1]!).toBe(true);
    expect(hitTest(l, m, gapLeft, midY)).toBe(105);
  });

  it('answers null outside the plot, below the marker lane and past the transcript', () => {
    const l = computeLayout(m, { start: 100, span: 20 }, W, H);
    expect(hitTest(l, m, l.plot.x - 1, midY)).toBeNull();
    expect(hitTest(l, m, l.plot.x + l.plot.w, midY)).toBeNull();
    expect(hitTest(l, m, 500, l.plot.y + l.plot.h + MARKER_LANE + 1)).toBeNull();
    expect(hitTest(l, m, 500, l.plot.y + l.plot.h + 5)).not.toBeNull();
    const short = buildModel(report([batch(0), batch(1), batch(2)]), new Set());
    const ls = computeLayout(short, fitViewport(3, PLOT_W), W, H);
    expect(hitTest(ls, short, indexToPx(ls.scale, 2.5), midY)).toBe(2);
    expect(hitTest(ls, short, indexToPx(ls.scale, 3.5), midY)).toBeNull();
  });
});

describe('hit testing aggregated pixels', () => {
  const n = 100_000;
  const m = buildModel(bigReport(n, [40_000, 40_003, 70_001]), new Set());
  const l = computeLayout(m, fitViewport(n, PLOT_W), W, H);

  it('prefers the first refusal in its pixel', () => {
    expect(l.blockSize).toBeGreaterThan(8);
    expect(hitTest(l, m, indexToPx(l.scale, 40_002), midY)).toBe(40_000);
  });

  it('prefers a refused batch over taller neighbours', () => {
    expect(hitTest(l, m, indexToPx(l.scale, 70_000.5), midY)).toBe(70_001);
  });

  it('otherwise answers the tallest batch of the pixel, inside it', () => {
    const x = indexToPx(l.scale, 10_000.5);
    const hit = hitTest(l, m, x, midY)!;
    const j = Math.floor(10_000 / l.blockSize) - l.firstBlock;
    expect(hit).toBeGreaterThanOrEqual(l.first[j]!);
    expect(hit).toBeLessThan(l.end[j]!);
    expect(m.report.batches[hit]!.count).toBe(2);
  });

  it('stays inside the transcript at every zoom', () => {
    let vp = fitViewport(n, PLOT_W);
    for (let k = 0; k < 14; k++) {
      const lz = computeLayout(m, vp, W, H);
      for (let x = lz.plot.x; x < lz.plot.x + lz.plot.w; x += 37) {
        const hit = hitTest(lz, m, x, midY);
        expect(hit).not.toBeNull();
        expect(hit!).toBeGreaterThanOrEqual(0);
        expect(hit!).toBeLessThan(n);
      }
      vp = zoomAt(vp, n, PLOT_W, 0.4, 2);
    }
  });
});
