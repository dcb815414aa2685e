// Recorded HTTP traffic: bodies kept as bytes read as the text the server meant, and a
// recording's exchanges written as the HAR capture the HAR importer reads.
import { decompress as brotliDecompress } from 'brotli/decompress';
import { gunzipSync, inflateSync, strFromU8, unzlibSync } from 'fflate';
import { err, ok } from '../json/index';
import type { Result } from '../json/index';
import { eventStreamAsSse } from './awsEventStream';
import type { ImportError } from './types';
import { inputLabel } from './warnings';

export type Rec = Record<string, unknown>;
export const rec = (v: unknown): Rec | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : undefined;

/** A recording's JSON text parsed, or the one-line error that says what it opened as. */
export function recordingJson(
  text: string,
  name: string | undefined,
  what: string,
): Result<unknown, ImportError> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (e) {
    // The parser may quote the text it stopped in, line breaks and all: one line for the error.
    const why = (e instanceof Error ? e.message : String(e)).replace(/\s*[\r\n]+\s*/g, ' ');
    const input = inputLabel(name, 'The input');
    return err({ kind: 'invalid', message: `${input} opens as ${what} but is no JSON (${why}).` });
  }
}

/**
 * A recording's JSON text as the HAR capture it holds (nock's, WireMock's): its exchanges as
 * `entriesOf` writes them, or the one-line error that says what it opened as and what it lacks.
 */
export function recordingAsHar(
  text: string,
  name: string | undefined,
  what: { readonly opensAs: string; readonly lacks: string; readonly creator: string },
  entriesOf: (value: unknown) => unknown[] | null,
  note: (value: unknown, n: number) => string,
): Result<{ text: string; note: string }, ImportError> {
  const parsed = recordingJson(text, name, what.opensAs);
  if (!parsed.ok) return parsed;
  const entries = entriesOf(parsed.value);
  if (entries === null) {
    const input = inputLabel(name, 'The input');
    return err({
      kind: 'invalid',
      message: `${input} opens as ${what.opensAs}, but ${what.lacks}.`,
    });
  }
  return ok({ text: harText(entries, what.creator), note: note(parsed.value, entries.length) });
}

/** Exchanges as a HAR document's text (`log.entries`), naming what recorded them. */
export function harText(entries: unknown[], creator: string): string {
  return JSON.stringify({ log: { version: '1.2', creator: { name: creator }, entries } });
}

/**
 * A body recorded as bytes, as text: decoded by its `Content-Encoding` where the recorder kept
 * it compressed (gzip, found by its magic bytes too; deflate, zlib-wrapped or raw; br, which
 * fflate does not read, so brotli.js does), an AWS event stream as the server-sent events it
 * carries, else UTF-8, any invalid byte as U+FFFD. A body that does not decode as its header
 * says is read as it is.
 */
export function bodyBytesText(bytes: Uint8Array, encoding = ''): string {
  let b = bytes;
  const enc = encoding.trim().toLowerCase();
  try {
    if (enc === 'gzip' || (b[0] === 0x1f && b[1] === 0x8b)) b = gunzipSync(b);
    else if (enc === 'deflate') b = (b[0] ?? 0) % 16 === 8 ? unzlibSync(b) : inflateSync(b);
    else if (enc === 'br') b = brotliDecompress(b);
  } catch {
    b = bytes;
  }
  // Bedrock's streamed responses: AWS event-stream messages, read as the events they carry.
  return eventStreamAsSse(b) ?? strFromU8(b);
}

/**
 * A recording's headers by lower-case name: an object of values (a list of values keeps its
 * first), or nock's flat list of names and values.
 */
export function headerMap(h: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(h)) {
    for (let i = 0; i + 1 < h.length; i += 2)
      if (typeof h[i] === 'string' && typeof h[i + 1] === 'string')
        out.set((h[i] as string).toLowerCase(), h[i + 1] as string);
    return out;
  }
  for (const [k, v] of Object.entries(rec(h) ?? {})) {
    const first: unknown = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') out.set(k.toLowerCase(), first);
  }
  return out;
}
