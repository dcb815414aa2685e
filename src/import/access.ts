// Small readers over the lossless JSON model. External values stay `JsonValue` until
// one of these checks their type, so no importer ever casts.
import { isJsonArray, isJsonObject } from '../json/index';
import type { JsonObject, JsonValue } from '../json/index';

/** A field of an object, or `undefined` when `o` is not an object or lacks it. */
export function field(o: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(o) ? o.get(key) : undefined;
}

/** A string field, or `undefined`. */
export function str(o: JsonValue | undefined, key: string): string | undefined {
  const v = field(o, key);
  return typeof v === 'string' ? v : undefined;
}

/** An array field, or `undefined`. */
export function arr(o: JsonValue | undefined, key: string): JsonValue[] | undefined {
  const v = field(o, key);
  return isJsonArray(v) ? v : undefined;
}

/** An object field, or `undefined`. */
export function obj(o: JsonValue | undefined, key: string): JsonObject | undefined {
  const v = field(o, key);
  return isJsonObject(v) ? v : undefined;
}

/** The first of several keys present on an object (camelCase / snake_case spellings). */
export function either(o: JsonValue | undefined, ...keys: string[]): JsonValue | undefined {
  if (!isJsonObject(o)) return undefined;
  for (const k of keys) {
    const v = o.get(k);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** Whether a value is an object having every listed key. */
export function hasKeys(o: JsonValue | undefined, ...keys: string[]): o is JsonObject {
  if (!isJsonObject(o)) return false;
  for (const k of keys) if (!o.has(k)) return false;
  return true;
}

/** Describes a parsed value for an unknown-format message: "a JSON object with keys: a, b". */
export function describeValue(v: JsonValue): string {
  if (isJsonObject(v)) return `a JSON object with ${describeKeys(v)}`;
  if (isJsonArray(v)) {
    if (v.length === 0) return 'an empty JSON array';
    const first = v[0] as JsonValue;
    return `a JSON array of ${v.length} item${v.length === 1 ? '' : 's'} whose first item is ${describeShort(first)}`;
  }
  return describeShort(v);
}

function describeShort(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return 'a JSON string';
  if (typeof v === 'boolean') return 'a JSON boolean';
  if (isJsonArray(v)) return 'a JSON array';
  if (isJsonObject(v)) return `a JSON object with ${describeKeys(v)}`;
  return 'a JSON number';
}

/** "keys: a, b, c" (at most 12, then "…"), or "no keys". */
export function describeKeys(o: JsonObject): string {
  if (o.size === 0) return 'no keys';
  const keys: string[] = [];
  for (const k of o.keys()) {
    if (keys.length === 12) {
      keys.push('…');
      break;
    }
    keys.push(k.length > 40 ? `${k.slice(0, 40)}…` : k);
  }
  return `keys: ${keys.join(', ')}`;
}
