import { useId, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Report } from '../../detector/report';
import { signaturePalette } from '../colors';
import { announcement, summary } from './describe';
import { LANE_KEY_HELP, LANE_KEYS } from './laneKeys';
import { useLanePointer } from './lanePointer';
import { ARIA_KEYSHORTCUTS } from './keys';
import { lanesHeight, lanesSummary, type LaneInput } from './lanes';
import { MarkKey, SignatureLegend } from './Legend';
import { buildModel } from './model';
import { wheelViewport } from './navigate';
import { paintFrame, plotWidthOf, type Latest } from './paint';
import { ensureVisible, type Viewport } from './scale';
import { type RafScheduler } from './scheduler';
import { useBarPointer } from './useBarPointer';
import { useCanvasScheduler } from './useCanvasScheduler';
import { hideTooltip } from './tooltip';
import { TimelineToolbar } from './TimelineToolbar';
import { useCanvasWheel } from './useCanvasWheel';
import { useOverviewDrag } from './useOverviewDrag';
import { useFollowProps } from './useFollowProps';
import { useTimelineKeys } from './useTimelineKeys';
import { useTimelineTheme } from './useTimelineTheme';
import {
  type BatchRange,
  type ShownView,
  type ZoomRange,
  initialViewState,
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
  /** The range of batches selected (Shift+drag), or null. */
  range?: BatchRange | null;
  /** Told the range a Shift+drag chose, or null when Escape clears it. */
  onRange?: (range: BatchRange | null) => void;
}

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
  range = null,
  onRange,
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
  const latest = useRef<Latest>({
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
  const rangeProps = useRef({ range, onRange });
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

  const plotWidth = (): number => plotWidthOf(view.current, latest.current.lanes);
  const paint = (): void =>
    paintFrame({
      view,
      latest,
      canvas: canvasRef,
      overview: overviewRef,
      lanes: lanesRef,
      range: rangeRef,
      tooltip: tooltipRef,
      stage: stageRef,
      onZoom: onZoomRef,
      request,
      schedule: () => scheduler.current?.schedule(),
    });
  /** A range chosen by a drag (or cleared): shown at once, kept by the owner of the props. */
  const chooseRange = (r: BatchRange | null): void => {
    view.current.range = r;
    request(P_MAIN | P_OVERVIEW);
    rangeProps.current.onRange?.(r);
  };

  useFollowProps(
    { view, latest, shown, request, plotWidth },
    { model, theme, sigColors, selectedIndex, onSelect, changedBatches, lanes, marks },
    transcript,
    zoom,
    range,
  );
  useLayoutEffect(() => {
    onZoomRef.current = onZoom;
    rangeProps.current = { range, onRange };
  });

  useCanvasScheduler([canvasRef, overviewRef, lanesRef], view, scheduler, () => paint());

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

  const { run, onKeyDown } = useTimelineKeys({
    view,
    latest,
    tooltip: tooltipRef,
    moveTo,
    plotWidth,
    chooseRange,
  });

  const bars = useBarPointer({
    view,
    latest,
    canvas: canvasRef,
    tooltip: tooltipRef,
    stage: stageRef,
    request,
    moveTo,
    plotWidth,
    onRange: chooseRange,
  });
  const overview = useOverviewDrag({
    view,
    latest,
    request,
    moveTo,
    plotWidth,
    onRange: chooseRange,
  });

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

  return (
    <section className="ls-timeline" aria-label="Timeline panel">
      <TimelineToolbar
        run={run}
        empty={model.n === 0}
        hasRefusals={model.refusals.length > 0}
        rangeRef={rangeRef}
      >
        {laneControls}
      </TimelineToolbar>
      <SignatureLegend model={model} sigColors={sigColors} />
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
          onPointerDown={bars.onPointerDown}
          onPointerMove={bars.onPointerMove}
          onPointerUp={bars.onPointerUp}
          onPointerCancel={bars.onPointerUp}
          onPointerLeave={bars.onPointerLeave}
          onKeyDown={onKeyDown}
        />
        {/* The lanes scroll in a region of their own: many lanes never push the overview off. */}
        <div className="ls-tl-lanes-scroll" hidden={lanes.length === 0}>
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
        </div>
        <div className="ls-tl-tooltip" ref={tooltipRef} role="tooltip" hidden />
      </div>
      <canvas
        ref={overviewRef}
        className="ls-tl-overview"
        aria-hidden="true"
        onPointerDown={overview.onPointerDown}
        onPointerMove={overview.onPointerMove}
        onPointerUp={overview.onPointerUp}
        onPointerCancel={overview.onPointerCancel}
      />
      <div className="ls-tl-footer">
        <MarkKey />
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
