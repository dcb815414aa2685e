/**
 * The replay client's public shapes and small helpers (client.ts holds the state machine):
 * what it needs from a Worker, what it tells its listener, and its options.
 */
import type { Report } from '../detector/index';
import type { PendingBatch } from '../pipeline/index';
import type { FormatId } from '../import/index';
import type { WorkerFailure } from './failure';
import type { Yield } from '../report/lazyReport';
import type { TestFault } from './testFaults';
import type {
  AnalysisError,
  ConversationSummary,
  DetailsResponse,
  LoadPhase,
  TranscriptInput,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

/** What a client needs from a Worker (a fake in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

/** How to import a transcript: the format, the conversation, how to read Cline results. */
export interface LoadChoice {
  readonly format: FormatId | 'auto';
  readonly conversation?: number;
  readonly clineResults?: 'user' | 'tool';
}

/** Detect the format; the first conversation; results as sent. */
export const AUTO_CHOICE: LoadChoice = Object.freeze({ format: 'auto' });

/** A finished analysis: the report for the latest config and the defaults' report. */
export interface AnalysisResult {
  readonly dataVersion: number;
  readonly formatLabel: string;
  /** Every conversation of the file under the latest config, and which one `report` is. */
  readonly conversations: readonly ConversationSummary[];
  readonly conversation: number;
  readonly report: Report;
  readonly defaultReport: Report;
  /** True when this is the first result for a newly loaded transcript. */
  readonly newTranscript: boolean;
  /** The name of the loaded transcript (file name, sample name, "pasted text"). */
  readonly name: string;
  /**
   * Set on a preview of a large file still being read (bytes read of the total): the load's
   * own result follows and extends it. Its `defaultReport` is the report itself.
   */
  readonly preview?: { readonly read: number; readonly total: number };
  /** Set when the load was stopped and kept what it had read (`cancel('read')`). */
  readonly cut?: { readonly read: number; readonly total: number };
  /** A watched file (`load(…, watch)`), which `append` grows. */
  readonly watched?: boolean;
  /** A watched file: the batch at its end whose results are still coming (not in `report`). */
  readonly pending?: PendingBatch | null;
  /** Set on a result of an `append`: what it added, and whether the replay started over. */
  readonly grown?: { readonly newBatches: number; readonly restarted: boolean };
}

/** Where a load stands, for the progress bar. */
export interface LoadProgress {
  readonly name: string;
  readonly phase: LoadPhase;
  /**
   * Bytes read so far and the file's size while `reading`; the text read and its length while
   * `parsing` (when the import can say); null otherwise or unknown.
   */
  readonly done: number | null;
  readonly total: number | null;
  /** The input's size (bytes for files, UTF-16 units for text). */
  readonly size: number;
  /** A large file read in pieces: batches appear as it is read, or only once it is whole. */
  readonly preview?: 'growing' | 'whole';
}

export interface ReplayClientListener {
  /** An analysis request was posted: `load` for a new transcript, `evaluate` for a config. */
  onRunning(kind: 'load' | 'evaluate'): void;
  /** The running load moved on; null when no load runs any more (done, failed, cancelled). */
  onProgress(progress: LoadProgress | null): void;
  onResult(result: AnalysisResult): void;
  /** A load or evaluate failed on its input; the previous result, if any, is still valid. */
  onAnalysisError(error: AnalysisError, requestType: 'load' | 'evaluate'): void;
  onDetails(response: DetailsResponse): void;
  /** A worker failed; `retry()` reloads the transcript it was working on. */
  onWorkerFailed(message: string, failure?: WorkerFailure): void;
}

export interface ReplayClientOptions {
  createWorker?: () => WorkerLike;
  /** Watchdog limits; 0 or less disables one. Defaults scale with the input (failure.ts). */
  loadTimeoutMs?: (size: number) => number;
  evaluateTimeoutMs?: (batches: number) => number;
  /** How unpacking gives the event loop a turn (tests pass an immediate one). */
  yieldNow?: Yield;
  /**
   * A fault for the worker to stage (testFaults.ts). The end-to-end tests' build defaults it
   * from the page's URL; every other build has none.
   */
  fault?: TestFault | null;
  /**
   * Start the next load's worker this many ms after a load ends, so a new transcript does not
   * wait for a worker to boot (its script fetched, compiled and run). Undefined (the default):
   * every load starts its own worker.
   */
  spareWorkerAfterMs?: number;
}

/** A turn of the event loop without setTimeout's clamping. */
export function defaultYield(): Promise<void> {
  const sched = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof sched?.yield === 'function') return sched.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The size a load's watchdog scales with. */
export function inputSize(input: TranscriptInput): number {
  switch (input.kind) {
    case 'text':
      return input.text.length;
    case 'bytes':
      return input.bytes.byteLength;
    case 'blob':
      return input.blob.size;
  }
}

export function errorText(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}
