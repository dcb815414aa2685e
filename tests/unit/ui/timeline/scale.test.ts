import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centerOn,
  clampViewport,
  grownViewport,
  ensureVisible,
  fitViewport,
  includeIndex,
  indexToPx,
  makeScale,
  MAX_PX_PER_BATCH,
  maxSpan,
  minSpan,
  niceStep,
  panByFraction,
  panByPx,
  pxPerBatch,
  pxToIndex,
  zoomAt,
} from '../../../../src/ui/timeline/scale';

describe('index ↔ px', () => {
  it('maps the window edges onto the plot edges', () => {
    const s = makeScale({ start: 100, span: 50 }, 40, 1000);
    expect(indexToPx(s, 100)).toBe(40);
    expect(indexToPx(s, 150)).toBe(1040);
    expect(indexToPx(s, 125)).toBe(540);
    expect(pxPerBatch(s)).toBe(20);
  });

  it('round-trips index → px → index at any viewport', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.double({ min: 1, max: 1e5, noNaN: true }),
        fc.double({ min: 10, max: 4000, noNaN: true }),
        fc.double({ min: -10, max: 1e5, noNaN: true }),
        (start, span, width, index) => {
          const s = makeScale({ start, span }, 44, width);
          expect(pxToIndex(s, indexToPx(s, index))).toBeCloseTo(index, 6);
        },
      ),
    );
  });

  it('round-trips px → index → px', () => {
    const s = makeScale({ start: 12.25, span: 333 }, 44, 1200);
    for (const px of [44, 45.5, 600, 1243.9])
      expect(indexToPx(s, pxToIndex(s, px))).toBeCloseTo(px, 9);
  });
});

describe('zoom', () => {
  it('keeps the batch under the anchor where it was', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1.01, max: 4, noNaN: true }),
        fc.boolean(),
        (frac, f, zoomIn) => {
          const n = 100_000;
          const width = 1000;
          const vp = { start: 40_000, span: 2_000 };
          const factor = zoomIn ? f : 1 / f;
          const next = zoomAt(vp, n, width, frac, factor);
          const before = vp.start + frac * vp.span;
          const after = next.start + frac * next.span;
          expect(after).toBeCloseTo(before, 6);
          expect(next.span).toBeCloseTo(vp.span / factor, 6);
        },
      ),
    );
  });

  it('stops at MAX_PX_PER_BATCH and at the whole transcript', () => {
    const n = 1000;
    const width = 640;
    let vp = fitViewport(n, width);
    for (let i = 0; i < 40; i++) vp = zoomAt(vp, n, width, 0.5, 2);
    expect(vp.span).toBe(minSpan(width));
    expect(width / vp.span).toBe(MAX_PX_PER_BATCH);
    for (let i = 0; i < 40; i++) vp = zoomAt(vp, n, width, 0.3, 0.5);
    expect(vp).toEqual({ start: 0, span: n });
  });

  it('zooming out at the right edge clamps the window inside the transcript', () => {
    const vp = zoomAt({ start: 900, span: 100 }, 1000, 1000, 1, 0.5);
    expect(vp.span).toBe(200);
    expect(vp.start).toBe(800);
  });
});

describe('pan', () => {
  const n = 10_000;
  const width = 1000;
  it('moves by the dragged distance in batches', () => {
    const vp = panByPx({ start: 5000, span: 1000 }, n, width, 100);
    expect(vp.start).toBe(4900);
    expect(vp.span).toBe(1000);
  });

  it('clamps at both ends', () => {
    expect(panByPx({ start: 50, span: 1000 }, n, width, 5000).start).toBe(0);
    expect(panByPx({ start: 8000, span: 1000 }, n, width, -1e6).start).toBe(9000);
    expect(panByFraction({ start: 8900, span: 1000 }, n, width, 0.25).start).toBe(9000);
    expect(panByFraction({ start: 8000, span: 1000 }, n, width, -0.25).start).toBe(7750);
  });

  it('cannot pan a transcript that fits', () => {
    const vp = fitViewport(5, width);
    expect(panByPx(vp, 5, width, -300)).toEqual(vp);
  });
});

