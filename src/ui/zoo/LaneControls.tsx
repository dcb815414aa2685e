// The detector lanes' controls: which lanes show, folded or open, and the mark key.
import type { ZooResult } from '../../zoo/index';
import { ZOO_LANES } from '../../zoo/lanes';
import { actions, useZooView } from '../../state/appStore';
import { foldedLanesSummary } from './lanes';

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

/** "Detector lanes" open or folded to a summary, and which detectors' lanes show. */
export function LaneControls({ results }: { results: readonly ZooResult[] | null }) {
  const ready = results !== null;
  const { visible, hidden } = useZooView();
  const shown = ZOO_LANES.length - hidden.filter((id) => ZOO_LANES.some((d) => d.id === id)).length;
  return (
    <div className="zoo-lane-controls" role="group" aria-label="Detector lane controls">
      <button
        type="button"
        className="panel-button zoo-lane-toggle"
        aria-expanded={visible}
        onClick={() => actions.setLanesVisible(!visible)}
      >
        <span aria-hidden="true">{visible ? '▾' : '▸'}</span> Detector lanes
      </button>
      {visible ? null : <FoldedSummary text={foldedLanesSummary(results)} />}
      {visible ? (
        <details className="zoo-lane-picker">
          <summary>
            Choose lanes ({shown}/{ZOO_LANES.length})
          </summary>
          <fieldset className="zoo-lane-list">
            <legend className="sr-only">Lanes to show</legend>
            {ZOO_LANES.map((d) => (
              <label
                key={d.id}
                className="checkbox"
                title={
                  d.cannotSee === undefined
                    ? d.description
                    : `${d.description} Cannot see: ${d.cannotSee}`
                }
              >
                <input
                  type="checkbox"
                  checked={!hidden.includes(d.id)}
                  disabled={!visible}
                  onChange={(e) => actions.setLaneHidden(d.id, !e.target.checked)}
                />
                {d.label}
                <span className={`zoo-badge zoo-badge--${d.kind}`}>{d.kind}</span>
              </label>
            ))}
          </fieldset>
        </details>
      ) : null}
      {visible ? (
        <div className="zoo-lane-aside">
          <LaneKey />
          {!ready ? (
            <span className="zoo-muted" role="status">
              Running the detector zoo…
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The folded lanes' findings; cut at the panel's edge, whole on hover and focus. */
function FoldedSummary({ text }: { text: string }) {
  return (
    <span className="zoo-lane-summary" title={text} tabIndex={0}>
      {text}
    </span>
  );
}
