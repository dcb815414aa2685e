/**
 * What the replay worker holds of the one transcript it serves, and the two answers every
 * part of the handler gives when a request does not fit: an error reply, and "stale" when
 * the request is for another transcript than the one held.
 */
import {
  packReport,
  packTranscript,
  type PackedReport,
  type PackedTranscript,
} from '../report/packedReport';
import type {
  ChatMessage,
  DetectorConfig,
  MessageList,
  PreparedReplay,
  Report,
  ReportSource,
} from '../detector/index';
import { summarize, type prepareConversations } from '../pipeline/conversations';
import type { PreviewShape } from './progressive';
import type { Watched } from './watchHandle';
import type {
  AnalysisError,
  ConversationSummary,
  LoadedResponse,
  LoadPhase,
  LoadRequest,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

export interface Loaded {
  readonly dataVersion: number;
  /** For details: rebuilt from the text on demand where the format allows (`keptMessages`). */
  readonly messages: MessageList;
  /** The imported messages, for the detector lanes' input to read once and let go. */
  readonly handOver?: () => ChatMessage[] | null;
  readonly prepared: PreparedReplay;
  readonly source: ReportSource;
  readonly importMs: number;
  report: Report;
  /** The config `report` is for. */
  config: DetectorConfig;
  /** The defaults' verdict flags, which every packed report is compared with. */
  readonly defaultFlags: Uint8Array;
  /** Every conversation of a file that holds several; null for one. */
  readonly conversations: ReturnType<typeof prepareConversations>;
  /** Which conversation is loaded, and its label. */
  readonly conversation: number;
  readonly label: string;
  /** A watched file, growing with each `append` (watchHandle.ts). */
  readonly watched?: Watched;
}

/** Called as a load moves through its phases (and every few MB while reading a file). */
export type ProgressSink = (
  req: LoadRequest,
  phase: LoadPhase,
  done: number | null,
  total: number | null,
  preview?: PreviewShape,
) => void;

/** A load's outcome: the transcript the worker now serves (none on failure) and the reply. */
export interface LoadOutcome {
  readonly loaded: Loaded | null;
  readonly reply: WorkerResponse;
}

export function fail(req: WorkerRequest, error: AnalysisError): WorkerResponse {
  return {
    type: 'error',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    requestType: req.type,
    error,
  };
}

/** The transcript held, when the request is for it; else the stale reply. */
export function staleOr(current: Loaded | null, req: WorkerRequest): Loaded | WorkerResponse {
  if (current === null) {
    return fail(req, { kind: 'stale', message: 'No transcript is loaded in the worker.' });
  }
  if (current.dataVersion !== req.dataVersion) {
    return fail(req, {
      kind: 'stale',
      message: `The request is for transcript version ${req.dataVersion}; the worker holds version ${current.dataVersion}.`,
    });
  }
  return current;
}

/** Every conversation of the file under the config the transcript is evaluated for. */
export function conversationsOf(c: Loaded): ConversationSummary[] {
  return summarize(c.conversations, c.config, c.report, c.conversation, c.label);
}

/**
 * A new transcript's columns and reports as a reply carries them: the report under the
 * config, and the defaults' (null when the config is the defaults), both against the
 * defaults' flags.
 */
export function packedLoad(
  c: Loaded,
  defaultReport: Report | null,
): { transcript: PackedTranscript; report: PackedReport; defaultReport: PackedReport | null } {
  return {
    transcript: packTranscript(c.report),
    report: packReport(c.report, c.defaultFlags),
    defaultReport: defaultReport === null ? null : packReport(defaultReport, c.defaultFlags),
  };
}

/** A load's reply: the transcript it now serves, under `formatLabel`. */
export function loadedReply(
  req: LoadRequest,
  c: Loaded,
  formatLabel: string,
  defaultReport: Report | null,
): LoadedResponse {
  return {
    type: 'loaded',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    formatLabel,
    ...packedLoad(c, defaultReport),
    conversations: conversationsOf(c),
    conversation: c.conversation,
  };
}
