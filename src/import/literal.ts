// Values written as code: what Python prints, and the literals of test fixtures kept in source.
import { JsonNumber, type JsonObject, type JsonValue } from '../json/index';

/**
 * The value a text wholly is, read leniently as the notations that print or write data in
 * code: Python's printed values (dicts, lists and tuples, strings however quoted, `True` /
 * `False` / `None`, objects printed as their constructor calls with keyword arguments, as
 * dataclasses and pydantic models print: `ToolUseBlock(id='toolu_1', input={…}, name='ls')`,
 * as the object of those arguments), the object and array literals of JavaScript,
 * TypeScript and Ruby (keys unquoted, `=>`, symbols, `nil`, `undefined`, template strings,
 * comments, trailing commas, `as const`), and PHP's arrays of `key => value` pairs. A call with a positional argument
 * (`datetime.datetime(2025, 1, 2)`), a bare name (`datetime.timezone.utc`, a constant) and an
 * object printed as `<… at 0x…>` stand as their text. Null when the text is no such value, or
 * nests past `MAX_DEPTH`. Written by hand: no JSON reader takes these notations (JSON5 reads
 * part of JavaScript's, none of Python's, Ruby's or PHP's, nor a constant's name), and running
 * the code is out of the question.
 */
export function literalValue(text: string): JsonValue | null {
  return whole(new Reader(text));
}

/**
 * An object printed as its constructor call opens here (a class's name, then `(`), or as a
 * pydantic model's `str()` (its first field's name, then `=`).
 */
