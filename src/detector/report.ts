// The report: the one shape that leaves the detector core (docs/report.md).
import type { ReplayMode } from './config';
import type { GuardMode } from './guardMode';
import type { LoopCost } from './loopCost';

/**
 * The report: the one shape that leaves the detector core (docs/report.md). The worker
 * sends it to the UI, the CLI prints it with `--json`, the UI exports it. Fields may be
 * added, never renamed or repurposed.
 */
export interface Report {
  readonly schemaVersion: 1;
  readonly source: ReportSource;
  readonly config: ReportConfig;
  readonly batches: readonly BatchReport[];
  readonly firstRefusal: FirstRefusal | null;
  /**
   * What the reference's scan returns first for a request carrying this whole history
   * (docs/detector.md §7.4: stagnation is checked before the loop check).
   */
  readonly referenceVerdict: ReferenceVerdict;
  readonly ledger: Ledger;
  /** What the refused loops cost after the reference refused them (docs/report.md §3.8). */
  readonly loopCost?: LoopCost;
  /**
   * Batches that repeat the batch before them and whose answers differ from its only in runs
   * of digits (a clock, a timestamp, a counter), ascending; absent when there are none
   * (docs/report.md §3.9). What tells a poll from a tool whose answers really change.
   */
  readonly changedInNumbersOnly?: readonly number[];
  readonly timing: { readonly importMs: number; readonly replayMs: number };
}

export interface ReportSource {
  /** Detected or forced input format id, e.g. `openai-chat`. */
  readonly format: string;
  /** Messages after import. */
  readonly messages: number;
  /** Import warnings: what changes the verdict or hides calls (docs/report.md §3.1). */
  readonly warnings: readonly string[];
  /**
   * Import notes: handling that changes nothing the detector sees (src/import/notes.ts).
   * Absent in a report written before notes were told apart.
   */
  readonly notes?: readonly string[];
  /** Whether the reference proxy would scan this body, or fail open and why (docs/detector.md §7.1). */
  readonly referenceScan: 'scanned' | { readonly failOpen: string };
  /** The tool-call census of the whole file (docs/report.md §3.1), when the import took one. */
  readonly census?: ReportCensus;
}

/** How many tool calls the file holds, by dialect, and the first the import did not read. */
interface ReportCensus {
  readonly toolCalls: number;
  readonly byDialect: Readonly<Record<string, number>>;
  readonly unread: readonly {
    readonly dialect: string;
    readonly path: string;
    readonly name: string;
  }[];
  /** Set when the file was read by shape: the dialects read, the importer it stood in for. */
  readonly readByShape?: { readonly dialects: readonly string[]; readonly instead: string | null };
}

export interface ReportConfig {
  readonly mode: ReplayMode;
  readonly maxRepeatedBatchSteps: number;
  readonly maxObservationSteps: number | null;
  readonly observationTools: readonly string[];
  /** `max_stagnation_steps` the stagnation detector ran with (docs/detector.md §11). */
  readonly maxStagnationSteps: number;
  /** Agent mode only: `max_iterations` and `max_parallel_tools` (docs/detector.md §9). */
  readonly maxIterations?: number;
  readonly maxParallelTools?: number;
  /** `loop_guard_mode` the verdicts are told for; absent in reports written before it. */
  readonly guardMode?: GuardMode;
}

/** The reference's first verdict over the whole history. */
export type ReferenceVerdict =
  | { readonly kind: 'pass' }
  | { readonly kind: 'loop'; readonly batchIndex: number }
  | {
      readonly kind: 'stagnation';
      readonly messageIndex: number;
      readonly count: number;
      readonly maxSteps: number;
      /** The reference's stagnation note (docs/detector.md §8.3). */
      readonly note: string;
      /** The reference's stagnation 400 message (docs/detector.md §8.4). */
      readonly error400: string;
    };

export interface CallReport {
  readonly id: string;
  readonly name: string;
  /** Per-call signature `name:hhhhhhhhhhhhhhhh` (docs/detector.md §3.3). */
  readonly signature: string;
}

export type RepeatOutcome =
  'not-comparable' | 'answer-repeated' | 'answer-changed' | 'not-the-current-run';

export type RefusalReason = 'strikes' | 'ceiling';

/** What started a batch's run; `null` when the batch continues the previous run. */
export type BreakBefore =
  'start' | 'signature' | 'user' | 'system' | 'developer' | 'other-role' | null;

export interface BatchReport {
  /** 0-based ordinal among batches. */
  readonly index: number;
  /** Index of the assistant message in the imported messages. */
  readonly messageIndex: number;
  readonly calls: readonly CallReport[];
  /** Batch signature (docs/detector.md §3.3). */
  readonly signature: string;
  /** is_observation_batch. */
  readonly observation: boolean;
  /** is_costly_batch. */
  readonly costly: boolean;
  /** effective_max for this batch. */
  readonly threshold: number;
  /** max(observation_max, strikes). */
  readonly ceiling: number;
  /** Ceiling waived. */
  readonly exempt: boolean;
  /** Run count compared at check (after the increment). */
  readonly count: number;
  /** Run total compared at check (after the increment). */
  readonly total: number;
  /** The answers hash could be joined. */
  readonly answersKnown: boolean;
  readonly outcome: RepeatOutcome;
  /** check() failed for this occurrence. */
  readonly refused: boolean;
  /** `strikes` (count > threshold), `ceiling` (total > ceiling, not exempt), or null. */
  readonly reason: RefusalReason | null;
  /** total > threshold but not refused. */
  readonly rescued: boolean;
  /** Ledger bit (docs/detector.md §7.7). */
  readonly identicalResultRepeat: boolean;
  /** Ledger bit (docs/detector.md §7.7). */
  readonly repeatNotEvaluated: boolean;
  readonly breakBefore: BreakBefore;
  /** Agent mode only: what gglib's agent loop did with this batch (docs/report.md §2). */
  readonly agent?: AgentStep;
}

/** How a run of the agent loop ended (docs/detector.md §9). */
export type RunEnd =
  'final-answer' | 'refusal' | 'stagnation' | 'internal-error' | 'max-iterations';

/**
 * What the agent loop did with one batch: `checked` by the guards; `overflow`, more calls than
 * `max_parallel_tools`, answered with synthetic errors and not checked; `internal-error`,
 * arguments serde_json rejects, which end the run; `outside`, a batch no run of the loop can
 * produce, because the run before it had ended (`runEnded`: how, and at which message).
 */
export interface AgentStep {
  readonly step: 'checked' | 'overflow' | 'internal-error' | 'outside';
  readonly runEnded?: { readonly by: RunEnd; readonly messageIndex: number };
}

export interface FirstRefusal {
  readonly batchIndex: number;
  readonly messageIndex: number;
  readonly signature: string;
  readonly reason: RefusalReason;
  /** The note the reference appends in `note` mode (docs/detector.md §8.3). */
  readonly note: string;
  /** The message of the reference's HTTP 400 body in `refuse` mode (docs/detector.md §8.4). */
  readonly error400: string;
  /**
   * What the proxy does with it under the config's `loop_guard_mode`: `off` forwards it
   * untouched, `note` forwards it with `note` appended, `refuse` answers 400 with `error400`.
   * Absent in reports written before it.
   */
  readonly action?: GuardMode;
}

interface Ledger {
  readonly identicalResultRepeats: number;
  readonly repeatsNotEvaluated: number;
  readonly repeatsRescued: number;
}
