// claude-trace's logs (the HTTP traffic Claude Code sent to the Anthropic API, one exchange a
// line), read as the HAR capture they hold.
import { err, ok } from '../json/index';
import type { Result } from '../json/index';
import { harText, headerMap, rec } from './httpBody';
import type { Rec } from './httpBody';
import type { ImportError } from './types';
import { inputLabel } from './warnings';

/**
 * A line is one `RawPair` (badlogic/lemmy apps/claude-trace/src/types.ts @9d46530e44):
 * `{ request: { timestamp, method, url, headers, body }, response: { timestamp, status_code,
 * headers, body?, body_raw?, events? } | null, logged_at, note? }`. `body` is the parsed JSON
 * body; a streamed response keeps its event-stream text as `body_raw` (or its events, parsed,
 * as `events`); a request that never got an answer has `response: null`.
 */
const OPENING = /^\s*\{\s*"request"\s*:\s*\{\s*"timestamp"\s*:/;

export function isRawPairs(text: string): boolean {
  if (!OPENING.test(text.slice(0, 256))) return false;
  const end = text.indexOf('\n');
  const first = pairOf(end < 0 ? text : text.slice(0, end));
  return first !== null;
}

/** One line as a `RawPair`, or null when it is none. */
function pairOf(line: string): Rec | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  const pair = rec(v);
  const request = rec(pair?.['request']);
  const response = pair?.['response'];
  if (pair === undefined || request === undefined || typeof pair['logged_at'] !== 'string')
    return null;
  if (typeof request['method'] !== 'string' || typeof request['url'] !== 'string') return null;
  if (response !== null && typeof rec(response)?.['status_code'] !== 'number') return null;
  return pair;
}

/** A claude-trace log as a HAR document's text; an error naming the line that is no exchange. */
export function rawPairsAsHar(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const entries: unknown[] = [];
  let lineNo = 0;
  for (const line of text.split('\n')) {
    lineNo++;
    if (line.trim() === '') continue;
    const pair = pairOf(line);
    if (pair === null) {
      const input = inputLabel(name, 'The input');
      return err({
        kind: 'invalid',
        message: `${input} opens as a claude-trace log, but line ${lineNo} is no request and response it logged.`,
      });
    }
    entries.push(entryOf(pair));
  }
  const n = entries.length;
  return ok({
    text: harText(entries, 'claude-trace'),
    note: `Read ${n} recorded HTTP exchange${n === 1 ? '' : 's'} as the HAR capture ${n === 1 ? 'it is' : 'they are'}.`,
  });
}

function entryOf(pair: Rec): unknown {
  const request = rec(pair['request']) as Rec;
  const response = rec(pair['response']);
  const headers = headerMap(response?.['headers']);
  return {
    request: {
      method: request['method'],
      url: request['url'],
      postData: { mimeType: 'application/json', text: bodyText(request['body']) },
    },
    response: {
      status: typeof response?.['status_code'] === 'number' ? response['status_code'] : 0,
      content: {
        mimeType: headers.get('content-type') ?? '',
        text: response === undefined ? '' : responseText(response),
      },
    },
  };
}

/** A response's body as its text: the stream as written, else rebuilt from its events, else the JSON. */
function responseText(response: Rec): string {
  const raw = response['body_raw'];
  if (typeof raw === 'string') return raw;
  const events = response['events'];
  if (Array.isArray(events) && events.length > 0) {
    let out = '';
    for (const e of events) {
      const r = rec(e);
      if (r === undefined) continue;
      const data: unknown = r['data'];
      out += `event: ${String(r['event'])}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
    }
    return out;
  }
  return bodyText(response['body']);
}

function bodyText(body: unknown): string {
  if (body === undefined || body === null) return '';
  return typeof body === 'string' ? body : JSON.stringify(body);
}
