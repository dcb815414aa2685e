// Where each element of a JSON array sits in the source text. The lenient reader records
// this for the top-level arrays as it parses (`topElementSpans`); `elementSpans` is the
// fallback, a second, cheap structural pass: strings are skipped with the native indexOf,
// and only the bytes outside strings are looked at one by one.

/** A half-open UTF-16 range of the source text. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The same spans as `elementSpans(text, key)`, taken from the offsets the lenient reader
 * recorded while parsing (no second pass); falls back to the text pass when it recorded none.
 */
export function topElementSpans(
  parsed: { readonly topSpans?: ReadonlyMap<string | null, readonly number[]> },
  text: string,
  key: string | null,
): TextSpan[] | null {
  if (parsed.topSpans === undefined) return elementSpans(text, key);
  const flat = parsed.topSpans.get(key);
  if (flat === undefined) return null;
  const out = new Array<TextSpan>(flat.length >> 1);
  for (let i = 0; i < out.length; i++) {
    out[i] = { start: flat[2 * i] as number, end: flat[2 * i + 1] as number };
  }
  return out;
}

/** Spans of the elements of the top-level array, or of the array under top-level key `key`. */
export function elementSpans(text: string, key: string | null): TextSpan[] | null {
  let i = skipWs(text, 0);
  if (key === null) return text.charCodeAt(i) === 91 /* [ */ ? arraySpans(text, i) : null;
  if (text.charCodeAt(i) !== 123 /* { */) return null;
  const quoted = JSON.stringify(key);
  let found: TextSpan[] | null = null;
  i++;
  for (;;) {
    i = skipWs(text, i);
    const c = text.charCodeAt(i);
    if (c === 125 /* } */ || c !== 34 /* " */) return found;
    const keyEnd = skipString(text, i);
    if (keyEnd < 0) return found;
    const isKey = keyEnd - i === quoted.length && text.startsWith(quoted, i);
    i = skipWs(text, keyEnd);
    if (text.charCodeAt(i) !== 58 /* : */) return found;
    i = skipWs(text, i + 1);
    if (isKey && text.charCodeAt(i) === 91) {
      // Duplicate keys: the last one wins, as in the parser.
      found = arraySpans(text, i);
    }
    const end = skipValue(text, i);
    if (end < 0) return found;
    i = skipWs(text, end);
    if (text.charCodeAt(i) === 44 /* , */) i++;
  }
}

function arraySpans(text: string, open: number): TextSpan[] | null {
  const out: TextSpan[] = [];
  let i = open + 1;
  for (;;) {
    i = skipWs(text, i);
    if (i >= text.length) return null;
    if (text.charCodeAt(i) === 93 /* ] */) return out;
    const end = skipValue(text, i);
    if (end < 0) return null;
    out.push({ start: i, end });
    i = skipWs(text, end);
    if (text.charCodeAt(i) === 44) i++;
  }
}

/** The index of the first character at or after `i` that is not JSON whitespace. */
export function skipWs(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** Index just past the string starting at `i` (a quote), or -1. */
export function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return -1;
    let bs = 0;
    for (let k = q - 1; k > i && text.charCodeAt(k) === 92; k--) bs++;
    if (bs % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/** Index just past the JSON value starting at `i`, or -1. Iterative: nesting depth is irrelevant. */
export function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return skipString(text, i);
  if (c !== 123 && c !== 91) {
    let j = i;
    for (;;) {
      const d = text.charCodeAt(j);
      if (
        Number.isNaN(d) ||
        d === 44 ||
        d === 93 ||
        d === 125 ||
        d === 32 ||
        d === 10 ||
        d === 13 ||
        d === 9
      ) {
        return j === i ? -1 : j;
      }
      j++;
    }
  }
  let depth = 0;
  let j = i;
  const n = text.length;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d === 34) {
      j = skipString(text, j);
      if (j < 0) return -1;
      continue;
    }
    if (d === 123 || d === 91) depth++;
    else if (d === 125 || d === 93) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return -1;
}
