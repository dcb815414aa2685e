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
 *
 * This file holds what is the handler's own: the transcript served, the order requests run in
 * and the quiet period after a report. Each request's work is a module of its own: a load
 * (loadHandle.ts), a read in pieces and its cut (cutHandle.ts), a watched file (watchHandle.ts),
 * the questions about the transcript (queryHandle.ts), the export (exportHandle.ts), the lanes
 * (zoo/handle.ts) and the search (search/handle.ts).
 */
import { createPieceReader, type PieceReadOptions } from './cutHandle';
import { createExporter } from './exportHandle';
import { fail, staleOr, type Loaded, type LoadOutcome, type ProgressSink } from './loaded';
import { loadTranscript } from './loadHandle';
import { macrotask } from './macrotask';
import { details, evaluate, messages } from './queryHandle';
import { appendToWatch, watchLoad } from './watchHandle';
import { createZooHandler } from './zoo/handle';
import { createSearchHandler } from './search/handle';
import type { WorkerRequest, WorkerResponse } from './protocol';

export interface ReplayHandler {
  handle(request: WorkerRequest): Promise<WorkerResponse>;
}

export interface ReplayHandlerOptions extends PieceReadOptions {
  onProgress?: ProgressSink;
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
  const exportReport = createExporter();
  const progress: ProgressSink = options.onProgress ?? (() => undefined);
  const reader = createPieceReader(options, progress);
  const quietMs = options.sideWorkQuietMs ?? 0;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  /** Until when side work waits (see `sideWorkQuietMs`); moved on by every report served. */
  let quietUntil = 0;
  /** Between slices of side work: queued messages first, then the rest of a quiet period. */
  const sidePause = async (): Promise<void> => {
    await macrotask();
    for (let left = quietUntil - now(); left > 0; left = quietUntil - now()) await sleep(left);
  };

  /** A load or an append that succeeded replaces the transcript served. */
  const serve = ({ loaded, reply }: LoadOutcome): WorkerResponse => {
    if (loaded !== null) current = loaded;
    return reply;
  };

  async function run(req: WorkerRequest): Promise<WorkerResponse> {
    try {
      if (req.type === 'load') {
        const { input } = req;
        return serve(
          req.watch === true && input.kind === 'blob'
            ? await watchLoad(req, input.blob, progress)
            : await loadTranscript(req, reader, progress),
        );
      }
      if (req.type === 'cut') return reader.cut(req);
      // An append names the version it grows; its reply carries the new one.
      const c = staleOr(
        current,
        req.type === 'append' ? { ...req, dataVersion: req.previous } : req,
      );
      if ('type' in c) return c;
      switch (req.type) {
        case 'evaluate':
          return evaluate(req, c);
        case 'details':
          return details(req, c);
        case 'messages':
          return messages(req, c);
        case 'export':
          return await exportReport(req, c);
        case 'search':
          return await searcher.search(req, c, macrotask);
        case 'append':
          return serve(await appendToWatch(req, c));
        case 'zoo':
          return await zoo.zoo(req, c, sidePause);
        case 'sweep':
          return zoo.sweep(req, c);
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
      if (req.type === 'cut') return Promise.resolve(reader.cut(req));
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
