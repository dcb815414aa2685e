// The detector's settings and their defaults, as gglib ships them.
import { DEFAULT_GUARD_MODE, type GuardMode } from './guardMode';

/** Replay mode: the proxy's history scan, or the agent path (a fresh detector per user turn). */
export type ReplayMode = 'proxy' | 'agent';

/** The detector settings a replay runs with (docs/detector.md §10, docs/report.md §3.2). */
export interface DetectorConfig {
  readonly mode: ReplayMode;
  /** `max_repeated_batch_steps`: the strike threshold. */
  readonly maxRepeatedBatchSteps: number;
  /** `max_observation_steps`: the observation threshold and the ceiling; `null` = unset. */
  readonly maxObservationSteps: number | null;
  /** `observation_tools`: substring patterns that classify a call as read-only. */
  readonly observationTools: readonly string[];
  /**
   * `max_stagnation_steps` (docs/detector.md §11), used only for `Report.referenceVerdict`;
   * absent = `DEFAULT_MAX_STAGNATION_STEPS`.
   */
  readonly maxStagnationSteps?: number;
  /** Agent mode only: `max_iterations`, responses per run; absent = `DEFAULT_MAX_ITERATIONS`. */
  readonly maxIterations?: number;
  /** Agent mode only: `max_parallel_tools`; absent = `DEFAULT_MAX_PARALLEL_TOOLS`. */
  readonly maxParallelTools?: number;
  /** `loop_guard_mode`: what the proxy does with a trip; absent = `note` (docs/detector.md §8.1). */
  readonly guardMode?: GuardMode;
}

/**
 * The reference's 26 default `observation_tools`, in its order (docs/detector.md §10): the
 * newest list found, mmogr/gglib `crates/gglib-core/src/domain/agent/config.rs` at 1e33f2cd
 * (the five browser patterns of cb574b37 plus the read-only tools coding agents repeat).
 */
export const DEFAULT_OBSERVATION_TOOLS: readonly string[] = Object.freeze([
  'snapshot',
  'screenshot',
  'read_page',
  'navigate',
  'click',
  'read_file',
  'read_text_file',
  'read_media_file',
  'read_multiple_files',
  'list_dir',
  'list_files',
  'list_allowed_directories',
  'directory_tree',
  'file_search',
  'grep_search',
  'search_files',
  'semantic_search',
  'codebase_search',
  'test_search',
  'get_file_info',
  'get_errors',
  'get_changed_files',
  'get_terminal_output',
  'list_code_usages',
  'list_code_definition_names',
  'fetch_webpage',
]);

/** The reference's defaults: strikes 2, observation 15, the 26 patterns, proxy mode. */
export const DEFAULT_CONFIG: DetectorConfig = Object.freeze({
  mode: 'proxy',
  maxRepeatedBatchSteps: 2,
  maxObservationSteps: 15,
  observationTools: DEFAULT_OBSERVATION_TOOLS,
});

/** The reference's default `max_stagnation_steps` (docs/detector.md §10, §11). */
export const DEFAULT_MAX_STAGNATION_STEPS = 5;

/** gglib's `DEFAULT_MAX_ITERATIONS` and `MAX_ITERATIONS_CEILING` (agent path, docs/detector.md §10). */
export const DEFAULT_MAX_ITERATIONS = 25;
export const MAX_ITERATIONS_CEILING = 50;
/** gglib's `DEFAULT_MAX_PARALLEL_TOOLS` and `MAX_PARALLEL_TOOLS_CEILING` (docs/detector.md §10). */
export const DEFAULT_MAX_PARALLEL_TOOLS = 25;
export const MAX_PARALLEL_TOOLS_CEILING = 50;

/** Whether two configs give the same report (an absent stagnation limit is the default). */
export function sameConfig(a: DetectorConfig, b: DetectorConfig): boolean {
  return (
    a.mode === b.mode &&
    a.maxRepeatedBatchSteps === b.maxRepeatedBatchSteps &&
    a.maxObservationSteps === b.maxObservationSteps &&
    (a.maxStagnationSteps ?? DEFAULT_MAX_STAGNATION_STEPS) ===
      (b.maxStagnationSteps ?? DEFAULT_MAX_STAGNATION_STEPS) &&
    (a.maxIterations ?? DEFAULT_MAX_ITERATIONS) === (b.maxIterations ?? DEFAULT_MAX_ITERATIONS) &&
    (a.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS) ===
      (b.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS) &&
    (a.guardMode ?? DEFAULT_GUARD_MODE) === (b.guardMode ?? DEFAULT_GUARD_MODE) &&
    a.observationTools.length === b.observationTools.length &&
    a.observationTools.every((t, i) => t === b.observationTools[i])
  );
}
