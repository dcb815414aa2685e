/**
 * The lossless JSON reader (docs/detector.md §3.4, §7.1), in two modes:
 *
 * - strict (`parseJsonStrict`): serde_json's behaviour for a `function.arguments` string.
 *   It fails on empty or trailing text, lone surrogate escapes, nesting deeper than 127
 *   and numbers out of f64 range, so the raw-string fallback lands where the reference's
 *   does.
 * - lenient (`parseJson`): for whole transcripts. It accepts lone surrogates and duplicate
 *   keys (last wins) but records them, so `referenceScan` can say when the reference
 *   would fail open.
 *
 * Both are iterative (an explicit stack), so 100,000-deep nesting cannot overflow the call
 * stack. Strings are found with native `indexOf` and decoded natively; numbers keep their
 * literal text as `JsonNumber`; objects are `Map`s so `__proto__` is an ordinary key.
 */
import { err, ok, type Result } from './result';
import { JsonNumber, type JsonObject, type JsonValue } from './value';
import { decodeStringSlow } from './strings';
import { hasLoneSurrogate, lexed, lexNumber, SERDE_MAX_DEPTH, serdeParseFloat } from './serdeRules';

/** What the lenient reader saw that the reference's reader would reject. */
export interface JsonDiagnostics {
  /** The deepest container nesting (the top-level container is depth 1). */
  maxDepth: number;
  /** A `\uD800–\uDFFF` escape not part of a valid pair occurred somewhere. */
  loneSurrogate: boolean;
  /** Some object repeated a key (the last value was kept). */
  duplicateKey: boolean;
  /**
   * The objects that repeated a key (added: `referenceScan` needs where, §7.1). Optional so
   * hand-built diagnostics stay valid; `parseJson` always fills it.
   */
  duplicateKeyObjects?: JsonObject[];
  /** A number overflowed f64 (serde_json: "number out of range"; added, optional likewise). */
  numberOutOfRange?: boolean;
}

/** A whole parsed document and its diagnostics. */
export interface ParsedJson {
  value: JsonValue;
  diagnostics: JsonDiagnostics;
  /**
   * Added (lenient reader only): where the elements of the top-level arrays sit in the text,
   * as flat `[start, end, start, end, …]` UTF-16 offsets (end exclusive). Key `null` is the
   * root array; a string key is the array under that key of the root object (the last such
   * member wins, as for the value). Importers use it instead of a second pass over the text.
   */
  topSpans?: ReadonlyMap<string | null, readonly number[]>;
}

/** Where and why a text is not JSON; `line` and `column` are 1-based (UTF-16 units). */
export interface JsonSyntaxError {
  message: string;
  offset: number;
  line: number;
  column: number;
}

// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings
const CONTROL_CHAR = /[\u0000-\u001f]/;
const SURROGATE = /[\ud800-\udfff]/;
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** Escape-free keys up to this length are interned (the same few keys repeat a lot). */
const INTERN_MAX = 16;
const INTERN_SLOTS = 1024;
/**
 * Short escape-free strings seen before, by a hash of their length and three characters.
 * One table for every parse: a table per parser was 8 KB of garbage per arguments string read
 * (the detector lanes parse every distinct one). Interning only shares equal strings, so what
 * an earlier parse left in it is harmless. It must not keep a large text alive, though: a
 * slice of 13 or more characters can point into its text (V8 copies shorter ones), so a text
 * longer than `INTERN_KEEP_MAX` empties the table when its parse ends, and a shorter one (which
 * may itself be a slice of a transcript) interns only strings too short to be such a slice.
 */
const interned: (string | undefined)[] = new Array<string | undefined>(INTERN_SLOTS);
const INTERN_KEEP_MAX = 4096;
/** The longest string V8 always copies rather than slices (a sliced string has 13 or more). */
const COPIED_MAX = 12;

