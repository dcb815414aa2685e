// Text input as one JSON document or JSON Lines, with the lines that do not parse named.
import { err, isJsonArray, isJsonObject, ok, parseJson } from '../json/index';
import type {
  JsonDiagnostics,
  JsonSyntaxError,
  JsonValue,
  ParsedJson,
  Result,
} from '../json/index';
import { reescaped } from './chatJson';
import { chatLogError } from './chatLogs';
import { assembleStreams, looksLikeSse, readSse } from './sse';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/** One parsed line of a JSON Lines file. */
export interface JsonlLine {
  readonly value: JsonValue;
  readonly diagnostics: JsonDiagnostics;
  /** 1-based line number. */
  readonly line: number;
  /** UTF-16 offsets of the line in the text (end exclusive, without the line break). */
  readonly start: number;
  readonly end: number;
}

/** The text read as one JSON document, or as JSON Lines. */
export type Doc =
  | {
      readonly kind: 'json';
      readonly parsed: ParsedJson;
      readonly text: string;
      /** The text was not JSON as written: its strings were mended (`reescaped`). */
      readonly repaired?: true;
    }
  | {
      readonly kind: 'jsonl';
      readonly lines: JsonlLine[];
      readonly warnings: string[];
      readonly text: string;
    };

const MAX_LINE_WARNINGS = 5;
/** How many lines of text before the first record a JSON Lines file may have. */
const MAX_LEADING = 3;
const LINE_TEXT_MAX = 160;

/**
 * Reads the text as one JSON document; when that fails but the first line is a JSON
 * value on its own, reads it as JSON Lines (a bad line is a warning, not a failure).
 * Pretty-printed JSON has newlines too, so the whole-text parse always comes first.
 */
export function readDoc(text: string, name?: string): Result<Doc, ImportError> {
  if (text.trim() === '') {
    return err({ kind: 'empty', message: `${inputLabel(name, 'The input')} is empty.` });
  }
  const whole = parseJson(text);
  if (whole.ok) return ok({ kind: 'json', parsed: whole.value, text });
  // A chat log is named for what it is, though a line of it may be JSON.
  const log = chatLogError(text, name);
  if (log !== null) return err(log);
  const jsonl = tryJsonl(text);
  if (jsonl) return ok(jsonl);
  const values = whole.error.message.startsWith('trailing characters')
    ? concatenated(text, whole.error.offset)
    : null;
  if (values) return ok(values);
  // JSON a copy mangled: its strings' line breaks written out, or a markdown editor's
  // backslashes before what it would format. Read as the text it spells, and said so.
  if (/^(?:invalid escape|control character) in string/.test(whole.error.message)) {
    const fixed = reescaped(text);
    const again = parseJson(fixed);
    if (again.ok) return ok({ kind: 'json', parsed: again.value, text: fixed, repaired: true });
  }
  return err(proseError(text, whole.error.offset, name) ?? syntaxError(text, whole.error, name));
}

/** The text without control and direction characters, which a terminal would act on. */
function printable(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    const control = (c < 0x20 && c !== 0x09) || (c >= 0x7f && c <= 0x9f);
    const direction = (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
    if (!control && !direction) out += ch;
  }
  return out;
}

