/**
 * The canonical argument representation, the "stable repr" (docs/detector.md §3.2): compact,
 * keys sorted by UTF-8 bytes, serde number format, and every value at depth ≥ 16 replaced
 * by the sentinel `"..."`. It is only ever hashed, never parsed back.
 */
import { JsonNumber, type JsonValue } from '../json/value';
import { formatSerdeNumber } from '../json/numbers';
import { compareUtf8 } from '../json/utf8order';
import { CANONICAL_DEPTH_CAP, CANONICAL_SENTINEL as SENTINEL } from '../json/serdeRules';

// Recursion is bounded by the cap (at most 17 frames), so deep input is safe.
function canon(v: JsonValue, depth: number): string {
  if (depth >= CANONICAL_DEPTH_CAP) return SENTINEL;
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (v instanceof JsonNumber) return formatSerdeNumber(v.lexeme);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out += ',';
      out += canon(v[i] as JsonValue, depth + 1);
    }
    return out + ']';
  }
  const keys = Array.from(v.keys()).sort(compareUtf8);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (i > 0) out += ',';
    out += JSON.stringify(k) + ':' + canon(v.get(k) as JsonValue, depth + 1);
  }
  return out + '}';
}

/** The stable repr of an arguments value (§3.2), depth cap 16. */
export function canonicalArgs(v: JsonValue): string {
  return canon(v, 0);
}
