/**
 * Where a changed threshold applies when the replay is the proxy's (docs/detector.md §10):
 * gglib's proxy always runs `AgentConfig::default()`, so a threshold changed in proxy mode is
 * something the proxy cannot be given. These sentences say so beside the field, and in one
 * line wherever a config is shown (the Sweep, the Corpus, the exports, the CLI summary).
 */
import { DEFAULT_CONFIG, DEFAULT_OBSERVATION_TOOLS, type DetectorConfig } from './config';

/** The thresholds the proxy fixes. */
export type ProxyFixedField = 'maxRepeatedBatchSteps' | 'maxObservationSteps' | 'observationTools';

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The fixed thresholds this config changes, in panel order; empty outside proxy mode. */
export function proxyChangedFields(config: DetectorConfig): ProxyFixedField[] {
  if (config.mode !== 'proxy') return [];
  const out: ProxyFixedField[] = [];
  if (config.maxRepeatedBatchSteps !== DEFAULT_CONFIG.maxRepeatedBatchSteps) {
    out.push('maxRepeatedBatchSteps');
  }
  if (config.maxObservationSteps !== DEFAULT_CONFIG.maxObservationSteps) {
    out.push('maxObservationSteps');
  }
  if (!sameList(config.observationTools, DEFAULT_OBSERVATION_TOOLS)) out.push('observationTools');
  return out;
}

/**
 * The sentence beside one field, or null when the field is at its default or the mode is not
 * the proxy's: that the proxy cannot be given the value, and what replaying it shows.
 */
export function proxyFieldNote(config: DetectorConfig, field: ProxyFixedField): string | null {
  if (!proxyChangedFields(config).includes(field)) return null;
  const strikes = DEFAULT_CONFIG.maxRepeatedBatchSteps;
  const obs = DEFAULT_CONFIG.maxObservationSteps;
  switch (field) {
    case 'maxRepeatedBatchSteps':
      return `gglib's proxy cannot be given max_repeated_batch_steps ${config.maxRepeatedBatchSteps}: it always runs ${strikes}, and no gglib path takes another value. Replaying ${config.maxRepeatedBatchSteps} shows what a guard with that many strikes would do, not what gglib does.`;
    case 'maxObservationSteps': {
      const v = config.maxObservationSteps;
      return v === null
        ? `gglib's proxy cannot be given an unset max_observation_steps: it always runs ${obs}. Replaying it unset shows a guard with no read-only tier and no rescue, which the proxy never runs.`
        : `gglib's proxy cannot be given max_observation_steps ${v}: it always runs ${obs}. Replaying ${v} shows what gglib's agent path would do with it (from_user_params takes 1–100), not the proxy.`;
    }
    case 'observationTools':
      return `gglib's proxy cannot be given another observation_tools list: it always runs the ${DEFAULT_OBSERVATION_TOOLS.length} default patterns. Replaying this list shows what gglib's agent path would do with it (from_user_params replaces the list), not the proxy.`;
  }
}

const KEY: Readonly<Record<ProxyFixedField, string>> = {
  maxRepeatedBatchSteps: 'max_repeated_batch_steps',
  maxObservationSteps: 'max_observation_steps',
  observationTools: 'observation_tools',
};

/**
 * The one line for a whole config, or null when nothing the proxy fixes was changed (or the
 * mode is the agent path's): which settings the proxy cannot be given, and what the replay
 * shows instead.
 */
export function proxyAppliesLine(config: DetectorConfig): string | null {
  const changed = proxyChangedFields(config);
  if (changed.length === 0) return null;
  const names = changed.map((f) => KEY[f]);
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `gglib's proxy cannot be given ${list} as replayed here: it always runs the defaults (strikes ${DEFAULT_CONFIG.maxRepeatedBatchSteps}, observation ${DEFAULT_CONFIG.maxObservationSteps}, the ${DEFAULT_OBSERVATION_TOOLS.length} patterns); this replay shows what a guard set so would do, not what the proxy does.`;
}

/** For the Sweep: in proxy mode only the defaults' cell is what gglib's proxy runs. */
export const PROXY_SWEEP_NOTE = `gglib's proxy runs only the cell strikes ${DEFAULT_CONFIG.maxRepeatedBatchSteps} × observation ${DEFAULT_CONFIG.maxObservationSteps}: it cannot be given other thresholds. The other cells show what a guard set so would do; gglib's agent path takes max_observation_steps 1–100, and no path takes other strikes.`;
