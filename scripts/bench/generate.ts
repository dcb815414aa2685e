/**
 * Synthetic chat-completions request bodies for the benchmark. Shaped like real agent sessions:
 * user turns, 1–4 calls a batch, arguments and answers of 100 B–4 KB, runs of repeated batches
 * (some with identical answers, some with moving ones), prose turns, the odd system reminder.
 * Asked for a batch count, the same shape is kept and every text is scaled to fit the bytes.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { Prng } from '../lib/prng';

/** Shortest text once scaled: still a plausible one-line tool answer. */
const MIN_TEXT = 12;
/** Bounds of the text scale, so a stray estimate cannot make texts vanish or outgrow the pool. */
const MIN_SCALE = 0.01;
const MAX_SCALE = 32;

const TOOLS = [
  'read_file',
  'list_dir',
  'grep_search',
  'semantic_search',
  'get_errors',
  'get_terminal_output',
  'browser_snapshot',
  'browser_navigate',
  'browser_click',
  'edit_file',
  'write_file',
  'apply_patch',
  'run_in_terminal',
  'run_tests',
  'create_directory',
  'mcp__github__create_issue',
  'fetch_webpage',
  'delete_file',
];

const WORDS =
  'the a of to in is that for it as with was on be by this are or from at an which not function return const let var import export class interface type async await if else for while try catch throw new error value result request response file path line column test build compile module package config server client session token cache index query table row field string number boolean null undefined promise handler router middleware component render state effect hook props children'.split(
    ' ',
  );

/** A 256 KB pool of word salad with newlines and punctuation; random windows of it are the text. */
function makeCorpus(prng: Prng): string {
  const parts: string[] = [];
  let len = 0;
  while (len < 256 * 1024) {
    const w = prng.pick(WORDS);
    const sep = prng.chance(0.08) ? '\n' : prng.chance(0.05) ? '. ' : prng.chance(0.05) ? '"' : ' ';
    parts.push(w, sep);
    len += w.length + sep.length;
  }
  return parts.join('');
}

interface Call {
  name: string;
  args: Record<string, unknown>;
}

class Generator {
  private readonly prng: Prng;
  private readonly corpus: string;
  private idCounter = 0;
  /** Text lengths are multiplied by this (1 = the realistic 100 B–4 KB). */
  private scale = 1;
  /** Text drawn before scaling, and written after, so far (for retune). */
  private drawn = 0;
  private used = 0;

  constructor(seed: number) {
    this.prng = new Prng(seed);
    this.corpus = makeCorpus(this.prng);
  }

  /** Between 100 B and 4 KB of text, skewed towards the short end like real tool traffic. */
  text(): string {
    const r = this.prng.next();
    const base = Math.floor(100 + r * r * 3996);
    // Scale 1 keeps the historic bytes exactly (cached bench files are keyed by them).
    const len =
      this.scale === 1
        ? base
        : Math.min(this.corpus.length >> 1, Math.max(MIN_TEXT, Math.floor(base * this.scale)));
    this.drawn += base;
    this.used += len;
    const start = this.prng.int(0, this.corpus.length - len - 1);
    return this.corpus.slice(start, start + len);
  }

  call(): Call {
    const name = this.prng.pick(TOOLS);
    const args: Record<string, unknown> = {
      path: `src/${this.prng.pick(WORDS)}/${this.prng.pick(WORDS)}.ts`,
    };
    if (this.prng.chance(0.6)) args.content = this.text();
    if (this.prng.chance(0.3)) args.line = this.prng.int(1, 4000);
    if (this.prng.chance(0.1)) args.ratio = this.prng.next();
    if (this.prng.chance(0.2))
      args.flags = { recursive: this.prng.chance(0.5), depth: this.prng.int(1, 9) };
    return { name, args };
  }

  batch(): Call[] {
    const n = this.prng.chance(0.55) ? 1 : this.prng.int(2, 4);
    return Array.from({ length: n }, () => this.call());
  }

  assistant(calls: Call[], ids: string[], narration: string | null): string {
    return JSON.stringify({
      role: 'assistant',
      content: narration,
      tool_calls: calls.map((c, i) => ({
        id: ids[i],
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      })),
    });
  }

