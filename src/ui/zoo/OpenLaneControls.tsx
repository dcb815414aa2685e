// The open lanes' controls: which detectors' lanes show (each with what it does, on hover)
// and the marks' key. A chunk of its own, loaded when the lanes are first opened.
import { laneWords } from '../../zoo/laneWords';
import { ZOO_LANES } from '../../zoo/lanes';
import { actions } from '../../state/appStore';

/** The mark key: shape and colour per level (colour is never the only cue). */
function LaneKey() {
  return (
    <ul className="zoo-key" aria-label="Lane marks">
      <li>
        <svg width="10" height="10" aria-hidden="true">
          <rect className="zoo-k-stop" x="1" y="1" width="8" height="8" />
        </svg>
        stop
      </li>
      <li>
        <svg width="10" height="10" aria-hidden="true">
          <path className="zoo-k-warn" d="M5 0.5 L9.5 9.5 L0.5 9.5 Z" />
        </svg>
        warning
      </li>
      <li>
        <svg width="10" height="10" aria-hidden="true">
          <path className="zoo-k-advice" d="M5 1 L9 5 L5 9 L1 5 Z" />
        </svg>
        advice
      </li>
    </ul>
  );
}

/** What the detector does, and what a transcript cannot show of it. */
function laneTitle(id: string): string {
  const w = laneWords(id);
  return w.cannotSee === undefined ? w.description : `${w.description} Cannot see: ${w.cannotSee}`;
}

export function OpenLaneControls({
  ready,
  hidden,
}: {
  /** The lanes' results have come. */
  ready: boolean;
  hidden: readonly string[];
}) {
  const shown = ZOO_LANES.length - hidden.filter((id) => ZOO_LANES.some((d) => d.id === id)).length;
  return (
    <>
      <details className="zoo-lane-picker">
        <summary>
          Choose lanes ({shown}/{ZOO_LANES.length})
        </summary>
        <fieldset className="zoo-lane-list">
          <legend className="sr-only">Lanes to show</legend>
          {ZOO_LANES.map((d) => (
            <label key={d.id} className="checkbox" title={laneTitle(d.id)}>
              <input
                type="checkbox"
                checked={!hidden.includes(d.id)}
                onChange={(e) => actions.setLaneHidden(d.id, !e.target.checked)}
              />
              {d.label}
              <span className={`zoo-badge zoo-badge--${d.kind}`}>{d.kind}</span>
            </label>
          ))}
        </fieldset>
      </details>
      <div className="zoo-lane-aside">
        <LaneKey />
        {!ready ? (
          <span className="zoo-muted" role="status">
            Running the detector zoo…
          </span>
        ) : null}
      </div>
    </>
  );
}
