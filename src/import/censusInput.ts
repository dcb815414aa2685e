// Feeds the census every JSON value of an input: a document, JSON Lines or a ZIP's files.
import { strFromU8, unzipSync } from 'fflate';
import { JsonPartReader } from '../json/index';
import type { ValueObserver } from './chatSpans';
import { CALL_WORDS, CensusScan, type CensusSource } from './census';
import { getStr, isRec } from './dialects/shape';
import { looksLikeSse } from './sse';
import type { Doc } from './text';

/** The member of a Gemini CLI line that rewinds the session. */
const REWIND_KEY = '$rewindTo';

/**
 * Feeds the census every JSON value of an input, in whatever form the import met it: the
 * document or lines it parsed (walked, not parsed again), or the text it read a line at a time
 * (each line parsed with `JSON.parse`), an event stream's `data:` lines, a ZIP's JSON members.
 */
export function scanDoc(doc: Doc, scan = new CensusScan()): CensusScan {
  if (doc.kind === 'json') scan.add(doc.parsed.value);
  else {
    const rewind = new Rewinds(scan);
    doc.lines.forEach((l, i) => {
      if (rewind.line(l.value)) return;
      scan.add(l.value, 'lines[*]', 0);
      rewind.after(l.value, i);
    });
  }
  return scan;
}

/**
 * Feeds the census (`scan()`: the one of the conversation being read) every value a chat
 * body's span reader reads; a message is read again where it stands when the census compares
 * its calls' arguments.
 */
export function chatObserver(text: string, scan: () => CensusScan): ValueObserver {
  // A bare array's messages sit at `[*]`, a request body's at `messages[*]`.
  const prefix = /^\s*\[/.test(text.slice(0, 64)) ? '[*]' : 'messages[*]';
  let again: JsonPartReader | null = null;
  const source: CensusSource = {
    read: (start) => {
      again ??= new JsonPartReader(text);
      return again.read(start) === null ? again.value : undefined;
    },
  };
  return (v, member, start, end) => {
    if (member !== null) scan().add(v, member);
    else if (start === undefined) scan().add(v, prefix, 0);
    else scan().add(v, prefix, 0, source, start, end);
  };
}

/** The text as one JSON document, else as an event stream, else as JSON Lines. */
export function scanText(text: string, scan = new CensusScan(), prefilter = true): CensusScan {
  const whole = parsed(text);
  if (whole !== undefined) {
    scan.add(whole);
    return scan;
  }
  const sse = looksLikeSse(text);
  const rewind = new Rewinds(scan, text, sse);
  const source: CensusSource = { read: (s, e) => lineValue(text, s, e, sse) };
  // Where the next line that may hold a call stands: lines before it are not parsed.
  let clue = -1;
  let start = 0;
  while (start < text.length) {
    if (prefilter) {
      if (clue < start) clue = nextClue(text, start);
      const next = clue < 0 ? text.length : text.lastIndexOf('\n', clue) + 1;
      if (next > start) {
        rewind.skipped(start, next);
        start = next;
        continue;
      }
    }
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const lineStart = start;
    const v = lineValue(text, start, end, sse);
    start = end + 1;
    if (v === undefined || rewind.line(v)) continue;
    scan.add(v, sse ? 'events[*]' : 'lines[*]', 0, source, lineStart, end);
    rewind.after(v, lineStart);
  }
  return scan;
}

/** A line's JSON value (an event stream's `data:` lines only), or undefined. */
function lineValue(text: string, start: number, end: number, sse: boolean): unknown {
  let line = text.slice(start, end);
  if (sse) {
    if (!line.startsWith('data:')) return undefined;
    line = line.slice(5);
  }
  return parsed(line);
}

/**
 * What a line may hold a call by, in its raw text: one of the census's words (`CALL_WORDS`) or
 * the rewind key as a whole JSON string, that is between quotes (`"` or, in a Python literal,
 * `'`; a JSON string inside a string ends in `\"`), or an escape that spells a printable ASCII
 * character (`\u0074`, or Python's `\x74`), which could spell a word in disguise. No other
 * escape stands for a letter, and a string in a string keeps its words spelled out, so a line
 * without any of these parses to values the walk finds nothing in and that rewind nothing:
 * it is not parsed. tests/unit/import/censusPrefilter.test.ts holds the scan to the unfiltered one.
 */
const CLUE = new RegExp(
  String.raw`["'](?:${[...CALL_WORDS, REWIND_KEY].map(escapeRegExp).join('|')})["'\\]` +
    String.raw`|\\u00[2-7][0-9a-fA-F]|\\x[2-7][0-9a-fA-F]`,
  'g',
);

function escapeRegExp(s: string): string {
  return s.replace(/[$.*+?()[\]{}|\\^]/g, '\\$&');
}

/** Where the next clue of a call stands from `from` on; -1 when there is none. */
function nextClue(text: string, from: number): number {
  CLUE.lastIndex = from;
  const m = CLUE.exec(text);
  return m === null ? -1 : m.index;
}

/** Every JSON member of a ZIP archive, each its own list of steps. */
export function scanZip(bytes: Uint8Array, scan = new CensusScan()): CensusScan {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => /\.jsonl?$/.test(f.name) && f.compression !== 93 });
  } catch {
    return scan;
  }
  for (const name of Object.keys(files).sort()) {
    const data = files[name];
    if (data) scanText(strFromU8(data), scan);
  }
  return scan;
}

