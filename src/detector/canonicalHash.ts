/**
 * FNV-1a 64 of an arguments string's canonical form (docs/detector.md §3.2–§3.5) in one pass
 * and without building the canonical string, for the replay's hot path.
 *
 * The scan records the canonical form as a list of pieces: ranges of the arguments text
 * that serde_json would print byte for byte (most string literals, integers), and short
 * strings (punctuation, re-printed floats, re-quoted strings). An object's members are
 * re-ordered by key when it closes; then the pieces are hashed in order, which equals hashing
 * their concatenation. Whatever this path does not handle itself (a key with escapes, a
 * parse failure, the depth limit, a verbatim-looking string that turns out to need
 * re-quoting) falls back to `canonicalOfArgumentsText`, so the result is always exactly
 * `fnv1a64(canonicalOfArgumentsText(raw))`.
 */
import { canonicalOfArgumentsText } from './canonicalText';
import { formatSerdeNumber } from '../json/numbers';
import {
  CANONICAL_DEPTH_CAP as DEPTH_CAP,
  CANONICAL_SENTINEL,
  hasLoneSurrogate,
  isSerdeShortEscape,
  lexed,
  lexNumber,
  SERDE_MAX_DEPTH,
} from '../json/serdeRules';
import { compareUtf8Ranges } from '../json/utf8order';
import { sortSmall } from './sortSmall';
import { fnvFeed, fnvFeedVerbatimString, fnvStart } from './fnv1a';

/** Piece kinds: a string literal of the text to check and copy, a text range, a string. */
const K_LITERAL = 0;
const K_RANGE = 1;
const K_STRING = 2;

// Fixed strings, at fixed indices of `strings`.
const S_OPEN_OBJ = 0;
const S_CLOSE_OBJ = 1;
const S_OPEN_ARR = 2;
const S_CLOSE_ARR = 3;
const S_COMMA = 4;
const S_COLON = 5;
const S_SENTINEL = 6;
const FIXED = ['{', '}', '[', ']', ',', ':', CANONICAL_SENTINEL, 'null', 'true', 'false'];

class Bail extends Error {}

/** One open container; pooled by depth. */
class Frame {
  object = false;
  /** At depth ≥ 16: rendered as the sentinel, its content only checked. */
  capped = false;
  /** Piece index of the first member or element (just after the opening piece). */
  first = 0;
  /**
   * Object members: where each key's characters stand in the text (keys with escapes bail,
   * so the text is the key) and the piece index where each member starts; `members` of
   * them are current (the arrays are reused, not emptied).
   */
  readonly keyStart: number[] = [];
  readonly keyEnd: number[] = [];
  readonly starts: number[] = [];
  members = 0;
}

// Reused between calls (the replay is synchronous): piece buffers, frames, scratch.
let kind = new Int32Array(256);
let pa = new Int32Array(256);
let pb = new Int32Array(256);
let count = 0;
const strings: string[] = FIXED.slice();
const frames: Frame[] = [];

function grow(): void {
  const n = kind.length * 2;
  const k = new Int32Array(n);
  const a = new Int32Array(n);
  const b = new Int32Array(n);
  k.set(kind);
  a.set(pa);
  b.set(pb);
  kind = k;
  pa = a;
  pb = b;
}

function push(k: number, a: number, b: number): void {
  if (count === kind.length) grow();
  kind[count] = k;
  pa[count] = a;
  pb[count] = b;
  count++;
}

function pushString(s: string): void {
  push(K_STRING, strings.length, 0);
  strings.push(s);
}

/** Whether a string literal of the text can be copied verbatim (checked, not hashed). */
function verbatimOk(t: string, a: number, b: number): boolean {
  for (let i = a; i < b; i++) {
    const c = t.charCodeAt(i);
    if (c === 0x5c) {
      if (!isSerdeShortEscape(t.charCodeAt(++i))) return false;
    } else if (c < 0x20) return false;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const d = t.charCodeAt(i + 1);
      if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff) || i + 1 >= b) return false;
      i++;
    }
  }
  return true;
}

// The scan's state (module-level: one scan at a time).
let t = '';
let pos = 0;
/** Next `\`, `\u` and `\/` at or after the last string start that looked (text length if none). */
let backslash = -1;
let uEscape = -1;
let slashEscape = -1;
let escaped = false;

function nextIndex(needle: string, from: number): number {
  const i = t.indexOf(needle, from);
  return i < 0 ? t.length : i;
}

function ws(): number {
  let c = t.charCodeAt(pos);
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = t.charCodeAt(++pos);
  return c;
}

