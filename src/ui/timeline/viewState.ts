// The timeline's imperative view state and the bits that say which canvases a frame repaints.
import type { LaneFocus } from './laneKeys';
import type { LaneHover } from './lanePointer';
import { DEFAULT_MARGINS, type Layout, type Margins } from './layout';
import { LANE_GUTTER, type LaneInput, type LanesLayout } from './lanes';
import type { TimelineModel } from './model';
import type { Viewport } from './scale';

export const NO_LANES: readonly LaneInput[] = [];
const LANE_MARGINS: Margins = { ...DEFAULT_MARGINS, left: LANE_GUTTER };
/** Room right of the plot for a watched file's pending batch (draw.ts, drawPending). */
export const PENDING_ROOM = 26;
const PENDING_MARGINS: Margins = {
  ...DEFAULT_MARGINS,
  right: DEFAULT_MARGINS.right + PENDING_ROOM,
};
const LANE_PENDING_MARGINS: Margins = { ...LANE_MARGINS, right: PENDING_MARGINS.right };

/**
 * With lanes, the bars move right to make room for the lane labels: one x-scale for both.
 * With a pending batch, the plot ends earlier to leave it a slot after the last batch.
 */
export function marginsFor(lanes: readonly LaneInput[], pending = false): Margins {
  if (pending) return lanes.length > 0 ? LANE_PENDING_MARGINS : PENDING_MARGINS;
  return lanes.length > 0 ? LANE_MARGINS : DEFAULT_MARGINS;
}

/** Mutable view state kept out of React: changing it schedules a redraw, never a render. */
export interface ViewState {
  vp: Viewport | null;
  n: number;
  hover: number | null;
  width: number;
  height: number;
  ovWidth: number;
  ovHeight: number;
  dpr: number;
  layout: Layout | null;
  overview: Layout | null;
  overviewModel: TimelineModel | null;
  /** A press on the bars or overview; `anchor` is the first batch of a range being dragged. */
  drag: { x: number; moved: boolean; anchor: number | null } | null;
  /** The range of batches shown selected (the props', or the one being dragged). */
  range: BatchRange | null;
  lanesWidth: number;
  lanesLayout: LanesLayout | null;
  laneHover: LaneHover | null;
  /** The lane mark the keyboard stands on (shown while the lanes have focus). */
  laneFocus: LaneFocus | null;
  /** P_* bits of the canvases the next frame repaints. */
  dirty: number;
  /** The props changed in a way that may have moved the canvases: wait a frame for layout. */
  relayout: boolean;
}

/**
 * The canvases a redraw repaints. A change repaints only what it affects: a hover only the
 * bars, the lanes' arrival or a lane hover only the lanes, a resize only the canvas that
 * changed size. At 100k batches a full repaint is costly, and a load would otherwise paint
 * everything three times (new report, lanes reset, lanes canvas resized).
 */
export const P_MAIN = 1;
export const P_OVERVIEW = 2;
export const P_LANES = 4;
export const P_ALL = P_MAIN | P_OVERVIEW | P_LANES;

/**
 * Milliseconds of canvas work after which a frame leaves the remaining canvases to the next
 * one. Zooming and panning paint all three well within it; only cold first paints exceed it.
 */
export const FRAME_BUDGET_MS = 12;

/** The state before the first measurement: nothing measured, everything to paint. */
export function initialViewState(): ViewState {
  return {
    vp: null,
    n: -1,
    hover: null,
    width: 0,
    height: 0,
    ovWidth: 0,
    ovHeight: 0,
    dpr: 1,
    layout: null,
    overview: null,
    overviewModel: null,
    drag: null,
    range: null,
    lanesWidth: 0,
    lanesLayout: null,
    laneHover: null,
    laneFocus: null,
    dirty: P_ALL,
    relayout: false,
  };
}

/** A new transcript: the next paint fits it, and nothing of the old one is hovered or focused. */
function forgetView(v: ViewState): void {
  v.vp = null;
  v.hover = null;
  v.laneFocus = null;
  v.laneHover = null;
}

/** The first and last batch in view, as a link carries them. */
export interface ZoomRange {
  readonly first: number;
  readonly last: number;
}

/** A range of batches, first to last inclusive (a range selection). */
export type BatchRange = ZoomRange;

/** The batches in view, or null when the view shows them all (or there are none). */
export function zoomOf(vp: Viewport, n: number): ZoomRange | null {
  const first = Math.max(0, Math.floor(vp.start));
  const last = Math.min(n - 1, Math.ceil(vp.start + vp.span) - 1);
  return n <= 0 || (first === 0 && last >= n - 1) ? null : { first, last };
}

/** Shows `range` of a transcript of `n` batches (the next paint clamps it to what fits). */
function zoomTo(v: ViewState, range: ZoomRange, n: number): void {
  v.vp = { start: range.first, span: range.last - range.first + 1 };
  v.n = n;
}

/** The transcript and the requested zoom the view last followed. */
export interface ShownView {
  transcript: number;
  zoom: ZoomRange | null;
}

/**
 * Follows the props that reset the view (a new transcript is fitted) or set it (a link's
 * zoom). Returns whether the view changed, so everything is repainted.
 */
export function followView(
  v: ViewState,
  shown: ShownView,
  transcript: number,
  zoom: ZoomRange | null,
  n: number,
): boolean {
  let changed = false;
  if (shown.transcript !== transcript) {
    shown.transcript = transcript;
    forgetView(v);
    changed = true;
  }
  if (shown.zoom !== zoom) {
    shown.zoom = zoom;
    if (zoom !== null) zoomTo(v, zoom, n);
    changed = true;
  }
  return changed;
}
