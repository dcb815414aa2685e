import type { SignaturePalette } from '../colors';
import type { Layout } from './layout';

// The bars, one rectangle per bucket. Filling one path per signature colour cost 50–140 ms a
// paint at 100k batches with many distinct signatures: every fill of a path sets up its own
// rasterisation, and with thousands of colours that is thousands of fills. A fillRect per
// bucket is Chromium's fast path; the colour is set only when it differs from the previous
// bucket's (neighbours often share a signature), so the work is O(buckets) = O(plot width)
// whatever the number of colours. (Writing pixels and compositing them with drawImage
// measured faster in isolation but cost 20–50 ms of putImageData in the app: not used.)

/** The part of a 2D context the bars use (a recording fake in tests). */
export type BarContext = Pick<CanvasRenderingContext2D, 'fillStyle' | 'fillRect'>;

/**
 * Fill one bar per bucket, from `tops[j]` (at least `minHeight` above the baseline) down to
 * the baseline, in its signature's colour (`fallback` when it has none). Bars are at least
 * 0.75 px wide so a bucket never vanishes.
 */
export function fillBars(
  ctx: BarContext,
  l: Pick<Layout, 'bucketCount' | 'x0' | 'x1' | 'sig' | 'plot'>,
  tops: Float32Array,
  minHeight: number,
  sigColors: SignaturePalette,
  fallback: string,
): void {
  const base = l.plot.y + l.plot.h;
  let current: string | null = null;
  for (let j = 0; j < l.bucketCount; j++) {
    const colour = sigColors(l.sig[j] ?? 0) || fallback;
    if (colour !== current) {
      ctx.fillStyle = colour;
      current = colour;
    }
    const x0 = l.x0[j] ?? 0;
    const y = Math.min(tops[j] ?? base, base - minHeight);
    ctx.fillRect(x0, y, Math.max(0.75, (l.x1[j] ?? 0) - x0), base - y);
  }
}
