import { useEffect, useId, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Report } from '../../detector/report';
import { signaturePalette } from '../colors';
import { announcement, rangeText, summary, tooltipContent } from './describe';
import { draw } from './draw';
import { drawLanes } from './drawLanes';
import { LANE_KEY_HELP, LANE_KEYS } from './laneKeys';
import { laneHighlight, useLanePointer } from './lanePointer';
import { hitTest } from './hitTest';
import { openKeyboardHelp } from '../shell/KeyboardHelp';
import { globalShortcutApplies } from './globalKeys';
import { ARIA_KEYSHORTCUTS, keyToAction, type TimelineAction } from './keys';
import { computeLayout, plotRect } from './layout';
import { lanesHeight, lanesSummary, layoutLanes, type LaneInput } from './lanes';
import { MarkKey, SignatureLegend } from './Legend';
import { buildModel } from './model';
import { applyAction, wheelViewport } from './navigate';
import { drawOverview, overviewLayout, viewportFromOverview } from './overview';
import {
  clampViewport,
  ensureVisible,
  fitViewport,
  grownViewport,
  panByPx,
  type Viewport,
} from './scale';
import { type RafScheduler } from './scheduler';
import { useCanvasScheduler } from './useCanvasScheduler';
import { showTooltip, hideTooltip } from './tooltip';
import { TimelineToolbar } from './TimelineToolbar';
import { useCanvasWheel } from './useCanvasWheel';
import { useTimelineTheme } from './useTimelineTheme';
import {
  followView,
  FRAME_BUDGET_MS,
  zoomOf,
  type ShownView,
  type ZoomRange,
  initialViewState,
  marginsFor,
  NO_LANES,
  P_ALL,
  P_LANES,
  P_MAIN,
  P_OVERVIEW,
  type ViewState,
} from './viewState';
import './timeline.css';

export interface TimelineProps {
  report: Report;
  selectedIndex: number | null;
  onSelect: (i: number | null) => void;
  changedBatches: ReadonlySet<number>;
  /** The search's matching batches, ascending: a mark above each. */
  matches?: ArrayLike<number>;
  /** Detector lanes drawn under the bars on the same scale; none when empty. */
  lanes?: readonly LaneInput[];
  /** Controls shown above the lanes (the lane toggles). */
  laneControls?: ReactNode;
  /** Which transcript the report is about: a new one starts zoomed out, whatever its size. */
  transcript?: number;
  /** The id of the batch table when it is on the page: the canvas's text alternative. */
  tableId?: string;
  /** Batches to show for this transcript (a restored link); a new object zooms again. */
  zoom?: ZoomRange | null;
  /** Told the batches in view after each change: null when the timeline shows them all. */
  onZoom?: (range: ZoomRange | null) => void;
}

const DRAG_SLOP = 3;
const NO_MATCHES: ArrayLike<number> = [];

/** The bars' canvas, the skip link's target (one timeline per page). */
export const TIMELINE_CANVAS_ID = 'loopscope-timeline';

/**
 * The run timeline: a canvas drawn outside React's render loop (layout.ts + draw.ts), an
 * overview strip, a legend, a text-only tooltip and full keyboard control.
 */
