// Read access to a JSON value in either tree the census meets: lossless model or plain.
import { JsonNumber } from '../../json/index';

/**
 * Read access to a JSON value in either of the two trees the census meets: the lossless model
 * (`Map` objects, `JsonNumber` numbers) the importers parsed, or `JSON.parse`'s plain objects
 * where it reads a text the import read a line at a time. The dialect table reads through these
 * only, so each dialect is taught once for both.
 */
export type Rec = ReadonlyMap<string, unknown> | { readonly [key: string]: unknown };

/** Whether `v` is a JSON object in either tree. */
export function isRec(v: unknown): v is Rec {
  if (v instanceof Map) return true;
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}

/** A member of an object, or undefined. */
export function get(o: Rec, key: string): unknown {
  if (o instanceof Map) return o.get(key);
  return Object.prototype.hasOwnProperty.call(o, key)
    ? (o as { readonly [key: string]: unknown })[key]
    : undefined;
}

/** A string member, or undefined. */
export function getStr(o: Rec, key: string): string | undefined {
  const v = get(o, key);
  return typeof v === 'string' ? v : undefined;
}

/** An object member, or undefined. */
export function getRec(o: Rec, key: string): Rec | undefined {
  const v = get(o, key);
  return isRec(v) ? v : undefined;
}

/** Whether an object has a member (of any value). */
export function has(o: Rec, key: string): boolean {
  if (o instanceof Map) return o.has(key);
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** An object of the same tree as `like` (a `Map` in the lossless one), holding `members`. */
export function recLike(like: Rec, members: Record<string, unknown>): Rec {
  return like instanceof Map ? new Map(Object.entries(members)) : members;
}

/** Calls `f` for each member of an object, in order. */
export function eachMember(o: Rec, f: (key: string, value: unknown) => void): void {
  if (o instanceof Map) {
    o.forEach((v, k) => f(k, v));
    return;
  }
  for (const k of Object.keys(o)) f(k, (o as { readonly [key: string]: unknown })[k]);
}

/**
 * A value as one canonical string, so the same arguments compare equal whichever tree and
 * spelling held them: object keys sorted, numbers by value, a string that holds a JSON object
 * or array read as that value. Bounded: past `budget` characters the rest is cut (two calls
 * equal that far are taken as one). Iterative, so no nesting can overflow the stack. `refs`:
 * the file's kept strings by reference (`resolveRef`).
 */
export function canonical(
  v: unknown,
  budget = 4096,
  refs: ReadonlyMap<string, string> | null = null,
): string {
  let out = '';
  const stack: unknown[] = [v];
  while (stack.length > 0 && out.length < budget) {
    const x = stack.pop();
    if (x instanceof Token) {
      out += x.text;
      continue;
    }
    if (x === undefined || x === null) out += 'null';
    else if (typeof x === 'string') {
      const t = refs === null ? x : resolveRef(x, refs);
      const parsed = embeddedJson(t) ?? embeddedJson(twiceEncoded(t));
      if (parsed !== undefined) stack.push(parsed);
      else out += JSON.stringify(t.length > budget ? t.slice(0, budget) : t);
    } else if (typeof x === 'number' || typeof x === 'boolean') out += String(x);
    else if (x instanceof JsonNumber) out += String(x.value);
    else if (Array.isArray(x)) {
      stack.push(CLOSE_ARRAY);
      for (let i = x.length - 1; i >= 0; i--) {
        stack.push(x[i]);
        if (i > 0) stack.push(COMMA);
      }
      out += '[';
    } else if (isRec(x)) {
      const keys: string[] = [];
      eachMember(x, (k) => keys.push(k));
      keys.sort();
      stack.push(CLOSE_OBJECT);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        stack.push(get(x, k));
        stack.push(new Token(`${JSON.stringify(k)}:`));
        if (i > 0) stack.push(COMMA);
      }
      out += '{';
    }
  }
  return out;
}

/**
 * A string that only refers to text kept elsewhere in the file, as that text: Inspect AI keeps
 * a sample's long strings once, in its `attachments`, and writes `attachment://<hash>` (or
 * `tc://<hash>`) where they stood, in some copies of a call and not in others.
 */
export function resolveRef(s: string, refs: ReadonlyMap<string, string>): string {
  const key = refKey(s);
  return key === null ? s : (refs.get(key) ?? s);
}

/** The key an `attachment://<key>` (or the older `tc://<key>`) reference names; null for any other string. */
export function refKey(s: string): string | null {
  const m = REF.exec(s);
  return m === null ? null : (m[1] as string);
}
const REF = /^(?:attachment|tc):\/\/(.+)$/;
/** The key a kept string is referred to by (a content hash). */
export const REF_KEY = /^[0-9a-f]{16,64}$/;

/** Punctuation on the canonical printer's stack. */
class Token {
  constructor(readonly text: string) {}
}
const COMMA = new Token(',');
const CLOSE_ARRAY = new Token(']');
const CLOSE_OBJECT = new Token('}');

/** Whether a canonical argument string says "no arguments" (absent, null, `{}`, `""`). */
export function emptyArgs(c: string): boolean {
  return c === 'null' || c === '{}' || c === '""' || c === '';
}

