// Pointer handling on the bars: hover shows a batch's tooltip, a click selects it, a drag pans,
// and a drag with Shift held selects a range of batches.
import { tooltipContent } from './describe';
import { hitTest } from './hitTest';
import type { PaintRefs } from './paint';
import { batchAtPx } from './range';
import { panByPx, type Viewport } from './scale';
import { hideTooltip, showTooltip } from './tooltip';
import { P_MAIN, P_OVERVIEW, type BatchRange, type ViewState } from './viewState';

const DRAG_SLOP = 3;

/** The timeline's refs the bars read, and what they call back. */
export interface BarPointerDeps extends Pick<
  PaintRefs,
  'view' | 'latest' | 'canvas' | 'tooltip' | 'stage'
> {
  readonly request: (parts: number) => void;
  readonly moveTo: (vp: Viewport) => void;
  readonly plotWidth: () => number;
  /** Told the range a modified drag chose. */
  readonly onRange: (range: BatchRange | null) => void;
}

/** The batch under a canvas x, clamped to the transcript (for range ends). */
function batchAt(v: ViewState, n: number, x: number): number {
  return v.layout === null ? 0 : batchAtPx(v.layout.scale, n, x);
}

/** Whether a pointer event asks for a range: Shift held (the modifier the keyboard help names). */
export function rangeModifier(e: { shiftKey: boolean }): boolean {
  return e.shiftKey;
}

export function useBarPointer(d: BarPointerDeps) {
  const local = (e: { clientX: number; clientY: number }): { x: number; y: number } => {
    const r = d.canvas.current?.getBoundingClientRect();
    return { x: e.clientX - (r?.left ?? 0), y: e.clientY - (r?.top ?? 0) };
  };

  const updateHover = (x: number, y: number): void => {
    const v = d.view.current;
    const { model: m, changedBatches: changed } = d.latest.current;
    const hit = v.layout ? hitTest(v.layout, m, x, y) : null;
    if (hit !== v.hover) {
      v.hover = hit;
      d.request(P_MAIN);
    }
    const tip = d.tooltip.current;
    if (hit === null || !v.layout) return hideTooltip(tip);
    const block = v.layout.blockSize;
    const first = Math.floor(hit / block) * block;
    const inPixel = Math.min(m.n, first + block) - first;
    const content = tooltipContent(m, hit, changed.has(hit), inPixel);
    if (content && tip && d.stage.current) showTooltip(tip, d.stage.current, content, x, y);
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    if (e.button !== 0) return;
    const v = d.view.current;
    e.currentTarget.setPointerCapture(e.pointerId);
    const n = d.latest.current.model.n;
    const anchor = rangeModifier(e) && n > 0 ? batchAt(v, n, local(e).x) : null;
    v.drag = { x: e.clientX, moved: false, anchor };
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    const v = d.view.current;
    const drag = v.drag;
    if (drag && v.vp) {
      const dx = e.clientX - drag.x;
      if (!drag.moved && Math.abs(dx) < DRAG_SLOP) return;
      drag.moved = true;
      hideTooltip(d.tooltip.current);
      if (drag.anchor !== null) {
        const at = batchAt(v, d.latest.current.model.n, local(e).x);
        v.range = { first: Math.min(drag.anchor, at), last: Math.max(drag.anchor, at) };
        d.request(P_MAIN | P_OVERVIEW);
        return;
      }
      e.currentTarget.dataset['dragging'] = 'true';
      drag.x = e.clientX;
      d.moveTo(panByPx(v.vp, d.latest.current.model.n, d.plotWidth(), dx));
      return;
    }
    const p = local(e);
    updateHover(p.x, p.y);
  };

  const onPointerUp = (e: React.PointerEvent<HTMLCanvasElement>): void => {
    const v = d.view.current;
    const drag = v.drag;
    v.drag = null;
    delete e.currentTarget.dataset['dragging'];
    if (drag?.anchor != null && drag.moved) {
      d.onRange(v.range);
      return;
    }
    if (!drag || drag.moved || !v.layout) return;
    const p = local(e);
    const hit = hitTest(v.layout, d.latest.current.model, p.x, p.y);
    if (hit !== null) d.latest.current.onSelect(hit);
  };

  const onPointerLeave = (): void => {
    if (d.view.current.drag) return;
    d.view.current.hover = null;
    hideTooltip(d.tooltip.current);
    d.request(P_MAIN);
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerLeave };
}
