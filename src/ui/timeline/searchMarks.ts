/**
 * The search's matches on the timeline: a small accent triangle above the plot per matching
 * batch in view, at most one per pixel column, so 100k matches cost one pass and a few
 * hundred subpaths.
 */
import { lowerBound } from '../sorted';
import type { Layout } from './layout';
import { indexToPx, pxToIndex } from './scale';
import type { TimelineTheme } from './theme';

/** The x centres (CSS px) of the matches inside the plot, ascending, one per whole pixel. */
export function searchMarkXs(
  matches: ArrayLike<number>,
  l: Pick<Layout, 'scale' | 'plot'>,
): number[] {
  const { plot, scale } = l;
  const first = Math.max(0, Math.floor(pxToIndex(scale, plot.x)));
  const last = pxToIndex(scale, plot.x + plot.w);
  const out: number[] = [];
  let lastPx = -Infinity;
  for (let k = lowerBound(matches, first); k < matches.length; k++) {
    const i = matches[k] as number;
    if (i >= last) break;
    const x = (indexToPx(scale, i) + indexToPx(scale, i + 1)) / 2;
    if (x < plot.x || x > plot.x + plot.w || Math.round(x) === lastPx) continue;
    lastPx = Math.round(x);
    out.push(x);
  }
  return out;
}

/** Paints the marks of `matches` (ascending batch indices) in the top margin, over the plot. */
export function drawSearchMarks(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  matches: ArrayLike<number>,
): void {
  if (matches.length === 0) return;
  const y = l.plot.y - 2;
  ctx.fillStyle = t.accent;
  ctx.beginPath();
  for (const x of searchMarkXs(matches, l)) {
    ctx.moveTo(x - 4, y - 7);
    ctx.lineTo(x + 4, y - 7);
    ctx.lineTo(x, y);
  }
  ctx.fill();
}
