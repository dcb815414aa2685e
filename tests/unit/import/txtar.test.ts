// Go's txtar archives read as the JSON and event streams their files hold.
import { describe, expect, test } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { isFolderCandidate } from '../../../src/import/folder';
import { isTxtar } from '../../../src/import/txtar';

const chunk = (delta: unknown, finish: string | null = null): string =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n`;

const archive = [
  'A recorded exchange: the request, its streamed reply, and the same asked again.',
  '',
  '-- request --',
  JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'List workspaces' }] }),
  '',
  '-- streaming --',
  chunk({
    role: 'assistant',
    tool_calls: [
      {
        index: 0,
        id: 'call_s1',
        type: 'function',
        function: { name: 'list_workspaces', arguments: '' },
      },
    ],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"owner":' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"admin"}' } }] }),
  chunk({}, 'tool_calls'),
  'data: [DONE]',
  '',
  '-- non-streaming --',
  JSON.stringify({
    id: 'c2',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: 'tool_calls',
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_n1',
              type: 'function',
              function: { name: 'list_workspaces', arguments: '{"owner":"admin"}' },
            },
          ],
        },
      },
    ],
  }),
  '-- notes.txt --',
  'Replayed by the test harness.',
  '',
].join('\n');

describe('a txtar archive', () => {
  test('is told by its file markers and a file that holds a call', () => {
    expect(isTxtar(archive)).toBe(true);
    expect(isTxtar('# Notes\n-- draft --\nsome text\n-- final --\nmore text\n')).toBe(false);
    expect(isTxtar(JSON.stringify({ a: '-- x --' }))).toBe(false);
    expect(isFolderCandidate('fixtures/openai/single_tool.txtar')).toBe(true);
  });

  test('reads its JSON files and its streams assembled, and names the files it leaves', () => {
    const r = importConversations(archive, { name: 'single_tool.txtar' });
    if (!r.ok) throw new Error(r.error.message);
    const calls = r.value.flatMap((c) =>
      c.messages.flatMap((m) => (Array.isArray(m.tool_calls) ? m.tool_calls : [])),
    );
    expect(calls.map((c) => (c as Map<string, unknown>).get('id'))).toEqual(['call_s1', 'call_n1']);
    expect(r.value[0]?.census?.toolCalls).toBe(2);
    expect(r.value[0]?.warnings[0]).toBe(
      "Read 4 files of “single_tool.txtar”, a txtar archive (Go's test data), as 2 JSON values and 1 event stream assembled to its replies; 1 other file (neither JSON nor a stream) not read: the files are read one after another, not as the exchanges a test pairs them into.",
    );
  });
});
