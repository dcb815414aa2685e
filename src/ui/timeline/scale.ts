// Batch index ↔ pixel mapping and the viewport arithmetic (zoom, pan, fit, clamping), after
// Perfetto's TimeScale: small, immutable, numbers only. A batch `i` occupies the slot [i, i+1)
// in index space; the viewport shows [start, start + span).

/** The visible window in batch-index units. */
export interface Viewport {
  readonly start: number;
  readonly span: number;
}

/** A viewport mapped onto a horizontal pixel range [x0, x0 + width). */
export interface Scale {
  readonly start: number;
  readonly span: number;
  readonly x0: number;
  readonly width: number;
}

/**
 * The deepest zoom into a long transcript: a batch's slot is at most this wide. A short one
 * fits the whole width all the same, its slots wider (the layout caps the bar itself, see
 * MAX_BAR_WIDTH): Fit leaves no part of the plot empty.
 */
export const MAX_PX_PER_BATCH = 200;

export function makeScale(vp: Viewport, x0: number, width: number): Scale {
  return { start: vp.start, span: vp.span, x0, width: Math.max(1, width) };
}

export function indexToPx(s: Scale, index: number): number {
  return s.x0 + ((index - s.start) * s.width) / s.span;
}

export function pxToIndex(s: Scale, px: number): number {
  return s.start + ((px - s.x0) * s.span) / s.width;
}

export function pxPerBatch(s: Scale): number {
  return s.width / s.span;
}

/**
 * The narrowest window: MAX_PX_PER_BATCH pixels per batch, or the whole of a transcript too
 * short to fill the width at that zoom (but at least one batch).
 */
export function minSpan(width: number, n = Infinity): number {
  return Math.max(1, Math.min(width / MAX_PX_PER_BATCH, n));
}

/** The widest window: the whole transcript (at least one batch). */
export function maxSpan(n: number, width: number): number {
  return Math.max(n, minSpan(width, n));
}

/** Keep the span within [minSpan, maxSpan] and the window inside [0, n). */
export function clampViewport(vp: Viewport, n: number, width: number): Viewport {
  const lo = minSpan(width, n);
  const hi = maxSpan(n, width);
  const span = Number.isFinite(vp.span) ? Math.min(hi, Math.max(lo, vp.span)) : hi;
  const maxStart = Math.max(0, n - span);
  const start = Number.isFinite(vp.start) ? Math.min(maxStart, Math.max(0, vp.start)) : 0;
  if (start === vp.start && span === vp.span) return vp;
  return { start, span };
}

/**
 * The view once a transcript grew from `before` to `after` batches (a watched file, a file still
 * loading). A view that showed the whole transcript still does; one at the live edge (its
 * last batch in view) moves along with it, keeping its zoom; any other stays where the user
 * put it.
 */
export function grownViewport(
  vp: Viewport,
  before: number,
  after: number,
  width: number,
): Viewport {
  const fitted = vp.start <= 0 && vp.span >= maxSpan(before, width);
  if (before === 0 || fitted) return fitViewport(after, width);
  const atEdge = vp.start + vp.span >= before - 0.5;
  if (!atEdge) return vp;
  return clampViewport({ start: after - vp.span, span: vp.span }, after, width);
}

/** The whole transcript. */
export function fitViewport(n: number, width: number): Viewport {
  return { start: 0, span: maxSpan(n, width) };
}

/**
 * Zoom by `factor` (> 1 zooms in) keeping the batch position under `anchorFrac` (0 = left edge,
 * 1 = right edge of the plot) where it is, unless clamping at the ends of the transcript forbids it.
 */
export function zoomAt(
  vp: Viewport,
  n: number,
  width: number,
  anchorFrac: number,
  factor: number,
): Viewport {
  const frac = Math.min(1, Math.max(0, anchorFrac));
  const anchor = vp.start + frac * vp.span;
  const span = Math.min(maxSpan(n, width), Math.max(minSpan(width, n), vp.span / factor));
  return clampViewport({ start: anchor - frac * span, span }, n, width);
}

/** Pan by a drag of `dx` pixels: dragging right reveals earlier batches. */
export function panByPx(vp: Viewport, n: number, width: number, dx: number): Viewport {
  return clampViewport({ start: vp.start - (dx * vp.span) / width, span: vp.span }, n, width);
}

/** Pan by a fraction of the visible window (keys A/D). */
export function panByFraction(vp: Viewport, n: number, width: number, f: number): Viewport {
  return clampViewport({ start: vp.start + f * vp.span, span: vp.span }, n, width);
}

/** Centre the window on batch `index` (keeping the zoom). */
export function centerOn(vp: Viewport, n: number, width: number, index: number): Viewport {
  return clampViewport({ start: index + 0.5 - vp.span / 2, span: vp.span }, n, width);
}

/** Leave the window alone if batch `index` is wholly visible; otherwise centre on it. */
export function ensureVisible(vp: Viewport, n: number, width: number, index: number): Viewport {
  if (index >= vp.start && index + 1 <= vp.start + vp.span) return vp;
  return centerOn(vp, n, width, index);
}

/** The smallest pan that shows batch `index` wholly (used after zooming around it). */
export function includeIndex(vp: Viewport, n: number, width: number, index: number): Viewport {
  const start = Math.max(Math.min(vp.start, index), index + 1 - vp.span);
  return start === vp.start ? vp : clampViewport({ start, span: vp.span }, n, width);
}

/** Nice, round tick steps (1, 2, 5 × 10^k) so that about `target` ticks fit in `range`. */
export function niceStep(range: number, target: number): number {
  const raw = range / Math.max(1, target);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  const nice = m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10;
  return nice * pow;
}
