// A chat that kept its tools' answers but not the calls: said, never taken for a clean run.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { BlindSpotWatch } from '../../../src/import/blindSpots';
import { parseJson } from '../../../src/json/index';
import type { ChatMessage } from '../../../src/detector/index';

const warningsOf = (messages: unknown[]): string[] => {
  const r = importConversations(JSON.stringify(messages), { name: 'history.json' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value[0]?.warnings ?? [];
};

describe('tool results that answer no call the file keeps', () => {
  it('says how many, where the writer saved only the answers', () => {
    // A chat loop that appends each tool's answer to its history but not the reply that
    // asked for it (`{ role: "tool", tool_name, content }`, as ollama-python's examples do).
    const said = warningsOf([
      { role: 'user', content: 'What time is it?' },
      { role: 'tool', tool_name: 'get_time', content: '12:00' },
      { role: 'assistant', content: 'It is noon.' },
      { role: 'user', content: 'And in Oslo?' },
      { role: 'tool', tool_name: 'get_time', content: '13:00' },
      { role: 'assistant', content: 'It is one.' },
    ]);
    expect(said).toContainEqual(
      expect.stringMatching(/^2 tool results answer no call the transcript keeps/),
    );
  });

  it('counts an answer under an id no call kept, as a history cut by its summary leaves it', () => {
    const call = (id: string) => ({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: 'read_file', arguments: '{}' } }],
    });
    const cut = [
      { role: 'user', content: 'Go on.' },
      { role: 'tool', tool_call_id: 'function-call-111', content: '(no output)' },
      call('c1'),
      { role: 'tool', tool_call_id: 'c1', content: 'text' },
    ];
    expect(warningsOf(cut)).toContainEqual(
      expect.stringMatching(/^1 tool result answers no call the transcript keeps/),
    );
    // Where a call came without an id, its answer's id cannot be told from one not kept.
    const idless = [
      { role: 'user', content: 'Go on.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ type: 'function', function: { name: 'read_file', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'read_file', content: 'text' },
    ];
    expect(warningsOf(idless).join(' ')).not.toMatch(/answers? no call/);
  });

  it('leaves an answer the import paired with nothing to its own sentence', () => {
    // A Gemini history that opens with an answer: the importer names it an orphan itself.
    const r = importConversations(
      JSON.stringify({
        contents: [
          { role: 'user', parts: [{ functionResponse: { name: 'ls', response: { out: 'a' } } }] },
          { role: 'model', parts: [{ functionCall: { name: 'ls', args: { p: '.' } } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'ls', response: { out: 'b' } } }] },
        ],
      }),
      { name: 'gemini.json' },
    );
    const said = r.ok ? (r.value[0]?.warnings ?? []) : [];
    expect(said).toContainEqual(expect.stringMatching(/^1 tool result had no id and no open call/));
    expect(said.join(' ')).not.toMatch(/answers? no call the transcript keeps/);
  });

  it('says nothing where the calls are there', () => {
    const said = warningsOf([
      { role: 'user', content: 'What time is it?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'get_time', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '12:00' },
    ]);
    expect(said.join(' ')).not.toMatch(/answer no call/);
  });

  it('keeps what a copy of the watch saw out of the watch it was copied from', () => {
    // A growing conversation's watch is copied to see its open reply: the copy's calls are
    // not the settled watch's.
    const call = (id: string) =>
      ({
        role: 'assistant',
        content: null,
        tool_calls: [
          (
            parseJson(
              `{"id":"${id}","type":"function","function":{"name":"ls","arguments":"{}"}}`,
            ) as {
              ok: true;
              value: { value: unknown };
            }
          ).value.value,
        ],
      }) as unknown as ChatMessage;
    const answer = (id: string) =>
      ({ role: 'tool', tool_call_id: id, content: 'ok' }) as unknown as ChatMessage;
    const settled = new BlindSpotWatch();
    settled.see(call('c1'));
    settled.see(answer('c1'));
    const open = settled.copy();
    open.see(call('c2'));
    open.see(answer('c2'));
    expect(open.warnings('openai-chat').join(' ')).not.toMatch(/no call the transcript keeps/);
    settled.see(answer('c2'));
    expect(settled.warnings('openai-chat')).toContainEqual(
      expect.stringMatching(/^1 tool result answers no call the transcript keeps/),
    );
  });
});
