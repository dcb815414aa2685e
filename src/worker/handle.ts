/**
 * The worker's logic as a plain object with no worker globals, so it runs (and is
 * tested) in Node exactly as it runs in the Web Worker.
 *
 * It holds one transcript at a time: the imported messages (for details), the prepared
 * replay (cached signatures and answer keys, so a config change re-runs only the state
 * machine) and the latest report. A failed load keeps the previous transcript, because
 * the UI keeps showing the previous analysis and its config changes must still apply.
 */
import {
  DEFAULT_CONFIG,
  describeBatch,
  evaluateReplay,
  prepareReplay,
  type ChatMessage,
  type DetectorConfig,
  type PreparedReplay,
  type Report,
  type ReportSource,
} from '../detector/index';
import { importTranscript } from '../import/index';
import type {
  AnalysisError,
  DetailsRequest,
  EvaluateRequest,
  LoadRequest,
  TranscriptInput,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

interface Loaded {
  readonly dataVersion: number;
  readonly messages: readonly ChatMessage[];
  readonly prepared: PreparedReplay;
  readonly source: ReportSource;
  readonly importMs: number;
  report: Report;
}

export interface ReplayHandler {
  handle(request: WorkerRequest): Promise<WorkerResponse>;
}

const now = (): number => performance.now();

function sameConfig(a: DetectorConfig, b: DetectorConfig): boolean {
  return (
    a.mode === b.mode &&
    a.maxRepeatedBatchSteps === b.maxRepeatedBatchSteps &&
    a.maxObservationSteps === b.maxObservationSteps &&
    a.observationTools.length === b.observationTools.length &&
    a.observationTools.every((t, i) => t === b.observationTools[i])
  );
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

async function inputToImportable(input: TranscriptInput): Promise<string | Uint8Array> {
  switch (input.kind) {
    case 'text':
      return input.text;
    case 'bytes':
      return input.bytes;
    case 'blob':
      return new Uint8Array(await input.blob.arrayBuffer());
  }
}

/** Creates a handler with its own transcript cache (one per worker). */
export function createReplayHandler(): ReplayHandler {
  let current: Loaded | null = null;

  const fail = (req: WorkerRequest, error: AnalysisError): WorkerResponse => ({
    type: 'error',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    requestType: req.type,
    error,
  });

  async function load(req: LoadRequest): Promise<WorkerResponse> {
    const t0 = now();
    const raw = await inputToImportable(req.input);
    const imported = importTranscript(raw, {
      format: req.format ?? 'auto',
      name: req.input.name,
    });
    if (!imported.ok) return fail(req, { kind: 'import', error: imported.error });
    const { messages, format, formatLabel, warnings, referenceScan } = imported.value;
    const prepared = prepareReplay(messages);
    const importMs = now() - t0;
    const source: ReportSource = { format, messages: messages.length, warnings, referenceScan };
    const report = evaluateReplay(prepared, req.config, source, { importMs });
    const defaultReport = sameConfig(req.config, DEFAULT_CONFIG)
      ? report
      : evaluateReplay(prepared, DEFAULT_CONFIG, source, { importMs });
    current = { dataVersion: req.dataVersion, messages, prepared, source, importMs, report };
    return {
      type: 'loaded',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      formatLabel,
      report,
      defaultReport,
    };
  }

  function staleOr(req: EvaluateRequest | DetailsRequest): Loaded | WorkerResponse {
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

  function evaluate(req: EvaluateRequest): WorkerResponse {
    const c = staleOr(req);
    if ('type' in c) return c;
    c.report = evaluateReplay(c.prepared, req.config, c.source, { importMs: c.importMs });
    return {
      type: 'evaluated',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      report: c.report,
    };
  }

  function details(req: DetailsRequest): WorkerResponse {
    const c = staleOr(req);
    if ('type' in c) return c;
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

  async function run(req: WorkerRequest): Promise<WorkerResponse> {
    try {
      switch (req.type) {
        case 'load':
          return await load(req);
        case 'evaluate':
          return evaluate(req);
        case 'details':
          return details(req);
      }
    } catch (e) {
      // The core returns Results for bad input; an exception here is a bug, reported as data.
      return fail(req, { kind: 'internal', message: messageOf(e) });
    }
  }

  // Requests run one at a time, in arrival order: a details request sent right after a
  // load must see that load's transcript, even though reading a Blob is asynchronous.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    handle(req) {
      const reply = queue.then(() => run(req));
      queue = reply;
      return reply;
    },
  };
}
