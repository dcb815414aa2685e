// The timeline's imperative core: the refs its canvases and handlers share, the frame
// scheduler that paints them, the props followed into the view, and the wheel's zoom.
import { useLayoutEffect, useRef } from 'react';
import type { Latest } from './paint';
import { paintFrame, plotWidthOf } from './paint';
import { wheelViewport } from './navigate';
import type { Viewport } from './scale';
import type { RafScheduler } from './scheduler';
import { hideTooltip } from './tooltip';
import { useCanvasScheduler } from './useCanvasScheduler';
import { useCanvasWheel } from './useCanvasWheel';
import { useFollowProps } from './useFollowProps';
import {
  initialViewState,
  P_ALL,
  P_MAIN,
  P_OVERVIEW,
  type BatchRange,
  type ShownView,
  type ViewState,
  type ZoomRange,
} from './viewState';

export interface TimelineViewProps {
  readonly transcript: number;
  readonly zoom: ZoomRange | null;
  readonly onZoom: ((range: ZoomRange | null) => void) | undefined;
  readonly range: BatchRange | null;
  readonly onRange: ((range: BatchRange | null) => void) | undefined;
}

/** The shared state and moves of one timeline; everything here works through refs. */
export function useTimelineView(next: Latest, p: TimelineViewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const overview = useRef<HTMLCanvasElement>(null);
  const lanes = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const zoomText = useRef<HTMLSpanElement>(null);
  const view = useRef<ViewState>(initialViewState());
  const latest = useRef<Latest>(next);
  const onZoom = useRef(p.onZoom);
  const onRange = useRef(p.onRange);
  const shown = useRef<ShownView>({ transcript: p.transcript, zoom: null });
  const scheduler = useRef<RafScheduler | null>(null);

  /** Marks canvases for repainting on the next frame. */
  const request = (parts: number): void => {
    view.current.dirty |= parts;
    scheduler.current?.schedule();
  };
  /** Moves the view; a move that changes nothing (a pan at full zoom-out) repaints nothing. */
  const moveTo = (vp: Viewport): void => {
    const v = view.current;
    if (v.vp !== null && vp.start === v.vp.start && vp.span === v.vp.span) return;
    v.vp = vp;
    request(P_ALL);
  };
  const plotWidth = (): number =>
    plotWidthOf(view.current, latest.current.lanes, latest.current.pending);
  /** A range chosen by a drag or a key (or cleared): shown at once, kept by the props' owner. */
  const chooseRange = (r: BatchRange | null): void => {
    view.current.range = r;
    request(P_MAIN | P_OVERVIEW);
    onRange.current?.(r);
  };

  useFollowProps({ view, latest, shown, request, plotWidth }, next, p.transcript, p.zoom, p.range);
  useLayoutEffect(() => {
    onZoom.current = p.onZoom;
    onRange.current = p.onRange;
  });

  useCanvasScheduler([canvas, overview, lanes], view, scheduler, () =>
    paintFrame({
      view,
      latest,
      canvas,
      overview,
      lanes,
      range: zoomText,
      tooltip,
      stage,
      onZoom,
      request,
      schedule: () => scheduler.current?.schedule(),
    }),
  );

  // The lanes share the bars' x-scale, so the wheel zooms the same way over them.
  useCanvasWheel([canvas, lanes], (e) => {
    const v = view.current;
    const m = latest.current.model;
    const c = canvas.current;
    if (c === null || v.vp === null || v.layout === null || m.n === 0) return;
    e.preventDefault();
    const { plot } = v.layout;
    const anchor = (e.clientX - c.getBoundingClientRect().left - plot.x) / plot.w;
    hideTooltip(tooltip.current);
    moveTo(wheelViewport(v.vp, m.n, plotWidth(), e, anchor, v.height));
  });

  return {
    canvasRef: canvas,
    overviewRef: overview,
    lanesRef: lanes,
    stageRef: stage,
    tooltipRef: tooltip,
    zoomTextRef: zoomText,
    view,
    latest,
    request,
    moveTo,
    plotWidth,
    chooseRange,
  };
}

export type TimelineView = ReturnType<typeof useTimelineView>;
