/**
 * What every reader of a JSON Lines session that grows shares (the Claude Code and Codex
 * followers): the text is taken a piece at a time (the whole lines appended since the last
 * step), each line is read once, the format is judged from the first lines as the sniffer
 * judges it, and a format's own class maps the new lines. A follower answers exactly as the
 * general import of the text so far would, or says it cannot (null), and then the general
 * import answers.
 */
import { JsonPartReader, ok, parseJson } from '../json/index';
import type { JsonSyntaxError, JsonValue, Result } from '../json/index';
import type { FormatOutput } from './format';
import type { LogRecord } from './records';
import { sniffLines } from './sniff';
import { isBlank, JsonLinesReader } from './text';
import type { FormatId } from './types';

/** A piece of the text as it was given, and the reader of the values in it. */
export interface Piece {
  readonly text: string;
  readonly reader: JsonPartReader;
}

/** A line as a follower keeps it: `span` is where it is in the whole text. */
export interface FollowedLine extends LogRecord {
  /** Its place among the lines read. */
  readonly index: number;
}

/**
 * The fields of a line's record that its place sets: a record is made with them 0, undefined
 * and 0, and they are set once it is read, so every record has one shape.
 */
interface Placed {
  line: number;
  span: { start: number; end: number } | undefined;
  index: number;
}

/** What a reading gives: the format's output, and what was said of the lines. */
export interface FollowedRead {
  readonly format: FormatId;
  readonly out: FormatOutput;
  readonly warnings: string[];
}

/** What a caller needs of a follower. */
export interface SessionFollower {
  readPiece(piece: string, final: boolean): FollowedRead | null;
  readonly isDead: boolean;
}

/** The text does not read as the general import reads it: the general import must answer. */
export class NotTheSame extends Error {}

/** How many valid lines the format is judged from, read whole (sniff.ts judges from 20). */
const SNIFF_LINES = 20;

export abstract class LinesFollower<R extends FollowedLine> implements SessionFollower {
  protected readonly records: R[] = [];
  private readonly lines: JsonLinesReader<R>;
  private piece: Piece = { text: '', reader: new JsonPartReader('') };
  /** How much of the whole text the pieces read so far hold. */
  private base = 0;
  /** Pieces given before the text was known to be JSON Lines, joined. */
  private undecided = '';
  private readonly sample: JsonValue[] = [];
  private sniffed: boolean;
  private dead = false;

  constructor(
    private readonly format: FormatId,
    private readonly forced: boolean,
  ) {
    this.sniffed = forced;
    this.lines = new JsonLinesReader(
      (start, end) => this.lineAt(start, end),
      (first) => first.value instanceof Map || Array.isArray(first.value),
    );
  }

  /** A line's record from its value, parsed whole. */
  protected abstract fromValue(value: JsonValue, piece: Piece): R;

  /** The output for the lines read so far, the new ones (from `from` on) mapped. */
  protected abstract advance(from: number): FormatOutput;

  /** A line read the fast way; by default parsed whole. */
  protected readLine(piece: Piece, start: number, end: number): Result<R, JsonSyntaxError> {
    const r = parseJson(piece.text.slice(start, end));
    return r.ok ? ok(this.fromValue(r.value.value, piece)) : r;
  }

  /** Told of each new line once its place is set, before the lines are mapped. */
  protected placed(_r: R): void {}

  /** Checks what the new lines left unread (throws `NotTheSame` when it is no JSON). */
  protected validate(_from: number): void {}

  /** Lets go of the mapping when the general import takes over. */
  protected forget(): void {}

  /** The session in `text`, the whole of it: `read` once, `final`. */
  read(text: string, final: boolean): FollowedRead | null {
    return this.readPiece(text, final);
  }

  /**
   * The session so far, `piece` being the text that follows the pieces given before: whole
   * lines (it ends with a line break), or, when `final`, the rest of the text. Null when the
   * general import must answer; once that is known for good (`isDead`), every later call is
   * null too. A text still growing is read a piece at a time, never as one string, so no
   * step copies or re-reads the text before it.
   */
  readPiece(piece: string, final: boolean): FollowedRead | null {
    if (this.dead) return null;
    let text = piece;
    if (this.records.length === 0 && this.base === 0) {
      // Whether the text is JSON Lines is told by its first lines; until then, keep them.
      text = this.undecided + piece;
      if (!isJsonLines(text, final)) {
        this.undecided = text;
        return null;
      }
      this.undecided = '';
    }
    const base = this.base;
    this.base += text.length;
    this.piece = { text, reader: new JsonPartReader(text) };
    try {
      const from = this.records.length;
      const items = this.lines.readPiece(text, final);
      if (items === null) return this.die();
      for (const l of items) {
        const r = l.item as R & Placed;
        r.line = l.line;
        r.span = { start: base + l.start, end: base + l.end };
        r.index = this.records.length;
        this.records.push(r);
        this.placed(r);
      }
      if (!this.sniffed) {
        if (this.sample.length >= SNIFF_LINES) this.sniffed = true;
        if (sniffLines(this.sample).format !== this.format) {
          // Judged on fewer lines than the sniffer reads, the verdict may change as lines come.
          return this.sniffed || final ? this.die() : null;
        }
      }
      const out = this.advance(from);
      this.validate(from);
      // A forced format that found nothing names the format it looks like: the general import.
      if (this.forced && (out.conversations ?? [out]).every((c) => c.messages.length === 0)) {
        return this.die();
      }
      return { format: this.format, out, warnings: this.lines.warnings() };
    } catch (e) {
      if (e instanceof NotTheSame) return this.die();
      throw e;
    }
  }

  /** Whether the general import must answer from now on. */
  get isDead(): boolean {
    return this.dead;
  }

  private die(): null {
    this.dead = true;
    this.forget();
    return null;
  }

  private lineAt(start: number, end: number): Result<R, JsonSyntaxError> {
    const piece = this.piece;
    if (this.sample.length < SNIFF_LINES) {
      const r = parseJson(piece.text.slice(start, end));
      if (!r.ok) return r;
      this.sample.push(r.value.value);
      return ok(this.fromValue(r.value.value, piece));
    }
    if (!this.sniffed) {
      this.sniffed = true;
      if (sniffLines(this.sample).format !== this.format) throw new NotTheSame();
    }
    return this.readLine(piece, start, end);
  }
}

/**
 * Whether `readDoc` reads the text as JSON Lines: its first line is a value on its own, and
 * more follows. Of a text still growing (not `final`), the first line must be complete.
 */
function isJsonLines(text: string, final: boolean): boolean {
  let start = 0;
  const n = text.length;
  while (start < n) {
    let nl = text.indexOf('\n', start);
    if (nl < 0) {
      if (!final) return false;
      nl = n;
    }
    let end = nl;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    if (!isBlank(text, start, end)) {
      // A first line that is a whole value, with nothing after it, is one JSON document.
      return !isBlank(text, nl, n) && parseJson(text.slice(start, end)).ok;
    }
    start = nl + 1;
  }
  return false;
}