/**
 * Whether a call id is one a provider minted (`toolu_01BWKNzq…`, `call_Xf3k…`, a UUID): a run of
 * twelve or more letters and digits holding both, or a number of four or more digits
 * (`call_44149`, as a LangGraph step log keeps a Gemini model's calls). A counter (`call_0`, `tool_1`) is
 * reused turn after turn by local models; a minted id is sent again only for the same call.
 */
export function mintedId(id: string): boolean {
  return MINTED.test(id);
}
const MINTED = /(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{12,}|[0-9]{4,}/;

/** Each place in `same` (ascending) by its rank, for `copiesApart`. */
export function placeRanks(same: readonly number[]): ReadonlyMap<number, number> {
  const rank = new Map<number, number>();
  same.forEach((o, k) => rank.set(o, k));
  return rank;
}

/**
 * How many calls copies of one minted id with the same arguments at one place are, given their
 * places among all the calls in order (`at`, ascending) and the ranks of the places of every
 * copy of that id (`placeRanks`): a copy right after another, with no other call between them,
 * is that call logged again (a stream's `added` and `done`, `running` and `completed` events);
 * apart, each is one (a hand-made history that reuses the id). A copy after an answer to the id
 * (`answered` between two places) is the call made again, side by side or not.
 */
export function copiesApart(
  at: readonly number[],
  rank: ReadonlyMap<number, number>,
  answered?: (from: number, to: number) => boolean,
): number {
  let calls = 0;
  let prev = -1;
  for (const o of at) {
    const adjacent =
      prev >= 0 &&
      (rank.get(o) ?? 0) - (rank.get(prev) ?? 0) === o - prev &&
      answered?.(prev, o) !== true;
    if (!adjacent) calls++;
    prev = o;
  }
  return calls;
}

/**
 * Whether an answer stands between the calls at places `from` and `to` (`from` < `to`), given
 * where the answers to one id stand: each as the number of calls before it.
 */
export function answeredBetween(
  answers: readonly number[] | undefined,
  from: number,
  to: number,
): boolean {
  return answers !== undefined && answers.some((p) => p > from && p <= to);
}

/**
 * The text a JSON string literal spells (`"{\"limit\":200}"`, arguments encoded twice, as
 * any-agent's `gen_ai.tool.args` keeps them), so they compare as the arguments they are; ''
 * for any other string.
 */
function twiceEncoded(s: string): string {
  if (s.length < 4 || s.charCodeAt(0) !== 0x22 || s.charCodeAt(s.length - 1) !== 0x22) return '';
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === 'string' ? v : '';
  } catch {
    return '';
  }
}

/**
 * The value a string holds when it is a JSON object or array (a serialised argument list, an
 * attribute holding messages); undefined otherwise. Only strings that open with `{` or `[`
 * are tried, so prose costs one character test.
 */
export function embeddedJson(s: string): unknown {
  let i = 0;
  for (let c = s.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;)
    c = s.charCodeAt(++i);
  const c = s.charCodeAt(i);
  if (c !== 0x7b && c !== 0x5b) return undefined;
  try {
    const v: unknown = JSON.parse(s);
    return typeof v === 'object' && v !== null ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The values of a string that is JSON Lines (a streamed body as Ollama writes one, an object a
 * line), as `parse` reads each line; null unless it has two lines or more and every line that is
 * not blank is one.
 */
export function jsonLinesValues<T>(s: string, parse: (text: string) => T | undefined): T[] | null {
  if (s.indexOf('\n') < 0) return null;
  const out: T[] = [];
  for (const line of s.split('\n')) {
    if (line.trim() === '') continue;
    const v = parse(line);
    if (v === undefined) return null;
    out.push(v);
  }
  return out.length >= 2 ? out : null;
}

/** Whether a string opens as a captured event stream (`data:` or `event:` lines). */
export function isStreamText(s: string): boolean {
  const c = s.charCodeAt(0);
  return (c === 0x64 || c === 0x65) && /^(?:data|event):/.test(s.slice(0, 6));
}

/**
 * A captured event stream kept as a list of its lines (Azure SDK test recordings keep a
 * streamed response body so), as one text; null for any other list.
 */
export function streamText(list: readonly unknown[]): string | null {
  if (list.length < 2) return null;
  const first = list[0];
  if (typeof first !== 'string' || !isStreamText(first)) return null;
  for (const x of list) if (typeof x !== 'string') return null;
  return list.join('\n');
}

/** A captured event stream's events: each `data:` line's JSON, as `parse` reads it. */
export function streamEvents<T>(s: string, parse: (text: string) => T | undefined): T[] {
  const events: T[] = [];
  for (const line of s.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const e = parse(line.slice(5).trim());
    if (e !== undefined) events.push(e);
  }
  return events;
}

/**
 * Where the JSON object opening at `from` ends (just past its `}`), or -1. Written by hand: a
 * parser reads a whole text, and such an object stands inside words of its own; this only
 * matches braces outside strings, and the caller parses the slice whole.
 */
export function objectEnd(s: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}
