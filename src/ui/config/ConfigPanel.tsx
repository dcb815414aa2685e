// The detector config panel: mode, thresholds and observation tools, each a labelled control.
import { lazy, memo, Suspense, useId, useState } from 'react';
import { DEFAULT_CONFIG, type ReplayMode } from '../../detector/config';
import { DEFAULT_GUARD_MODE } from '../../detector/guardMode';
import type { ProxyFixedField } from '../../detector/proxyApplies';
import {
  OBSERVATION_MAX,
  OBSERVATION_MIN,
  STRIKES_MAX,
  STRIKES_MIN,
} from '../../state/configCodec';
import { actions, useConfig } from '../../state/appStore';
import { GuardModeField } from './GuardModeField';
import { AgentLimitsFields } from './AgentLimitsFields';
import { NumberField } from './NumberField';
import { PatternListEditor } from './PatternListEditor';
import { ReferenceExportButton } from './ReferenceExportButton';
import { OBSERVATION_TOOLS_SOURCE, observationSource, strikesSource } from './settingSources';
import type { VerdictDiff } from './verdictDiff';

// Its rules and the agents' tool lists are read only once a transcript is in: off the first script.
const PatternWarnings = lazy(() =>
  import('./PatternWarnings').then((m) => ({ default: m.PatternWarnings })),
);
// A note that shows only once a threshold leaves its default: its sentences load after the
// first screen, well before a change can need them.
const LazyProxyApplies = lazy(() =>
  import('./ProxyApplies').then((m) => ({ default: m.ProxyApplies })),
);
function ProxyApplies({ field }: { field: ProxyFixedField }) {
  return (
    <Suspense fallback={null}>
      <LazyProxyApplies field={field} />
    </Suspense>
  );
}
import { ZooParamsSection } from '../zoo/ZooParamsSection';

const MODES: readonly { id: ReplayMode; label: string; hint: string }[] = [
  {
    id: 'proxy',
    label: 'proxy',
    hint: 'one detector over the whole history; every non-tool turn breaks a run',
  },
  {
    id: 'agent',
    label: 'agent',
    hint: 'gglib’s agent loop: a run per user message, ended by its final answer, a refusal, an error or max_iterations',
  },
];

function ModeGroup() {
  const config = useConfig();
  const name = useId();
  return (
    <fieldset className="field">
      <legend className="field__label">Replay mode</legend>
      <div role="radiogroup" aria-label="Replay mode" className="radio-row">
        {MODES.map((m) => (
          <label key={m.id} className="radio" title={m.hint}>
            <input
              type="radio"
              name={name}
              value={m.id}
              checked={config.mode === m.id}
              onChange={() => actions.setConfig({ mode: m.id })}
            />
            <span className="mono">{m.label}</span>
          </label>
        ))}
      </div>
      <p className="field__hint">{MODES.find((m) => m.id === config.mode)?.hint}</p>
    </fieldset>
  );
}

function ObservationField() {
  const config = useConfig();
  const unset = config.maxObservationSteps === null;
  // Remembered so that unticking "unset" restores what the user had.
  const [last, setLast] = useState(
    config.maxObservationSteps ?? DEFAULT_CONFIG.maxObservationSteps ?? 15,
  );
  if (config.maxObservationSteps !== null && config.maxObservationSteps !== last) {
    setLast(config.maxObservationSteps);
  }
  return (
    <div className="field-group">
      <NumberField
        label="max_observation_steps"
        hint={`${
          unset ? 'Unset: no read-only tier, no rescue.' : 'Read-only threshold and the ceiling.'
        } ${observationSource(config.maxObservationSteps)}`}
        value={last}
        min={OBSERVATION_MIN}
        max={OBSERVATION_MAX}
        disabled={unset}
        onChange={(v) => actions.setConfig({ maxObservationSteps: v })}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={unset}
          onChange={(e) =>
            actions.setConfig({ maxObservationSteps: e.target.checked ? null : last })
          }
        />
        unset
      </label>
    </div>
  );
}

/** Reads a config exported by "Export config" (or written for the CLI), validated like the URL. */
function ImportConfigButton() {
  const id = useId();
  return (
    <span className="file-button">
      <input
        id={id}
        type="file"
        accept=".json,application/json"
        className="visually-hidden-input"
        aria-label="Import config…"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file === undefined) return;
          void file.text().then((text) => actions.importConfig(text, file.name));
        }}
      />
      <label htmlFor={id} className="button button--small" aria-hidden="true">
        Import…
      </label>
    </span>
  );
}

/** The live detector config: every change re-runs the replay at once (latest wins). */
function ConfigPanelImpl({ diff }: { diff: VerdictDiff | null }) {
  const config = useConfig();
  const isDefault =
    config.mode === DEFAULT_CONFIG.mode &&
    (config.guardMode ?? DEFAULT_GUARD_MODE) === DEFAULT_GUARD_MODE &&
    config.maxRepeatedBatchSteps === DEFAULT_CONFIG.maxRepeatedBatchSteps &&
    config.maxObservationSteps === DEFAULT_CONFIG.maxObservationSteps &&
    config.observationTools.length === DEFAULT_CONFIG.observationTools.length &&
    config.observationTools.every((t, i) => t === DEFAULT_CONFIG.observationTools[i]);
  return (
    <section className="config-panel" aria-labelledby="config-title">
      <div className="section-head">
        <h2 id="config-title" className="section-title">
          Config
        </h2>
        <span className="row-gap">
          <ImportConfigButton />
          <button
            type="button"
            className="button button--small"
            disabled={isDefault}
            onClick={actions.resetConfig}
          >
            Reset all
          </button>
        </span>
      </div>
      <p className="verdict-diff" role="status" aria-label="Verdict changes">
        {isDefault ? 'Reference defaults.' : (diff?.sentence ?? 'Changed from the defaults.')}
      </p>
      <NumberField
        label="max_repeated_batch_steps"
        hint={`Strike threshold: identical batches with identical answers allowed. ${strikesSource(config.maxRepeatedBatchSteps)}`}
        value={config.maxRepeatedBatchSteps}
        min={STRIKES_MIN}
        max={STRIKES_MAX}
        onChange={(v) => actions.setConfig({ maxRepeatedBatchSteps: v })}
      />
      <ProxyApplies field="maxRepeatedBatchSteps" />
      <ObservationField />
      <ProxyApplies field="maxObservationSteps" />
      <ModeGroup />
      <GuardModeField />
      <AgentLimitsFields config={config} />
      <PatternListEditor
        patterns={config.observationTools}
        onChange={(observationTools) => actions.setConfig({ observationTools })}
      />
      <ProxyApplies field="observationTools" />
      <p className="field__hint">{OBSERVATION_TOOLS_SOURCE}</p>
      <Suspense fallback={null}>
        <PatternWarnings />
      </Suspense>
      <div className="row-gap">
        <ReferenceExportButton />
      </div>
      <ZooParamsSection />
    </section>
  );
}

/** Memoised: the parent re-renders on every status change; equal props skip this subtree. */
export const ConfigPanel = memo(ConfigPanelImpl);
