/**
 * `JSON.stringify` of a value as a JavaScript agent holds it after `JSON.parse`: keys keep
 * their original order except that integer-like keys come first in ascending order (how JS
 * objects order own keys), and numbers print as JS doubles (`1.0` → `1`). Gemini CLI keys
 * tool calls on exactly this string, so argument order matters to it (peers-and-viewers B1).
 */
import { isJsonObject, JsonNumber, type JsonValue } from '../index';

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
