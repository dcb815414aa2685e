import type { RefObject } from 'react';
import { laneHit, laneTooltip, type LaneBucket, type LanesLayout } from './lanes';
import { hideTooltip, showTooltip } from './tooltip';

// Pointer handling on the detector lanes: hover shows the mark's message in the timeline's
// text-only tooltip and enlarges the mark; a click selects the mark's batch.

/** The hovered lane mark: its row and bucket. */
export interface LaneHover {
  readonly row: number;
  readonly bucket: LaneBucket;
}

export interface LanePointerDeps {
  view: RefObject<{ lanesLayout: LanesLayout | null; laneHover: LaneHover | null }>;
  tooltip: RefObject<HTMLDivElement | null>;
  stage: RefObject<HTMLDivElement | null>;
  schedule(): void;
  select(batchIndex: number): void;
}

type LaneEvent = React.MouseEvent<HTMLCanvasElement>;

function hitAt(l: LanesLayout | null, e: LaneEvent) {
  if (l === null) return null;
  const r = e.currentTarget.getBoundingClientRect();
  return laneHit(l, e.clientX - r.left, e.clientY - r.top);
}

/** The lanes canvas's pointer handlers (a hook only so refs may be handed to it). */
export function useLanePointer(d: LanePointerDeps) {
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
  };
}
