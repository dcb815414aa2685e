import { describe, expect, test } from 'vitest';
import { isRawPairs, rawPairsAsHar } from '../../../src/import/rawPairs';

interface Entry {
  request: { method: string; url: string; postData: { text: string } };
  response: { status: number; content: { mimeType: string; text: string } };
}

const request = {
  timestamp: 1,
  method: 'POST',
  url: 'https://api.anthropic.com/v1/messages',
  headers: {},
  body: { messages: [{ role: 'user', content: 'hi' }] },
};

function entries(lines: unknown[]): Entry[] {
  const r = rawPairsAsHar(lines.map((l) => JSON.stringify(l)).join('\n'));
  if (!r.ok) throw new Error(r.error.message);
  return (JSON.parse(r.value.text) as { log: { entries: Entry[] } }).log.entries;
}

describe('claude-trace logs', () => {
  const pair = {
    request,
    response: { timestamp: 2, status_code: 200, headers: {}, body: { id: 'm' } },
    logged_at: '2025-05-29T21:38:25.000Z',
  };

  test('are told by their first line', () => {
    expect(isRawPairs(JSON.stringify(pair))).toBe(true);
    // A WireMock stub also opens with `request`, but not with a timestamp.
    expect(isRawPairs('{"request": {"method": "POST", "url": "/v1"}, "response": {}}')).toBe(false);
    expect(isRawPairs('{"request": {"timestamp": 1}, "response": null}')).toBe(false);
  });

  test('a stream kept as its parsed events is written back as event-stream text', () => {
    const [e] = entries([
      {
        ...pair,
        response: {
          timestamp: 2,
          status_code: 200,
          headers: { 'Content-Type': 'text/event-stream' },
          events: [
            { event: 'message_start', data: { type: 'message_start' }, timestamp: 't' },
            { event: 'message_stop', data: { type: 'message_stop' }, timestamp: 't' },
          ],
        },
      },
    ]);
    expect(e?.response.content).toEqual({
      mimeType: 'text/event-stream',
      text: 'event: message_start\ndata: {"type":"message_start"}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n',
    });
    expect(e?.request.postData.text).toBe(JSON.stringify(request.body));
  });

  test('an unanswered request keeps its body, with an empty answer', () => {
    const [e] = entries([{ ...pair, response: null, note: 'ORPHANED_REQUEST' }]);
    expect(e?.response).toEqual({ status: 0, content: { mimeType: '', text: '' } });
    expect(e?.request.url).toBe(request.url);
  });

  test('a line that is no exchange is named in a one-line error', () => {
    const r = rawPairsAsHar(`${JSON.stringify(pair)}\n{"hello": 1}\n`, 'trace.jsonl');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toBe(
        '“trace.jsonl” opens as a claude-trace log, but line 2 is no request and response it logged.',
      );
    }
  });
});
