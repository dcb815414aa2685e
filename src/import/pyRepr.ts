// Python's printed values read as JSON values: what a notebook shows of an SDK's objects.
import { JsonNumber, type JsonObject, type JsonValue } from '../json/index';
import { pythonNumberAsJson } from './pyLiteral';

/**
 * What `print()` shows of Python values, as the JSON value it stands for: dicts, lists and
 * tuples, strings however quoted, numbers, `True` / `False` / `None`, and objects printed as
 * their constructor calls with keyword arguments (`ToolUseBlock(id='toolu_1', input={…},
 * name='ls', type='tool_use')`, as dataclasses and pydantic models print) as the object of
 * those arguments. A call with a positional argument (`datetime.datetime(2025, 1, 2)`), a
 * bare name (`datetime.timezone.utc`) and an object printed as `<… at 0x…>` stand as their
 * text. Null when the text is no such value, or nests past `MAX_DEPTH`. Written by hand: the
 * notation is Python's, which no JSON reader takes, and running it is out of the question.
 */
export function pythonReprValue(text: string): JsonValue | null {
  const p = new Reader(text);
  try {
    const v = p.value(0);
    p.space();
    return p.at === text.length ? v : null;
  } catch {
    return null;
  }
}

const MAX_DEPTH = 200;
const NAME = /[A-Za-z_][\w.]*/y;
const NUMBER = /[-+]?(?:\d[\d_]*)?(?:\.\d*)?(?:[eE][-+]?\d+)?/y;
const WORDS: Record<string, JsonValue> = { True: true, False: false, None: null };
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
};

class Fail extends Error {}

class Reader {
  at = 0;
  constructor(private readonly s: string) {}

  space(): void {
    while (this.at < this.s.length && this.s.charCodeAt(this.at) <= 0x20) this.at++;
  }

  private expect(c: string): void {
    this.space();
    if (this.s[this.at] !== c) throw new Fail();
    this.at++;
  }

  value(depth: number): JsonValue {
    if (depth > MAX_DEPTH) throw new Fail();
    this.space();
    const c = this.s[this.at];
    if (c === '{') return this.dict(depth);
    if (c === '[') return this.items(']', depth);
    if (c === '(') return this.items(')', depth);
    if (c === '<') return this.opaque();
    if (c === undefined) throw new Fail();
    const quote = this.quoteAt();
    if (quote >= 0) return this.string(quote);
    if (/[-+\d.]/.test(c)) return this.number();
    NAME.lastIndex = this.at;
    const m = NAME.exec(this.s);
    if (m === null) throw new Fail();
    const start = this.at;
    this.at = NAME.lastIndex;
    const word = WORDS[m[0]];
    if (word !== undefined) return word;
    this.space();
    if (this.s[this.at] === '(') return this.call(start, depth);
    return m[0];
  }

  /** Where a string literal's quote stands, past a prefix (`r`, `b`, `u`, `f`), or -1. */
  private quoteAt(): number {
    let i = this.at;
    while (i < this.at + 2 && /[rRbBuUfF]/.test(this.s[i] ?? '')) i++;
    const q = this.s[i];
    return q === '"' || q === "'" ? i : -1;
  }

  private string(quoteAt: number): string {
    const raw = /[rR]/.test(this.s.slice(this.at, quoteAt));
    const q = this.s[quoteAt] as string;
    const triple = this.s.startsWith(q.repeat(3), quoteAt);
    const close = triple ? q.repeat(3) : q;
    let i = quoteAt + close.length;
    let out = '';
    for (;;) {
      if (i >= this.s.length) throw new Fail();
      if (this.s.startsWith(close, i)) break;
      const c = this.s[i] as string;
      if (c === '\\' && !raw) {
        const e = this.s[i + 1] ?? '';
        if (e === 'x' || e === 'u' || e === 'U') {
          const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
          const hex = this.s.slice(i + 2, i + 2 + n);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) throw new Fail();
          out += String.fromCodePoint(parseInt(hex, 16));
          i += 2 + n;
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
    this.at = i + close.length;
    return out;
  }

  private number(): JsonValue {
    NUMBER.lastIndex = this.at;
    const m = NUMBER.exec(this.s);
    const text = m?.[0] ?? '';
    if (!/\d/.test(text)) throw new Fail();
    this.at = NUMBER.lastIndex;
    return new JsonNumber(pythonNumberAsJson(text));
  }

  private dict(depth: number): JsonObject {
    this.at++;
    const out: JsonObject = new Map();
    for (;;) {
      this.space();
      if (this.s[this.at] === '}') break;
      const k = this.value(depth + 1);
      const key = typeof k === 'string' ? k : k instanceof JsonNumber ? k.lexeme : null;
      if (key === null) throw new Fail();
      this.expect(':');
      out.set(key, this.value(depth + 1));
      this.space();
      if (this.s[this.at] === ',') this.at++;
      else if (this.s[this.at] !== '}') throw new Fail();
    }
    this.at++;
    return out;
  }

  private items(close: string, depth: number): JsonValue[] {
    this.at++;
    const out: JsonValue[] = [];
    for (;;) {
      this.space();
      if (this.s[this.at] === close) break;
      out.push(this.value(depth + 1));
      this.space();
      if (this.s[this.at] === ',') this.at++;
      else if (this.s[this.at] !== close) throw new Fail();
    }
    this.at++;
    return out;
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
      const keyword = m !== null && /^\s*=(?!=)/.test(this.s.slice(after, after + 8));
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
      else if (this.s[this.at] !== ')') throw new Fail();
    }
    this.at++;
    return positional ? this.s.slice(start, this.at) : out;
  }

  /** `<OpenAIObject at 0x7f…>`: an object printed without its insides, as its text. */
  private opaque(): string {
    const end = this.s.indexOf('>', this.at);
    if (end < 0 || end - this.at > 200) throw new Fail();
    const text = this.s.slice(this.at, end + 1);
    this.at = end + 1;
    return text;
  }
}
