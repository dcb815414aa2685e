// The timeline's props reach its imperative state here: the latest values for the handlers,
// and a repaint of only what changed (a re-render with equal props costs no paint).
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Latest } from './paint';
import { sameRange } from './range';
import { ensureVisible } from './scale';
import {
  followView,
  marginsFor,
  P_ALL,
  P_LANES,
  P_MAIN,
  P_OVERVIEW,
  type BatchRange,
  type ShownView,
  type ViewState,
  type ZoomRange,
} from './viewState';

export interface FollowDeps {
  readonly view: RefObject<ViewState>;
  readonly latest: RefObject<Latest>;
  readonly shown: RefObject<ShownView>;
  readonly request: (parts: number) => void;
  readonly plotWidth: () => number;
}

/**
 * Keeps `latest` current and repaints what changed: new lanes repaint only the lanes unless
 * they appear or vanish (the bars then move to make room); a new transcript or a link's zoom
 * resets the view; a range from the props shows unless one is being dragged.
 */
export function useFollowProps(
  d: FollowDeps,
  next: Latest,
  transcript: number,
  zoom: ZoomRange | null,
  range: BatchRange | null,
): void {
  const { view: viewRef, latest: latestRef, shown: shownRef, request } = d;
  // The view starts with no range: a range the first props bring (a link's) must show too.
  const rangeRef = useRef<BatchRange | null>(null);
  useLayoutEffect(() => {
    const v = viewRef.current;
    // A new range from the props shows (a link's, a cleared one); until then the view keeps
    // the one a drag chose.
    if (!sameRange(rangeRef.current, range)) {
      rangeRef.current = range;
      v.range = range;
      request(P_MAIN | P_OVERVIEW);
    }
    const prev = latestRef.current;
    latestRef.current = next;
    if (followView(v, shownRef.current, transcript, zoom, next.model.n)) request(P_ALL);
    const everywhere = ['model', 'theme', 'sigColors', 'changedBatches'] as const;
    if (everywhere.some((k) => next[k] !== prev[k])) {
      v.relayout = true;
      request(P_ALL);
      return;
    }
    if (next.selectedIndex !== prev.selectedIndex || next.marks !== prev.marks) request(P_MAIN);
    // A pending batch appearing or going narrows or widens the plot; a new count repaints it.
    if ((next.pending === null) !== (prev.pending === null)) request(P_ALL);
    else if (next.pending !== prev.pending) request(P_MAIN);
    if (next.lanes !== prev.lanes) {
      v.laneFocus = null;
      const moved = marginsFor(next.lanes) !== marginsFor(prev.lanes);
      // Lanes appearing or vanishing resize the lanes canvas and move the bars.
      if (moved || (next.lanes.length === 0) !== (prev.lanes.length === 0)) v.relayout = true;
      request(moved ? P_ALL : P_LANES);
    }
  });

  // A selection made elsewhere (table, keyboard) scrolls into view. Only a new selection (the
  // model is read through `latest`): a report that grew or was re-run leaves the view alone.
  const selected = next.selectedIndex;
  useEffect(() => {
    const v = viewRef.current;
    const n = latestRef.current.model.n;
    if (selected === null || v.vp === null || selected >= n) return;
    const vp = ensureVisible(v.vp, n, d.plotWidth(), selected);
    if (vp !== v.vp) {
      v.vp = vp;
      request(P_ALL);
    }
    // The view, refs and plot width are read at the time; only a new selection acts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);
}
