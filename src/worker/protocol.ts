/**
 * The messages between the main thread and the replay worker, as typed data.
 *
 * Shape (after TanStack Table's tableWorkerProtocol): the transcript crosses once per
 * `dataVersion` in a `load` request; later `evaluate` requests carry only a config, and
 * `details` asks for one batch of the current report. Every request has a `requestId`
 * (increasing, per client) so the client can keep only the newest reply, and the
 * `dataVersion` it is about, so a reply for a transcript that has since been replaced
 * is recognisable as stale. The worker never throws at the client: every failure is an
 * `error` response with a typed `AnalysisError`.
 */
import type { BatchDetails, DetectorConfig } from '../detector/index';
import type { FormatId, ImportError } from '../import/index';
import type { ConversationSummary, PendingBatch } from '../pipeline/index';
import type { PackedReport, PackedTranscript } from '../report/packedReport';
import type { TestFault } from './testFaults';
import type { SweepRequest, SweepResponse, ZooRequest, ZooWireResponse } from './zoo/protocol';
import type { SearchRequest, SearchResponse } from './search/protocol';

export type { PackedReport, PackedTranscript } from '../report/packedReport';
/** The formats a `load` may force (`LoadRequest.format`), as the page lists them. */
export { FORMAT_NAMES, isFormatId } from '../import/formatNames';
export type { FormatId, FormatInfo } from '../import/types';

/** The transcript as it crosses to the worker: pasted text, or a file handle / raw bytes. */
export type TranscriptInput =
  | { readonly kind: 'text'; readonly text: string; readonly name: string }
  | { readonly kind: 'blob'; readonly blob: Blob; readonly name: string }
  | { readonly kind: 'bytes'; readonly bytes: Uint8Array; readonly name: string };

/** Import, prepare and evaluate a new transcript (for `config` and for the defaults). */
export interface LoadRequest {
  readonly type: 'load';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly input: TranscriptInput;
  readonly config: DetectorConfig;
  readonly format?: FormatId | 'auto';
  /** Which conversation of a file that holds several to analyse (default the first). */
  readonly conversation?: number;
  /** How to read Cline's text tool results (default as sent: user turns). */
  readonly clineResults?: 'user' | 'tool';
  /**
   * A file being watched while an agent writes it: the worker keeps it growing (`append`), and
   * its reports hold only the settled batches (src/import/live.ts), as `loopscope --watch`.
   */
  readonly watch?: boolean;
  /**
   * A fault for the worker to stage (testFaults.ts), in the end-to-end tests' build only. Set
   * only by the client and honoured only by the worker entry; no transcript content can set it.
   */
  readonly fault?: TestFault;
}

/** Re-run only the detector state machine over the cached transcript with a new config. */
export interface EvaluateRequest {
  readonly type: 'evaluate';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly config: DetectorConfig;
}

/** The full calls and answers of one batch of the latest report (details panel). */
export interface DetailsRequest {
  readonly type: 'details';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly batchIndex: number;
}

/**
 * The current transcript's report for `config`, as the file the app exports (the CLI's JSON).
 * Built in the worker, a slice of batches at a time: at 100k batches it is ~80 MB of text.
 */
export interface ExportRequest {
  readonly type: 'export';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly config: DetectorConfig;
}

/**
 * Stop the running load of `dataVersion` where its read stands and keep what it read: the
 * load then replies `loaded` for that text. Only a load that has sent a `partial` can stop
 * early; any other just finishes.
 */
export interface CutRequest {
  readonly type: 'cut';
  readonly requestId: number;
  readonly dataVersion: number;
}

/**
 * Bytes appended to the watched file of `previous` (a `load` with `watch`). The grown
 * transcript is `dataVersion` from then on: lanes and details computed before are stale.
 */
export interface AppendRequest {
  readonly type: 'append';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly previous: number;
  readonly bytes: Blob;
  /** The file has not grown for a while (no bytes then): what is settled is held to its census. */
  readonly rest?: boolean;
}

/** Everything the main thread may send. */
export type WorkerRequest =
  | LoadRequest
  | EvaluateRequest
  | DetailsRequest
  | MessagesRequest
  | ExportRequest
  | CutRequest
  | AppendRequest
  | ZooRequest
  | SweepRequest
  | SearchRequest;

/** What went wrong with a request, in terms a person can act on. */
export type AnalysisError =
  | { readonly kind: 'import'; readonly error: ImportError }
  /** An `evaluate`/`details` arrived for a transcript the worker no longer (or never) held. */
  | { readonly kind: 'stale'; readonly message: string }
  | { readonly kind: 'bad-request'; readonly message: string }
  /** A bug surfaced as an exception inside the import or replay; reported, never rethrown. */
  | { readonly kind: 'internal'; readonly message: string };

/**
 * Reply to `load`: the report for the requested config and for the reference defaults.
 * Reports cross packed (typed arrays, transferred) so the main thread never structured-clones
 * 100k batch objects in one task; `transcript` holds the config-independent columns once.
 */
export interface LoadedResponse {
  readonly type: 'loaded';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly formatLabel: string;
  readonly transcript: PackedTranscript;
  readonly report: PackedReport;
  /** Null when the requested config is the defaults (then `report` is both). */
  readonly defaultReport: PackedReport | null;
  /** Every conversation of the file, for the requested config (one when it holds one). */
  readonly conversations: readonly ConversationSummary[];
  /** Which of `conversations` the reports are about. */
  readonly conversation: number;
  /** Set when the load was cut short (`cut`): the report is of the first `read` bytes. */
  readonly cut?: { readonly read: number; readonly total: number };
  /** A watched file: the batch at its end whose results are still coming (not in `report`). */
  readonly pending?: PendingBatch | null;
}

