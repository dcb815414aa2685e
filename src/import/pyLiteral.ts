// Attribute strings read leniently: JSON, a Python literal made JSON, or plain text.
import { parseJson, printJson } from '../json/index';
import { plainLiteralValue } from './literal';
import type { JsonValue } from '../json/index';

/** How a string attribute was read: as JSON, as a Python literal made JSON, or as text. */
export type Lenient =
  | { readonly how: 'json' | 'repaired'; readonly value: JsonValue }
  | { readonly how: 'text'; readonly value: string };

/**
 * Reads a string that should hold JSON but may hold a Python `repr` of a list or dict
 * (single quotes, `True` / `False` / `None`), as some tracers write it: JSON first, then
 * the quotes repaired, else the string itself as text.
 */
export function readLenient(s: string): Lenient {
  const t = s.trim();
  if (!t.startsWith('[') && !t.startsWith('{')) return { how: 'text', value: s };
  const p = parseJson(t);
  if (p.ok) return { how: 'json', value: p.value.value };
  const fixed = pythonLiteralToJson(t);
  if (fixed !== null) {
    const q = parseJson(fixed);
    if (q.ok) return { how: 'repaired', value: q.value.value };
  }
  return { how: 'text', value: s };
}

/**
 * The JSON spelling of a Python literal of lists, dicts, strings, numbers and the three
 * constants, or null when it holds anything else (a name, a call, a tuple).
 */
export function pythonLiteralToJson(s: string): string | null {
  const v = plainLiteralValue(s);
  return v === null ? null : printJson(v);
}
