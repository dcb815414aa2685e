// The peer detectors' parameters, loaded when their section is first opened.
import { useId } from 'react';
import { useWholeNumber } from '../config/useWholeNumber';
import type { ParamSpec, ZooLane } from '../../zoo/index';
import { laneWords } from '../../zoo/laneWords';
import { ZOO_LANES } from '../../zoo/lanes';
import { actions, useAnyZooOverride, useZooOverrides } from '../../state/appStore';

/** A 0/1 parameter is a toggle. */
function isToggle(p: ParamSpec): boolean {
  return p.min === 0 && p.max === 1;
}

interface FieldProps {
  detector: ZooLane;
  spec: ParamSpec;
  /** The parameter's label (laneWords.ts). */
  label: string;
  value: number;
}

/** A labelled integer input; half-typed or out-of-range drafts never reach the worker. */
function ParamNumber({ detector, spec, label, value }: FieldProps) {
  const id = useId();
  const { draft, valid, onChange, onBlur } = useWholeNumber(value, spec.min, spec.max, (v) =>
    actions.setZooParam(detector.id, spec.id, v),
  );
  return (
    <div className="zoo-param">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={spec.min}
        max={spec.max}
        step={1}
        value={draft}
        aria-label={`${detector.label}: ${label}`}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint`}
        onChange={onChange}
        onBlur={onBlur}
      />
      <span id={`${id}-hint`} className={valid ? 'zoo-hint' : 'zoo-hint zoo-hint--error'}>
        {valid
          ? `${spec.min}–${spec.max}, default ${spec.default}`
          : `A whole number from ${spec.min} to ${spec.max}.`}
      </span>
    </div>
  );
}

function ParamToggle({ detector, spec, label, value }: FieldProps) {
  return (
    <label className="checkbox zoo-param-toggle">
      <input
        type="checkbox"
        checked={value === 1}
        aria-label={`${detector.label}: ${label}`}
        onChange={(e) => actions.setZooParam(detector.id, spec.id, e.target.checked ? 1 : 0)}
      />
      {label}
    </label>
  );
}

function DetectorParams({ detector }: { detector: ZooLane }) {
  const overrides = useZooOverrides(detector.id);
  const words = laneWords(detector.id);
  const changed =
    overrides !== undefined &&
    detector.params.some((p) => (overrides[p.id] ?? p.default) !== p.default);
  return (
    <fieldset className="zoo-detector">
      <legend>
        {detector.label}{' '}
        <span className={`zoo-badge zoo-badge--${detector.kind}`}>{detector.kind}</span>
      </legend>
      <p className="zoo-hint">{words.description}</p>
      {words.cannotSee !== undefined && <p className="zoo-hint">Cannot see: {words.cannotSee}</p>}
      {detector.params.map((p) => {
        const value = overrides?.[p.id] ?? p.default;
        const label = words.params[p.id] ?? p.id;
        return isToggle(p) ? (
          <ParamToggle key={p.id} detector={detector} spec={p} label={label} value={value} />
        ) : (
          <ParamNumber key={p.id} detector={detector} spec={p} label={label} value={value} />
        );
      })}
      <button
        type="button"
        className="button button--small"
        disabled={!changed}
        aria-label={`Reset ${detector.label}`}
        onClick={() => actions.resetZooParams(detector.id)}
      >
        Reset
      </button>
    </fieldset>
  );
}

/** The "Peer detectors" section's content: every zoo lane's words and parameters. */
export function ZooParams() {
  const any = useAnyZooOverride();
  return (
    <>
      <p className="zoo-hint">
        Parameters of the detector lanes under the timeline. Changing one re-runs the zoo; the
        reference detector is not affected.
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={!any}
        onClick={() => actions.resetZooParams()}
      >
        Reset all detectors
      </button>
      {ZOO_LANES.map((d) => (
        <DetectorParams key={d.id} detector={d} />
      ))}
    </>
  );
}
