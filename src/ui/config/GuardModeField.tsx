// The loop_guard_mode choice in the config panel.
import { useId } from 'react';
import { DEFAULT_GUARD_MODE, GUARD_ACTION, GUARD_MODES } from '../../detector/guardMode';
import { actions, useConfig } from '../../state/appStore';

/**
 * `loop_guard_mode`, the proxy's own knob: what gglib does when the guard fires. It changes no
 * verdict, only what each refusal says gglib sends.
 */
export function GuardModeField() {
  const config = useConfig();
  const name = useId();
  const mode = config.guardMode ?? DEFAULT_GUARD_MODE;
  return (
    <fieldset className="field">
      <legend className="field__label mono">loop_guard_mode</legend>
      <div role="radiogroup" aria-label="loop_guard_mode" className="radio-row">
        {GUARD_MODES.map((m) => (
          <label key={m} className="radio" title={`gglib ${GUARD_ACTION[m]}`}>
            <input
              type="radio"
              name={name}
              value={m}
              checked={mode === m}
              onChange={() => actions.setConfig({ guardMode: m })}
            />
            <span className="mono">{m}</span>
          </label>
        ))}
      </div>
      <p className="field__hint">
        When the guard fires, gglib’s proxy {GUARD_ACTION[mode]}
        {mode === DEFAULT_GUARD_MODE ? ' (its default)' : ''}.
        {config.mode === 'agent'
          ? ' The agent path has no such mode: a loop ends its run with an error.'
          : ''}
      </p>
    </fieldset>
  );
}