/** The index of the closing quote of the string literal at `pos`; sets `escaped`. */
function stringEnd(): number {
  const start = pos + 1;
  let q = t.indexOf('"', start);
  if (q < 0) throw new Bail();
  if (backslash < start) backslash = nextIndex('\\', start);
  escaped = backslash < q;
  if (!escaped) return q;
  for (;;) {
    let k = q - 1;
    while (t.charCodeAt(k) === 0x5c) k--;
    if ((q - 1 - k) % 2 === 0) return q;
    q = t.indexOf('"', q + 1);
    if (q < 0) throw new Bail();
  }
}

/** A string value at `depth`: a piece (or the sentinel), or only checked below the cap. */
function stringValue(depth: number): void {
  const q = stringEnd();
  const start = pos;
  pos = q + 1;
  if (depth >= DEPTH_CAP) {
    if (!verbatimOk(t, start, pos)) throw new Bail();
    if (depth === DEPTH_CAP) push(K_STRING, S_SENTINEL, 0);
    return;
  }
  if (escaped) {
    if (uEscape < start) uEscape = nextIndex('\\u', start);
    if (slashEscape < start) slashEscape = nextIndex('\\/', start);
    if (uEscape < q || slashEscape < q) {
      // serde_json prints these characters differently from how they were escaped.
      let s: string;
      try {
        s = JSON.parse(t.slice(start, pos)) as string;
      } catch {
        throw new Bail();
      }
      if (hasLoneSurrogate(s)) throw new Bail();
      pushString(JSON.stringify(s));
      return;
    }
  }
  push(K_LITERAL, start, pos);
}

function numberValue(depth: number): void {
  const s = pos;
  const p = lexNumber(t, s);
  if (p < 0) throw new Bail();
  const integer = !lexed.float;
  pos = p;
  const negative = t.charCodeAt(s) === 0x2d;
  // Up to 18 digits always fit serde_json's u64/i64; `-0` is a float.
  if (
    integer &&
    p - s <= (negative ? 19 : 18) &&
    !(negative && p - s === 2 && t.charCodeAt(s + 1) === 0x30)
  ) {
    if (depth < DEPTH_CAP) push(K_RANGE, s, p);
    else if (depth === DEPTH_CAP) push(K_STRING, S_SENTINEL, 0);
    return;
  }
  const printed = formatSerdeNumber(t.slice(s, p));
  if (printed === 'null') throw new Bail(); // out of f64 range: serde_json rejects it
  if (depth < DEPTH_CAP) pushString(printed);
  else if (depth === DEPTH_CAP) push(K_STRING, S_SENTINEL, 0);
}

function literalValue(word: string, index: number, depth: number): void {
  if (!t.startsWith(word, pos)) throw new Bail();
  pos += word.length;
  if (depth < DEPTH_CAP) push(K_STRING, index, 0);
  else if (depth === DEPTH_CAP) push(K_STRING, S_SENTINEL, 0);
}

/** Reads a member key and its colon; records the member if the object is rendered. */
function memberKey(f: Frame): void {
  if (ws() !== 0x22) throw new Bail();
  const q = stringEnd();
  if (escaped) throw new Bail(); // keys with escapes are left to the exact path
  const start = pos;
  pos = q + 1;
  if (f.capped) {
    if (!verbatimOk(t, start, pos)) throw new Bail();
  } else {
    const m = f.members++;
    f.keyStart[m] = start + 1;
    f.keyEnd[m] = q;
    f.starts[m] = count;
    push(K_LITERAL, start, pos);
    push(K_STRING, S_COLON, 0);
  }
  if (ws() !== 0x3a) throw new Bail();
  pos++;
}

// Scratch for re-ordering an object's members.
let sk = new Int32Array(256);
let sa = new Int32Array(256);
let sb = new Int32Array(256);
const order: number[] = [];

/** The object `byKey` orders (module-level, so the comparator is not a new closure each time). */
let sortFrame: Frame | null = null;

function compareKeys(f: Frame, x: number, y: number): number {
  return compareUtf8Ranges(t, f.keyStart[x]!, f.keyEnd[x]!, t, f.keyStart[y]!, f.keyEnd[y]!);
}

/** Member order by key; equal keys by position, so the last of a repeated key wins. */
const byKey = (x: number, y: number): number => compareKeys(sortFrame!, x, y) || x - y;

