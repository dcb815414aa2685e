/**
 * Pieces of the replay client kept apart from its state machine (client.ts): wiring a worker
 * into a slot and letting it go, and turning a load's preview into a result for the page.
 */
import type { Report } from '../detector/index';
import type { AnalysisResult, Slot, Staging, WorkerLike } from './clientSupport';
import { failureFromError, notStartedFailure, type WorkerFailure } from './failure';
import { unpackReport, unpackTranscript, type Yield } from './lazyReport';
import type { LoadRequest, PartialResponse, WorkerResponse } from './protocol';
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
