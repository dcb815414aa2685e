// Input bytes decoded: UTF-8 text with its BOM stripped, or a ZIP archive kept as bytes.
import { err, ok } from '../json/index';
import type { Result } from '../json/index';
import { isMitmDump, mitmDumpAsHar } from './mitmDump';
import { eventStreamFile } from './awsEventStream';
import { sqliteAsJson } from './sqlite';
import { gunzip, isGzip } from './gzip';
import type { ImportError } from './types';
import { inputLabel } from './warnings';

/** Decoded input: text (BOM stripped), or the bytes of a ZIP archive. */
export type Decoded =
  | { readonly kind: 'text'; readonly text: string; readonly warnings: string[] }
  | { readonly kind: 'zip'; readonly bytes: Uint8Array };

interface TextDecoderLike {
  decode(b: Uint8Array): string;
}
type TextDecoderCtor = new (label: string, opts?: { fatal?: boolean }) => TextDecoderLike;

// The core compiles without DOM types, but every runtime it runs in (browsers, workers,
// Node ≥ 11) has a native TextDecoder, which is far faster than decoding by hand.
const NativeDecoder = (globalThis as { TextDecoder?: TextDecoderCtor }).TextDecoder;

/** Turns the user's input into text (or a ZIP), rejecting binary and empty input. */
export function decodeInput(
  input: string | Uint8Array,
  name?: string,
): Result<Decoded, ImportError> {
  const what = inputLabel(name, 'The input');
  if (typeof input === 'string') {
    let text = input;
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const nul = firstNul(text);
    if (nul >= 0) {
      return err({
        kind: 'binary',
        message: `${what} has a NUL character at character ${nul + 1}; it looks like a binary file, not a transcript.`,
      });
    }
    return ok({ kind: 'text', text, warnings: [] });
  }
  return decodeBytes(input, name, what, 0);
}

/** Bytes as `decodeInput` reads them; `depth` counts the gzip layers unpacked already. */
function decodeBytes(
  b: Uint8Array,
  name: string | undefined,
  what: string,
  depth: number,
): Result<Decoded, ImportError> {
  // A compressed file is read as what it unpacks to (twice for a file compressed twice).
  if (depth < 2 && isGzip(b)) {
    const unpacked = gunzip(b, what);
    if ('error' in unpacked) return err({ kind: 'invalid', message: unpacked.error });
    const inner = decodeBytes(unpacked.bytes, name, `${what} (unpacked from gzip)`, depth + 1);
    if (!inner.ok || inner.value.kind !== 'text') return inner;
    const note = `Read ${what.charAt(0).toLowerCase()}${what.slice(1)} unpacked from gzip: ${sizeLabel(unpacked.bytes.length)} from ${sizeLabel(b.length)}.`;
    return ok({ ...inner.value, warnings: [note, ...inner.value.warnings] });
  }
  if (
    b.length >= 4 &&
    b[0] === 0x50 &&
    b[1] === 0x4b &&
    (b[2] === 3 || b[2] === 5) &&
    (b[3] === 4 || b[3] === 6)
  ) {
    return ok({ kind: 'zip', bytes: b });
  }
  // A mitmproxy dump holds its bodies as they were sent, compressed or not: read from the bytes.
  if (isMitmDump(b)) {
    const har = mitmDumpAsHar(b, name);
    if (!har.ok) return har;
    return ok({ kind: 'text', text: har.value.text, warnings: [har.value.note] });
  }
  // A Bedrock stream saved as it came (binary event-stream messages): the events it holds.
  const aws = eventStreamFile(b);
  if (aws !== null) return ok({ kind: 'text', text: aws.text, warnings: [aws.note] });
  // An agent's session store (Crush, the Go opencode, Cursor): its tables' rows as JSON.
  const db = sqliteAsJson(b, what);
  if (db !== null) {
    if ('error' in db) return err({ kind: 'invalid', message: db.error });
    return ok({ kind: 'text', text: db.text, warnings: [db.note, ...db.warnings] });
  }
  let start = 0;
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) start = 3;
  const limit = Math.min(b.length, start + 1024);
  for (let i = start; i < limit; i++) {
    if (b[i] === 0) {
      return err({
        kind: 'binary',
        message: `${what} has a NUL byte at byte ${i + 1}; it looks like a binary file, not a transcript.`,
      });
    }
  }
  const body = start === 0 ? b : b.subarray(start);
  const warnings: string[] = [];
  // Offsets in warnings count from the start of the file, BOM included.
  const text = decodeUtf8(body, warnings, start);
  return ok({ kind: 'text', text, warnings });
}

function sizeLabel(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** Index of a NUL in the first kilobyte (where binary files show them), or -1. */
function firstNul(text: string): number {
  const limit = Math.min(text.length, 1024);
  for (let i = 0; i < limit; i++) if (text.charCodeAt(i) === 0) return i;
  return -1;
}

function decodeUtf8(b: Uint8Array, warnings: string[], base: number): string {
  if (NativeDecoder) {
    // The fatal decoder is native and fast; only invalid input pays for the byte scan.
    try {
      return new NativeDecoder('utf-8', { fatal: true }).decode(b);
    } catch {
      warnInvalid(b, warnings, base);
      return new NativeDecoder('utf-8').decode(b);
    }
  }
  if (firstInvalidUtf8(b) >= 0) warnInvalid(b, warnings, base);
  return decodeByHand(b);
}

function warnInvalid(b: Uint8Array, warnings: string[], base: number): void {
  const bad = base + firstInvalidUtf8(b);
  warnings.push(
    `The file is not valid UTF-8 (the first bad byte is at offset ${bad}); invalid sequences were replaced with U+FFFD.`,
  );
}

/** Byte offset of the first invalid UTF-8 sequence, or -1 (a fast ASCII path keeps this cheap). */
function firstInvalidUtf8(b: Uint8Array): number {
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    if (i + need >= n) return i;
    let cp = c & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

// Fallback for runtimes without TextDecoder: the WHATWG decoder's replacement behaviour,
// simplified (one U+FFFD per invalid lead byte).
function decodeByHand(b: Uint8Array): string {
  const parts: string[] = [];
  let codes: number[] = [];
  const flush = () => {
    parts.push(String.fromCharCode(...codes));
    codes = [];
  };
  let i = 0;
  while (i < b.length) {
    const c = b[i] as number;
    let cp = 0xfffd;
    let len = 1;
    if (c < 0x80) cp = c;
    else {
      const need =
        c >= 0xf0 && c <= 0xf4 ? 3 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xc2 && c <= 0xdf ? 1 : 0;
      if (need > 0) {
        let v = c & (0x3f >> need);
        let okSeq = true;
        for (let k = 1; k <= need; k++) {
          const d = b[i + k];
          if (d === undefined || (d & 0xc0) !== 0x80) {
            okSeq = false;
            break;
          }
          v = (v << 6) | (d & 0x3f);
        }
        if (okSeq && !(v >= 0xd800 && v <= 0xdfff) && v <= 0x10ffff) {
          cp = v;
          len = need + 1;
        }
      }
    }
    if (cp > 0xffff) {
      cp -= 0x10000;
      codes.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else codes.push(cp);
    i += len;
    if (codes.length > 8000) flush();
  }
  flush();
  return parts.join('');
}