/** Diagnostics of a text that has nothing to report (yet). */
export function emptyDiagnostics(): Required<JsonDiagnostics> {
  return {
    maxDepth: 0,
    loneSurrogate: false,
    duplicateKey: false,
    duplicateKeyObjects: [],
    numberOutOfRange: false,
  };
}

/**
 * Adds what `x` saw in a part of a document to `into`, the whole document's, for a part whose
 * containers sit `depth` levels deep in it. The objects that repeated a key are the caller's to
 * add: only some callers may keep them.
 */
export function mergeDiagnostics(into: JsonDiagnostics, x: JsonDiagnostics, depth: number): void {
  if (x.maxDepth + depth > into.maxDepth) into.maxDepth = x.maxDepth + depth;
  into.loneSurrogate ||= x.loneSurrogate;
  into.duplicateKey ||= x.duplicateKey;
  into.numberOutOfRange ||= x.numberOutOfRange === true;
}

/** A syntax error while reading (caught at the reader's edge; `partReader.ts` too). */
export class Failure {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

/** The reader itself; `parseJson`, `parseJsonStrict` and `JsonPartReader` drive it. */
export class Parser {
  pos = 0;
  /** Index of the next backslash at or after the last string start (text.length if none). */
  private backslash = -1;
  /** Element offsets of the top-level arrays (lenient mode only), see `ParsedJson.topSpans`. */
  readonly topSpans: Map<string | null, number[]> | null;
  /** The top-level array being read and where its element offsets go. */
  private spanTarget: JsonValue[] | null = null;
  private spanOut: number[] = [];
  readonly diagnostics: Required<JsonDiagnostics> = emptyDiagnostics();
  /** The open containers and their keys while `run` reads (kept for the next read). */
  private readonly containers: (JsonValue[] | JsonObject)[] = [];
  private readonly keys: string[] = [];
  /**
   * A member of the read value (an object) whose string's literal is noted (`JsonPartReader`):
   * where the last such string starts and ends in the text, or -1.
   */
  literalKey: string | null = null;
  literalStart = -1;
  literalEnd = -1;

  /** The longest string interned: see `interned`. */
  private readonly internMax: number;

  constructor(
    private readonly text: string,
    private readonly strict: boolean,
    /** Values within a larger text (`JsonPartReader`): no top-level spans, copied keys only. */
    part: boolean,
  ) {
    this.topSpans = strict || part ? null : new Map();
    this.internMax = text.length > INTERN_KEEP_MAX && !part ? INTERN_MAX : COPIED_MAX;
  }

  /**
   * The escape-free string text[start, end), or null if it holds a control character. Short
   * strings are shared with earlier equal ones.
   */
  private plain(start: number, end: number, intern: boolean): string | null {
    const t = this.text;
    const n = end - start;
    if (!intern || n > this.internMax) {
      const s = t.slice(start, end);
      return CONTROL_CHAR.test(s) ? null : s;
    }
    for (let i = start; i < end; i++) if (t.charCodeAt(i) < 0x20) return null;
    const slot =
      (n * 31 +
        t.charCodeAt(start) * 7 +
        t.charCodeAt(end - 1) * 3 +
        t.charCodeAt(start + (n >> 1))) &
      (INTERN_SLOTS - 1);
    const hit = interned[slot];
    if (hit !== undefined && hit.length === n) {
      let i = 0;
      while (i < n && hit.charCodeAt(i) === t.charCodeAt(start + i)) i++;
      if (i === n) return hit;
    }
    const s = t.slice(start, end);
    interned[slot] = s;
    return s;
  }

  forgetEscapes(): void {
    this.backslash = -1;
  }

  skipWs(): number {
    const t = this.text;
    let p = this.pos;
    let c = t.charCodeAt(p);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++p);
    this.pos = p;
    return c; // NaN at the end of the text
  }

