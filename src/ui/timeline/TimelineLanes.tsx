// The detector lanes' canvas under the bars: its own scroll region, pointer and keys
// (lanePointer.ts), and the live region that reads the focused mark.
import { useRef } from 'react';
import { LANE_KEYS } from './laneKeys';
import { useLanePointer } from './lanePointer';
import { lanesHeight, type LaneInput } from './lanes';
import { ensureVisible } from './scale';
import { hideTooltip } from './tooltip';
import type { TimelineView } from './useTimelineView';
import { P_LANES } from './viewState';

export function TimelineLanes({
  t,
  lanes,
  describedBy,
}: {
  t: TimelineView;
  lanes: readonly LaneInput[];
  /** The id of the lanes' text summary. */
  describedBy: string;
}) {
  const { view, latest, lanesRef, stageRef, tooltipRef } = t;
  const live = useRef<HTMLDivElement>(null);
  const pointer = useLanePointer({
    view,
    tooltip: tooltipRef,
    stage: stageRef,
    schedule: () => t.request(P_LANES),
    select: (i) => latest.current.onSelect(i),
    lanes: () => latest.current.lanes,
    anchor: () => latest.current.selectedIndex ?? Math.floor(view.current.vp?.start ?? 0),
    reveal: (i) => {
      const vp = view.current.vp;
      if (vp !== null) t.moveTo(ensureVisible(vp, latest.current.model.n, t.plotWidth(), i));
    },
    announce: (text) => {
      if (live.current) live.current.textContent = text;
    },
  });
  return (
    <>
      {/* The lanes scroll in a region of their own: many lanes never push the overview off. */}
      <div className="ls-tl-lanes-scroll" hidden={lanes.length === 0}>
        <canvas
          ref={lanesRef}
          className="ls-tl-lanes"
          tabIndex={0}
          role="application"
          aria-roledescription="detector lanes"
          aria-label="Detector lanes"
          aria-describedby={describedBy}
          aria-keyshortcuts={LANE_KEYS}
          hidden={lanes.length === 0}
          style={{ height: lanesHeight(lanes.length) }}
          onPointerMove={pointer.onPointerMove}
          onPointerLeave={pointer.onPointerLeave}
          onClick={pointer.onClick}
          onKeyDown={pointer.onKeyDown}
          onFocus={() => t.request(P_LANES)}
          onBlur={() => {
            hideTooltip(tooltipRef.current);
            t.request(P_LANES);
          }}
        />
      </div>
      <div
        className="sr-only"
        role="status"
        aria-label="Detector lane mark"
        aria-live="polite"
        aria-atomic="true"
        ref={live}
      />
    </>
  );
}
