// Pointer and keyboard handling on the detector lanes: hover shows the mark's message in the
// timeline's text-only tooltip and enlarges the mark; a click selects the mark's batch. From
// the keyboard (laneKeys.ts) the focused mark is enlarged the same way and its message read
// out, and Enter selects its batch.
import type { RefObject } from 'react';
import {
  focusBatch,
  focusedBucket,
  laneFocusText,
  laneKeyTarget,
  type LaneFocus,
} from './laneKeys';
import { laneHit, laneTooltip } from './laneLayout';
import type { LaneBucket, LaneInput, LanesLayout } from './lanes';
import { hideTooltip, showTooltip } from './tooltip';

/** The hovered lane mark: its row and bucket. */
export interface LaneHover {
  readonly row: number;
  readonly bucket: LaneBucket;
}

export interface LanePointerDeps {
  view: RefObject<{
    lanesLayout: LanesLayout | null;
    laneHover: LaneHover | null;
    laneFocus: LaneFocus | null;
  }>;
  tooltip: RefObject<HTMLDivElement | null>;
  stage: RefObject<HTMLDivElement | null>;
  schedule(): void;
  select(batchIndex: number): void;
  /** The lanes shown, and the batch a first key starts from (the selection or the view). */
  lanes(): readonly LaneInput[];
  anchor(): number;
  /** Brings a batch into view (the lanes share the bars' scale). */
  reveal(batchIndex: number): void;
  /** Says a sentence through the lanes' live region. */
  announce(text: string): void;
}

type LaneEvent = React.MouseEvent<HTMLCanvasElement>;

function hitAt(l: LanesLayout | null, e: LaneEvent) {
  if (l === null) return null;
  const r = e.currentTarget.getBoundingClientRect();
  return laneHit(l, e.clientX - r.left, e.clientY - r.top);
}

/** The lanes canvas's pointer and key handlers, reading the shared state through refs. */
export function lanePointerHandlers(d: LanePointerDeps) {
  return {
    onPointerMove(e: LaneEvent): void {
      const v = d.view.current;
      const l = v.lanesLayout;
      const hit = hitAt(l, e);
      const next =
        hit === null || l === null ? null : { row: l.rows.indexOf(hit.row), bucket: hit.bucket };
      if (next?.row !== v.laneHover?.row || next?.bucket.from !== v.laneHover?.bucket.from) {
        v.laneHover = next;
        d.schedule();
      }
      const tip = d.tooltip.current;
      const stage = d.stage.current;
      if (hit === null || tip === null || stage === null) return hideTooltip(tip);
      const sr = stage.getBoundingClientRect();
      const content = laneTooltip(hit.row.lane, hit.bucket);
      showTooltip(tip, stage, content, e.clientX - sr.left, e.clientY - sr.top);
    },
    onPointerLeave(): void {
      d.view.current.laneHover = null;
      hideTooltip(d.tooltip.current);
      d.schedule();
    },
    onClick(e: LaneEvent): void {
      const hit = hitAt(d.view.current.lanesLayout, e);
      const mark = hit?.row.lane.marks[hit.bucket.strongest];
      if (mark !== undefined) d.select(mark.batchIndex);
    },
    onKeyDown(e: React.KeyboardEvent<HTMLCanvasElement>): void {
      const v = d.view.current;
      const lanes = d.lanes();
      if (e.key === 'Enter' || e.key === ' ') {
        const batch = v.laneFocus === null ? null : focusBatch(lanes, v.laneFocus);
        if (batch === null) return;
        e.preventDefault();
        d.select(batch);
        return;
      }
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const next = laneKeyTarget(lanes, v.laneFocus, e.key, d.anchor());
      if (next === null) return;
      e.preventDefault();
      hideTooltip(d.tooltip.current);
      v.laneHover = null;
      v.laneFocus = next;
      const batch = focusBatch(lanes, next);
      if (batch !== null) d.reveal(batch);
      d.announce(laneFocusText(lanes, next));
      d.schedule();
    },
  };
}

/**
 * The mark to enlarge: the hovered one, else the keyboard's while the lanes canvas has focus,
 * whose message then shows in the tooltip too (for sighted keyboard users).
 */
export function laneHighlight(
  v: { lanesLayout: LanesLayout | null; laneHover: LaneHover | null; laneFocus: LaneFocus | null },
  canvas: HTMLCanvasElement,
  tip: HTMLDivElement | null,
  stage: HTMLDivElement | null,
): LaneHover | null {
  if (v.laneHover !== null || document.activeElement !== canvas) return v.laneHover;
  const focused = focusedBucket(v.lanesLayout, v.laneFocus);
  const row = focused === null ? undefined : v.lanesLayout?.rows[focused.row];
  if (focused === null || row === undefined || tip === null || stage === null) return focused;
  const m = (v.laneFocus as LaneFocus).mark;
  const one = { ...focused.bucket, from: m, to: m + 1, strongest: m, count: 1 };
  const c = canvas.getBoundingClientRect();
  const st = stage.getBoundingClientRect();
  const x = c.left - st.left + focused.bucket.cx;
  const y = c.top - st.top + row.y + row.h;
  showTooltip(tip, stage, laneTooltip(row.lane, one), x, y);
  return focused;
}
