// WireMock stub mappings (Java tests' HTTP mocks, recorded or written), read as the HAR capture
// they hold.
import type { Result } from '../json/index';
import { decodeBase64 } from './base64';
import { bodyBytesText, headerMap, rec, recordingAsHar } from './httpBody';
import type { Rec } from './httpBody';
import type { ImportError } from './types';

/**
 * A stub mapping (wiremock/wiremock `stubbing/StubMapping.java`, `matching/RequestPattern.java`,
 * `http/ResponseDefinition.java` @24521fb10c) pairs a request pattern `{ method, url | urlPath |
 * urlPattern | urlPathPattern, bodyPatterns: [{ equalToJson | equalTo | … }] }` with the
 * response served for it `{ status, body | jsonBody | base64Body, headers }`. A mappings file
 * holds one, or `{ mappings: [...] }`; a recorder that writes YAML (OpenTelemetry Java's tests)
 * writes one a document. The request's body is the pattern's expected body: the traffic the
 * test recorded.
 */

const URL_KEYS = ['url', 'urlPath', 'urlPattern', 'urlPathPattern'];
const BODY_KEYS = ['equalToJson', 'equalTo', 'contains', 'matches'];

function isStub(v: unknown): boolean {
  const r = rec(v);
  const req = rec(r?.['request']);
  const resp = rec(r?.['response']);
  return (
    req !== undefined &&
    resp !== undefined &&
    (typeof req['method'] === 'string' || URL_KEYS.some((k) => typeof req[k] === 'string')) &&
    (typeof resp['status'] === 'number' || 'body' in resp || 'jsonBody' in resp)
  );
}

/** The stubs of YAML documents or a JSON value as HAR entries; null when they are not stubs. */
export function wireMockEntries(values: readonly unknown[]): unknown[] | null {
  let stubs: unknown[] = [...values];
  const only = values.length === 1 ? rec(values[0]) : undefined;
  if (only && Array.isArray(only['mappings'])) stubs = only['mappings'];
  if (stubs.length === 0 || !stubs.every(isStub)) return null;
  return stubs.map((s) => {
    const req = rec((s as Rec)['request']) as Rec;
    const resp = rec((s as Rec)['response']) as Rec;
    const url = URL_KEYS.map((k) => req[k]).find((u) => typeof u === 'string') ?? '';
    const headers = headerMap(resp['headers']);
    return {
      request: {
        method: String(req['method'] ?? 'ANY').toUpperCase(),
        url: String(url),
        postData: {
          mimeType: 'application/json',
          text: requestBody(req['bodyPatterns']) || recordedBody(req['body']),
        },
      },
      response: {
        status: typeof resp['status'] === 'number' ? resp['status'] : 0,
        content: { mimeType: headers.get('content-type') ?? '', text: responseBody(resp, headers) },
      },
    };
  });
}

/** The first body pattern's expected body (`equalToJson` may be the JSON value or its text). */
function requestBody(patterns: unknown): string {
  if (!Array.isArray(patterns)) return '';
  for (const p of patterns) {
    const r = rec(p);
    for (const k of BODY_KEYS) {
      const v = r?.[k];
      if (typeof v === 'string') return v;
      if (v !== undefined && k === 'equalToJson') return JSON.stringify(v);
    }
  }
  return '';
}

function responseBody(resp: Rec, headers: Map<string, string>): string {
  const body = resp['body'];
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && body !== null) return recordedBody(body);
  if (resp['jsonBody'] !== undefined) return JSON.stringify(resp['jsonBody']);
  const b64 = resp['base64Body'];
  if (typeof b64 === 'string') {
    const bytes = decodeBase64(b64);
    return bytes ? bodyBytesText(bytes, headers.get('content-encoding') ?? '') : '';
  }
  return '';
}

/**
 * A body a recorder kept as JSON rather than text: the request's arguments, or the response's
 * object, or a stream's chunks as a list. llama-stack's inference recorder
 * (meta-llama/llama-stack llama_stack/testing/inference_recorder.py @0a115dddc4) writes
 * `{ request: { method, url, body }, response: { body, is_streaming } }`, each response object
 * as `{ __type__, __data__ }` (the client's pydantic model and its dump). A stream's chunks
 * become the text the server sent: server-sent events, or JSON Lines where they are Ollama's
 * `/api/chat` chunks (each holding a `message`), which the HAR importer reads as such.
 */
function recordedBody(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!Array.isArray(body)) return body === undefined ? '' : JSON.stringify(dumped(body));
  const chunks = body.map(dumped);
  if (chunks.length === 0 || !chunks.every((c) => rec(c) !== undefined))
    return JSON.stringify(chunks);
  if (chunks.every((c) => rec((c as Rec)['message']) !== undefined))
    return chunks.map((c) => JSON.stringify(c)).join('\n');
  return chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('');
}

/** A serialized model's data (`{ __type__, __data__ }`), else the value itself. */
function dumped(v: unknown): unknown {
  const r = rec(v);
  return r !== undefined && typeof r['__type__'] === 'string' && '__data__' in r
    ? r['__data__']
    : v;
}

/**
 * A JSON mappings file opens with a stub's `request` (or `mappings`) after scalar members only
 * (`id`, `name`): a HAR entry's `request` sits deeper, under `log.entries`.
 */
const SCALAR_MEMBER = String.raw`\s*"[^"\\]*"\s*:\s*(?:"(?:[^"\\]|\\.)*"|[-\d.eE+]+|true|false|null)\s*,`;
const OPENING = new RegExp(
  String.raw`^\s*\{(?:${SCALAR_MEMBER})*\s*"(?:request"\s*:\s*\{\s*"(?:method|url|urlPath|urlPattern|urlPathPattern)"|mappings"\s*:\s*\[)`,
);

export function isWireMock(text: string): boolean {
  // A stub answers its request: a dump of one request alone (an agent's record of a call
  // that failed, `{ request: { method, url, body }, error }`) is no mapping, and is read as
  // the JSON it is.
  return OPENING.test(text.slice(0, 1024)) && RESPONSE.test(text);
}
const RESPONSE = /"response"\s*:/;

/** A JSON mappings file as a HAR document's text; an error where it holds no stubs after all. */
export function wireMockAsHar(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  return recordingAsHar(
    text,
    name,
    {
      opensAs: 'WireMock stub mappings',
      lacks: 'not every stub has a request and a response',
      creator: 'wiremock',
    },
    (value) => wireMockEntries([value]),
    (value, n) => stubNote([value], n),
  );
}

/** What was read, named: WireMock's stubs, or exchanges a recorder kept as JSON bodies. */
export function stubNote(values: readonly unknown[], n: number): string {
  const only = values.length === 1 ? rec(values[0]) : undefined;
  const stubs = only && Array.isArray(only['mappings']) ? (only['mappings'] as unknown[]) : values;
  const recorded = stubs.every((s) => {
    const resp = rec(rec(s)?.['response']);
    return resp !== undefined && !('status' in resp) && typeof resp['body'] === 'object';
  });
  const what = recorded
    ? `recorded HTTP exchange${n === 1 ? '' : 's'}`
    : `WireMock stub mapping${n === 1 ? '' : 's'}`;
  return `Read ${n} ${what} as the HAR capture ${n === 1 ? 'it is' : 'they are'}.`;
}
