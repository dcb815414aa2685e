import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { importConversations } from '../../../src/import/index';

/** Hostile sizes: one reply that holds more calls than a spread of arguments can take. */
const CALLS = 300_000;

describe('a reply of 300,000 calls', () => {
  test('a Copilot CLI reply split in two chunks keeps every call', () => {
    const head = readFileSync(
      join(__dirname, '../../fixtures/copilot-cli/out-of-order-failed.jsonl'),
      'utf8',
    )
      .split('\n')
      .slice(0, 6);
    const requests = Array.from({ length: CALLS }, (_, i) => ({
      toolCallId: `t${i}`,
      name: 'view',
      arguments: { path: `f${i}` },
      type: 'function',
    }));
    // The second chunk of the model call `api-1` the head's last line opened.
    const chunk = JSON.stringify({
      type: 'assistant.message',
      data: { messageId: 'm9', content: '', toolRequests: requests, apiCallId: 'api-1' },
      id: 'e99',
      timestamp: '2026-05-01T10:00:09.000Z',
      parentId: 'e05',
    });
    const r = importConversations([...head, chunk].join('\n'), { census: false });
    if (!r.ok) throw new Error(r.error.message);
    let calls = 0;
    for (const m of r.value[0]?.messages ?? []) {
      const tc = m.tool_calls;
      if (Array.isArray(tc)) calls += tc.length;
    }
    expect(calls).toBe(CALLS);
  });
});
