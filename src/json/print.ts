/**
 * Printing the lossless JSON model.
 *
 * `printJson` is serde_json's compact rendering of a `Value` (docs/detector.md §5.1): no
 * whitespace, object keys sorted by UTF-8 bytes (serde_json's map is a BTreeMap), numbers
 * from their lexeme per §3.2 rule 6, no depth cap. Both printers are iterative, so a
 * 100,000-deep value prints without overflowing the stack.
 */
import { JsonNumber, type JsonValue } from './value';
import { formatSerdeNumber } from './numbers';
import { compareUtf8 } from './utf8order';

/**
 * A JSON string literal as serde_json writes it (§3.2 rule 5). For well-formed strings this
 * is exactly `JSON.stringify`, which runs natively.
 */
export function quoteJsonString(s: string): string {
  return JSON.stringify(s);
}

function scalar(v: null | boolean | string | JsonNumber, exact: boolean): string {
  if (v === null) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (typeof v === 'string') return JSON.stringify(v);
  return exact ? v.lexeme : formatSerdeNumber(v.lexeme);
}

interface Frame {
  readonly values: readonly JsonValue[];
  /** Object keys in print order; null for an array. */
  readonly keys: readonly string[] | null;
  index: number;
}

/** Opens `v` if it is a container; returns a frame, or null after emitting a scalar or `[]`/`{}`. */
function open(v: JsonValue, sorted: boolean, parts: string[]): Frame | null {
  if (Array.isArray(v)) {
    if (v.length === 0) {
      parts.push('[]');
      return null;
    }
    parts.push('[');
    return { values: v, keys: null, index: 0 };
  }
  if (v instanceof Map) {
    if (v.size === 0) {
      parts.push('{}');
      return null;
    }
    parts.push('{');
    const keys = Array.from(v.keys());
    if (sorted) keys.sort(compareUtf8);
    const values = keys.map((k) => v.get(k) as JsonValue);
    return { values, keys, index: 0 };
  }
  parts.push(scalar(v, !sorted));
  return null;
}

function render(root: JsonValue, sorted: boolean, indent: string | null): string {
  const parts: string[] = [];
  const stack: Frame[] = [];
  const first = open(root, sorted, parts);
  if (first) stack.push(first);
  while (stack.length > 0) {
    const f = stack[stack.length - 1] as Frame;
    const nl = indent === null ? '' : '\n' + indent.repeat(stack.length);
    if (f.index === f.values.length) {
      stack.pop();
      if (indent !== null) parts.push('\n' + indent.repeat(stack.length));
      parts.push(f.keys ? '}' : ']');
      continue;
    }
    if (f.index > 0) parts.push(',');
    parts.push(nl);
    if (f.keys) {
      parts.push(JSON.stringify(f.keys[f.index]), indent === null ? ':' : ': ');
    }
    const child = f.values[f.index] as JsonValue;
    f.index++;
    const frame = open(child, sorted, parts);
    if (frame) stack.push(frame);
  }
  return parts.join('');
}

/** serde_json compact print: keys sorted by UTF-8 bytes, serde number format, no depth cap. */
export function printJson(v: JsonValue): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || typeof v === 'boolean' || v instanceof JsonNumber) return scalar(v, false);
  return render(v, true, null);
}

/**
 * An indented rendering for people (the details panel): keys in their original order and
 * numbers exactly as written, two-space indentation.
 */
export function prettyJson(v: JsonValue): string {
  return render(v, false, '  ');
}
