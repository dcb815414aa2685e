/**
 * The hand-off: a Loopscope config written as the reference's own settings, so a
 * person can apply what they found. The keys and where they apply are docs/detector.md §10: the
 * agent path reads them from `AgentConfig` (overridable through `from_user_params`); the
 * proxy always runs `AgentConfig::default()` and exposes only `loop_guard_mode` and
 * `max_stagnation_steps`.
 */
import type { DetectorConfig } from './config';
import { DEFAULT_GUARD_MODE, GUARD_ACTION } from './guardMode';
import { proxyAppliesLine } from './proxyApplies';

/** `from_user_params` clamps `max_observation_steps` (and `max_stagnation_steps`) to this range. */
export const REFERENCE_STEPS_MIN = 1;
export const REFERENCE_STEPS_MAX = 100; // MAX_OBSERVATION_STEPS_CEILING

function clampNote(key: string, v: number): string | null {
  if (v >= REFERENCE_STEPS_MIN && v <= REFERENCE_STEPS_MAX) return null;
  const to = v < REFERENCE_STEPS_MIN ? REFERENCE_STEPS_MIN : REFERENCE_STEPS_MAX;
  return `Careful: ${key} ${v} is outside [${REFERENCE_STEPS_MIN}, ${REFERENCE_STEPS_MAX}]; from_user_params clamps it, so the agent would run with ${to}, not what Loopscope replayed.`;
}

/** The plain-text notes the export carries: where the settings apply, and any caveat. */
export function referenceSettingsNotes(config: DetectorConfig): string[] {
  const notes = [
    'gglib loop-detection settings, written by Loopscope from the config it replayed.',
    'Where they apply: the agent path (gglib-agent) reads them from AgentConfig (gglib-core); a caller overrides the defaults through AgentConfig::from_user_params.',
    `from_user_params clamps max_observation_steps to [${REFERENCE_STEPS_MIN}, ${REFERENCE_STEPS_MAX}] (MAX_OBSERVATION_STEPS_CEILING) and replaces observation_tools with the list given (an empty list disables read-only classification).`,
    'max_observation_steps null means unset (None): no read-only tier and no rescue by changing answers.',
    'The proxy does not read these: it always uses AgentConfig::default() (max_repeated_batch_steps 2, max_observation_steps 15, the 26 default observation_tools). Its only knobs are loop_guard_mode (off / note / refuse) and max_stagnation_steps.',
  ];
  const obs = config.maxObservationSteps;
  const obsNote = obs === null ? null : clampNote('max_observation_steps', obs);
  if (obsNote !== null) notes.push(obsNote);
  if (config.maxStagnationSteps !== undefined) {
    const stag = clampNote('max_stagnation_steps', config.maxStagnationSteps);
    if (stag !== null) notes.push(stag);
  }
  const mode = config.guardMode ?? DEFAULT_GUARD_MODE;
  notes.push(
    `loop_guard_mode is the proxy's (gglib config settings set --loop-guard-mode ${mode}): in ${mode} mode it ${GUARD_ACTION[mode]}.`,
  );
  const proxy = proxyAppliesLine(config);
  if (proxy !== null) notes.push(`Loopscope replayed these in proxy mode. ${proxy}`);
  return notes;
}

/**
 * The reference settings as a JSON object: `_note` (plain text on where they apply), then
 * `max_repeated_batch_steps`, `max_observation_steps` (null when unset), `observation_tools`
 * `loop_guard_mode` and, when the config sets it, `max_stagnation_steps`. Keys are the reference's own.
 */
export function referenceSettings(config: DetectorConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {
    _note: referenceSettingsNotes(config),
    max_repeated_batch_steps: config.maxRepeatedBatchSteps,
    max_observation_steps: config.maxObservationSteps,
    observation_tools: [...config.observationTools],
    loop_guard_mode: config.guardMode ?? DEFAULT_GUARD_MODE,
  };
  if (config.maxStagnationSteps !== undefined) {
    out['max_stagnation_steps'] = config.maxStagnationSteps;
  }
  return out;
}

/** The file "Export reference settings" saves and `loopscope --export-reference-settings` prints. */
export function formatReferenceSettings(config: DetectorConfig): string {
  return `${JSON.stringify(referenceSettings(config), null, 2)}\n`;
}
