// One frame of the timeline: the bars, the overview and the lanes, each only when dirty, from
// the component's refs. Called by the frame scheduler, never from React's render.
import type { RefObject } from 'react';
import type { SignaturePalette } from '../colors';
import { rangeText, type PendingMark } from './describe';
import { draw } from './draw';
import { laneCode } from './laneCodeSlot';
import type { LaneInput } from './lanes';
import { bucketOf, computeLayout, plotRect, type Layout } from './layout';
import type { TimelineModel } from './model';
import { drawOverview, overviewLayout } from './overview';
import { clampViewport, fitViewport, grownViewport } from './scale';
import type { TimelineTheme } from './theme';
import {
  FRAME_BUDGET_MS,
  marginsFor,
  P_LANES,
  P_MAIN,
  P_OVERVIEW,
  zoomOf,
  type ViewState,
  type ZoomRange,
} from './viewState';

/** The props the painter reads, kept current by the component. */
export interface Latest {
  model: TimelineModel;
  theme: TimelineTheme;
  sigColors: SignaturePalette;
  selectedIndex: number | null;
  onSelect: (i: number | null) => void;
  changedBatches: ReadonlySet<number>;
  lanes: readonly LaneInput[];
  marks: ArrayLike<number>;
  /** A watched file's batch still waiting for results, drawn after the last one; or null. */
  pending: PendingMark | null;
}

export interface PaintRefs {
  readonly view: RefObject<ViewState>;
  readonly latest: RefObject<Latest>;
  readonly canvas: RefObject<HTMLCanvasElement | null>;
  readonly overview: RefObject<HTMLCanvasElement | null>;
  readonly lanes: RefObject<HTMLCanvasElement | null>;
  readonly range: RefObject<HTMLSpanElement | null>;
  readonly tooltip: RefObject<HTMLDivElement | null>;
  readonly stage: RefObject<HTMLDivElement | null>;
  readonly onZoom: RefObject<((range: ZoomRange | null) => void) | undefined>;
  /** Marks parts dirty and asks for a frame. */
  readonly request: (parts: number) => void;
  /** Asks for a frame. */
  readonly schedule: () => void;
}

/** The bars' plot width for the current lanes (the lanes' labels move the bars right). */
export function plotWidthOf(
  v: ViewState,
  lanes: readonly LaneInput[],
  pending: PendingMark | null = null,
): number {
  return plotRect(v.width, 1, marginsFor(lanes, pending !== null)).w;
}

/**
 * What the bars show, as the canvas's data: the axis top, the plot, the selected batch's bar
 * as a fraction of the plot's height and the range selected. Read by people's tools and the end-to-end tests;
 * written only when it changes.
 */
export function drawnGeometry(
  l: Layout,
  selected: number | null,
  range: { readonly first: number; readonly last: number } | null,
): Record<string, string> {
  const j = selected === null ? -1 : bucketOf(l, selected);
  const base = l.plot.y + l.plot.h;
  const bar = j < 0 ? '' : ((base - (l.countY[j] ?? base)) / l.plot.h).toFixed(3);
  return {
    yMax: String(l.yMax),
    plot: [l.plot.x, l.plot.y, l.plot.w, l.plot.h].map((v) => Math.round(v)).join(' '),
    blockSize: String(l.blockSize),
    selectedBar: bar,
    range: range === null ? '' : `${range.first}-${range.last}`,
  };
}

function writeData(el: HTMLElement, data: Record<string, string>): void {
  for (const [k, v] of Object.entries(data)) if (el.dataset[k] !== v) el.dataset[k] = v;
}

/**
 * Paints the dirty canvases, the bars first. When a frame has spent its budget (a new
 * 100k-batch report paints from cold caches), the rest waits for the next frame, so one
 * frame is never the sum of every canvas's first paint.
 */
export function paintFrame(r: PaintRefs): void {
  const v = r.view.current;
  const started = performance.now();
  // A new report (or theme) comes with a React commit that changed the page around the
  // canvases (a taller legend, new counts). Measuring them now would force that whole
  // layout into this frame (a long task at 100k batches), and painting at the old size would
  // paint twice (a resize clears a canvas). So this frame paints nothing: the browser lays
  // the page out, the ResizeObserver sizes the canvases, and the next frame paints.
  if (v.relayout) {
    v.relayout = false;
    r.schedule();
    return;
  }
  const parts = v.dirty;
  v.dirty = 0;
  if (parts === 0) return;
  /** Whether the frame is spent: then `rest` waits for the next one. */
  const spent = (rest: number): boolean => {
    if ((rest & parts) === 0 || performance.now() - started < FRAME_BUDGET_MS) return false;
    r.request(rest & parts);
    return true;
  };
  const latest = r.latest.current;
  const { model: m, theme: t, sigColors: colours, selectedIndex: sel, marks } = latest;
  const canvas = r.canvas.current;
  const ctx = (parts & P_MAIN) !== 0 ? canvas?.getContext('2d') : null;
  if (canvas && ctx && v.width > 0) {
    const pw = plotWidthOf(v, latest.lanes, latest.pending);
    if (v.vp === null) v.vp = fitViewport(m.n, pw);
    else if (v.n !== m.n) v.vp = grownViewport(v.vp, v.n, m.n, pw);
    v.n = m.n;
    v.vp = clampViewport(v.vp, m.n, pw);
    v.layout = computeLayout(
      m,
      v.vp,
      v.width,
      v.height,
      marginsFor(latest.lanes, latest.pending !== null),
    );
    draw(ctx, v.layout, t, {
      pixelRatio: v.dpr,
      selected: sel,
      hover: v.hover,
      sigColors: colours,
      emptyText: m.n === 0 ? 'This transcript has no tool-call batches.' : null,
      matches: marks,
      range: v.range,
      pending: latest.pending,
    });
    writeData(canvas, drawnGeometry(v.layout, sel, v.range));
    const range = r.range.current;
    if (range) range.textContent = rangeText(v.vp, m.n, v.layout.blockSize);
    r.onZoom.current?.(zoomOf(v.vp, m.n));
  }
  if (spent(P_OVERVIEW | P_LANES)) return;
  const ov = r.overview.current;
  const octx = (parts & P_OVERVIEW) !== 0 ? ov?.getContext('2d') : null;
  if (ov && octx && v.ovWidth > 0 && v.vp !== null) {
    // The overview's layout depends only on the model and its size, not on the viewport.
    let o = v.overview;
    if (o === null || v.overviewModel !== m || o.width !== v.ovWidth || o.height !== v.ovHeight) {
      o = overviewLayout(m, v.ovWidth, v.ovHeight);
      v.overview = o;
      v.overviewModel = m;
    }
    drawOverview(octx, o, t, v.vp, colours, v.dpr, v.range);
  }
  if ((parts & P_LANES) === 0 || spent(P_LANES)) return;
  const lc = r.lanes.current;
  const lctx = lc?.getContext('2d');
  const laneList = latest.lanes;
  // Until the lanes' code has come, the lanes' canvas says so (TimelineLanes) and stays blank.
  const code = laneCode();
  if (code && lc && lctx && v.layout !== null && v.lanesWidth > 0 && laneList.length > 0) {
    v.lanesLayout = code.layoutLanes(
      laneList,
      v.layout.scale,
      v.layout.blockSize,
      m.n,
      v.lanesWidth,
    );
    const lit = code.laneHighlight(v, lc, r.tooltip.current, r.stage.current);
    code.drawLanes(lctx, v.lanesLayout, t, v.dpr, lit);
  } else {
    v.lanesLayout = null;
  }
}
