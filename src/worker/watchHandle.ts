/**
 * A watched file in the worker: a `LiveTranscript` fed the bytes as they are appended, so a
 * step replays only what the new text settles (docs/report.md §5.6, as `loopscope --watch`).
 * Its reports hold every batch whose calls all have their results; the batch still waiting
 * for some is the step's `pending`, which the page notes and draws outlined after the last batch.
 */
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  sameConfig,
  type DetectorConfig,
  type Report,
} from '../detector/index';
import { LiveTranscript, type LiveStep } from '../pipeline/live';
import type { ImportOptions } from '../import/types';
import { verdictFlags } from '../report/packedReport';
import {
  conversationsOf,
  fail,
  loadedReply,
  packedLoad,
  type Loaded,
  type LoadOutcome,
  type ProgressSink,
} from './loaded';
import type { AppendRequest, LoadRequest } from './protocol';

export interface Watched {
  readonly live: LiveTranscript;
  /** Streaming: a character split between two appends is decoded whole. */
  readonly decoder: TextDecoder;
}

async function textOf(w: Watched, bytes: Blob): Promise<string> {
  return w.decoder.decode(new Uint8Array(await bytes.arrayBuffer()), { stream: true });
}

/** A new watch of the file's bytes so far. */
async function startWatch(
  blob: Blob,
  config: DetectorConfig,
  opts: ImportOptions,
): Promise<{ watched: Watched; step: LiveStep }> {
  const watched = { live: new LiveTranscript(config, opts), decoder: new TextDecoder('utf-8') };
  const step = watched.live.append(await textOf(watched, blob));
  return { watched, step };
}

/** A watched file's state after a step, as the transcript the handler serves. */
function watchedLoaded(
  dataVersion: number,
  watched: Watched,
  step: LiveStep,
  config: DetectorConfig,
): { loaded: Loaded; defaultReport: Report | null } {
  const { live } = watched;
  // The defaults' report beside the config's: the whole walk again, only when they differ.
  const defaultReport = sameConfig(config, DEFAULT_CONFIG)
    ? null
    : evaluateReplay(live.prepared, DEFAULT_CONFIG, live.reportSource);
  const loaded: Loaded = {
    dataVersion,
    messages: live.lastImport?.messages ?? [],
    prepared: live.prepared,
    source: live.reportSource,
    importMs: 0,
    report: step.report,
    config,
    defaultFlags: verdictFlags(defaultReport ?? step.report),
    conversations: null,
    conversation: 0,
    label: 'conversation',
    watched,
  };
  return { loaded, defaultReport };
}

/** A `load` with `watch`: the file's bytes so far, followed by each `append`. */
export async function watchLoad(
  req: LoadRequest,
  blob: Blob,
  progress: ProgressSink,
): Promise<LoadOutcome> {
  progress(req, 'reading', null, blob.size);
  const opts = { format: req.format ?? 'auto', name: req.input.name } as const;
  const { watched, step } = await startWatch(blob, req.config, opts);
  if (step.error !== null)
    return { loaded: null, reply: fail(req, { kind: 'import', error: step.error }) };
  const { loaded, defaultReport } = watchedLoaded(req.dataVersion, watched, step, req.config);
  return {
    loaded,
    reply: {
      ...loadedReply(
        req,
        loaded,
        watched.live.lastImport?.formatLabel ?? 'waiting for a whole record',
        defaultReport,
      ),
      pending: step.pending,
    },
  };
}

/** The watched file `c` grew by the request's bytes: the next step, as a new data version. */
export async function appendToWatch(req: AppendRequest, c: Loaded): Promise<LoadOutcome> {
  if (c.watched === undefined) {
    const error = { kind: 'bad-request', message: 'The transcript is not being watched.' } as const;
    return { loaded: null, reply: fail(req, error) };
  }
  const { live } = c.watched;
  const step = req.rest === true ? live.rest() : live.append(await textOf(c.watched, req.bytes));
  const { loaded, defaultReport } = watchedLoaded(req.dataVersion, c.watched, step, c.config);
  return {
    loaded,
    reply: {
      type: 'appended',
      requestId: req.requestId,
      dataVersion: req.dataVersion,
      ...packedLoad(loaded, defaultReport),
      conversations: conversationsOf(loaded),
      newBatches: step.newBatches,
      restarted: step.restarted,
      pending: step.pending,
    },
  };
}
