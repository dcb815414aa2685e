/**
 * `loopscope --watch FILE`: follows a session file while the agent writes it and prints each
 * refusal as soon as the batch it falls on has all its results (or, with --json, every new
 * batch as one JSON object a line). Only appended bytes are read; a file that shrinks or whose
 * start changes was rewritten, and the replay starts over and says so. What the import warns
 * of (a line that is not JSON, a line cut short, the file gone) goes to standard error as it
 * happens, and with --json also to standard output as `{"warning": …}`. Stopping (Ctrl-C)
 * replays the rest, prints what it adds, and exits with the usual status.
 */
import { describeRefusal, type BatchReport, type DetectorConfig } from '../detector/index';
import { LiveTranscript } from '../pipeline/live';
import type { ImportOptions } from '../import/index';
import { oneLine } from './oneLine';

/** What watching needs from the outside world (fakes in tests). */
export interface WatchIo {
  /** The file's size in bytes, or null when it cannot be read (gone, for now). */
  size(path: string): number | null;
  /** Bytes `from` (inclusive) to `to` (exclusive). */
  read(path: string, from: number, to: number): Uint8Array;
  /** Waits between polls; resolves early once stopped. */
  wait(ms: number): Promise<void>;
  /** Whether the user asked to stop. */
  stopped(): boolean;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** How often the file is looked at. */
const POLL_MS = 250;
/** Polls without growth after which a last line with no line break is said to be cut short. */
const CUT_POLLS = 4;
/**
 * Polls without growth after which the file is at rest and what was read is held to its
 * census (a step skips it: scanning the whole session at every batch would cost more).
 */
const REST_POLLS = 4;
/** Bytes of the file's start kept to tell a rewritten file from a grown one. */
const HEAD = 256;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * What tells a warning from those said before: its text, but a count in it (the same warning
 * grown, "Merged 3 assistant lines") is not news; a line's number is.
 */
export function warningKey(w: string): string {
  return w.replace(/(?<![Ll]ine \(?)\b\d[\d,]*/g, '#').replace(/(\w)s\b/g, '$1');
}

/** The human line of a refused batch. */
function refusalLine(file: string, b: BatchReport): string {
  return `${file}: batch ${b.index} (message ${b.messageIndex}) ${describeRefusal(b)}`;
}

/** Watches until stopped; returns the exit status (1 if anything was refused, else 0). */
export async function watchFile(
  file: string,
  io: WatchIo,
  config: DetectorConfig,
  opts: ImportOptions,
  json: boolean,
): Promise<number> {
  let live = new LiveTranscript(config, opts);
  let decoder = new TextDecoder('utf-8');
  let offset = 0;
  let head: Uint8Array = new Uint8Array(0);
  let printed = 0;
  let lastError = '';
  let refused = false;
  /** Warnings already said, so each is said once, as it first appears. */
  let warned = new Set<string>();
  let gone = false;
  /** Polls in a row the file did not grow while its last line had no line break. */
  let idleCut = 0;
  /** Polls in a row the file did not grow; -1 once its rest was taken. */
  let quiet = 0;

  const warn = (text: string) => {
    io.stderr(`loopscope: ${file}: ${text}\n`);
    if (json) io.stdout(`${JSON.stringify({ warning: text })}\n`);
  };
  const sayWarnings = (warnings: readonly string[]) => {
    for (const w of warnings) {
      const key = warningKey(w);
      if (warned.has(key)) continue;
      warned.add(key);
      warn(oneLine(w));
    }
  };

  const show = (batches: readonly BatchReport[]) => {
    for (let i = printed; i < batches.length; i++) {
      const b = batches[i] as BatchReport;
      if (b.refused) refused = true;
      if (json) io.stdout(`${JSON.stringify(b)}\n`);
      else if (b.refused) io.stdout(`${refusalLine(file, b)}\n`);
    }
    printed = batches.length;
  };
  const startOver = (why: string) => {
    io.stderr(`loopscope: ${file}: ${why}; starting over\n`);
    if (json) io.stdout(`${JSON.stringify({ restart: why })}\n`);
    live = new LiveTranscript(config, opts);
    decoder = new TextDecoder('utf-8');
    offset = 0;
    head = new Uint8Array(0);
    printed = 0;
    warned = new Set();
  };

  io.stderr(`loopscope: watching ${file} (Ctrl-C to stop)\n`);
  while (!io.stopped()) {
    const size = io.size(file);
    if (size === null && !gone && offset > 0) warn('the file is gone (deleted or moved); waiting');
    gone = size === null;
    if (size !== null) {
      if (size < offset) startOver('the file shrank (truncated or rewritten)');
      else if (offset > 0 && !sameBytes(io.read(file, 0, head.length), head)) {
        startOver('the start of the file changed (rewritten)');
      }
      if (size > offset) {
        const bytes = io.read(file, offset, size);
        if (head.length < HEAD) head = io.read(file, 0, Math.min(HEAD, size));
        offset = size;
        const step = live.append(decoder.decode(bytes, { stream: true }));
        if (step.restarted) {
          io.stderr(
            `loopscope: ${file}: the history no longer extends what was shown; replayed again\n`,
          );
          if (json) io.stdout(`${JSON.stringify({ restart: 'history changed' })}\n`);
          printed = 0;
        }
        if (step.error !== null) {
          const line = oneLine(step.error.message);
          if (line !== lastError) io.stderr(`loopscope: ${file}: ${line}\n`);
          lastError = line;
        }
        sayWarnings(step.report.source.warnings);
        show(step.report.batches);
        idleCut = 0;
        quiet = 0;
      } else {
        if (live.unfinishedLine > 0 && ++idleCut === CUT_POLLS) {
          const n = live.unfinishedLine;
          warn(`the last line is cut short (${n} characters without a line break)`);
        }
        if (quiet >= 0 && ++quiet === REST_POLLS) {
          quiet = -1;
          sayWarnings(live.rest().report.source.warnings);
        }
      }
    }
    await io.wait(POLL_MS);
  }
  // Stopped: what was held back (the last message, an open batch) is replayed too.
  const end = live.append(decoder.decode());
  const final = live.length > 0 ? live.finish() : end;
  if (final.restarted) printed = 0;
  sayWarnings(final.report.source.warnings);
  show(final.report.batches);
  return refused ? 1 : 0;
}
