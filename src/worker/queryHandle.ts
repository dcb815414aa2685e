/**
 * The requests about the transcript held that a person waits for: a config change, a page
 * of messages, one batch's details.
 */
import { describeBatch, evaluateReplay } from '../detector/index';
import { packReport } from '../report/packedReport';
import { messagesPage } from './messages';
import { conversationsOf, fail, type Loaded } from './loaded';
import type { DetailsRequest, EvaluateRequest, MessagesRequest, WorkerResponse } from './protocol';

/** The held transcript under a new config; `c` keeps the new report. */
export function evaluate(req: EvaluateRequest, c: Loaded): WorkerResponse {
  // A watched file's later steps walk under the new config too.
  c.report =
    c.watched?.live.setConfig(req.config) ??
    evaluateReplay(c.prepared, req.config, c.source, { importMs: c.importMs });
  c.config = req.config;
  return {
    type: 'evaluated',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    report: packReport(c.report, c.defaultFlags),
    conversations: conversationsOf(c),
  };
}

export function messages(req: MessagesRequest, c: Loaded): WorkerResponse {
  return {
    type: 'messages',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    from: req.from,
    total: c.messages.length,
    items: messagesPage(c.messages, c.report, req.from, req.count),
  };
}

export function details(req: DetailsRequest, c: Loaded): WorkerResponse {
  const i = req.batchIndex;
  if (!Number.isInteger(i) || i < 0 || i >= c.report.batches.length) {
    return fail(req, {
      kind: 'bad-request',
      message: `Batch ${i} does not exist (the report has ${c.report.batches.length} batches).`,
    });
  }
  return {
    type: 'details',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    batchIndex: i,
    details: describeBatch(c.messages, c.report, i),
  };
}
