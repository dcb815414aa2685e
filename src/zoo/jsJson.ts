/**
 * `JSON.stringify` of a value as a JavaScript agent holds it after `JSON.parse`: keys keep
 * their original order except that integer-like keys come first in ascending order (how JS
 * objects order own keys), and numbers print as JS doubles (`1.0` → `1`). Gemini CLI keys
 * tool calls on exactly this string, so argument order matters to it (peers-and-viewers B1).
 */
import { isJsonObject, JsonNumber, SERDE_MAX_DEPTH, type JsonValue } from '../json/index';

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

function isIndexKey(k: string): boolean {
  return ARRAY_INDEX.test(k) && Number(k) < 4294967295;
}

/** Own-key order of a JS object built from these keys in this order. */
function jsKeyOrder(keys: readonly string[]): string[] {
  const ints = keys.filter(isIndexKey).sort((a, b) => Number(a) - Number(b));
  return ints.concat(keys.filter((k) => !isIndexKey(k)));
}

function numberText(n: JsonNumber): string {
  const d = Number(n.lexeme);
  return Number.isFinite(d) ? JSON.stringify(d) : 'null';
}

/** The JS-agent print of a JSON value (iterative depth is bounded by the transcript reader). */
export function jsJson(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof JsonNumber) return numberText(v);
  if (Array.isArray(v)) return '[' + v.map(jsJson).join(',') + ']';
  if (!isJsonObject(v)) return 'null';
  const parts: string[] = [];
  for (const k of jsKeyOrder(Array.from(v.keys()))) {
    parts.push(JSON.stringify(k) + ':' + jsJson(v.get(k) as JsonValue));
  }
  return '{' + parts.join(',') + '}';
}

/** What the strict reader rejects but `JSON.parse` accepts (see `jsJsonOfText`). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const HUGE_NUMBER = /\d{300}|[eE][+-]?\d{3}/;

function openers(raw: string): number {
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) n++;
  }
  return n;
}

/**
 * `jsJson(parseArgumentsString(raw).value)` for an arguments string, by the engine's own
 * `JSON.parse` and `JSON.stringify` where they agree with it: that is the print a JS agent
 * makes, and it is several times cheaper than the lossless reader. Where the strict reader
 * and `JSON.parse` could disagree (a surrogate escape, a number that may overflow, nesting
 * that may pass 127) it takes the exact path through `parse`. A text `JSON.parse` rejects is
 * rejected by the strict reader too, so it prints as a string.
 */
export function jsJsonOfText(raw: string, parse: (raw: string) => JsonValue): string {
  if (SURROGATE_ESCAPE.test(raw) || HUGE_NUMBER.test(raw) || openers(raw) > SERDE_MAX_DEPTH) {
    return jsJson(parse(raw));
  }
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return JSON.stringify(raw);
  }
  return JSON.stringify(v);
}

/**
 * A JavaScript peer's sorted-key print of a JSON value: numbers by value (`1.0` → `1`), keys
 * sorted in `Array.prototype.sort` order (UTF-16 code units) at every depth, no depth cap.
 * `rebuilt`: the sorted keys were put into a new object before printing (Cline's `sortKeys`
 * then `JSON.stringify`), so integer-like keys come first again; otherwise they are printed in
 * sorted order as they are (a stable stringifier such as `safe-stable-stringify`, Roo Code's).
 */
export function jsSortedJson(v: JsonValue, rebuilt: boolean): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof JsonNumber) return numberText(v);
  if (Array.isArray(v)) return '[' + v.map((x) => jsSortedJson(x, rebuilt)).join(',') + ']';
  if (!isJsonObject(v)) return 'null';
  const sorted = Array.from(v.keys()).sort();
  const keys = rebuilt ? jsKeyOrder(sorted) : sorted;
  const parts: string[] = [];
  for (const k of keys) {
    parts.push(JSON.stringify(k) + ':' + jsSortedJson(v.get(k) as JsonValue, rebuilt));
  }
  return '{' + parts.join(',') + '}';
}
