/**
 * The replay worker's packed replies wrapped for the page without copying (lazyReport.ts): a
 * load's, a watched file's growth, a preview's.
 */
import type { Report } from '../detector/index';
import { unpackReport, unpackTranscript, type Yield } from '../report/lazyReport';
import type { AppendedResponse, LoadedResponse, PartialResponse } from './protocol';

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

/** A preview's report, wrapped without copying as a loaded one is. */
export async function unpackPreview(msg: PartialResponse, yieldNow: Yield): Promise<Report> {
  return unpackReport(msg.report, await unpackTranscript(msg.transcript, yieldNow), yieldNow);
}
