// A format's own failure mark on a tool answer is kept as `error` and read by the zoo before
// any guess from the answer's text.
import { describe, expect, test } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { zooInput, type ZooBatch } from '../../../src/zoo/index';

function batches(text: string, name: string): ZooBatch[] {
  const r = importConversations(new TextEncoder().encode(text), { name });
  if (!r.ok) throw new Error(r.error.message);
  return zooInput(r.value[0]?.messages ?? []).filter((s): s is ZooBatch => s.kind === 'batch');
}

const anthropic = (isError: boolean | undefined, content: string) =>
  JSON.stringify({
    model: 'claude-sonnet-4',
    messages: [
      { role: 'user', content: 'fetch it' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'c1', name: 'fetch', input: { url: 'http://x' } }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'c1',
            content,
            ...(isError === undefined ? {} : { is_error: isError }),
          },
        ],
      },
    ],
  });

describe('error marks from the transcript', () => {
  test("Anthropic's is_error makes an answer an error whatever its text says", () => {
    const [b] = batches(anthropic(true, '404 Not Found'), 'a.json');
    expect(b?.answerError).toEqual([true]);
    expect(b?.answerErrorMarked).toEqual([true]);
  });

  test('an Anthropic answer without is_error succeeded, even if its text says "Error:"', () => {
    const [b] = batches(anthropic(undefined, 'Error: nothing, this is the page text'), 'a.json');
    expect(b?.answerError).toEqual([false]);
    expect(b?.answerErrorMarked).toEqual([true]);
  });

  test("ChatGPT's code interpreter marks a run that raised; a browse has no mark", () => {
    const node = (id: string, parent: string | null, message: unknown) => ({
      id,
      parent,
      children: [],
      message,
    });
    const call = (id: string, to: string, text: string) => ({
      id,
      author: { role: 'assistant' },
      recipient: to,
      content: { content_type: 'code', text },
    });
    const answer = (id: string, name: string, status?: string) => ({
      id,
      author: { role: 'tool', name },
      recipient: 'all',
      content: { content_type: 'execution_output', text: 'out' },
      metadata: status === undefined ? {} : { aggregate_result: { status } },
    });
    const chain = [
      call('a', 'python', 'x'),
      answer('b', 'python', 'failed_with_in_kernel_exception'),
      call('c', 'python', 'y'),
      answer('d', 'python', 'success'),
      call('e', 'web', 'search("z")'),
      answer('f', 'web'),
    ];
    const mapping = Object.fromEntries(
      chain.map((m, i) => [m.id, node(m.id, i === 0 ? null : (chain[i - 1]?.id ?? null), m)]),
    );
    const text = JSON.stringify([{ title: 't', mapping, current_node: 'f' }]);
    const bs = batches(text, 'conversations.json');
    expect(bs.map((b) => b.answerError)).toEqual([[true], [false], [false]]);
    expect(bs.map((b) => b.answerErrorMarked)).toEqual([[true], [true], [false]]);
  });

  test('an OpenHands AgentErrorEvent is an error; an ObservationEvent is not', () => {
    const events = [
      {
        kind: 'MessageEvent',
        source: 'user',
        llm_message: { role: 'user', content: [{ type: 'text', text: 'go' }] },
      },
      {
        kind: 'ActionEvent',
        tool_name: 'terminal',
        tool_call_id: 't1',
        llm_response_id: 'r1',
        tool_call: { id: 't1', name: 'terminal', arguments: '{"command":"x"}' },
      },
      {
        kind: 'AgentErrorEvent',
        tool_name: 'terminal',
        tool_call_id: 't1',
        error: "Command 'x' not found",
      },
      {
        kind: 'ActionEvent',
        tool_name: 'terminal',
        tool_call_id: 't2',
        llm_response_id: 'r2',
        tool_call: { id: 't2', name: 'terminal', arguments: '{"command":"y"}' },
      },
      {
        kind: 'ObservationEvent',
        tool_name: 'terminal',
        tool_call_id: 't2',
        observation: { content: [{ type: 'text', text: 'Error: but the command ran' }] },
      },
    ];
    const bs = batches(JSON.stringify(events), 'events.json');
    expect(bs.map((b) => b.answerError[0])).toEqual([true, false]);
  });

  test('a plain chat transcript has no mark, so the text guess stands', () => {
    const chat = JSON.stringify([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Error: failed' },
    ]);
    const [b] = batches(chat, 'chat.json');
    expect(b?.answerError).toEqual([true]);
    expect(b?.answerErrorMarked).toEqual([false]);
  });
});
