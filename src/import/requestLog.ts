// A test suite's own log of the HTTP requests it made: `[{ url, method, body, response }]`.
import type { Result } from '../json/index';
import { rec, recordingAsHar } from './httpBody';
import type { Rec } from './httpBody';
import type { ImportError } from './types';
import { skipValue } from './spans';

/**
 * Recorders written for one project's tests keep each exchange as the request's URL, method and
 * body beside the response, a JSON array of them (KaibanJS's end-to-end recorder,
 * kaiban-ai/KaibanJS `tests/utils/moscaFetch/index.js` @ef2edabbdd, saved as
 * `*.requests.json`: `{ url, method, body, response }`). Told by its first object's members:
 * an absolute URL, a method and a response; each is read as a HAR entry.
 */
const OPENS = /^\s*\[\s*\{/;
const URL_MEMBER = /"url"\s*:\s*"https?:\/\//;
/** The longest first item parsed to tell the log (a request and response of an agent's turn). */
const FIRST_MAX = 4 << 20;

export function isRequestLog(text: string): boolean {
  const open = OPENS.exec(text.slice(0, 64));
  if (open === null || !URL_MEMBER.test(text.slice(0, 4096))) return false;
  // The first item's own members, not a URL nested deeper (a trace's HTTP span).
  const start = open[0].length - 1;
  const end = skipValue(text, start);
  if (end < 0 || end - start > FIRST_MAX) return false;
  try {
    return isExchange(JSON.parse(text.slice(start, end)) as unknown);
  } catch {
    return false;
  }
}

/** The log as a HAR document's text, so the HAR importer reads the API calls in it. */
export function requestLogAsHar(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  return recordingAsHar(
    text,
    name,
    {
      opensAs: 'a log of HTTP requests',
      lacks: 'not every item is a request with its response (url, method, response)',
      creator: 'request log',
    },
    (v) => (Array.isArray(v) && v.length > 0 && v.every(isExchange) ? v.map(entryOf) : null),
    (_, n) => `Read a log of ${n} HTTP request${n === 1 ? '' : 's'} as the HAR capture it is.`,
  );
}

function isExchange(v: unknown): boolean {
  const r = rec(v);
  return (
    r !== undefined &&
    typeof r['url'] === 'string' &&
    /^https?:\/\//.test(r['url']) &&
    typeof r['method'] === 'string' &&
    'response' in r
  );
}

function entryOf(v: unknown): unknown {
  const r = rec(v) as Rec;
  const status = r['status'] ?? r['statusCode'];
  return {
    request: {
      method: String(r['method']).toUpperCase(),
      url: r['url'],
      postData: { mimeType: 'application/json', text: bodyText(r['body'] ?? r['requestBody']) },
    },
    response: {
      status: typeof status === 'number' ? status : 200,
      content: { mimeType: 'application/json', text: bodyText(r['response']) },
    },
  };
}

/** A body kept as its JSON value, or as the text sent. */
function bodyText(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
