/**
 * The canonical form of an arguments string in one pass (docs/detector.md §3.2, §3.4), for the
 * replay's hot path. It gives exactly `canonicalArgs(parseJsonStrict(raw) or raw)` without
 * building a tree: containers are rendered bottom-up, and a string literal whose escapes
 * are all ones serde_json would write itself (`\" \\ \b \f \n \r \t`, no surrogates, no
 * control characters) is copied as written instead of being decoded and re-quoted.
 */
import { formatSerdeNumber } from '../json/numbers';
import {
  CANONICAL_DEPTH_CAP as DEPTH_CAP,
  CANONICAL_SENTINEL as SENTINEL,
  hasLoneSurrogate,
  isSerdeShortEscape,
  lexNumber,
  SERDE_MAX_DEPTH,
} from '../json/serdeRules';
import { compareUtf8 } from '../json/utf8order';
import { sortSmall } from './sortSmall';

// Anything that is not copied verbatim: control or surrogate characters, \u or \/ escapes.
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const NEEDS_DECODING = /[\u0000-\u001f\ud800-\udfff]|\\[u/]/;
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** Objects with more keys than this find duplicates through a Map. */
const LINEAR_KEYS = 16;

interface Frame {
  readonly object: boolean;
  /** This container is at depth ≥ 16: it renders as the sentinel, its content is only checked. */
  readonly capped: boolean;
  readonly items: string[];
  readonly keys: string[];
  keyIndex: Map<string, number> | null;
  key: string;
  quotedKey: string;
}

class Fail extends Error {}

class CanonicalScanner {
  pos = 0;
  key = '';
  /** Index of the next backslash at or after the last string start (text length if none). */
  private backslash = -1;
  constructor(private readonly t: string) {}

  ws(): number {
    const t = this.t;
    let c = t.charCodeAt(this.pos);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++this.pos);
    return c;
  }

  /** The canonical quoted form of the string at `pos`; its decoded text goes to `key` if asked. */
  string(wantKey: boolean): string {
    const t = this.t;
    const start = this.pos + 1;
    let q = t.indexOf('"', start);
    if (this.backslash < start) {
      const b = t.indexOf('\\', start);
      this.backslash = b < 0 ? t.length : b;
    }
    const escaped = this.backslash < q;
    while (escaped) {
      if (q < 0) throw new Fail();
      let k = q - 1;
      while (t.charCodeAt(k) === 0x5c) k--;
      if ((q - 1 - k) % 2 === 0) break;
      q = t.indexOf('"', q + 1);
    }
    if (q < 0) throw new Fail();
    const raw = t.slice(start - 1, q + 1);
    this.pos = q + 1;
    if (!NEEDS_DECODING.test(raw)) {
      if (escaped) {
        for (let b = raw.indexOf('\\'); b >= 0; b = raw.indexOf('\\', b + 2)) {
          if (!isSerdeShortEscape(raw.charCodeAt(b + 1))) throw new Fail();
        }
        if (wantKey) this.key = JSON.parse(raw) as string;
      } else if (wantKey) {
        this.key = raw.slice(1, -1);
      }
      return raw;
    }
    let s: string;
    try {
      s = JSON.parse(raw) as string;
    } catch {
      throw new Fail();
    }
    if (SURROGATE_ESCAPE.test(raw) && hasLoneSurrogate(s)) throw new Fail();
    this.key = s;
    return JSON.stringify(s);
  }

  number(): string {
    const t = this.t;
    const s = this.pos;
    const p = lexNumber(t, s);
    if (p < 0) throw new Fail();
    this.pos = p;
    const lexeme = t.slice(s, p);
    const printed = formatSerdeNumber(lexeme);
    if (printed === 'null') throw new Fail(); // out of f64 range: serde_json rejects it
    return printed;
  }

  literal(word: string): string {
    if (!this.t.startsWith(word, this.pos)) throw new Fail();
    this.pos += word.length;
    return word;
  }

  memberKey(f: Frame): void {
    if (this.ws() !== 0x22) throw new Fail();
    f.quotedKey = this.string(true);
    f.key = this.key;
    if (this.ws() !== 0x3a) throw new Fail();
    this.pos++;
  }

  run(): string {
    const stack: Frame[] = [];
    let value: string;
    for (;;) {
      const c = this.ws();
      if (c === 0x7b || c === 0x5b) {
        if (stack.length + 1 > SERDE_MAX_DEPTH) throw new Fail();
        this.pos++;
        const top = stack[stack.length - 1];
        const f: Frame = {
          object: c === 0x7b,
          capped: stack.length >= DEPTH_CAP || (top !== undefined && top.capped),
          items: [],
          keys: [],
          keyIndex: null,
          key: '',
          quotedKey: '',
        };
        const close = c === 0x7b ? 0x7d : 0x5d;
        if (this.ws() === close) {
          this.pos++;
          value = f.capped ? SENTINEL : c === 0x7b ? '{}' : '[]';
        } else {
          if (f.object) this.memberKey(f);
          stack.push(f);
          continue;
        }
      } else if (c === 0x22) value = this.string(false);
      else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) value = this.number();
      else if (c === 0x74) value = this.literal('true');
      else if (c === 0x66) value = this.literal('false');
      else if (c === 0x6e) value = this.literal('null');
      else throw new Fail();
      if (stack.length >= DEPTH_CAP) value = SENTINEL;

      for (;;) {
        const f = stack[stack.length - 1];
        if (f === undefined) return value;
        if (!f.capped) {
          if (f.object) {
            // Duplicate keys: the last value wins, as in serde_json's map.
            const member = f.quotedKey + ':' + value;
            const at = indexOfKey(f);
            if (at >= 0) f.items[at] = member;
            else {
              f.keyIndex?.set(f.key, f.keys.length);
              f.keys.push(f.key);
              f.items.push(member);
            }
          } else f.items.push(value);
        }
        const next = this.ws();
        if (next === 0x2c) {
          this.pos++;
          if (f.object) this.memberKey(f);
          break;
        }
        if (next !== (f.object ? 0x7d : 0x5d)) throw new Fail();
        this.pos++;
        stack.pop();
        value = f.capped ? SENTINEL : f.object ? renderObject(f) : '[' + f.items.join(',') + ']';
      }
    }
  }
}

function indexOfKey(f: Frame): number {
  if (f.keyIndex === null && f.keys.length > LINEAR_KEYS) {
    f.keyIndex = new Map(f.keys.map((k, i) => [k, i]));
  }
  return f.keyIndex === null ? f.keys.indexOf(f.key) : (f.keyIndex.get(f.key) ?? -1);
}

function renderObject(f: Frame): string {
  if (f.keys.length === 1) return '{' + f.items[0] + '}';
  const keys = f.keys;
  const order = sortSmall(
    keys.map((_, i) => i),
    (a, b) => compareUtf8(keys[a]!, keys[b]!),
  );
  return '{' + order.map((i) => f.items[i]).join(',') + '}';
}

/**
 * The canonical form of an arguments string: of its serde_json parse, or of the raw string
 * itself when serde_json would reject it (§3.5). Equal to
 * `canonicalArgs(parseArgumentsString(raw).value)`.
 */
export function canonicalOfArgumentsText(raw: string): string {
  const s = new CanonicalScanner(raw);
  try {
    const out = s.run();
    s.ws();
    if (s.pos < raw.length) throw new Fail();
    return out;
  } catch (e) {
    if (e instanceof Fail) return JSON.stringify(raw);
    throw e;
  }
}