describe('fit and clamping', () => {
  it('fits a long transcript exactly', () => {
    expect(fitViewport(100_000, 1200)).toEqual({ start: 0, span: 100_000 });
  });

  it('fills the whole width with a short transcript, however few its batches', () => {
    expect(fitViewport(5, 800)).toEqual({ start: 0, span: 5 });
    expect(fitViewport(2, 1280)).toEqual({ start: 0, span: 2 });
    expect(maxSpan(2, 1280)).toBe(2);
    // Zooming into a short transcript cannot go past its whole width; panning has nowhere to go.
    expect(zoomAt(fitViewport(2, 1280), 2, 1280, 0.5, 4)).toEqual({ start: 0, span: 2 });
  });

  it('repairs invalid and out-of-range viewports', () => {
    expect(clampViewport({ start: -5, span: 1e9 }, 100, 1000)).toEqual({ start: 0, span: 100 });
    expect(clampViewport({ start: Number.NaN, span: Number.NaN }, 100, 1000)).toEqual({
      start: 0,
      span: 100,
    });
    const ok = { start: 10, span: 50 };
    expect(clampViewport(ok, 100, 1000)).toBe(ok);
  });

  it('handles an empty transcript', () => {
    const vp = fitViewport(0, 1000);
    expect(vp.start).toBe(0);
    expect(vp.span).toBeGreaterThan(0);
  });
});

describe('ensureVisible / centerOn', () => {
  it('leaves a visible batch alone and centres a hidden one', () => {
    const vp = { start: 100, span: 50 };
    expect(ensureVisible(vp, 1000, 1000, 120)).toBe(vp);
    expect(ensureVisible(vp, 1000, 1000, 149)).toBe(vp);
    const moved = ensureVisible(vp, 1000, 1000, 400);
    expect(moved.span).toBe(50);
    expect(moved.start + moved.span / 2).toBe(400.5);
  });

  it('clamps the centring at the ends', () => {
    expect(centerOn({ start: 500, span: 100 }, 1000, 1000, 3).start).toBe(0);
    expect(centerOn({ start: 0, span: 100 }, 1000, 1000, 999).start).toBe(900);
  });
});

describe('niceStep', () => {
  it('returns 1, 2, 5 × 10^k', () => {
    expect(niceStep(10, 5)).toBe(2);
    expect(niceStep(100, 4)).toBe(50);
    expect(niceStep(3, 4)).toBe(1);
    expect(niceStep(100_000, 10)).toBe(10_000);
    expect(niceStep(0, 4)).toBe(1);
  });
});

describe('includeIndex', () => {
  it('pans the least needed to show a batch wholly', () => {
    const vp = { start: 12.4, span: 50 };
    expect(includeIndex(vp, 1000, 1000, 12)).toEqual({ start: 12, span: 50 });
    expect(includeIndex(vp, 1000, 1000, 70)).toEqual({ start: 21, span: 50 });
    expect(includeIndex(vp, 1000, 1000, 30)).toBe(vp);
  });
});

describe('grownViewport', () => {
  const width = 800;
  it('a view of the whole transcript still shows the whole of it', () => {
    const vp = fitViewport(100, width);
    expect(grownViewport(vp, 100, 150, width)).toEqual(fitViewport(150, width));
  });
  it('a view at the live edge moves along, keeping its zoom', () => {
    expect(grownViewport({ start: 80, span: 20 }, 100, 150, width)).toEqual({
      start: 130,
      span: 20,
    });
  });
  it('any other view stays where the user put it', () => {
    const vp = { start: 10, span: 20 };
    expect(grownViewport(vp, 100, 150, width)).toBe(vp);
  });
  it('an empty transcript that grows is fitted', () => {
    expect(grownViewport(fitViewport(0, width), 0, 5, width)).toEqual(fitViewport(5, width));
  });
});