/**
 * A session's rewinds (Gemini CLI's `{"$rewindTo": "<message id>"}` line): the calls of the
 * lines after that message are history the user erased, and the import drops them too.
 */
class Rewinds {
  /** Where the census stood after the line of each id, and where that line is (the last wins). */
  private readonly marks = new Map<string, number>();
  private readonly lineOf = new Map<string, number>();
  /**
   * Lines not parsed, `[start, end, mark]` a run: a rewind may name one of their ids, so they
   * are parsed for their ids when one comes (they hold no call, so the census stood still).
   */
  private readonly pending: number[] = [];

  constructor(
    private readonly scan: CensusScan,
    private readonly text = '',
    private readonly sse = false,
  ) {}

  /** Whether the line is a rewind (and rolls the census back to its message). */
  line(v: unknown): boolean {
    if (!isRec(v)) return false;
    const to = getStr(v, REWIND_KEY);
    if (to === undefined) return false;
    if (this.pending.length > 0) this.settle();
    const m = this.marks.get(to);
    if (m !== undefined) this.scan.rollback(m);
    return true;
  }

  /** Records where the census stood after a line with an id (`at`: where the line is). */
  after(v: unknown, at: number): void {
    if (!isRec(v)) return;
    const id = getStr(v, 'id');
    if (id === undefined) return;
    this.marks.set(id, this.scan.mark());
    this.lineOf.set(id, at);
  }

  /** Notes the lines from `start` to `end`, not parsed. */
  skipped(start: number, end: number): void {
    this.pending.push(start, end, this.scan.mark());
  }

  /** Reads the ids of the lines not parsed, as if they had been. */
  private settle(): void {
    const { text, pending } = this;
    for (let i = 0; i < pending.length; i += 3) {
      const to = pending[i + 1] as number;
      const mark = pending[i + 2] as number;
      for (let start = pending[i] as number; start < to;) {
        let end = text.indexOf('\n', start);
        if (end < 0 || end > to) end = to;
        const v = lineValue(text, start, end, this.sse);
        const id = isRec(v) ? getStr(v, 'id') : undefined;
        if (id !== undefined && (this.lineOf.get(id) ?? -1) < start) {
          this.marks.set(id, mark);
          this.lineOf.set(id, start);
        }
        start = end + 1;
      }
    }
    pending.length = 0;
  }
}

function parsed(text: string): unknown {
  const t = text.trim();
  if (t === '') return undefined;
  const c = t.charCodeAt(0);
  if (c !== 0x7b && c !== 0x5b) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}
