// The bars as one rectangle per bucket: the fallback of pixelBars.ts where there is no canvas
// to write pixels into. Filling one path per signature colour grows with the number of distinct
// signatures (every fill of a path sets up its own rasterisation); a fillRect per bucket,
// setting the colour only when it differs from the previous bucket's, is O(buckets) = O(plot
// width) whatever the number of colours. In the app the bars are written as pixels instead,
// which is cheaper still than the per-bucket colour changes (docs/benchmarks.md §5).
import type { SignaturePalette } from '../colors';
import type { Layout } from './layout';

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