  /**
   * Picks the text scale for the batches still to come so that, at the mean framing and text
   * per batch seen so far, the file ends near `targetBytes` after exactly `targetBatches`.
   */
  private retune(bytes: number, batches: number, targetBytes: number, targetBatches: number) {
    const left = targetBatches - batches;
    if (batches === 0 || left <= 0 || this.drawn === 0) return;
    const framingPerBatch = (bytes - this.used) / batches;
    const drawnPerBatch = this.drawn / batches;
    const wantPerBatch = (targetBytes - bytes) / left;
    const scale = (wantPerBatch - framingPerBatch) / drawnPerBatch;
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
  }

  /**
   * Writes messages until about `targetBytes` (or, given `targetBatches`, until that many
   * batches, their texts scaled to end near `targetBytes`); returns the number of batches.
   */
  write(file: string, targetBytes: number, targetBatches?: number): number {
    const fd = openSync(file, 'w');
    let bytes = 0;
    let batches = 0;
    let first = true;
    const emit = (json: string) => {
      const chunk = (first ? '' : ',\n') + json;
      first = false;
      bytes += Buffer.byteLength(chunk);
      writeSync(fd, chunk);
    };
    const more = () =>
      targetBatches === undefined ? bytes < targetBytes : batches < targetBatches;
    try {
      writeSync(fd, '{"model":"bench-model","messages":[\n');
      emit(JSON.stringify({ role: 'system', content: 'You are a coding agent. ' + this.text() }));
      while (more()) {
        emit(JSON.stringify({ role: 'user', content: this.text() }));
        const turns = this.prng.int(4, 40);
        let prev: Call[] | null = null;
        let prevAnswers: string[] = [];
        for (let t = 0; t < turns && more(); t++) {
          if (this.prng.chance(0.06)) {
            emit(JSON.stringify({ role: 'assistant', content: this.text() }));
            continue;
          }
          if (this.prng.chance(0.01)) {
            emit(JSON.stringify({ role: 'system', content: 'Reminder: ' + this.text() }));
          }
          // A run: repeat the previous batch, sometimes with the very same answers (a loop),
          // sometimes with answers that moved (a poll).
          const repeat = prev !== null && this.prng.chance(0.35);
          const calls: Call[] = repeat && prev ? prev : this.batch();
          const sameAnswers = repeat && this.prng.chance(0.5);
          const answers = calls.map(
            (_, i) => (sameAnswers ? prevAnswers[i] : undefined) ?? this.text(),
          );
          // gglib-style ids repeat every turn; OpenAI-style ids are unique. Use both.
          const ids = calls.map((_, i) =>
            this.prng.chance(0.2) ? `call_qwen_${i}` : `call_${(this.idCounter++).toString(36)}`,
          );
          emit(this.assistant(calls, ids, this.prng.chance(0.3) ? this.text() : null));
          answers.forEach((a, i) =>
            emit(JSON.stringify({ role: 'tool', tool_call_id: ids[i], content: a })),
          );
          batches++;
          if (targetBatches !== undefined) this.retune(bytes, batches, targetBytes, targetBatches);
          prev = calls;
          prevAnswers = answers;
        }
      }
      writeSync(fd, '\n]}\n');
    } finally {
      closeSync(fd);
    }
    return batches;
  }
}

export interface GenerateOptions {
  /**
   * Exactly this many tool-call batches, in about `megabytes` MB: the realistic shape with
   * every text scaled to fit (100 MB with 100,000 batches leaves texts of ~15–550 B).
   */
  readonly batches?: number;
}

/**
 * Writes a synthetic transcript of about `megabytes` MB to `file` (same seed and options, same
 * bytes) and returns its batch count. Without `options.batches` the output is the historic one.
 */
export function generateTranscript(
  file: string,
  megabytes: number,
  seed = 0x5eed,
  options: GenerateOptions = {},
): number {
  const { batches } = options;
  if (batches !== undefined && !(Number.isInteger(batches) && batches > 0)) {
    throw new Error(`batches must be a positive integer, got ${batches}`);
  }
  return new Generator(seed + megabytes).write(file, megabytes * 1024 * 1024, batches);
}
