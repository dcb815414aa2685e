/**
 * Pieces of the replay client kept apart from its state machine (client.ts): wiring a worker
 * into a slot and letting it go, and unpacking replies into results for the page.
 */
import type { DetectorConfig, Report } from '../detector/index';
import type { AnalysisResult, Serving, Slot, Staging, WorkerLike } from './clientSupport';
import { failureFromError, notStartedFailure, type WorkerFailure } from './failure';
import { unpackReport, unpackTranscript, type Yield } from '../report/lazyReport';
import type {
  AppendedResponse,
  LoadedResponse,
  LoadRequest,
  MessagesResponse,
  PartialResponse,
  WorkerResponse,
} from './protocol';
import type { TestFault } from './testFaults';

/** The `load` request of a staging load. */
export function loadRequest(s: Staging, fault: TestFault | null): LoadRequest {
  const { choice } = s;
  return {
    type: 'load',
    requestId: s.requestId,
    dataVersion: s.dataVersion,
    input: s.input,
    config: s.config,
    format: choice.format,
    ...(choice.conversation === undefined ? {} : { conversation: choice.conversation }),
    ...(choice.clineResults === undefined ? {} : { clineResults: choice.clineResults }),
    ...(fault === null ? {} : { fault }),
    ...(s.watch ? { watch: true } : {}),
  };
}

/** A loaded transcript's columns and reports, or null once `wanted` says it is not any more. */
export async function unpackLoaded(msg: LoadedResponse, yieldNow: Yield, wanted: () => boolean) {
  const transcript = await unpackTranscript(msg.transcript, yieldNow);
  if (!wanted()) return null;
  const report = await unpackReport(msg.report, transcript, yieldNow);
  if (!wanted()) return null;
  const defaultReport =
    msg.defaultReport === null
      ? report
      : await unpackReport(msg.defaultReport, transcript, yieldNow);
  return { transcript, report, defaultReport };
}

/** What the page is told of the serving transcript's `report`. */
export function resultOf(sv: Serving, report: Report, newTranscript: boolean): AnalysisResult {
  return {
    dataVersion: sv.dataVersion,
    formatLabel: sv.formatLabel,
    conversations: sv.conversations,
    conversation: sv.conversation,
    report,
    defaultReport: sv.defaultReport,
    newTranscript,
    name: sv.input.name,
    ...(sv.cut === undefined ? {} : { cut: sv.cut }),
    ...(sv.watch === true ? { watched: true, pending: sv.pending ?? null } : {}),
  };
}

/** A watched file's grown transcript and reports, wrapped as a load's are. */
export async function unpackGrown(msg: AppendedResponse, yieldNow: Yield) {
  const transcript = await unpackTranscript(msg.transcript, yieldNow);
  const report = await unpackReport(msg.report, transcript, yieldNow);
  const defaultReport =
    msg.defaultReport === null
      ? report
      : await unpackReport(msg.defaultReport, transcript, yieldNow);
  return {
    report,
    serving: { transcript, defaultReport, conversations: msg.conversations, pending: msg.pending },
    grown: { newBatches: msg.newBatches, restarted: msg.restarted },
  };
}

/** A worker's events routed to the slot's current handlers (they change at the swap). */
export function openSlot(
  worker: WorkerLike,
  started: boolean,
  onMessage: (msg: WorkerResponse) => void,
  onFail: (f: WorkerFailure) => void,
): Slot {
  const slot: Slot = { worker, started, onMessage, onFail };
  worker.onmessage = (e) => {
    slot.started = true;
    slot.onMessage(e.data);
  };
  worker.onerror = (e) => {
    e.preventDefault?.();
    // A module worker whose script never loaded reports a bare Event (no message).
    const text = typeof e.message === 'string' ? e.message : '';
    slot.onFail(slot.started ? failureFromError(text) : notStartedFailure(text));
  };
  worker.onmessageerror = () =>
    slot.onFail({
      kind: 'crashed',
      message: 'The analysis worker crashed: it sent a reply that could not be read.',
    });
  return slot;
}

/** Exports asked of the serving worker, by request id: each resolves once. */
export class Exports {
  private readonly waiting = new Map<number, (url: string | null) => void>();

  ask(worker: WorkerLike, requestId: number, dataVersion: number, config: DetectorConfig) {
    return new Promise<string | null>((resolve) => {
      this.waiting.set(requestId, resolve);
      worker.postMessage({ type: 'export', requestId, dataVersion, config });
    });
  }

  /** Takes an export's reply (its URL, or null when it failed); false for any other message. */
  receive(msg: WorkerResponse): boolean {
    if (msg.type !== 'exported' && !(msg.type === 'error' && msg.requestType === 'export')) {
      return false;
    }
    const resolve = this.waiting.get(msg.requestId);
    this.waiting.delete(msg.requestId);
    resolve?.(msg.type === 'exported' ? msg.url : null);
    return true;
  }

  /** The serving worker is gone: every export still waiting gets null. */
  drop(): void {
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}

/** Pages of messages asked of the serving worker, each answered once (null when it failed). */
export class MessagePages {
  private readonly waiting = new Map<number, (page: MessagesResponse | null) => void>();

  ask(worker: WorkerLike, requestId: number, dataVersion: number, from: number, count: number) {
    return new Promise<MessagesResponse | null>((resolve) => {
      this.waiting.set(requestId, resolve);
      worker.postMessage({ type: 'messages', requestId, dataVersion, from, count });
    });
  }

  /** Takes a page's reply; false for any other message. */
  receive(msg: WorkerResponse): boolean {
    if (msg.type !== 'messages' && !(msg.type === 'error' && msg.requestType === 'messages')) {
      return false;
    }
    const resolve = this.waiting.get(msg.requestId);
    this.waiting.delete(msg.requestId);
    resolve?.(msg.type === 'messages' ? msg : null);
    return true;
  }

  /** The serving worker is gone: every page still waiting gets null. */
  drop(): void {
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }
}

/** Ends a slot's worker; nothing it still sends is heard. */
export function closeSlot(slot: Slot): void {
  const w = slot.worker;
  w.onmessage = null;
  w.onerror = null;
  w.onmessageerror = null;
  w.terminate();
}

/** A preview's report, wrapped without copying as a loaded one is. */
export async function unpackPreview(msg: PartialResponse, yieldNow: Yield): Promise<Report> {
  return unpackReport(msg.report, await unpackTranscript(msg.transcript, yieldNow), yieldNow);
}

/** What the page is told of a preview: a result of the loading transcript, marked as one. */
export function previewResult(s: Staging, msg: PartialResponse, report: Report): AnalysisResult {
  return {
    dataVersion: s.dataVersion,
    formatLabel: msg.formatLabel,
    conversations: [],
    conversation: 0,
    report,
    defaultReport: report,
    newTranscript: false,
    name: s.input.name,
    preview: { read: msg.read, total: msg.total },
  };
}
