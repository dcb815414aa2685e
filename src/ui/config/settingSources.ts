/**
 * Where gglib takes each setting, as its code does (docs/detector.md §10), and what a value
 * outside what it accepts means: such values stay possible, as what-if replays, and say so.
 */
import {
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_PARALLEL_TOOLS,
  MAX_ITERATIONS_CEILING,
  MAX_PARALLEL_TOOLS_CEILING,
} from '../../detector/config';

const STEPS_MAX = 100;

/** `max_repeated_batch_steps`: fixed at 2 by `AgentConfig::default()`, on both paths. */
export function strikesSource(v: number): string {
  const where = 'gglib takes it from nowhere: fixed at 2 on both paths.';
  return v === 2 ? where : `${where} ${v} is a what-if gglib cannot run.`;
}

/** `max_observation_steps`: agent path, through `from_user_params`, clamped to 1–100. */
export function observationSource(v: number | null): string {
  const where = `Agent path: from_user_params, 1–${STEPS_MAX}, never unset (the proxy keeps 15).`;
  if (v === null) return `${where} Unset is a what-if gglib cannot run.`;
  if (v < 1 || v > STEPS_MAX) {
    return `${where} ${v} is a what-if: gglib would clamp it to ${v < 1 ? 1 : STEPS_MAX}.`;
  }
  return where;
}

/** `observation_tools`: agent path, through `from_user_params`, which replaces the list. */
export const OBSERVATION_TOOLS_SOURCE =
  'Agent path: from_user_params replaces the whole list (the proxy keeps the 26 defaults).';

function limitSource(what: string, v: number, dflt: number, ceiling: number): string {
  const where = `Agent path only: from_user_params, 1–${ceiling} (default ${dflt}). ${what}`;
  if (v >= 1 && v <= ceiling) return where;
  return `${where} ${v} is a what-if: gglib would clamp it to ${v < 1 ? 1 : ceiling}.`;
}

/** `max_iterations`: responses per run; past them the run ends with MaxIterationsReached. */
export function iterationsSource(v: number): string {
  return limitSource(
    'Past it the run ends (MaxIterationsReached).',
    v,
    DEFAULT_MAX_ITERATIONS,
    MAX_ITERATIONS_CEILING,
  );
}

/** `max_parallel_tools`: a larger batch gets synthetic errors and is not checked. */
export function parallelToolsSource(v: number): string {
  return limitSource(
    'A larger batch gets synthetic errors and is not checked.',
    v,
    DEFAULT_MAX_PARALLEL_TOOLS,
    MAX_PARALLEL_TOOLS_CEILING,
  );
}
