/**
 * The hand-off: a Loopscope config written as the reference's own settings, so a
 * person can apply what they found. Where gglib takes each one is docs/detector.md §10, from its
 * code: the strikes nowhere (fixed at 2 on both paths); `observation_tools`,
 * `max_observation_steps`, `max_iterations` and `max_parallel_tools` on the agent path, through
 * `AgentConfig::from_user_params`; `max_stagnation_steps` from stored settings on both paths.
 */
import {
  DEFAULT_CONFIG,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_PARALLEL_TOOLS,
  MAX_ITERATIONS_CEILING,
  MAX_PARALLEL_TOOLS_CEILING,
  type DetectorConfig,
} from './config';
import { DEFAULT_GUARD_MODE, GUARD_ACTION } from './guardMode';
import { proxyAppliesLine } from './proxyApplies';

/** `from_user_params` clamps `max_observation_steps` (and `max_stagnation_steps`) to this range. */
export const REFERENCE_STEPS_MIN = 1;
export const REFERENCE_STEPS_MAX = 100; // MAX_OBSERVATION_STEPS_CEILING, MAX_STAGNATION_STEPS_CEILING

function clampNote(key: string, v: number, max = REFERENCE_STEPS_MAX): string | null {
  if (v >= REFERENCE_STEPS_MIN && v <= max) return null;
  const to = v < REFERENCE_STEPS_MIN ? REFERENCE_STEPS_MIN : max;
  return `Careful: ${key} ${v} is outside [${REFERENCE_STEPS_MIN}, ${max}]; from_user_params clamps it, so gglib would run with ${to}, not what Loopscope replayed.`;
}

/** The plain-text notes the export carries: where each setting applies, and any caveat. */
export function referenceSettingsNotes(config: DetectorConfig): string[] {
  const notes = [
    'gglib loop-detection settings, written by Loopscope from the config it replayed.',
    'max_repeated_batch_steps (the strikes) is set nowhere: AgentConfig::default() fixes it at 2 on both paths; from_user_params has no parameter for it and the agent chat request leaves it out.',
    `Agent path (gglib-agent): observation_tools and max_observation_steps come through AgentConfig::from_user_params, which replaces observation_tools with the list given (an empty list disables read-only classification) and clamps max_observation_steps to [${REFERENCE_STEPS_MIN}, ${REFERENCE_STEPS_MAX}] (MAX_OBSERVATION_STEPS_CEILING); it cannot be unset there (None keeps 15). max_iterations (default ${DEFAULT_MAX_ITERATIONS}, clamped to [1, ${MAX_ITERATIONS_CEILING}]) and max_parallel_tools (default ${DEFAULT_MAX_PARALLEL_TOOLS}, clamped to [1, ${MAX_PARALLEL_TOOLS_CEILING}]) come the same way.`,
    `Both paths: max_stagnation_steps comes from the stored settings, clamped to [${REFERENCE_STEPS_MIN}, ${REFERENCE_STEPS_MAX}].`,
    'The proxy does not read these others: it always uses AgentConfig::default() (max_repeated_batch_steps 2, max_observation_steps 15, the 26 default observation_tools). Its only knobs are loop_guard_mode (off / note / refuse) and max_stagnation_steps.',
  ];
  const obs = config.maxObservationSteps;
  if (obs === null) {
    notes.push(
      'max_observation_steps null (unset) is a what-if: gglib cannot run without it on either path.',
    );
  } else {
    const obsNote = clampNote('max_observation_steps', obs);
    if (obsNote !== null) notes.push(obsNote);
  }
  if (config.maxStagnationSteps !== undefined) {
    const stag = clampNote('max_stagnation_steps', config.maxStagnationSteps);
    if (stag !== null) notes.push(stag);
  }
  if (config.maxRepeatedBatchSteps !== DEFAULT_CONFIG.maxRepeatedBatchSteps) {
    notes.push(
      `max_repeated_batch_steps ${config.maxRepeatedBatchSteps} is a what-if: gglib runs with 2 on both paths and takes no other value.`,
    );
  }
  if (config.mode === 'agent') {
    const it = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    const itNote = clampNote('max_iterations', it, MAX_ITERATIONS_CEILING);
    if (itNote !== null) notes.push(itNote);
    const par = config.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS;
    const parNote = clampNote('max_parallel_tools', par, MAX_PARALLEL_TOOLS_CEILING);
    if (parNote !== null) notes.push(parNote);
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
  if (config.mode === 'agent') {
    out['max_iterations'] = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    out['max_parallel_tools'] = config.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS;
  }
  return out;
}

/** The file "Export reference settings" saves and `loopscope --export-reference-settings` prints. */
export function formatReferenceSettings(config: DetectorConfig): string {
  return `${JSON.stringify(referenceSettings(config), null, 2)}\n`;
}