/** Rewrites the pieces of object `f` (from `f.first` on) in key order, dropping repeated keys. */
function sortMembers(f: Frame): void {
  const m = f.members;
  let sorted = true;
  for (let i = 1; i < m && sorted; i++) sorted = compareKeys(f, i - 1, i) < 0;
  if (sorted) return;
  const n = count - f.first;
  if (sk.length < n) {
    sk = new Int32Array(n * 2);
    sa = new Int32Array(n * 2);
    sb = new Int32Array(n * 2);
  }
  // Copied by hand: three `subarray` views per object were garbage on the replay's hot path.
  for (let x = 0, y = f.first; x < n; x++, y++) {
    sk[x] = kind[y]!;
    sa[x] = pa[y]!;
    sb[x] = pb[y]!;
  }
  for (let i = 0; i < m; i++) order[i] = i;
  order.length = m;
  // Stable on equal keys, so the last of a repeated key comes last and wins.
  sortFrame = f;
  sortSmall(order, byKey);
  count = f.first;
  let emitted = false;
  for (let j = 0; j < m; j++) {
    const i = order[j]!;
    const from = f.starts[i]! - f.first;
    const to = i + 1 < m ? f.starts[i + 1]! - 1 - f.first : n;
    if (j + 1 < m && compareKeys(f, order[j + 1]!, i) === 0) {
      // Dropped (a later value wins), but serde_json still had to read it.
      for (let x = from; x < to; x++) {
        if (sk[x] === K_LITERAL && !verbatimOk(t, sa[x]!, sb[x]!)) throw new Bail();
      }
      continue;
    }
    if (emitted) push(K_STRING, S_COMMA, 0);
    emitted = true;
    for (let x = from; x < to; x++) push(sk[x]!, sa[x]!, sb[x]!);
  }
}

function frameAt(depth: number): Frame {
  let f = frames[depth];
  if (f === undefined) {
    f = new Frame();
    frames[depth] = f;
  }
  return f;
}

/** Scans the whole text into pieces; throws `Bail` where the exact path must decide. */
function scan(): void {
  let depth = 0; // open containers = the depth of the value about to be read
  for (;;) {
    const c = ws();
    if (c === 0x7b || c === 0x5b) {
      if (depth + 1 > SERDE_MAX_DEPTH) throw new Bail();
      pos++;
      const object = c === 0x7b;
      const capped = depth >= DEPTH_CAP;
      if (!capped) push(K_STRING, object ? S_OPEN_OBJ : S_OPEN_ARR, 0);
      if (ws() === (object ? 0x7d : 0x5d)) {
        pos++;
        if (!capped) push(K_STRING, object ? S_CLOSE_OBJ : S_CLOSE_ARR, 0);
        else if (depth === DEPTH_CAP) push(K_STRING, S_SENTINEL, 0);
      } else {
        const f = frameAt(depth);
        f.object = object;
        f.capped = capped;
        f.first = count;
        f.members = 0;
        depth++;
        if (object) memberKey(f);
        continue;
      }
    } else if (c === 0x22) stringValue(depth);
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) numberValue(depth);
    else if (c === 0x74) literalValue('true', 8, depth);
    else if (c === 0x66) literalValue('false', 9, depth);
    else if (c === 0x6e) literalValue('null', 7, depth);
    else throw new Bail();

    // A value is complete: continue its container, or close every container that ends here.
    for (;;) {
      if (depth === 0) return;
      const f = frames[depth - 1]!;
      const next = ws();
      if (next === 0x2c) {
        pos++;
        if (!f.capped) push(K_STRING, S_COMMA, 0); // an object re-joins its members if it re-orders them
        if (f.object) memberKey(f);
        break;
      }
      if (next !== (f.object ? 0x7d : 0x5d)) throw new Bail();
      pos++;
      depth--;
      if (!f.capped) {
        if (f.object) sortMembers(f);
        push(K_STRING, f.object ? S_CLOSE_OBJ : S_CLOSE_ARR, 0);
      } else if (depth === DEPTH_CAP) push(K_STRING, S_SENTINEL, 0);
    }
  }
}

/** Hashes the recorded pieces; false if a verbatim-looking literal needs re-quoting. */
function hashPieces(): boolean {
  fnvStart();
  for (let i = 0; i < count; i++) {
    const k = kind[i];
    if (k === K_LITERAL) {
      if (!fnvFeedVerbatimString(t, pa[i]!, pb[i]!)) return false;
    } else if (k === K_RANGE) fnvFeed(t, pa[i]!, pb[i]!);
    else {
      const s = strings[pa[i]!]!;
      fnvFeed(s, 0, s.length);
    }
  }
  return true;
}

/**
 * Hashes the canonical form of an arguments string (of its serde_json parse, or of the raw
 * string when serde_json rejects it, §3.5) with FNV-1a 64 and leaves the result in the FNV
 * state (`fnvHigh()`, `fnvLow()`). Equal to `fnv1a64(canonicalOfArgumentsText(raw))`.
 * Returns whether the piecewise path decided (false: the canonical string was built).
 */
export function hashArgumentsText(raw: string): boolean {
  t = raw;
  pos = 0;
  backslash = uEscape = slashEscape = -1;
  count = 0;
  strings.length = FIXED.length;
  let fast = false;
  try {
    scan();
    ws();
    fast = pos >= raw.length && hashPieces();
  } catch (e) {
    if (!(e instanceof Bail)) throw e;
  }
  if (!fast) {
    const canonical = canonicalOfArgumentsText(raw);
    fnvStart();
    fnvFeed(canonical, 0, canonical.length);
  }
  t = '';
  return fast;
}
