/**
 * How the analysis worker can fail, in words a person can act on, and how long it may run.
 * Pure (no DOM, no worker globals): shared by the client and its tests.
 */

/** Why the worker was given up on. */
type WorkerFailureKind = 'crashed' | 'out-of-memory' | 'timeout' | 'not-started';

export interface WorkerFailure {
  readonly kind: WorkerFailureKind;
  /** One plain sentence for the UI. */
  readonly message: string;
}

/**
 * What JavaScript engines say when an allocation fails: V8's RangeErrors for buffers,
 * strings and arrays past their limits, and Firefox's "out of memory".
 */
const OOM =
  /out of memory|allocation failed|invalid (?:array buffer|typed array|string|array) length|heap limit/i;

/** Whether an error text describes memory running out. */
function isOutOfMemory(text: string): boolean {
  return OOM.test(text);
}

/** The failure for an exception or error event text from the worker. */
export function failureFromError(text: string): WorkerFailure {
  const detail = text.replace(/^Uncaught\s+/, '').trim();
  if (isOutOfMemory(detail)) {
    return { kind: 'out-of-memory', message: 'The analysis worker ran out of memory.' };
  }
  return {
    kind: 'crashed',
    message: `The analysis worker crashed: ${detail === '' ? 'unknown error' : detail}.`,
  };
}

/** The failure for a worker stopped by the watchdog after `ms`. */
export function timeoutFailure(ms: number): WorkerFailure {
  return {
    kind: 'timeout',
    message: `The analysis worker took longer than ${Math.round(ms / 1000)} s and was stopped.`,
  };
}

/** The failure for a worker whose script never ran (blocked, missing, refused by CSP). */
export function notStartedFailure(detail: string): WorkerFailure {
  const why = detail.trim() === '' ? 'its script could not be loaded' : detail.trim();
  return { kind: 'not-started', message: `The analysis worker could not start: ${why}.` };
}

/** Limits scale with the input so a slow machine with a huge file is not cut off early. */
const BASE_MS = 10_000;
// Generous per MB: a 100 MB file may take a minute on a busy two-core machine.
const LOAD_MS_PER_MB = 3_000;
const EVALUATE_MS_PER_10K_BATCHES = 1_000;

/** How long loading a transcript of `bytes` (UTF-16 units for text) may take. */
export function loadTimeoutMs(bytes: number): number {
  return BASE_MS + Math.ceil(Math.max(0, bytes) / 1_048_576) * LOAD_MS_PER_MB;
}

/** How long a config re-run over `batches` batches may take. */
export function evaluateTimeoutMs(batches: number): number {
  return BASE_MS + Math.ceil(Math.max(0, batches) / 10_000) * EVALUATE_MS_PER_10K_BATCHES;
}
