// What each timeline action does to the (viewport, selection) pair. Pure: the component feeds
// the result back into its refs and calls onSelect when the selection moved.
import type { TimelineAction } from './keys';
import type { TimelineModel } from './model';
import {
  ensureVisible,
  fitViewport,
  includeIndex,
  panByFraction,
  panByPx,
  zoomAt,
  type Viewport,
} from './scale';

export interface NavState {
  readonly viewport: Viewport;
  readonly selected: number | null;
}

export const ZOOM_STEP = 1.5;
export const PAN_STEP = 0.25;

export function applyAction(
  action: TimelineAction,
  state: NavState,
  model: TimelineModel,
  plotWidth: number,
): NavState {
  const { viewport: vp, selected } = state;
  const n = model.n;
  // Nowhere to go (no further refusal, empty transcript): leave everything as it was.
  const select = (i: number | null): NavState =>
    i === null || n === 0 ? state : { viewport: ensureVisible(vp, n, plotWidth, i), selected: i };
  switch (action) {
    case 'zoom-in':
    case 'zoom-out': {
      // Zoom around the selected batch when it is on screen, so it stays under the eye (and
      // wholly in view: at the window's edge, zooming in would otherwise push it out).
      const factor = action === 'zoom-in' ? ZOOM_STEP : 1 / ZOOM_STEP;
      if (selected !== null && selected + 1 > vp.start && selected < vp.start + vp.span) {
        const anchor = (selected + 0.5 - vp.start) / vp.span;
        const zoomed = zoomAt(vp, n, plotWidth, anchor, factor);
        return { viewport: includeIndex(zoomed, n, plotWidth, selected), selected };
      }
      return { viewport: zoomAt(vp, n, plotWidth, 0.5, factor), selected };
    }
    case 'pan-left':
      return { viewport: panByFraction(vp, n, plotWidth, -PAN_STEP), selected };
    case 'pan-right':
      return { viewport: panByFraction(vp, n, plotWidth, PAN_STEP), selected };
    case 'fit':
      return { viewport: fitViewport(n, plotWidth), selected };
    case 'next-refusal':
      return select(nextRefusal(model, selected ?? -1, 1));
    case 'prev-refusal':
      return select(nextRefusal(model, selected ?? n, -1));
    case 'next-same-signature':
      return select(selected === null ? null : nextSameSignature(model, selected, 1));
    case 'prev-same-signature':
      return select(selected === null ? null : nextSameSignature(model, selected, -1));
    case 'next-batch':
      return select(
        selected === null ? Math.min(n - 1, Math.ceil(vp.start)) : Math.min(n - 1, selected + 1),
      );
    case 'prev-batch':
      return select(
        selected === null
          ? Math.max(0, Math.min(n - 1, Math.ceil(vp.start + vp.span) - 1))
          : Math.max(0, selected - 1),
      );
    case 'first-batch':
      return select(0);
    case 'last-batch':
      return select(n - 1);
    case 'clear-selection':
      return { viewport: vp, selected: null };
    // A range grows around the selection, which stays (range.ts; useTimelineKeys.ts).
    case 'extend-next':
    case 'extend-prev':
    case 'extend-first':
    case 'extend-last':
      return state;
  }
}

/** The refused batch after (dir 1) or before (dir -1) `from`, or null. Binary search over the refusals. */
export function nextRefusal(model: TimelineModel, from: number, dir: 1 | -1): number | null {
  const r = model.refusals;
  // lo = first position whose value is > from (dir 1) or >= from (dir -1).
  let lo = 0;
  let hi = r.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = r[mid] ?? 0;
    if (dir === 1 ? v <= from : v < from) lo = mid + 1;
    else hi = mid;
  }
  const at = dir === 1 ? lo : lo - 1;
  return at >= 0 && at < r.length ? (r[at] ?? null) : null;
}

/** The next/previous batch with the same signature as `from`, or null. */
export function nextSameSignature(model: TimelineModel, from: number, dir: 1 | -1): number | null {
  const id = model.sigId[from];
  if (id === undefined) return null;
  for (let i = from + dir; i >= 0 && i < model.n; i += dir) {
    if (model.sigId[i] === id) return i;
  }
  return null;
}

export interface WheelLike {
  readonly deltaX: number;
  readonly deltaY: number;
  /** 0 pixels, 1 lines, 2 pages (WheelEvent.deltaMode). */
  readonly deltaMode: number;
  readonly shiftKey: boolean;
}

/** Wheel speed: 100 px of wheel travel zooms by about 28%. */
export const WHEEL_ZOOM_RATE = 0.0025;

/**
 * A wheel turn: vertical zooms around the pointer (`anchorFrac` across the plot); horizontal
 * (a trackpad swipe, or Shift+wheel) pans.
 */
export function wheelViewport(
  vp: Viewport,
  n: number,
  plotWidth: number,
  e: WheelLike,
  anchorFrac: number,
  pageHeight: number,
): Viewport {
  const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? pageHeight : 1;
  const dx = e.deltaX * unit;
  const dy = e.deltaY * unit;
  const horizontal = Math.abs(dx) > Math.abs(dy);
  if (e.shiftKey || horizontal) return panByPx(vp, n, plotWidth, -(horizontal ? dx : dy));
  return zoomAt(vp, n, plotWidth, anchorFrac, Math.exp(-dy * WHEEL_ZOOM_RATE));
}
