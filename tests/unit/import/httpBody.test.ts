import { describe, expect, test } from 'vitest';
import { isWireMock, wireMockAsHar } from '../../../src/import/wiremock';
import { importConversations } from '../../../src/import/index';

describe('recordings that open as one but are no JSON', () => {
  test('say so on one line, whatever the parser quotes of the text', () => {
    // A byte-order mark inside the text: the parser's message quotes the text, line break too.
    const r = wireMockAsHar('\ufeff\ufeff{\n  "request": {"method": "POST"}]]', 'fuzzed.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toMatch(
        /^“fuzzed\.json” opens as WireMock stub mappings but is no JSON/,
      );
      expect(r.error.message).not.toContain('\n');
    }
  });
});

describe('a request dumped alone', () => {
  test('is no stub mapping, and its history is read as the JSON it is', () => {
    // An agent's record of a request that failed: the request as sent, the error, no response.
    const call = { id: 'c1', type: 'function', function: { name: 'terminal', arguments: '{}' } };
    const dump = JSON.stringify({
      timestamp: '2026-06-12T13:45:34',
      reason: 'max_retries_exhausted',
      request: {
        method: 'POST',
        url: 'https://api.example/v1/chat/completions',
        body: {
          model: 'm',
          messages: [
            { role: 'user', content: 'Check the disk.' },
            { role: 'assistant', content: null, tool_calls: [call] },
            { role: 'tool', tool_call_id: 'c1', content: '42% used' },
          ],
        },
      },
      error: { status: 429, response_text: 'quota' },
    });
    expect(isWireMock(dump)).toBe(false);
    const r = importConversations(dump, { name: 'request_dump.json' });
    expect(r.ok && r.value[0]?.messages.flatMap((m) => m.tool_calls ?? []).length).toBe(1);
    // A stub that answers its request still is one.
    expect(
      isWireMock('{"request": {"method": "GET", "url": "/"}, "response": {"status": 200}}'),
    ).toBe(true);
  });
});