/**
 * Sent during a `load` of a large file read in pieces (not a reply: `loaded` still follows):
 * the report of what is read so far under the load's config, a preview. Its verdicts are not
 * compared with the defaults'. Later previews and the final report extend it batch for batch.
 */
export interface PartialResponse {
  readonly type: 'partial';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly formatLabel: string;
  readonly transcript: PackedTranscript;
  readonly report: PackedReport;
  /** Bytes read so far, of `total`. */
  readonly read: number;
  readonly total: number;
}

/** Reply to `append`: the grown transcript's reports, packed as a load's. */
export interface AppendedResponse {
  readonly type: 'appended';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly transcript: PackedTranscript;
  readonly report: PackedReport;
  readonly defaultReport: PackedReport | null;
  readonly conversations: readonly ConversationSummary[];
  /** Batches the report holds that the previous one did not. */
  readonly newBatches: number;
  /** The messages no longer extended the ones shown (a rewound history): replayed anew. */
  readonly restarted: boolean;
  /** The batch at the end whose results are still coming (not in `report`). */
  readonly pending: PendingBatch | null;
}

/** The worker took note of a `cut` (the load's own reply follows). */
export interface CutResponse {
  readonly type: 'cut';
  readonly requestId: number;
  readonly dataVersion: number;
}

export type { ConversationSummary } from '../pipeline/index';

/** Reply to `evaluate`. */
export interface EvaluatedResponse {
  readonly type: 'evaluated';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly report: PackedReport;
  /** The file's conversations under the new config (their refusals move with it). */
  readonly conversations: readonly ConversationSummary[];
}

/** The phases of a load, in order, as the progress bar names them. */
export type LoadPhase = 'reading' | 'parsing' | 'replaying';

/** Sent during a `load` (not a reply: the load's own reply still follows). */
export interface ProgressResponse {
  readonly type: 'progress';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly phase: LoadPhase;
  /**
   * Bytes read so far while `reading`; how far the text has been read while `parsing` (UTF-16
   * units, where the import reads a message at a time); otherwise null.
   */
  readonly done: number | null;
  readonly total: number | null;
  /**
   * While a large file is read in pieces: whether its batches appear as it is read
   * (`growing`, lines) or only once it is whole (`whole`, a JSON document).
   */
  readonly preview?: 'growing' | 'whole';
}

/** Posted once by a freshly started worker, so the client can tell "did not start" apart. */
export interface ReadyResponse {
  readonly type: 'ready';
}

/** A page of the transcript's messages, as the Messages view shows them. */
export interface MessagesRequest {
  readonly type: 'messages';
  readonly requestId: number;
  readonly dataVersion: number;
  /** The first message's index, and how many (at most `MESSAGES_PAGE_MAX`, messages.ts). */
  readonly from: number;
  readonly count: number;
}

/** One call of an assistant message: its arguments as written (cut at `MESSAGE_TEXT_MAX`). */
export interface MessageCall {
  readonly id: string;
  readonly name: string;
  readonly args: string;
  /** The arguments' whole length, in characters. */
  readonly argsLength: number;
}

/** One message, as text: nothing of it is ever markup. */
export interface MessageEntry {
  readonly index: number;
  readonly role: string;
  /** Its text parts joined, or the JSON of a content that has none (cut at `MESSAGE_TEXT_MAX`). */
  readonly text: string;
  readonly textLength: number;
  readonly calls: readonly MessageCall[];
  /** The call a tool result answers. */
  readonly toolCallId: string | null;
  /** The batch it belongs to (its calls, or their results), or -1. */
  readonly batch: number;
  /** The batch a click on it selects: its own, else the next one (else the last), or -1. */
  readonly near: number;
}

/** Reply to `messages`. */
export interface MessagesResponse {
  readonly type: 'messages';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly from: number;
  /** How many messages the transcript has. */
  readonly total: number;
  readonly items: readonly MessageEntry[];
}

/** Reply to `details`. */
export interface DetailsResponse {
  readonly type: 'details';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly batchIndex: number;
  readonly details: BatchDetails;
}

/**
 * Reply to `export`: a blob: URL of the report's JSON text, made by the worker, because the
 * page's own `URL.createObjectURL` of a Blob that large is a long main-thread task. The worker
 * revokes it at its next export or a minute later.
 */
export interface ExportedResponse {
  readonly type: 'exported';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly url: string;
}

/** Reply to any request that failed. */
export interface ErrorResponse {
  readonly type: 'error';
  readonly requestId: number;
  readonly dataVersion: number;
  /** Which request failed, so the client routes the error to the right channel. */
  readonly requestType: WorkerRequest['type'];
  readonly error: AnalysisError;
}

/** Everything the worker may send back. */
export type WorkerResponse =
  | LoadedResponse
  | PartialResponse
  | CutResponse
  | AppendedResponse
  | EvaluatedResponse
  | DetailsResponse
  | MessagesResponse
  | ExportedResponse
  | ErrorResponse
  | ProgressResponse
  | ReadyResponse
  | ZooWireResponse
  | SweepResponse
  | SearchResponse;

/** A one-line, plain-text description of an analysis error (for headers, logs, tooltips). */
export function describeAnalysisError(e: AnalysisError): string {
  switch (e.kind) {
    case 'import':
      return e.error.message;
    case 'stale':
    case 'bad-request':
    case 'internal':
      return e.message;
  }
}