  string(intern = false): string {
    const t = this.text;
    const start = this.pos + 1;
    let q = t.indexOf('"', start);
    if (q < 0) throw new Failure('unterminated string', this.pos);
    if (this.backslash < start) {
      const b = t.indexOf('\\', start);
      this.backslash = b < 0 ? t.length : b;
    }
    if (this.backslash > q) {
      const s = this.plain(start, q, intern);
      if (s === null) return this.slowString(start);
      this.pos = q + 1;
      return s;
    }
    // Escapes present: find the quote that is not itself escaped.
    for (;;) {
      let k = q - 1;
      while (t.charCodeAt(k) === 0x5c) k--;
      if ((q - 1 - k) % 2 === 0) break;
      q = t.indexOf('"', q + 1);
      if (q < 0) return this.slowString(start);
    }
    const raw = t.slice(start - 1, q + 1);
    let s: string;
    try {
      s = JSON.parse(raw) as string;
    } catch {
      return this.slowString(start);
    }
    // Only a decoded string with a surrogate in it can have a lone one; the test is free on
    // one-byte strings (the common case), and the escape check is the rule as before.
    if (SURROGATE.test(s) && SURROGATE_ESCAPE.test(raw) && hasLoneSurrogate(s)) {
      if (this.strict) throw new Failure('lone surrogate escape in string', start - 1);
      this.diagnostics.loneSurrogate = true;
    }
    this.pos = q + 1;
    return s;
  }

  private slowString(start: number): string {
    const r = decodeStringSlow(this.text, start);
    if (!r.ok) throw new Failure(r.message, r.offset);
    if (r.lone) {
      if (this.strict) throw new Failure('lone surrogate escape in string', start - 1);
      this.diagnostics.loneSurrogate = true;
    }
    this.pos = r.end;
    return r.value;
  }

  number(): JsonNumber {
    const t = this.text;
    const s = this.pos;
    const p = lexNumber(t, s);
    if (p < 0) throw new Failure('invalid number', -1 - p);
    this.pos = p;
    const lexeme = t.slice(s, p);
    // Only an exponent or a very long literal can overflow f64.
    if ((lexed.float || p - s > 300) && !Number.isFinite(serdeParseFloat(lexeme))) {
      if (this.strict) throw new Failure('number out of range', s);
      this.diagnostics.numberOutOfRange = true;
    }
    return new JsonNumber(lexeme);
  }

  literal(word: string, value: JsonValue): JsonValue {
    if (!this.text.startsWith(word, this.pos)) throw new Failure('expected a JSON value', this.pos);
    this.pos += word.length;
    return value;
  }

  key(): string {
    if (this.skipWs() !== 0x22) throw new Failure('expected a string key', this.pos);
    const k = this.string(true);
    if (this.skipWs() !== 0x3a) throw new Failure("expected ':'", this.pos);
    this.pos++;
    return k;
  }

