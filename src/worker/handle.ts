/**
 * The worker's logic as a plain object with no worker globals, so it runs (and is
 * tested) in Node exactly as it runs in the Web Worker.
 *
 * It holds one transcript at a time: the messages (for details: only their places in the
 * text where the format allows, see spanMessages.ts; an OpenAI chat transcript is read one
 * message at a time and never held parsed, other formats' parsed messages go to the detector
 * lanes' input, which lets them go as it reads), the prepared
 * replay (cached signatures and answer keys, so a config change re-runs only the state
 * machine) and the latest report. Reports leave packed (see packedReport.ts). The client
 * loads each new transcript in a fresh worker and swaps it in on success, so a worker
 * normally sees one `load`; a second one replaces the first only after it succeeded.
 */
import {
  DEFAULT_CONFIG,
  sameConfig,
  describeBatch,
  evaluateReplay,
  type ChatMessage,
  type DetectorConfig,
  type MessageList,
  type PreparedReplay,
  type Report,
  type ReportSource,
} from '../detector/index';
import type { Result } from '../json/index';
import { reportJsonPieces } from '../report/index';
import { type Decoded, type ImportError, type ImportOptions } from '../import/index';
import { splitNotes } from '../import/notes';
import { importPrepared } from '../pipeline/index';
import { prepareConversations, summarize } from '../pipeline/conversations';
import { readInput } from './readInput';
import { messagesPage } from './messages';
import { appendWatch, startWatch, watchedLoaded, type Watched } from './watchHandle';
import { packReport, packTranscript, verdictFlags } from '../report/packedReport';
import { macrotask } from './macrotask';
import { PROGRESSIVE_MIN_BYTES, readProgressive, type PreviewShape } from './progressive';
import { createZooHandler } from './zoo/handle';
import { createSearchHandler } from './search/handle';
import type {
  AnalysisError,
  AppendRequest,
  DetailsRequest,
  MessagesRequest,
  EvaluateRequest,
  ExportRequest,
  LoadPhase,
  LoadRequest,
  PartialResponse,
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

export interface ReplayHandler {
  handle(request: WorkerRequest): Promise<WorkerResponse>;
}

/**
 * How long an export's blob: URL lives unless the next export replaces it (the page clicks it
 * at once; the download holds the data from then on).
 */
const EXPORT_URL_MS = 60_000;

/** Batches per slice of an export's JSON: slices short enough for a config change to wait little. */
const EXPORT_SLICE = 1000;

/** Called as a load moves through its phases (and every few MB while reading a file). */
export type ProgressSink = (
  req: LoadRequest,
  phase: LoadPhase,
  done: number | null,
  total: number | null,
  preview?: PreviewShape,
) => void;

export interface ReplayHandlerOptions {
  onProgress?: ProgressSink;
  /** Where the previews of a large file read in pieces go (progressive.ts). */
  onPartial?: (reply: PartialResponse) => void;
  /** Awaited after each piece of such a read (tests pace and stop reads with it). */
  afterPiece?: (req: LoadRequest, read: number) => Promise<void>;
  /**
   * How long side work (the zoo's lanes) leaves the CPU alone after each report this handler
   * serves, in ms (default 0). The page is busy drawing that report meanwhile, and on a
   * small machine a worker computing lanes beside it stretches the page's frames past 50 ms.
   */
  sideWorkQuietMs?: number;
  /** Waits `ms` (tests pass a fake); default `setTimeout`. */
  sleep?: (ms: number) => Promise<void>;
}

const now = (): number => performance.now();

function messageOf(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** Creates a handler with its own transcript cache (one per worker). */
export function createReplayHandler(options: ReplayHandlerOptions = {}): ReplayHandler {
  let current: Loaded | null = null;
  // Zoo lanes and threshold sweeps over the same cached transcript.
  const zoo = createZooHandler();
  const searcher = createSearchHandler();
  const progress: ProgressSink = options.onProgress ?? (() => undefined);
  const quietMs = options.sideWorkQuietMs ?? 0;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  /** Until when side work waits (see `sideWorkQuietMs`); moved on by every report served. */
  let quietUntil = 0;
  /** Between slices of side work: queued messages first, then the rest of a quiet period. */
  const sidePause = async (): Promise<void> => {
    await macrotask();
    for (let left = quietUntil - now(); left > 0; left = quietUntil - now()) await sleep(left);
  };

  const fail = (req: WorkerRequest, error: AnalysisError): WorkerResponse => ({
    type: 'error',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    requestType: req.type,
    error,
  });

  /** Loads reading a file in pieces, by data version: whether previewed, cut, how to wake. */
  const reading = new Map<number, { previewed: boolean; cut: boolean; wake: () => void }>();

  function cut(req: WorkerRequest): WorkerResponse {
    // Only a load whose preview is on screen stops early: there is nothing else to keep.
    const r = reading.get(req.dataVersion);
    if (r?.previewed === true) {
      r.cut = true;
      r.wake();
    }
    return { type: 'cut', requestId: req.requestId, dataVersion: req.dataVersion };
  }

  /** A large file in pieces with previews (progressive.ts), else the whole read. */
  async function readLoad(
    req: LoadRequest,
    opts: ImportOptions,
  ): Promise<{ decoded: Result<Decoded, ImportError>; stoppedAt: number | null }> {
    const input = req.input;
    const onRead = (done: number, total: number) => progress(req, 'reading', done, total);
    if (
      input.kind !== 'blob' ||
      input.blob.size < PROGRESSIVE_MIN_BYTES ||
      typeof input.blob.slice !== 'function'
    ) {
      return { decoded: await readInput(input, onRead), stoppedAt: null };
    }
    const state = { previewed: false, cut: false, wake: () => undefined as void };
    reading.set(req.dataVersion, state);
    const after = options.afterPiece;
    try {
      const read = await readProgressive(input.blob, {
        name: input.name,
        config: req.config,
        importOptions: opts,
        onRead: (done, total, shape) => progress(req, 'reading', done, total, shape),
        onPreview: (p) => {
          state.previewed = true;
          options.onPartial?.({
            type: 'partial',
            requestId: req.requestId,
            dataVersion: req.dataVersion,
            formatLabel: p.formatLabel,
            transcript: packTranscript(p.report),
            report: packReport(p.report, p.flags),
            read: p.read,
            total: p.total,
          });
        },
        stopped: () => state.cut,
        ...(after === undefined
          ? {}
          : {
              afterPiece: (n: number) =>
                new Promise<void>((resolve) => {
                  state.wake = resolve;
                  void after(req, n).then(resolve);
                }),
            }),
      });
      return read ?? { decoded: await readInput(input, onRead), stoppedAt: null };
    } finally {
      reading.delete(req.dataVersion);
    }
  }

  async function watchLoad(req: LoadRequest, blob: Blob): Promise<WorkerResponse> {
    progress(req, 'reading', null, blob.size);
    const opts = { format: req.format ?? 'auto', name: req.input.name } as const;
    const { watched, step } = await startWatch(blob, req.config, opts);
    if (step.error !== null) return fail(req, { kind: 'import', error: step.error });
    const { loaded, defaultReport } = watchedLoaded(req.dataVersion, watched, step, req.config);
    current = loaded;
    return {
      type: 'loaded',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      formatLabel: watched.live.lastImport?.formatLabel ?? 'waiting for a whole record',
      transcript: packTranscript(step.report),
      report: packReport(step.report, loaded.defaultFlags),
      defaultReport: defaultReport === null ? null : packReport(defaultReport, loaded.defaultFlags),
      conversations: summarize(null, req.config, step.report, 0, loaded.label),
      conversation: 0,
      pending: step.pending,
    };
  }

  async function append(req: AppendRequest): Promise<WorkerResponse> {
    const c = staleOr({ ...req, dataVersion: req.previous });
    if ('type' in c) return c;
    if (c.watched === undefined) {
      return fail(req, { kind: 'bad-request', message: 'The transcript is not being watched.' });
    }
    const step = await appendWatch(c.watched, req.bytes);
    const { loaded, defaultReport } = watchedLoaded(req.dataVersion, c.watched, step, c.config);
    current = loaded;
    return {
      type: 'appended',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      transcript: packTranscript(step.report),
      report: packReport(step.report, loaded.defaultFlags),
      defaultReport: defaultReport === null ? null : packReport(defaultReport, loaded.defaultFlags),
      conversations: summarize(null, c.config, step.report, 0, loaded.label),
      newBatches: step.newBatches,
      restarted: step.restarted,
      pending: step.pending,
    };
  }

  async function load(req: LoadRequest): Promise<WorkerResponse> {
    if (req.watch === true && req.input.kind === 'blob') return watchLoad(req, req.input.blob);
    const t0 = now();
    const size = req.input.kind === 'blob' ? req.input.blob.size : null;
    // How much is read is unknown until the whole file is in (see readBlob): no 0 of N.
    progress(req, 'reading', null, size);
    // The replay's prepare step takes each message as the import reads it, so a large OpenAI
    // chat transcript is never held as one parsed tree (importStreaming).
    const opts = {
      format: req.format ?? 'auto',
      name: req.input.name,
      ...(req.conversation === undefined ? {} : { conversation: req.conversation }),
      ...(req.clineResults === undefined ? {} : { clineResults: req.clineResults }),
    } as const;
    const { decoded, stoppedAt } = await readLoad(req, opts);
    if (!decoded.ok) return fail(req, { kind: 'import', error: decoded.error });
    progress(req, 'parsing', null, null);
    const imported = importPrepared(decoded.value, {
      ...opts,
      onProgress: (done, total) => progress(req, 'parsing', done, total),
    });
    if (!imported.ok) return fail(req, { kind: 'import', error: imported.error });
    const {
      messages: kept,
      built,
      format,
      formatLabel,
      warnings,
      referenceScan,
      prepared,
      conversations: list,
      conversation,
      census,
    } = imported.value;
    progress(req, 'replaying', null, null);
    const importMs = now() - t0;
    const source: ReportSource = {
      format,
      messages: kept.length,
      ...splitNotes(warnings),
      referenceScan,
      ...(census === undefined ? {} : { census }),
    };
    const report = evaluateReplay(prepared, req.config, source, { importMs });
    const defaultReport = sameConfig(req.config, DEFAULT_CONFIG)
      ? null
      : evaluateReplay(prepared, DEFAULT_CONFIG, source, { importMs });
    const defaultFlags = verdictFlags(defaultReport ?? report);
    const set = list.length > 1 ? prepareConversations(decoded.value, opts) : null;
    const label = list[conversation]?.label ?? 'conversation';
    let own: ChatMessage[] | null = built;
    current = {
      dataVersion: req.dataVersion,
      messages: kept,
      ...(own === null
        ? {}
        : {
            handOver: () => {
              const m = own;
              own = null;
              return m;
            },
          }),
      prepared,
      source,
      importMs,
      report,
      config: req.config,
      defaultFlags,
      conversations: set,
      conversation,
      label,
    };
    return {
      type: 'loaded',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      formatLabel,
      transcript: packTranscript(report),
      report: packReport(report, defaultFlags),
      defaultReport: defaultReport === null ? null : packReport(defaultReport, defaultFlags),
      conversations: summarize(set, req.config, report, conversation, label),
      conversation,
      ...(stoppedAt === null || size === null ? {} : { cut: { read: stoppedAt, total: size } }),
    };
  }

  function staleOr(req: WorkerRequest): Loaded | WorkerResponse {
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
      conversations: summarize(c.conversations, req.config, c.report, c.conversation, c.label),
    };
  }

  function messages(req: MessagesRequest): WorkerResponse {
    const c = staleOr(req);
    if ('type' in c) return c;
    return {
      type: 'messages',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      from: req.from,
      total: c.messages.length,
      items: messagesPage(c.messages, c.report, req.from, req.count),
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

  /** The latest export's blob: URL, until it is revoked. */
  let exported: { url: string; timer: ReturnType<typeof setTimeout> } | null = null;
  const releaseExport = (): void => {
    if (exported === null) return;
    clearTimeout(exported.timer);
    URL.revokeObjectURL(exported.url);
    exported = null;
  };

  /**
   * The export file, its batches a slice at a time with a turn of the event loop between
   * slices, so config changes and details are answered while a large one is built.
   */
  async function exportReport(req: ExportRequest): Promise<WorkerResponse> {
    const c = staleOr(req);
    if ('type' in c) return c;
    const report = sameConfig(req.config, c.config)
      ? c.report
      : evaluateReplay(c.prepared, req.config, c.source, { importMs: c.importMs });
    const pieces: string[] = [];
    for (const piece of reportJsonPieces(report, EXPORT_SLICE)) {
      pieces.push(piece);
      await macrotask();
    }
    releaseExport();
    const url = URL.createObjectURL(new Blob(pieces, { type: 'application/json' }));
    exported = { url, timer: setTimeout(releaseExport, EXPORT_URL_MS) };
    // Node (tests) would otherwise wait the minute out before exiting.
    (exported.timer as { unref?: () => void }).unref?.();
    return { type: 'exported', requestId: req.requestId, dataVersion: req.dataVersion, url };
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
        case 'messages':
          return messages(req);
        case 'export':
          return await exportReport(req);
        case 'search': {
          const c = staleOr(req);
          return 'type' in c ? c : await searcher.search(req, c, macrotask);
        }
        case 'cut':
          return cut(req);
        case 'append':
          return await append(req);
        case 'zoo':
        case 'sweep': {
          const c = staleOr(req);
          if ('type' in c) return c;
          return req.type === 'zoo' ? await zoo.zoo(req, c, sidePause) : zoo.sweep(req, c);
        }
      }
    } catch (e) {
      // The core returns Results for bad input; an exception here is a bug, reported as data.
      return fail(req, { kind: 'internal', message: messageOf(e) });
    }
  }

  /** A report leaving (a load or a config change) starts a quiet period for side work. */
  const served = (reply: WorkerResponse): WorkerResponse => {
    if (quietMs > 0 && (reply.type === 'loaded' || reply.type === 'evaluated')) {
      quietUntil = now() + quietMs;
    }
    return reply;
  };

  // Two lanes. Loads, zoo and sweep requests run one at a time, in arrival order. Config
  // changes and details are what a person waits for: they wait only for the loads sent
  // before them (a details request sent right after a load must see that load's
  // transcript), not for side work, which pauses between slices to let them through. A
  // search is waited for too, and pauses between its slices for the others.
  let serial: Promise<unknown> = Promise.resolve();
  let loads: Promise<unknown> = Promise.resolve();
  return {
    handle(req) {
      // Heard at once, not after the load it stops.
      if (req.type === 'cut') return Promise.resolve(cut(req));
      if (
        req.type === 'evaluate' ||
        req.type === 'details' ||
        req.type === 'messages' ||
        req.type === 'export' ||
        req.type === 'search'
      ) {
        return loads.then(() => run(req)).then(served);
      }
      const reply = serial.then(() => run(req)).then(served);
      serial = reply;
      if (req.type === 'load') loads = reply;
      return reply;
    },
  };
}
