// A test suite's own log of its HTTP requests, `[{ url, method, body, response }]`.
import { describe, expect, it } from 'vitest';
import { isRequestLog } from '../../../src/import/requestLog';
import { isNote } from '../../../src/import/notes';
import { importAll, outline } from './helpers';

const call = {
  id: 'call_r1',
  type: 'function',
  function: { name: 'get_time', arguments: '{"tz":"UTC"}' },
};
const log = [
  {
    url: 'https://api.openai.com/v1/chat/completions',
    method: 'POST',
    body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'What time is it?' }] },
    response: {
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [call] } }],
    },
  },
  {
    url: 'https://api.openai.com/v1/chat/completions',
    method: 'POST',
    body: {
      model: 'gpt-4o-mini',
      messages: [
        { role: 'user', content: 'What time is it?' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_r1', content: '12:00' },
      ],
    },
    response: { choices: [{ index: 0, message: { role: 'assistant', content: 'Noon.' } }] },
  },
];

describe("a test suite's log of its requests", () => {
  it('is read as the HAR capture it holds, with a note', () => {
    const [c, ...more] = importAll(new TextEncoder().encode(JSON.stringify(log)), {
      name: 'openai.requests.json',
    });
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('har');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_time(call_r1) {"tz":"UTC"}',
      'tool → call_r1: "12:00"',
      'assistant',
    ]);
    const note = c?.warnings.find((w) => w.startsWith('Read a log')) ?? '';
    expect(note).toBe('Read a log of 2 HTTP requests as the HAR capture it is.');
    expect(isNote(note)).toBe(true);
  });

  it('is told by its first item, not by a URL deeper in it', () => {
    expect(isRequestLog(JSON.stringify(log))).toBe(true);
    const nested = [
      { name: 'fetch', attributes: { url: 'https://a.example/x', method: 'GET' }, response: 1 },
    ];
    expect(isRequestLog(JSON.stringify(nested))).toBe(false);
    expect(isRequestLog(JSON.stringify([{ ...log[0], url: 'ftp://x' }]))).toBe(false);
  });
});
