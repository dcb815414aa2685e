// A nock recording (Node's HTTP mocking for tests), read as the HAR capture it is.
import type { Result } from '../json/index';
import { bodyBytesText, headerMap, rec, recordingAsHar } from './httpBody';
import type { Rec } from './httpBody';
import type { ImportError } from './types';

/**
 * nock's recorder with `output_objects` (nock/nock lib/recorder.js @24bb07712e, and nock.back's
 * fixture files, which hold the same list) writes a JSON array of definitions `{ scope, method,
 * path, body, status, response, rawHeaders, reqheaders? }`, newer versions `responseIsBinary`
 * too. A body is its JSON value where it parsed, else its text; a content-encoded response
 * (gzip, br: the OpenAI API compresses its answers) is the list of its chunks in hex, and a
 * binary one one hex string.
 */
const OPENING = /^\s*\[\s*\{\s*"scope"\s*:\s*"https?:\/\//;

export function isNock(text: string): boolean {
  return OPENING.test(text.slice(0, 256));
}

/** The recording as a HAR document's text, so the HAR importer reads the API calls in it. */
export function nockAsHar(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  return recordingAsHar(
    text,
    name,
    {
      opensAs: 'a nock recording',
      lacks: 'not every item is a recorded request (scope, method, path, status)',
      creator: 'nock',
    },
    (defs) => (Array.isArray(defs) && defs.every(isDefinition) ? defs.map(entryOf) : null),
    (_, n) =>
      `Read a nock recording of ${n} HTTP exchange${n === 1 ? '' : 's'} as the HAR capture it is.`,
  );
}

/** One recorded definition as a HAR entry. */
function entryOf(d: Rec): unknown {
  const headers = headerMap(d['rawHeaders'] ?? d['headers']);
  return {
    request: {
      method: String(d['method']).toUpperCase(),
      url: `${String(d['scope'])}${String(d['path'])}`,
      postData: { mimeType: 'application/json', text: bodyText(d['body'], '', false) },
    },
    response: {
      status: typeof d['status'] === 'number' ? d['status'] : 0,
      content: {
        mimeType: headers.get('content-type') ?? '',
        text: bodyText(
          d['response'],
          headers.get('content-encoding') ?? '',
          d['responseIsBinary'] === true,
        ),
      },
    },
  };
}

function isDefinition(d: unknown): boolean {
  const r = rec(d);
  return (
    r !== undefined &&
    typeof r['scope'] === 'string' &&
    typeof r['method'] === 'string' &&
    typeof r['path'] === 'string'
  );
}

const HEX = /^(?:[0-9a-f]{2})+$/;

/** A recorded body as text: hex chunks decoded by the response's encoding, JSON values printed. */
function bodyText(v: unknown, encoding: string, binary: boolean): string {
  if (v === undefined || v === null) return '';
  const chunks =
    Array.isArray(v) && v.length > 0 && v.every((c) => typeof c === 'string' && HEX.test(c));
  if (chunks && (encoding !== '' || binary))
    return bodyBytesText(hexBytes((v as string[]).join('')), encoding);
  if (typeof v === 'string') {
    return binary && HEX.test(v) ? bodyBytesText(hexBytes(v), encoding) : v;
  }
  return JSON.stringify(v);
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
