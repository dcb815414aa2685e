// An httprr recording (Go's HTTP record and replay for tests), read as the HAR capture it is.
import { strFromU8, strToU8 } from 'fflate';
import { err, ok } from '../json/index';
import { joinBytes } from './bytes';
import type { Result } from '../json/index';
import type { ImportError } from './types';
import { inputLabel } from './warnings';

/**
 * The recording's first line. The format (tmc/langchaingo internal/httprr/rr.go @f1acc09e13,
 * after rsc.io/httprr): this line, then for each exchange a line `<request bytes> <response
 * bytes>` and the raw HTTP/1.1 request and response, headers and body, back to back.
 */
const HEADER = /^httprr trace v1\r?\n/;

export function isHttprr(text: string): boolean {
  return text.startsWith('httprr') && HEADER.test(text.slice(0, 17));
}

interface HttpMessage {
  readonly start: string;
  readonly headers: Map<string, string>;
  readonly body: string;
}

/** One exchange's raw request and response, or where and why the recording breaks. */
type Exchange =
  | { readonly request: Uint8Array; readonly response: Uint8Array; readonly end: number }
  | { readonly broken: string };

/**
 * The recording's exchanges in order, each ending at byte `end`; the walk stops at the first
 * place the recording breaks (a sizes line missing or wrong, sizes past the end of the text).
 */
function* exchanges(bytes: Uint8Array): Generator<Exchange> {
  let pos = bytes.indexOf(0x0a) + 1;
  while (pos > 0 && pos < bytes.length) {
    const eol = bytes.indexOf(0x0a, pos);
    if (eol < 0) return yield { broken: 'its last exchange has no sizes line' };
    const sizes = /^(\d+) (\d+)\r?$/.exec(strFromU8(bytes.subarray(pos, eol)));
    if (!sizes)
      return yield { broken: `the line at byte ${pos} is not the two sizes of an exchange` };
    const at = eol + 1;
    const split = at + Number(sizes[1]);
    const end = split + Number(sizes[2]);
    if (end > bytes.length)
      return yield { broken: `the exchange at byte ${pos} runs past the end of the file` };
    yield { request: bytes.subarray(at, split), response: bytes.subarray(split, end), end };
    pos = end;
  }
}

/**
 * The recording as a HAR document's text (`log.entries` of requests and responses with their
 * bodies), so the HAR importer reads the API calls in it; or an error that says where the
 * recording breaks. Written by hand: no library reads this format.
 */
export function httprrAsHar(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const entries: unknown[] = [];
  for (const x of exchanges(strToU8(text))) {
    if ('broken' in x)
      return err({
        kind: 'invalid',
        message: `${inputLabel(name, 'The input')} is an httprr recording, but ${x.broken}.`,
      });
    const req = parseMessage(x.request);
    const resp = parseMessage(x.response);
    const [method = '', url = ''] = req.start.split(' ');
    entries.push({
      request: {
        method,
        url,
        postData: { mimeType: req.headers.get('content-type') ?? '', text: req.body },
      },
      response: {
        status: Number(resp.start.split(' ')[1] ?? 0),
        content: { mimeType: resp.headers.get('content-type') ?? '', text: resp.body },
      },
    });
  }
  const har = { log: { version: '1.2', creator: { name: 'httprr' }, entries } };
  const n = entries.length;
  return ok({
    text: JSON.stringify(har),
    note: `Read an httprr recording of ${n} HTTP exchange${n === 1 ? '' : 's'} as the HAR capture it is.`,
  });
}

/** A raw HTTP message: its start line, its headers (names in lower case), its body. */
function parseMessage(raw: Uint8Array): HttpMessage {
  let split = -1;
  let gap = 0;
  for (let i = 0; i + 1 < raw.length; i++) {
    if (raw[i] !== 0x0a) continue;
    if (raw[i + 1] === 0x0a) {
      split = i;
      gap = 2;
      break;
    }
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) {
      split = i;
      gap = 3;
      break;
    }
  }
  const head = strFromU8(split < 0 ? raw : raw.subarray(0, split));
  let body = split < 0 ? new Uint8Array(0) : raw.subarray(split + gap);
  const lines = head.split(/\r?\n/);
  const headers = new Map<string, string>();
  for (const l of lines.slice(1)) {
    const colon = l.indexOf(':');
    if (colon > 0) headers.set(l.slice(0, colon).trim().toLowerCase(), l.slice(colon + 1).trim());
  }
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) body = dechunk(body);
  return { start: lines[0] ?? '', headers, body: strFromU8(body) };
}

/** A chunked body's chunks joined (each a size in hex on a line of its own, then its bytes). */
function dechunk(body: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let i = 0;
  while (i < body.length) {
    const eol = body.indexOf(0x0a, i);
    if (eol < 0) break;
    const size = parseInt(strFromU8(body.subarray(i, eol)).trim(), 16);
    if (!(size > 0)) break;
    parts.push(body.subarray(eol + 1, eol + 1 + size));
    const next = body.indexOf(0x0a, eol + 1 + size);
    if (next < 0) break;
    i = next + 1;
  }
  return joinBytes(parts);
}

/** The part of a recording still being written that holds whole exchanges only. */
export function httprrComplete(text: string): string {
  const bytes = strToU8(text);
  let done = bytes.indexOf(0x0a) + 1;
  if (done <= 0) return '';
  for (const x of exchanges(bytes)) if (!('broken' in x)) done = x.end;
  return done === bytes.length ? text : strFromU8(bytes.subarray(0, done));
}