/** How a log's line opens: `[WARN] `, `[2025-08-31T12:37:08] `, `2025-06-30T00:28:56.183Z `. */
const LOG_OPENING = /^(?:\[[A-Za-z0-9][^\]\n"]{0,38}\][ \t]|\d{4}-\d\d-\d\d[T ]\d\d:\d\d)/;

/**
 * The error for a text that does not begin as JSON at all (a markdown export, notes, a console
 * log): what it is, rather than a JSON syntax error at its first character. Null where the
 * parse failed later, or the text begins as a JSON value would.
 */
function proseError(text: string, failedAt: number, name?: string): ImportError | null {
  const start = skipSpace(text.replace(/^\uFEFF/, ' '), 0);
  // A dash is JSON only before a digit: before anything else it is a list's bullet.
  const bullet = /^-[^0-9]/.test(text.slice(start, start + 2)) && failedAt === start + 1;
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  // A log's line opens with its level or time in brackets, or with its timestamp, which JSON
  // would begin to read as an array or a number: where the parse fails on that line, a log.
  const log = LOG_OPENING.test(text.slice(start, start + 40)) && failedAt < end;
  if (
    !log &&
    ((failedAt !== start && !bullet) ||
      /^(?:[[{"0-9]|-[0-9]|true\b|false\b|null\b)/.test(text.slice(start, start + 6)))
  )
    return null;
  const first = printable(text.slice(start, Math.min(end, start + 80))).trimEnd();
  const more = end - start > 80 ? '…' : '';
  const seen = /^#{1,6} /.test(first) ? 'a markdown text' : log ? 'a text log' : 'a text';
  return {
    kind: 'not-transcript',
    seen,
    message: `${inputLabel(name, 'The input')} is ${seen}, not JSON (it opens with “${first}${more}”): Loopscope reads tool calls kept as data (JSON, JSON Lines, YAML recordings, event streams, or JSON in a text's fenced blocks), and this text holds none.`,
  };
}

/**
 * JSON values written one after another, each over many lines (`jq` without `-c`, a logger
 * that appends `json.dumps(…, indent=2)` per run), read as JSON Lines whose lines are those
 * values; null unless every value is an object or array and only whitespace lies between them.
 * `end` is where the first value ends (the whole-text parse stopped there).
 */
function concatenated(text: string, end: number): Doc | null {
  const lines: JsonlLine[] = [];
  let start = skipSpace(text, 0);
  let line = 1 + countLines(text, 0, start);
  let stop = end;
  while (start < text.length) {
    const r = parseJson(text.slice(start, stop));
    if (!r.ok || !(isJsonObject(r.value.value) || isJsonArray(r.value.value))) return null;
    lines.push({ value: r.value.value, diagnostics: r.value.diagnostics, line, start, end: stop });
    const next = skipSpace(text, stop);
    line += countLines(text, start, next);
    start = next;
    if (start >= text.length) break;
    // Where the next value ends: the parse of the rest stops at its trailing characters.
    const rest = parseJson(text.slice(start));
    if (rest.ok) stop = text.length;
    else if (rest.error.message.startsWith('trailing characters')) stop = start + rest.error.offset;
    else return null;
  }
  if (lines.length < 2) return null;
  const note = `Read as ${lines.length} JSON values written one after another, not one a line.`;
  return { kind: 'jsonl', lines, warnings: [note], text };
}

function skipSpace(text: string, i: number): number {
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    i++;
  }
  return i;
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function tryJsonl(text: string): Doc | null {
  const read = jsonLines(
    text,
    (start, end) => parseJson(text.slice(start, end)),
    (r) => isJsonObject(r.value) || isJsonArray(r.value),
  );
  if (read === null) return null;
  const lines = read.items.map((x): JsonlLine => ({
    value: x.item.value,
    diagnostics: x.item.diagnostics,
    line: x.line,
    start: x.start,
    end: x.end,
  }));
  return { kind: 'jsonl', lines, warnings: read.warnings, text };
}

/** One line `jsonLines` read: what `readLine` gave, and where the line is. */
interface ReadLine<T> {
  readonly item: T;
  /** 1-based line number. */
  readonly line: number;
  /** UTF-16 offsets of the line in the text (end exclusive, without the line break). */
  readonly start: number;
  readonly end: number;
}

/**
 * The lines of a JSON Lines text, each read by `readLine`: blank lines skipped, a bad line a
 * warning (an incomplete last one said as such), and null unless the first record passes
 * `isRecord`. Every reader of JSON Lines goes through this loop, so they number, skip and warn
 * alike.
 */
export function jsonLines<T>(
  text: string,
  readLine: (start: number, end: number) => Result<T, JsonSyntaxError>,
  isRecord: (first: T) => boolean,
): { items: ReadLine<T>[]; warnings: string[] } | null {
  const lines = new JsonLinesReader(readLine, isRecord);
  const items = lines.read(text, text.length, true);
  return items === null ? null : { items, warnings: lines.warnings() };
}

/**
 * `jsonLines` for a text that grows: each `read` goes on from where the last one stopped, so a
 * file being written is read a line at a time, once.
 */
export class JsonLinesReader<T> {
  private bad = 0;
  private comments = 0;
  /** Lines of text skipped before the first record. */
  private leading = 0;
  private firstChecked = false;
  private lineNo = 0;
  private pos = 0;
  private readonly lineWarnings: string[] = [];

  constructor(
    private readonly readLine: (start: number, end: number) => Result<T, JsonSyntaxError>,
    private readonly isRecord: (first: T) => boolean,
  ) {}

  /** `read` of a text that follows the one read before (its lines numbered on from there). */
  readPiece(piece: string, final: boolean): ReadLine<T>[] | null {
    this.pos = 0;
    return this.read(piece, piece.length, final);
  }

  /**
   * The lines of `text` from where the last read stopped up to `upTo`: all of them when
   * `final`, else only those whose line break is before `upTo`. Null when the first record is
   * not one (not JSON Lines).
   */
  read(text: string, upTo: number, final: boolean): ReadLine<T>[] | null {
    const items: ReadLine<T>[] = [];
    const n = Math.min(upTo, text.length);
    let pos = this.pos;
    while (pos < n) {
      let nl = text.indexOf('\n', pos);
      const hasBreak = nl >= 0 && nl < n;
      if (!hasBreak) {
        if (!final) break;
        nl = n;
      }
      this.lineNo++;
      let end = nl;
      if (end > pos && text.charCodeAt(end - 1) === 13) end--;
      const start = pos;
      pos = nl + 1;
      if (isBlank(text, start, end)) continue;
      // A comment line (`// …`, as hand-written mock streams keep) holds no record.
      if (opensWith(text, start, end, '//')) {
        this.comments++;
        continue;
      }
      const r = this.readLine(start, end);
      if (!this.firstChecked) {
        // A line or two of text before the records (a log's banner) is skipped, said as a bad
        // line is; a line that opens as JSON and is none means this is no JSON Lines.
        if (!r.ok && this.leading < MAX_LEADING && !opensJsonLine(text.slice(start, end))) {
          this.leading++;
          this.skipped(`Line ${this.lineNo} is no JSON (text before the records); it was skipped.`);
          continue;
        }
        this.firstChecked = true;
        // Not JSON Lines unless the first record stands on its own as an object or array.
        if (!r.ok || !this.isRecord(r.value)) return null;
      }
      if (r.ok) {
        items.push({ item: r.value, line: this.lineNo, start, end });
        continue;
      }
      if (!hasBreak) {
        this.lineWarnings.push(
          `The last line (${this.lineNo}) is incomplete, probably copied while being written; it was skipped.`,
        );
        continue;
      }
      this.skipped(
        `Line ${this.lineNo} is not valid JSON (column ${r.error.column}: ${r.error.message}); it was skipped.`,
      );
    }
    this.pos = Math.min(pos, n);
    // Text lines and no record at all: no JSON Lines.
    if (final && !this.firstChecked && this.leading > 0) return null;
    return items;
  }

  /** A line skipped: named among the first few, counted after them. */
  private skipped(sentence: string): void {
    this.bad++;
    if (this.bad <= MAX_LINE_WARNINGS) this.lineWarnings.push(sentence);
  }

  /** What was said of the lines read so far. */
  warnings(): string[] {
    const out = this.lineWarnings.slice();
    if (this.bad > MAX_LINE_WARNINGS) {
      out.push(`${plural(this.bad - MAX_LINE_WARNINGS, 'more invalid line')} were skipped.`);
    }
    if (this.comments > 0)
      out.push(`Skipped ${plural(this.comments, 'comment line')} (\`//\`) between the records.`);
    return out;
  }
}

/** Whether the line from `start` opens, past its white space, with one of `marks`. */
function opensWith(text: string, start: number, end: number, ...marks: string[]): boolean {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return marks.some((m) => text.startsWith(m, i));
}

/**
 * Whether a line opens a JSON value: an object, or an array whose first item starts as JSON
 * does (`[`, `[{`, `[0,`, `["a"`, a line bracketed whole), not a log's `[DEBUG] …` or
 * `[2026-08-14 14:08:40] started` line.
 */
export function opensJsonLine(line: string): boolean {
  const t = line.trim();
  if (t.startsWith('{')) return true;
  if (!t.startsWith('[')) return false;
  return t === '[' || t.endsWith(']') || ARRAY_START.test(t);
}
const ARRAY_START =
  /^\[\s*(?:[[{"\]]|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\s*(?:,|$)|(?:true|false|null)\s*(?:,|$))/;

export function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 10) return false;
  }
  return true;
}

/** A syntax error with the offending line (trimmed around the column) for a caret display. */
export function syntaxError(
  text: string,
  e: JsonSyntaxError,
  name?: string,
): Extract<ImportError, { kind: 'syntax' }> {
  const offset = Math.max(0, Math.min(e.offset, text.length));
  let ls = text.lastIndexOf('\n', offset - 1) + 1;
  if (offset === 0) ls = 0;
  let le = text.indexOf('\n', offset);
  if (le < 0) le = text.length;
  if (le > ls && text.charCodeAt(le - 1) === 13) le--;
  let caret = offset - ls;
  let lineText = text.slice(ls, Math.min(le, ls + Math.max(LINE_TEXT_MAX, caret + 1)));
  if (le - ls > LINE_TEXT_MAX) {
    const from = Math.max(0, caret - LINE_TEXT_MAX / 2);
    const to = Math.min(le - ls, from + LINE_TEXT_MAX);
    lineText = (from > 0 ? '…' : '') + text.slice(ls + from, ls + to) + (to < le - ls ? '…' : '');
    caret = caret - from + (from > 0 ? 1 : 0);
  }
  const where = `${name ? `“${name}” ` : ''}line ${e.line}, column ${e.column}`;
  return {
    kind: 'syntax',
    message: `Invalid JSON at ${where}: ${e.message}.`.replace(/\.\.$/, '.'),
    line: e.line,
    column: e.column,
    offset,
    lineText,
    caret,
  };
}

/**
 * What a piece of text kept inside another file holds (an archive's member, a string in source
 * code): its JSON value, its JSON Lines (where `lines`), or the replies its event stream
 * assembles to; null for anything else.
 */
export function heldValues(
  text: string,
  lines = true,
): { readonly kind: 'json' | 'stream'; readonly values: JsonValue[] } | null {
  const t = text.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    const p = parseJson(t);
    if (p.ok) return { kind: 'json', values: [p.value.value] };
    if (!lines) return null;
    const values: JsonValue[] = [];
    for (const line of t.split('\n')) {
      if (line.trim() === '') continue;
      const q = parseJson(line);
      if (!q.ok) return null;
      values.push(q.value.value);
    }
    return { kind: 'json', values };
  }
  if (!looksLikeSse(t)) return null;
  const replies = assembleStreams(readSse(t).events).replies;
  return replies.length > 0 ? { kind: 'stream', values: replies.map((r) => r.value) } : null;
}

/**
 * What a text input's test found in a text, kept for the reading that follows it (the same
 * text) and let go by that reading, as a text may be large. A finding `worth` nothing is not kept.
 */
export class Finding<T> {
  private last: { readonly text: string; readonly found: T } | null = null;

  constructor(
    private readonly find: (text: string) => T,
    private readonly worth: (found: T) => boolean,
  ) {}

  /** The finding for `text`, kept when worth keeping. */
  of(text: string): T {
    if (this.last?.text === text) return this.last.found;
    const found = this.find(text);
    this.last = this.worth(found) ? { text, found } : null;
    return found;
  }

  /** The finding for `text`, let go. */
  take(text: string): T {
    const found = this.of(text);
    this.last = null;
    return found;
  }

  /** Lets go of what was kept. */
  forget(): void {
    this.last = null;
  }
}
