// The detector lanes' canvas under the bars: its own scroll region, pointer and keys
// (lanePointer.ts), and the live region that reads the focused mark. The canvas is always
// there (the frame scheduler sizes it); its code loads when lanes are first shown.
import { useEffect, useRef, useState } from 'react';
import { laneCode, loadLaneCode } from './laneCodeSlot';
import { LANE_KEYS, lanesHeight, type LaneInput } from './lanes';
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
  const [code, setCode] = useState(laneCode);
  const shown = lanes.length > 0;
  const { request } = t;
  useEffect(() => {
    if (!shown || code !== null) return;
    let wanted = true;
    void loadLaneCode().then((c) => {
      if (!wanted) return;
      setCode(c);
      request(P_LANES);
    });
    return () => {
      wanted = false;
    };
  }, [shown, code, request]);
  // Made at each event from the shared refs (they hold all the state), once the code has come.
  const pointer = () =>
    code?.lanePointerHandlers({
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
        {code === null && shown ? (
          <p className="ls-tl-lanes-loading" role="status">
            Loading the lanes…
          </p>
        ) : null}
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
          onPointerMove={(e) => pointer()?.onPointerMove(e)}
          onPointerLeave={() => pointer()?.onPointerLeave()}
          onClick={(e) => pointer()?.onClick(e)}
          onKeyDown={(e) => pointer()?.onKeyDown(e)}
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
