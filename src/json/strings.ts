/**
 * The slow, exact JSON string reader. The parser decodes strings natively (`indexOf`,
 * `slice`, `JSON.parse` of one literal) and falls back to this only to locate an error or
 * to look for lone surrogate escapes, which `JSON.parse` accepts and serde_json rejects.
 */

/** A decoded string, or the offset and reason of its first defect. */
type SlowString =
  | { readonly ok: true; readonly value: string; readonly end: number; readonly lone: boolean }
  | { readonly ok: false; readonly offset: number; readonly message: string };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function hex4(text: string, at: number): number {
  if (at + 4 > text.length) return -1;
  let v = 0;
  for (let i = at; i < at + 4; i++) {
    const c = text.charCodeAt(i);
    let d: number;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) d = c - 0x57;
    else if (c >= 0x41 && c <= 0x46) d = c - 0x37;
    else return -1;
    v = v * 16 + d;
  }
  return v;
}

/**
 * Decodes the string literal whose opening quote is at `start - 1`. `end` is the index just
 * past the closing quote; `lone` says whether an escape produced an unpaired surrogate.
 */
export function decodeStringSlow(text: string, start: number): SlowString {
  let out = '';
  let lone = false;
  let i = start;
  let runStart = i;
  for (;;) {
    if (i >= text.length) return { ok: false, offset: i, message: 'unterminated string' };
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      out += text.slice(runStart, i);
      return { ok: true, value: out, end: i + 1, lone };
    }
    if (c < 0x20) {
      return { ok: false, offset: i, message: 'control character in string' };
    }
    if (c !== 0x5c) {
      i++;
      continue;
    }
    out += text.slice(runStart, i);
    const e = text.charAt(i + 1);
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (e === 'u') {
      const u = hex4(text, i + 2);
      if (u < 0) return { ok: false, offset: i, message: 'invalid \\u escape' };
      i += 6;
      if (u >= 0xd800 && u <= 0xdbff && text.charCodeAt(i) === 0x5c && text.charAt(i + 1) === 'u') {
        const low = hex4(text, i + 2);
        if (low >= 0xdc00 && low <= 0xdfff) {
          out += String.fromCharCode(u, low);
          i += 6;
          runStart = i;
          continue;
        }
      }
      if (u >= 0xd800 && u <= 0xdfff) lone = true;
      out += String.fromCharCode(u);
    } else {
      return { ok: false, offset: i, message: 'invalid escape in string' };
    }
    runStart = i;
  }
}