export function Timeline({
  report,
  selectedIndex,
  onSelect,
  changedBatches,
  matches: marks = NO_MATCHES,
  lanes = NO_LANES,
  laneControls,
  transcript = 0,
  tableId,
  zoom = null,
  onZoom,
}: TimelineProps) {
  const model = useMemo(() => buildModel(report, changedBatches), [report, changedBatches]);
  const theme = useTimelineTheme();
  // Per transcript and theme, computed lazily: a config change re-colours nothing.
  const sigColors = useMemo(() => signaturePalette(report, theme.name), [report, theme.name]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overviewRef = useRef<HTMLCanvasElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const rangeRef = useRef<HTMLSpanElement>(null);
  const lanesRef = useRef<HTMLCanvasElement>(null);
  const laneLiveRef = useRef<HTMLDivElement>(null);
  const view = useRef<ViewState>(initialViewState());
  const latest = useRef({
    model,
    theme,
    sigColors,
    selectedIndex,
    onSelect,
    changedBatches,
    lanes,
    marks,
  });
  const onZoomRef = useRef(onZoom);
  const shown = useRef<ShownView>({ transcript, zoom: null });
  const scheduler = useRef<RafScheduler | null>(null);
  /** Moves the view; a move that changes nothing (a pan at full zoom-out) repaints nothing. */
  const moveTo = (vp: Viewport): void => {
    const v = view.current;
    if (v.vp !== null && vp.start === v.vp.start && vp.span === v.vp.span) return;
    v.vp = vp;
    request(P_ALL);
  };
  /** Marks canvases for repainting on the next frame. */
  const request = (parts: number): void => {
    view.current.dirty |= parts;
    scheduler.current?.schedule();
  };
  const ids = useId();
  const summaryId = `${ids}-summary`;
  const summaryText = useMemo(() => summary(model), [model]);
  const lanesId = `${ids}-lanes`;
  const lanesText = useMemo(
    () => (lanes.length === 0 ? lanesSummary(lanes) : `${lanesSummary(lanes)} ${LANE_KEY_HELP}`),
    [lanes],
  );

  const plotWidth = (): number =>
    plotRect(view.current.width, 1, marginsFor(latest.current.lanes)).w;

  /**
   * Paints the dirty canvases, the bars first. When a frame has spent its budget (a new
   * 100k-batch report paints from cold caches), the rest waits for the next frame, so one
   * frame is never the sum of every canvas's first paint.
   */
  const paint = (): void => {
    const v = view.current;
    const started = performance.now();
    // A new report (or theme) comes with a React commit that changed the page around the
    // canvases (a taller legend, new counts). Measuring them now would force that whole
    // layout into this frame (a long task at 100k batches), and painting at the old size would
    // paint twice (a resize clears a canvas). So this frame paints nothing: the browser lays
    // the page out, the ResizeObserver sizes the canvases, and the next frame paints.
    if (v.relayout) {
      v.relayout = false;
      scheduler.current?.schedule();
      return;
    }
    const parts = v.dirty;
    v.dirty = 0;
    if (parts === 0) return;
    /** Whether the frame is spent: then `rest` waits for the next one. */
    const spent = (rest: number): boolean => {
      if ((rest & parts) === 0 || performance.now() - started < FRAME_BUDGET_MS) return false;
      request(rest & parts);
      return true;
    };
    const { model: m, theme: t, sigColors: colours, selectedIndex: sel, marks } = latest.current;
    const canvas = canvasRef.current;
    const ctx = (parts & P_MAIN) !== 0 ? canvas?.getContext('2d') : null;
    if (canvas && ctx && v.width > 0) {
      if (v.vp === null) v.vp = fitViewport(m.n, plotWidth());
      else if (v.n !== m.n) v.vp = grownViewport(v.vp, v.n, m.n, plotWidth());
      v.n = m.n;
      v.vp = clampViewport(v.vp, m.n, plotWidth());
      v.layout = computeLayout(m, v.vp, v.width, v.height, marginsFor(latest.current.lanes));
      draw(ctx, v.layout, t, {
        pixelRatio: v.dpr,
        selected: sel,
        hover: v.hover,
        sigColors: colours,
        emptyText: m.n === 0 ? 'This transcript has no tool-call batches.' : null,
        matches: marks,
      });
      const range = rangeRef.current;
      if (range) range.textContent = rangeText(v.vp, m.n, v.layout.blockSize);
      onZoomRef.current?.(zoomOf(v.vp, m.n));
    }
    if (spent(P_OVERVIEW | P_LANES)) return;
    const ov = overviewRef.current;
    const octx = (parts & P_OVERVIEW) !== 0 ? ov?.getContext('2d') : null;
    if (ov && octx && v.ovWidth > 0 && v.vp !== null) {
      // The overview's layout depends only on the model and its size, not on the viewport.
      let o = v.overview;
      if (o === null || v.overviewModel !== m || o.width !== v.ovWidth || o.height !== v.ovHeight) {
        o = overviewLayout(m, v.ovWidth, v.ovHeight);
        v.overview = o;
        v.overviewModel = m;
      }
      drawOverview(octx, o, t, v.vp, colours, v.dpr);
    }
    if ((parts & P_LANES) === 0 || spent(P_LANES)) return;
    const lc = lanesRef.current;
    const lctx = lc?.getContext('2d');
    const laneList = latest.current.lanes;
    if (lc && lctx && v.layout !== null && v.lanesWidth > 0 && laneList.length > 0) {
      v.lanesLayout = layoutLanes(laneList, v.layout.scale, v.layout.blockSize, m.n, v.lanesWidth);
      const lit = laneHighlight(v, lc, tooltipRef.current, stageRef.current);
      drawLanes(lctx, v.lanesLayout, t, v.dpr, lit);
    } else {
      v.lanesLayout = null;
    }
  };

  // Keep the latest props for the imperative handlers, then redraw what changed: a re-render
  // with equal props (a status change upstream) must not cost a paint, and new lanes repaint
  // only the lanes unless they appear or vanish (the bars then move to make room).
  useLayoutEffect(() => {
    const next = {
      model,
      theme,
      sigColors,
      selectedIndex,
      onSelect,
      changedBatches,
      lanes,
      marks,
    };
    onZoomRef.current = onZoom;
    const prev = latest.current;
    latest.current = next;
    if (followView(view.current, shown.current, transcript, zoom, model.n)) request(P_ALL);
    const everywhere = ['model', 'theme', 'sigColors', 'changedBatches'] as const;
    if (everywhere.some((k) => next[k] !== prev[k])) {
      view.current.relayout = true;
      request(P_ALL);
    } else {
      if (next.selectedIndex !== prev.selectedIndex || next.marks !== prev.marks) request(P_MAIN);
      if (next.lanes !== prev.lanes) {
        view.current.laneFocus = null;
        const moved = marginsFor(next.lanes) !== marginsFor(prev.lanes);
        // Lanes appearing or vanishing resize the lanes canvas and move the bars.
        if (moved || (next.lanes.length === 0) !== (prev.lanes.length === 0)) {
          view.current.relayout = true;
        }
        request(moved ? P_ALL : P_LANES);
      }
    }
  });

  useCanvasScheduler([canvasRef, overviewRef, lanesRef], view, scheduler, () => paint());

  // A selection made elsewhere (table, keyboard) scrolls into view. Only a new selection (the
  // model is read through `latest`): a report that grew or was re-run leaves the view alone.
  useEffect(() => {
    const v = view.current;
    const n = latest.current.model.n;
    if (selectedIndex === null || v.vp === null || selectedIndex >= n) return;
    const vp = ensureVisible(v.vp, n, plotWidth(), selectedIndex);
    if (vp !== v.vp) {
      v.vp = vp;
      request(P_ALL);
    }
  }, [selectedIndex]);

  // The lanes share the bars' x-scale, so the wheel zooms the same way over them.
  useCanvasWheel([canvasRef, lanesRef], (e) => {
    const v = view.current;
    const m = latest.current.model;
    const canvas = canvasRef.current;
    if (canvas === null || v.vp === null || v.layout === null || m.n === 0) return;
    e.preventDefault();
    const { plot } = v.layout;
    const anchor = (e.clientX - canvas.getBoundingClientRect().left - plot.x) / plot.w;
    hideTooltip(tooltipRef.current);
    moveTo(wheelViewport(v.vp, m.n, plotWidth(), e, anchor, v.height));
  });

  const run = (action: TimelineAction): void => {
    const v = view.current;
    const { model: m, selectedIndex: sel, onSelect: select } = latest.current;
    if (v.vp === null) return;
    const next = applyAction(action, { viewport: v.vp, selected: sel }, m, plotWidth());
    moveTo(next.viewport);
    if (next.selected !== sel) select(next.selected);
  };

  // The same keys from anywhere on the page, except while typing in a field or when the
  // focused control uses the key itself (the canvases' own handlers have prevented it).
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented) return;
      if (!globalShortcutApplies(e.key, e.target instanceof Element ? e.target : null)) return;
      const action = keyToAction(e);
      if (action === null) return;
      e.preventDefault();
      hideTooltip(tooltipRef.current);
      run(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // run works through refs only; the listener lives as long as the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const local = (e: { clientX: number; clientY: number }): { x: number; y: number } => {
    const r = canvasRef.current?.getBoundingClientRect();
    return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
  };

  const updateHover = (x: number, y: number): void => {
    const v = view.current;
    const { model: m, changedBatches: changed } = latest.current;
    const hit = v.layout ? hitTest(v.layout, m, x, y) : null;
    if (hit !== v.hover) {
      v.hover = hit;
      request(P_MAIN);
    }
    const tip = tooltipRef.current;
    if (hit === null || !v.layout) return hideTooltip(tip);
    const block = v.layout.blockSize;
    const first = Math.floor(hit / block) * block;
    const inPixel = Math.min(m.n, first + block) - first;
    const content = tooltipContent(m, hit, changed.has(hit), inPixel);
    if (content && tip && stageRef.current) showTooltip(tip, stageRef.current, content, x, y);
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    view.current.drag = { x: e.clientX, moved: false };
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    const v = view.current;
    const drag = v.drag;
    if (drag && v.vp) {
      const dx = e.clientX - drag.x;
      if (!drag.moved && Math.abs(dx) < DRAG_SLOP) return;
      if (!drag.moved) e.currentTarget.dataset['dragging'] = 'true';
      drag.moved = true;
      drag.x = e.clientX;
      hideTooltip(tooltipRef.current);
      moveTo(panByPx(v.vp, latest.current.model.n, plotWidth(), dx));
      return;
    }
    const p = local(e);
    updateHover(p.x, p.y);
  };

  const onPointerUp = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    const v = view.current;
    const drag = v.drag;
    v.drag = null;
    delete e.currentTarget.dataset['dragging'];
    if (!drag || drag.moved || !v.layout) return;
    const p = local(e);
    const hit = hitTest(v.layout, latest.current.model, p.x, p.y);
    if (hit !== null) latest.current.onSelect(hit);
  };

  const onPointerLeave = (): void => {
    if (view.current.drag) return;
    view.current.hover = null;
    hideTooltip(tooltipRef.current);
    request(P_MAIN);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLCanvasElement>): void => {
    const action = keyToAction(e);
    if (action === null) return;
    e.preventDefault();
    hideTooltip(tooltipRef.current);
    run(action);
  };

  const lanePointer = useLanePointer({
    view,
    tooltip: tooltipRef,
    stage: stageRef,
    schedule: () => request(P_LANES),
    select: (i) => latest.current.onSelect(i),
    lanes: () => latest.current.lanes,
    anchor: () => latest.current.selectedIndex ?? Math.floor(view.current.vp?.start ?? 0),
    reveal: (i) => {
      const vp = view.current.vp;
      if (vp !== null) moveTo(ensureVisible(vp, latest.current.model.n, plotWidth(), i));
    },
    announce: (text) => {
      if (laneLiveRef.current) laneLiveRef.current.textContent = text;
    },
  });

  const moveFromOverview = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    const v = view.current;
    if (!v.overview || !v.vp) return;
    const r = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - r.left;
    moveTo(viewportFromOverview(v.overview, v.vp, latest.current.model.n, plotWidth(), x));
  };

  return (
    <section className="ls-timeline" aria-label="Timeline panel">
      <TimelineToolbar
        run={run}
        empty={model.n === 0}
        hasRefusals={model.refusals.length > 0}
        rangeRef={rangeRef}
      />
      <SignatureLegend model={model} sigColors={sigColors} />
      {laneControls}
      <div
        className={lanes.length > 0 ? 'ls-tl-stage ls-tl-stage--lanes' : 'ls-tl-stage'}
        ref={stageRef}
      >
        <canvas
          ref={canvasRef}
          id={TIMELINE_CANVAS_ID}
          className="ls-tl-canvas"
          tabIndex={0}
          role="application"
          aria-roledescription="timeline"
          aria-label="Timeline"
          aria-describedby={summaryId}
          aria-details={tableId}
          aria-keyshortcuts={ARIA_KEYSHORTCUTS}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onPointerLeave={onPointerLeave}
          onKeyDown={onKeyDown}
        />
        <canvas
          ref={lanesRef}
          className="ls-tl-lanes"
          tabIndex={0}
          role="application"
          aria-roledescription="detector lanes"
          aria-label="Detector lanes"
          aria-describedby={lanesId}
          aria-keyshortcuts={LANE_KEYS}
          hidden={lanes.length === 0}
          style={{ height: lanesHeight(lanes.length) }}
          onPointerMove={lanePointer.onPointerMove}
          onPointerLeave={lanePointer.onPointerLeave}
          onClick={lanePointer.onClick}
          onKeyDown={lanePointer.onKeyDown}
          onFocus={() => request(P_LANES)}
          onBlur={() => {
            hideTooltip(tooltipRef.current);
            request(P_LANES);
          }}
        />
        <div className="ls-tl-tooltip" ref={tooltipRef} role="tooltip" hidden />
      </div>
      <canvas
        ref={overviewRef}
        className="ls-tl-overview"
        aria-hidden="true"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          moveFromOverview(e);
        }}
        onPointerMove={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId)) moveFromOverview(e);
        }}
      />
      <div className="ls-tl-footer">
        <MarkKey />
        <button type="button" className="ls-tl-keys-button" onClick={openKeyboardHelp}>
          Keyboard shortcuts <kbd>?</kbd>
        </button>
      </div>
      <p id={summaryId} className="ls-tl-sr-only">
        {summaryText} The Batches table lists the same batches as text, one row each.
      </p>
      <p id={lanesId} className="ls-tl-sr-only">
        {lanesText}
      </p>
      <div className="ls-tl-sr-only" aria-live="polite" aria-atomic="true" ref={laneLiveRef} />
      <div className="ls-tl-sr-only" aria-live="polite" aria-atomic="true">
        {selectedIndex === null ? '' : announcement(model, selectedIndex)}
      </div>
    </section>
  );
}
