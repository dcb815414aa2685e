/**
 * The messages between the main thread and the corpus worker (the Corpus tab).
 *
 * The worker imports and prepares each transcript once and keeps the prepared replays, so a
 * config change (`evaluate`) re-runs only the state machine over every cached transcript.
 * Work is cooperative: `cancel` is read between transcripts, and an `evaluate` superseded by
 * a newer one stops early. Replies carry the `requestId` they answer.
 */
import type { CorpusVerdict, DetectorConfig } from '../../detector/index';

/** One file for the corpus: its bytes travel as a Blob handle (read inside the worker). */
export interface CorpusFile {
  /** The client's id for the file, so a row can be traced back to it. */
  readonly fileId: number;
  readonly name: string;
  readonly blob: Blob;
  /**
   * Found in a folder rather than chosen by name: then a file with no conversation in it is
   * skipped, not a failure (`fileCount` of src/import/folder.ts).
   */
  readonly inFolder?: boolean;
}

/** Import, prepare and evaluate files (each may expand into several conversation rows). */
export interface CorpusAddRequest {
  readonly type: 'add';
  readonly requestId: number;
  readonly files: readonly CorpusFile[];
  readonly config: DetectorConfig;
}

/** Re-evaluate every cached transcript under a new config. */
export interface CorpusEvaluateRequest {
  readonly type: 'evaluate';
  readonly requestId: number;
  readonly config: DetectorConfig;
}

/** The text of one conversation line, to open it in the debugger. */
export interface CorpusTextRequest {
  readonly type: 'text';
  readonly requestId: number;
  readonly rowId: string;
}

/** Stop the running add or evaluate at the next transcript boundary. */
export interface CorpusCancelRequest {
  readonly type: 'cancel';
  readonly requestId: number;
}

/** Forget every cached transcript. */
export interface CorpusClearRequest {
  readonly type: 'clear';
  readonly requestId: number;
}

export type CorpusRequest =
  | CorpusAddRequest
  | CorpusEvaluateRequest
  | CorpusTextRequest
  | CorpusCancelRequest
  | CorpusClearRequest;

/** One row as the worker reports it: an imported transcript, or a one-line error. */
export interface CorpusEntry {
  /**
   * `fileId` for a whole file, `fileId:line` for a conversation line, then `#n` for the n-th
   * conversation of a file that holds several.
   */
  readonly rowId: string;
  readonly fileId: number;
  /** Line number for a conversation line of a JSONL-of-conversations file; else null. */
  readonly line: number | null;
  /**
   * Which conversation of a file that holds several (subagents, samples) the row is, and its
   * label; null for a file of one conversation.
   */
  readonly conversation: number | null;
  readonly conversationLabel: string | null;
  readonly name: string;
  readonly format: string | null;
  readonly formatLabel: string | null;
  readonly messages: number;
  readonly warnings: readonly string[];
  /** Under the requested config; null when the import failed. */
  readonly verdict: CorpusVerdict | null;
  /** Under the reference defaults; null when the import failed. */
  readonly defaultVerdict: CorpusVerdict | null;
  readonly error: string | null;
}

/** A config-only re-run's result for one cached row. */
export interface CorpusVerdictUpdate {
  readonly rowId: string;
  readonly verdict: CorpusVerdict;
}

/** Progress of an add (files read) or an evaluate (transcripts re-run). */
export interface CorpusProgressResponse {
  readonly type: 'progress';
  readonly requestId: number;
  readonly done: number;
  readonly total: number;
}

/** New rows of an add, sent as they are ready. */
export interface CorpusRowsResponse {
  readonly type: 'rows';
  readonly requestId: number;
  readonly rows: readonly CorpusEntry[];
}

/** A file of a folder skipped as no transcript: it has no row, and is named apart. */
export interface CorpusSkippedResponse {
  readonly type: 'skipped';
  readonly requestId: number;
  readonly name: string;
}

/** An evaluate's verdicts, all at once (a partial re-run is never shown). */
export interface CorpusEvaluatedResponse {
  readonly type: 'evaluated';
  readonly requestId: number;
  readonly config: DetectorConfig;
  readonly updates: readonly CorpusVerdictUpdate[];
}

/** An add or evaluate finished, was cancelled, or was superseded by a newer evaluate. */
export interface CorpusDoneResponse {
  readonly type: 'done';
  readonly requestId: number;
  readonly outcome: 'complete' | 'cancelled' | 'superseded';
}

/** Reply to `text`. */
export interface CorpusTextResponse {
  readonly type: 'text';
  readonly requestId: number;
  readonly rowId: string;
  readonly name: string;
  /** Null when the row is not a cached conversation line. */
  readonly text: string | null;
}

/** A bug surfaced as an exception; reported, never rethrown. */
export interface CorpusErrorResponse {
  readonly type: 'error';
  readonly requestId: number;
  readonly message: string;
}

export type CorpusResponse =
  | CorpusProgressResponse
  | CorpusRowsResponse
  | CorpusSkippedResponse
  | CorpusEvaluatedResponse
  | CorpusDoneResponse
  | CorpusTextResponse
  | CorpusErrorResponse;