  run(): JsonValue {
    const containers = this.containers;
    const keys = this.keys;
    // A read that failed part way leaves them as they were.
    containers.length = 0;
    keys.length = 0;
    let value: JsonValue = null;
    for (;;) {
      // Read one value; containers are opened and the loop descends into them.
      const c = this.skipWs();
      const parent = containers[containers.length - 1];
      if (parent !== undefined && parent === this.spanTarget) this.spanOut.push(this.pos);
      let descend = false;
      if (c === 0x7b || c === 0x5b) {
        const depth = containers.length + 1;
        if (depth > this.diagnostics.maxDepth) this.diagnostics.maxDepth = depth;
        if (this.strict && depth > SERDE_MAX_DEPTH) {
          throw new Failure('recursion limit exceeded', this.pos);
        }
        this.pos++;
        if (c === 0x7b) {
          const m: JsonObject = new Map();
          if (this.skipWs() === 0x7d) {
            this.pos++;
            value = m;
          } else {
            keys.push(this.key());
            containers.push(m);
            descend = true;
          }
        } else {
          const a: JsonValue[] = [];
          if (this.topSpans !== null && depth <= 2) this.watch(a, containers, keys);
          if (this.skipWs() === 0x5d) {
            this.pos++;
            value = a;
          } else {
            containers.push(a);
            descend = true;
          }
        }
        if (descend) continue;
      } else if (c === 0x22) {
        if (containers.length === 1 && this.literalKey !== null && keys[0] === this.literalKey) {
          this.literalStart = this.pos;
          value = this.string();
          this.literalEnd = this.pos;
        } else value = this.string();
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) value = this.number();
      else if (c === 0x74) value = this.literal('true', true);
      else if (c === 0x66) value = this.literal('false', false);
      else if (c === 0x6e) value = this.literal('null', null);
      else if (this.pos >= this.text.length) throw new Failure('unexpected end of input', this.pos);
      else throw new Failure('expected a JSON value', this.pos);

      // Attach the value to its parent, closing every container that ends here.
      for (;;) {
        const top = containers[containers.length - 1];
        if (top === undefined) return value;
        if (top === this.spanTarget) this.spanOut.push(this.pos);
        const next = this.skipWs();
        if (Array.isArray(top)) {
          top.push(value);
          if (next === 0x2c) {
            this.pos++;
            break;
          }
          if (next !== 0x5d) throw new Failure("expected ',' or ']'", this.pos);
        } else {
          const before = top.size;
          top.set(keys[keys.length - 1] as string, value);
          if (top.size === before) this.duplicate(top);
          if (next === 0x2c) {
            this.pos++;
            keys[keys.length - 1] = this.key();
            break;
          }
          if (next !== 0x7d) throw new Failure("expected ',' or '}'", this.pos);
          keys.pop();
        }
        this.pos++;
        containers.pop();
        value = top;
      }
    }
  }

  /**
   * Starts recording element offsets if `a` is a top-level array: the root itself, or a
   * member of the root object (a later member with the same key replaces the spans).
   */
  private watch(
    a: JsonValue[],
    containers: readonly (JsonValue[] | JsonObject)[],
    keys: readonly string[],
  ): void {
    let key: string | null;
    if (containers.length === 0) key = null;
    else if (containers[0] instanceof Map) key = keys[0] as string;
    else return;
    this.spanTarget = a;
    this.spanOut = [];
    (this.topSpans as Map<string | null, number[]>).set(key, this.spanOut);
  }

  private duplicate(m: JsonObject): void {
    const d = this.diagnostics;
    d.duplicateKey = true;
    if (d.duplicateKeyObjects[d.duplicateKeyObjects.length - 1] !== m)
      d.duplicateKeyObjects.push(m);
  }
}

export function syntaxError(text: string, f: Failure): JsonSyntaxError {
  const offset = Math.min(f.offset, text.length);
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { message: f.message, offset, line, column: offset - lineStart + 1 };
}

function parseWith(text: string, strict: boolean): Result<ParsedJson, JsonSyntaxError> {
  const p = new Parser(text, strict, false);
  try {
    const value = p.run();
    p.skipWs();
    if (p.pos < text.length) throw new Failure('trailing characters after the JSON value', p.pos);
    const parsed: ParsedJson = { value, diagnostics: p.diagnostics };
    if (p.topSpans !== null) parsed.topSpans = p.topSpans;
    return ok(parsed);
  } catch (e) {
    if (e instanceof Failure) return err(syntaxError(text, e));
    throw e;
  } finally {
    if (text.length > INTERN_KEEP_MAX) interned.fill(undefined);
  }
}

/**
 * Lenient, lossless reader for whole transcripts: accepts lone surrogate escapes and
 * duplicate keys but records them in `diagnostics`. Never throws.
 */
export function parseJson(text: string): Result<ParsedJson, JsonSyntaxError> {
  return parseWith(text, false);
}

/**
 * serde_json's reader for `function.arguments` strings (docs/detector.md §3.4): fails on empty
 * or whitespace-only text, trailing content, lone surrogate escapes, nesting deeper than
 * 127, leading zeros, `1.`, `.5`, `NaN`, numbers out of range. Never throws.
 */
export function parseJsonStrict(text: string): Result<JsonValue, JsonSyntaxError> {
  const r = parseWith(text, true);
  return r.ok ? ok(r.value.value) : r;
}
