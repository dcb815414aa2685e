/**
 * A watched file in the worker: a `LiveTranscript` fed the bytes as they are appended, so a
 * step replays only what the new text settles (docs/report.md §5.6, as `loopscope --watch`).
 * Its reports hold every batch whose calls all have their results; the batch still waiting
 * for some is the step's `pending`, which the page notes instead of drawing.
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
import type { Loaded } from './handle';
import { verdictFlags } from '../report/packedReport';

export interface Watched {
  readonly live: LiveTranscript;
  /** Streaming: a character split between two appends is decoded whole. */
  readonly decoder: TextDecoder;
}

async function textOf(w: Watched, bytes: Blob): Promise<string> {
  return w.decoder.decode(new Uint8Array(await bytes.arrayBuffer()), { stream: true });
}

/** A new watch of the file's bytes so far. */
export async function startWatch(
  blob: Blob,
  config: DetectorConfig,
  opts: ImportOptions,
): Promise<{ watched: Watched; step: LiveStep }> {
  const watched = { live: new LiveTranscript(config, opts), decoder: new TextDecoder('utf-8') };
  const step = watched.live.append(await textOf(watched, blob));
  return { watched, step };
}

/** The file grew by `bytes`. */
export async function appendWatch(w: Watched, bytes: Blob): Promise<LiveStep> {
  return w.live.append(await textOf(w, bytes));
}

/** A watched file's state after a step, as the transcript the handler serves. */
export function watchedLoaded(
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
