// The overview strip: a press or drag moves the view there; with Shift held, a drag selects
// a range of batches over the whole transcript.
import type { RefObject } from 'react';
import type { Latest } from './paint';
import { viewportFromOverview } from './overview';
import { batchAtPx } from './range';
import type { Viewport } from './scale';
import { rangeModifier } from './useBarPointer';
import { P_MAIN, P_OVERVIEW, type BatchRange, type ViewState } from './viewState';

export interface OverviewDragDeps {
  readonly view: RefObject<ViewState>;
  readonly latest: RefObject<Latest>;
  readonly request: (parts: number) => void;
  readonly moveTo: (vp: Viewport) => void;
  readonly plotWidth: () => number;
  readonly onRange: (range: BatchRange | null) => void;
}

export function useOverviewDrag(d: OverviewDragDeps) {
  /** The batch under the pointer on the overview (its scale is the whole transcript). */
  const batchAt = (e: React.PointerEvent<HTMLCanvasElement>): number | null => {
    const o = d.view.current.overview;
    const n = d.latest.current.model.n;
    if (o === null || n === 0) return null;
    return batchAtPx(o.scale, n, e.clientX - e.currentTarget.getBoundingClientRect().left);
  };

  const move = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    const v = d.view.current;
    if (!v.overview || !v.vp) return;
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
    const n = d.latest.current.model.n;
    d.moveTo(viewportFromOverview(v.overview, v.vp, n, d.plotWidth(), x));
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const v = d.view.current;
    const at = rangeModifier(e) ? batchAt(e) : null;
    if (at !== null) {
      v.drag = { x: e.clientX, moved: false, anchor: at };
      v.range = { first: at, last: at };
      d.request(P_MAIN | P_OVERVIEW);
      return;
    }
    move(e);
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    const v = d.view.current;
    const anchor = v.drag?.anchor ?? null;
    if (anchor === null) return move(e);
    const at = batchAt(e);
    if (at === null || v.drag === null) return;
    v.drag.moved = true;
    v.range = { first: Math.min(anchor, at), last: Math.max(anchor, at) };
    d.request(P_MAIN | P_OVERVIEW);
  };

  const onPointerUp = (): void => {
    const v = d.view.current;
    const drag = v.drag;
    v.drag = null;
    if (drag?.anchor != null) d.onRange(v.range);
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}