const PRINTED_OPEN = /^\s*(?:[A-Za-z_][\w.]{0,80}\(|[A-Za-z_]\w{0,80}=(?!=))/;

/**
 * The object a text wholly is where it prints one: as its constructor call
 * (`ModelResponse(parts=[ToolCallPart(tool_name='…', args='…', tool_call_id='…')])`, what
 * `repr()` of a pydantic model or a dataclass leaves in a log or a JSON string), as the object
 * of its keyword arguments; or as a pydantic model's `str()`, its fields one space apart
 * (`content='' tool_calls=[{'name': …, 'args': {…}, 'id': …}]`, a LangChain message a tracer
 * kept as text), as the object of those fields. Undefined for any other text. Told by its
 * opening before it is read.
 */
export function printedObject(text: string): JsonObject | undefined {
  const open = PRINTED_OPEN.exec(text);
  if (open === null) return undefined;
  const trimmed = text.trim();
  if (open[0].endsWith('=')) return keywordsValue(trimmed) ?? undefined;
  const v = literalValue(trimmed);
  return v instanceof Map ? v : undefined;
}

/** Whether a text opens as an object printed as `printedObject` reads it. */
export function opensPrinted(text: string): boolean {
  return PRINTED_OPEN.test(text);
}

/** The value a reader's whole text is, or null. */
function whole(p: Reader): JsonValue | null {
  try {
    const v = p.value(0);
    p.space();
    return p.at === p.length ? v : null;
  } catch {
    return null;
  }
}

/**
 * The value pretty-format printed (a Jest or Vitest snapshot): the literal notation, with class
 * names before objects and arrays, and strings whose quotes and backslashes stand unescaped.
 */
export function printedValue(text: string): JsonValue | null {
  return whole(new Reader(text, true));
}

/**
 * The value of a text that is wholly data in Python's or JavaScript's notation: lists, dicts,
 * strings, numbers and the constants only (no names, calls or tuples), or null.
 */
export function plainLiteralValue(text: string): JsonValue | null {
  return whole(new Reader(text, false, true));
}

/** Where a pydantic model's printed fields may begin: a name, `=`, and a value that opens. */
const FIELD_START = /(?:^|\s)([A-Za-z_]\w*)=(?=[[{'"A-Za-z_\d-])/g;

/**
 * The object a line ends with where it prints a pydantic model with `print()` (its `__str__`:
 * its fields as `name=value`, one space apart, no class name, as google-genai's
 * `LiveServerToolCall` prints, `function_calls=[FunctionCall(id='…', args={…}, name='…')]`),
 * after any words of the line's own (`Before tool call function_calls=[…]`): the object of those
 * fields, when one of them holds a list, a dict or an object; else null.
 */
export function keywordsValue(line: string): JsonObject | null {
  if (!line.includes('=')) return null;
  for (const m of line.matchAll(FIELD_START)) {
    const out: JsonObject = new Map();
    let nested = false;
    let at = (m.index as number) + m[0].length - (m[1] as string).length - 1;
    for (;;) {
      const key = /([A-Za-z_]\w*)=/y;
      key.lastIndex = at;
      const k = key.exec(line);
      if (k === null) break;
      // `None` reads as null, as does a value that does not read: tell them apart.
      const none = /None\b/y;
      none.lastIndex = key.lastIndex;
      const read = none.test(line)
        ? { value: null, end: none.lastIndex }
        : literalAt(line, key.lastIndex);
      if (read.value === null && read.end !== none.lastIndex) break;
      out.set(k[1] as string, read.value);
      if (read.value instanceof Map || Array.isArray(read.value)) nested = true;
      at = read.end;
      if (at >= line.length) return nested ? out : null;
      if (line[at] !== ' ') break;
      at++;
    }
  }
  return null;
}

/** A number as Python spells it (`1.`, `.5`, `+2.5e1`, `1_000`), as JSON spells it. */
export function pythonNumberAsJson(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  const n = text.replace(/_/g, '').replace(/^\+/, '');
  return n.replace(/^(-?)\./, '$10.').replace(/\.(?=[eE]|$)/, '.0');
}

/**
 * The value a literal opening at `at` is (null where none opens there), and where the reading
 * ended: past the literal, or where it failed.
 */
export function literalAt(text: string, at: number): { value: JsonValue | null; end: number } {
  const p = new Reader(text);
  p.at = at;
  try {
    const value = p.value(0);
    return { value, end: p.at };
  } catch {
    return { value: null, end: p.at };
  }
}

/**
 * The string literal opening at `at` (any quoting), its text as written between its quotes
 * (`raw`: Go's backticks take no escapes), and where it ends; null where none opens there.
 */
export function stringAt(
  text: string,
  at: number,
): { value: string; raw: string; end: number } | null {
  const p = new Reader(text);
  p.at = at;
  try {
    const q = p.quoteAt();
    if (q < 0) return null;
    const value = p.string(q);
    return { value, raw: text.slice(p.body[0], p.body[1]), end: p.at };
  } catch {
    return null;
  }
}

const MAX_DEPTH = 200;
/** A number JSON spells alike. */
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?$/;
const NAME = /[A-Za-z_$][\w.$]*/y;
const NUMBER = /[-+]?(?:\d[\d_]*)?(?:\.\d[\d_]*|\.)?(?:[eE][-+]?\d+)?/y;
const WORDS: Record<string, JsonValue> = {
  True: true,
  False: false,
  None: null,
  true: true,
  false: false,
  null: null,
  nil: null,
  undefined: null,
};
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\x07',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
};
/**
 * Where a string pretty-format printed ends: a key's quote before `: `, a value's at the end of
 * its line (after its comma), where a quote inside it, left unescaped, is not.
 */
const PRINTED_KEY_END = /^": /;
const PRINTED_VALUE_END = /^",?[ \t]*(?:\r?\n|$)/;
/** How a suffix may open: white space, `!`, `.`. */
const MAY_SUFFIX = /[\s!.]/;
/** What may follow a literal in TypeScript and Ruby without changing it. */
const SUFFIX =
  /\s*(?:as\s+const\b|(?:as|satisfies)\s+[A-Za-z_$][\w.$]*(?:<[^<>;\n]*>)?(?:\[\])*|!(?!=)|\.(?:freeze|to_json|deep_symbolize_keys|with_indifferent_access)\b(?:\(\))?)/y;

class Fail extends Error {}
/** Thrown where the text is no such value: made once, as a stack is costly to take each time. */
const FAIL = new Fail();

class Reader {
  at = 0;
  /** Whether a dict's key is being read. */
  private key = false;
  /** Where the last string's text starts and ends, between its quotes. */
  body: [number, number] = [0, 0];
  get length(): number {
    return this.s.length;
  }
  /**
   * `printed`: pretty-format's notation (quotes inside strings left as they are); `plain`:
   * data only (lists, dicts, strings, numbers, the constants), no names, calls or tuples.
   */
  constructor(
    private readonly s: string,
    private readonly printed = false,
    private readonly plain = false,
  ) {}

  /** Skips white space and comments (`//`, `/* … *\/`, and `#` before a space or line end). */
  space(): void {
    const s = this.s;
    for (;;) {
      while (this.at < s.length && s.charCodeAt(this.at) <= 0x20) this.at++;
      const c = s[this.at];
      const d = s[this.at + 1];
      if (c === '/' && d === '/') {
        const nl = s.indexOf('\n', this.at);
        this.at = nl < 0 ? s.length : nl;
      } else if (c === '/' && d === '*') {
        const end = s.indexOf('*/', this.at + 2);
        if (end < 0) throw FAIL;
        this.at = end + 2;
      } else if (c === '#' && (d === undefined || d === ' ' || d === '\n' || d === '\r')) {
        const nl = s.indexOf('\n', this.at);
        this.at = nl < 0 ? s.length : nl;
      } else return;
    }
  }

  private expect(c: string): void {
    this.space();
    if (this.s[this.at] !== c) throw FAIL;
    this.at++;
  }

  value(depth: number): JsonValue {
    const v = this.bare(depth);
    for (;;) {
      // Most values end at a comma or a bracket: the suffixes are looked for only where one may stand.
      if (!MAY_SUFFIX.test(this.s[this.at] ?? '')) return v;
      SUFFIX.lastIndex = this.at;
      if (!SUFFIX.test(this.s)) return v;
      this.at = SUFFIX.lastIndex;
    }
  }

  private bare(depth: number): JsonValue {
    if (depth > MAX_DEPTH) throw FAIL;
    this.space();
    const c = this.s[this.at];
    if (c === '{') return this.dict(depth);
    if (c === '[') return this.items(']', depth);
    if (this.plain && (c === '(' || c === '<')) throw FAIL;
    if (c === '(') return this.items(')', depth);
    if (c === '<') return this.opaque();
    if (c === undefined) throw FAIL;
    const quote = this.quoteAt();
    if (quote >= 0) return this.strings(quote);
    // A Ruby symbol: `:assistant`, `:"chat.completion"`.
    if (c === ':' && /[A-Za-z_"']/.test(this.s[this.at + 1] ?? '')) {
      this.at++;
      const q = this.quoteAt();
      if (q >= 0) return this.string(q);
      return this.name();
    }
    if (/[-+\d.]/.test(c)) return this.number();
    const start = this.at;
    const word = this.name();
    const constant = WORDS[word];
    if (constant !== undefined) return constant;
    if (this.plain) throw FAIL;
    this.space();
    // pretty-format names an object's class before it: `Object {`, `Array [`, `Foo {`.
    if (this.printed && (this.s[this.at] === '{' || this.s[this.at] === '['))
      return this.bare(depth);
    if (word === 'new') {
      this.name();
      this.space();
      if (this.s[this.at] !== '(') throw FAIL;
      return this.call(start, depth);
    }
    if (this.s[this.at] === '(') return this.call(start, depth);
    return word;
  }

  private name(): string {
    NAME.lastIndex = this.at;
    const m = NAME.exec(this.s);
    if (m === null) throw FAIL;
    this.at = NAME.lastIndex;
    return m[0];
  }

  /** Where a string literal's quote stands, past a prefix (`r`, `b`, `u`, `f`, `r#`), or -1. */
  quoteAt(): number {
    let i = this.at;
    // Python's and Rust's prefixes; C#'s verbatim `@"…"`.
    while (i < this.at + 2 && /[rRbBuUfF@]/.test(this.s[i] ?? '')) i++;
    while (this.s[i] === '#' && i > this.at && /[rR]/.test(this.s.slice(this.at, i))) i++;
    const q = this.s[i];
    return q === '"' || q === "'" || q === '`' ? i : -1;
  }

  /** A string, and those joined to it (`'a' 'b'` in Python, `"a" + "b"` elsewhere). */
  private strings(quoteAt: number): string {
    let out = this.string(quoteAt);
    for (;;) {
      const back = this.at;
      this.space();
      if (this.s[this.at] === '+') {
        this.at++;
        this.space();
      }
      const q = this.quoteAt();
      if (q < 0) {
        this.at = back;
        return out;
      }
      out += this.string(q);
    }
  }

  string(quoteAt: number): string {
    const prefix = this.s.slice(this.at, quoteAt);
    // A C# verbatim string takes no escapes but `""` for a quote, and spans lines.
    const verbatim = prefix.includes('@');
    const raw = verbatim || /[rR]/.test(prefix);
    const hashes = prefix.replace(/[^#]/g, '');
    const q = this.s[quoteAt] as string;
    const triple = q !== '`' && this.s.startsWith(q.repeat(3), quoteAt);
    const open = triple ? q.repeat(3) : q;
    const close = open + hashes;
    let i = quoteAt + open.length;
    let out = '';
    const printed = this.printed && q === '"';
    for (;;) {
      if (i >= this.s.length) throw FAIL;
      if (verbatim && this.s.startsWith('""', i)) {
        out += '"';
        i += 2;
        continue;
      }
      if (
        this.s.startsWith(close, i) &&
        (!printed || (this.key ? PRINTED_KEY_END : PRINTED_VALUE_END).test(this.s.slice(i, i + 8)))
      )
        break;
      const c = this.s[i] as string;
      if (c === '\n' && !triple && q !== '`' && !printed && !verbatim && hashes === '') throw FAIL;
      if (c === '\\' && !raw && !printed) {
        const e = this.s[i + 1] ?? '';
        if (e === 'x' || e === 'u' || e === 'U') {
          const braced = e === 'u' && this.s[i + 2] === '{';
          const n = braced ? this.s.indexOf('}', i) - i - 3 : e === 'x' ? 2 : e === 'u' ? 4 : 8;
          const hex = this.s.slice(i + (braced ? 3 : 2), i + (braced ? 3 : 2) + n);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) throw FAIL;
          out += String.fromCodePoint(parseInt(hex, 16));
          i += (braced ? 4 : 2) + n;
        } else if (e === '\n') i += 2;
        else {
          out += ESCAPES[e] ?? `\\${e}`;
          i += 2;
        }
      } else {
        out += c;
        i++;
      }
    }
    this.body = [quoteAt + open.length, i];
    this.at = i + close.length;
    return out;
  }

  private number(): JsonValue {
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.s);
    const text = m?.[0] ?? '';
    if (!/\d/.test(text)) throw FAIL;
    this.at = NUMBER.lastIndex;
    return new JsonNumber(pythonNumberAsJson(text));
  }

  private dict(depth: number): JsonObject {
    this.at++;
    const out: JsonObject = new Map();
    for (;;) {
      this.space();
      if (this.s[this.at] === '}') break;
      this.key = true;
      const k = this.bare(depth + 1);
      this.key = false;
      const key = typeof k === 'string' ? k : k instanceof JsonNumber ? k.lexeme : null;
      if (key === null) throw FAIL;
      this.space();
      // `key: value`, and Ruby's `key => value`.
      if (this.s.startsWith('=>', this.at)) this.at += 2;
      else this.expect(':');
      out.set(key, this.value(depth + 1));
      this.space();
      if (this.s[this.at] === ',') this.at++;
      else if (this.s[this.at] !== '}') throw FAIL;
    }
    this.at++;
    return out;
  }

  /** A list or tuple; a PHP array of `key => value` pairs, as the object it stands for. */
  private items(close: string, depth: number): JsonValue {
    this.at++;
    const out: JsonValue[] = [];
    let keyed: JsonObject | null = null;
    for (;;) {
      this.space();
      if (this.s[this.at] === close) break;
      const v = this.value(depth + 1);
      this.space();
      const pair = close === ']' && this.s.startsWith('=>', this.at);
      if (pair) {
        if (out.length > 0) throw FAIL;
        const key = typeof v === 'string' ? v : v instanceof JsonNumber ? v.lexeme : null;
        if (key === null) throw FAIL;
        this.at += 2;
        (keyed ??= new Map()).set(key, this.value(depth + 1));
        this.space();
      } else if (keyed !== null) throw FAIL;
      else out.push(v);
      if (this.s[this.at] === ',') this.at++;
      else if (this.s[this.at] !== close) throw FAIL;
    }
    this.at++;
    return keyed ?? out;
  }

  /** `Name(k=v, …)` as the object of its keywords; one with a positional argument, as its text. */
  private call(start: number, depth: number): JsonValue {
    this.at++;
    const out: JsonObject = new Map();
    let positional = false;
    for (;;) {
      this.space();
      if (this.s[this.at] === ')') break;
      NAME.lastIndex = this.at;
      const m = NAME.exec(this.s);
      const after = m === null ? -1 : NAME.lastIndex;
      const keyword = m !== null && /^\s*=(?![=>])/.test(this.s.slice(after, after + 8));
      if (keyword && !m[0].includes('.')) {
        this.at = after;
        this.expect('=');
        out.set(m[0], this.value(depth + 1));
      } else {
        this.value(depth + 1);
        positional = true;
      }
      this.space();
      if (this.s[this.at] === ',') this.at++;
      else if (this.s[this.at] !== ')') throw FAIL;
    }
    this.at++;
    return positional ? this.s.slice(start, this.at) : out;
  }

  /** `<OpenAIObject at 0x7f…>`: an object printed without its insides, as its text. */
  private opaque(): string {
    const end = this.s.indexOf('>', this.at);
    if (end < 0 || end - this.at > 200) throw FAIL;
    const text = this.s.slice(this.at, end + 1);
    this.at = end + 1;
    return text;
  }
}
