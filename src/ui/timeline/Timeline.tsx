// The timeline component: the bars' canvas, the lanes, the overview and their text.
import { useId, useMemo, type ReactNode } from 'react';
import type { Report } from '../../detector/report';
import { signaturePalette } from '../colors';
import { announcement, summary, type PendingMark } from './describe';
import { ARIA_KEYSHORTCUTS } from './keys';
import { LANE_KEY_HELP, lanesSummary, type LaneInput } from './lanes';
import { MarkKey, SignatureLegend } from './Legend';
import { buildModel } from './model';
import { RangeSummary } from './RangeSummary';
import { TimelineLanes } from './TimelineLanes';
import { TimelineToolbar } from './TimelineToolbar';
import { useBarPointer } from './useBarPointer';
import { useOverviewDrag } from './useOverviewDrag';
import { useTimelineKeys } from './useTimelineKeys';
import { useTimelineTheme } from './useTimelineTheme';
import { useTimelineView } from './useTimelineView';
import { type BatchRange, type ZoomRange, NO_LANES } from './viewState';
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
  /** A watched file's last batch still waiting for results: drawn outlined after the last. */
  pending?: PendingMark | null;
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
  pending = null,
}: TimelineProps) {
  const model = useMemo(() => buildModel(report, changedBatches), [report, changedBatches]);
  const theme = useTimelineTheme();
  // Per transcript and theme, computed lazily: a config change re-colours nothing.
  const sigColors = useMemo(() => signaturePalette(report, theme.name), [report, theme.name]);
  const t = useTimelineView(
    { model, theme, sigColors, selectedIndex, onSelect, changedBatches, lanes, marks, pending },
    { transcript, zoom, onZoom, range, onRange },
  );
  const { view, latest, request, moveTo, plotWidth, chooseRange } = t;
  const { canvasRef, overviewRef, stageRef, tooltipRef, zoomTextRef } = t;
  const ids = useId();
  const summaryId = `${ids}-summary`;
  const summaryText = useMemo(() => summary(model, pending), [model, pending]);
  const lanesId = `${ids}-lanes`;
  const lanesText = useMemo(
    () => (lanes.length === 0 ? lanesSummary(lanes) : `${lanesSummary(lanes)} ${LANE_KEY_HELP}`),
    [lanes],
  );

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

  return (
    <section className="ls-timeline" aria-label="Timeline panel">
      <TimelineToolbar
        run={run}
        empty={model.n === 0}
        hasRefusals={model.refusals.length > 0}
        rangeRef={zoomTextRef}
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
        <TimelineLanes t={t} lanes={lanes} describedBy={lanesId} />
        <div className="ls-tl-tooltip" ref={tooltipRef} role="tooltip" hidden />
      </div>
      {/* Named, so it can be found; its moves and ranges have keys on the timeline itself. */}
      <canvas
        ref={overviewRef}
        className="ls-tl-overview"
        role="img"
        aria-label="Timeline overview"
        onPointerDown={overview.onPointerDown}
        onPointerMove={overview.onPointerMove}
        onPointerUp={overview.onPointerUp}
        onPointerCancel={overview.onPointerCancel}
      />
      <div className="ls-tl-footer">
        <RangeSummary report={report} range={range} onClear={() => chooseRange(null)} />
        <MarkKey />
      </div>
      <p id={summaryId} className="sr-only">
        {summaryText} The Batches table lists the same batches as text, one row each.
      </p>
      <p id={lanesId} className="sr-only">
        {lanesText}
      </p>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {selectedIndex === null ? '' : announcement(model, selectedIndex)}
      </div>
    </section>
  );
}
