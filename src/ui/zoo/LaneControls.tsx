import { ZOO_DETECTORS } from '../../detector/zoo/index';
import { appStore, useApp } from '../../state/appStore';

/** The mark key: shape and colour per level (colour is never the only cue). */
export function LaneKey() {
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

/** "Detector lanes" on/off, and which detectors' lanes show. */
export function LaneControls({ ready }: { ready: boolean }) {
  const visible = useApp((s) => s.lanesVisible);
  const hidden = useApp((s) => s.hiddenLanes);
  const shown =
    ZOO_DETECTORS.length - hidden.filter((id) => ZOO_DETECTORS.some((d) => d.id === id)).length;
  return (
    <div className="zoo-lane-controls" role="group" aria-label="Detector lane controls">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={visible}
          onChange={(e) => appStore.getState().setLanesVisible(e.target.checked)}
        />
        Detector lanes
      </label>
      <details className="zoo-lane-picker">
        <summary>
          Choose lanes ({shown}/{ZOO_DETECTORS.length})
        </summary>
        <fieldset className="zoo-lane-list">
          <legend className="zoo-sr-only">Lanes to show</legend>
          {ZOO_DETECTORS.map((d) => (
            <label key={d.id} className="checkbox" title={d.description}>
              <input
                type="checkbox"
                checked={!hidden.includes(d.id)}
                disabled={!visible}
                onChange={(e) => appStore.getState().setLaneHidden(d.id, !e.target.checked)}
              />
              {d.label}
              <span className={`zoo-badge zoo-badge--${d.kind}`}>{d.kind}</span>
            </label>
          ))}
        </fieldset>
      </details>
      {visible ? <LaneKey /> : null}
      {visible && !ready ? (
        <span className="zoo-muted" role="status">
          Running the detector zoo…
        </span>
      ) : null}
    </div>
  );
}
