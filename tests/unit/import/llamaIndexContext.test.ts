// A LlamaIndex workflow's saved Context (`Context.to_dict()`), read as the chats its memory keeps.
import { describe, expect, it } from 'vitest';
import { isNote } from '../../../src/import/notes';
import { importAll, outline } from './helpers';

/** A value as the workflows' JSON serializer writes it: JSON text naming its class. */
const pyd = (cls: string, value: unknown) =>
  JSON.stringify({ __is_pydantic: true, value, qualified_name: cls });
const EV = 'llama_index.core.agent.workflow.workflow_events';

/** A Context holding `history` in its memory, with events that copy `calls` (a `ToolSelection` each). */
function context(history: unknown[], calls: { id: string; name: string; kwargs: unknown }[]) {
  const selections = calls.map((c) => ({
    tool_id: c.id,
    tool_name: c.name,
    tool_kwargs: c.kwargs,
  }));
  const reply = history.find((m) => (m as { role: string }).role === 'assistant');
  const events = [
    pyd(`${EV}.AgentInput`, { input: history.slice(0, 1), current_agent_name: 'Agent' }),
    pyd(`${EV}.AgentOutput`, { response: reply, tool_calls: selections, retry_messages: [] }),
    ...selections.map((s) => pyd(`${EV}.ToolCall`, s)),
    ...selections.map((s) =>
      pyd(`${EV}.ToolCallResult`, { ...s, tool_output: { content: 'ok' }, return_direct: false }),
    ),
    // The reply that answered them lists the same calls again, in the order they finished.
    pyd(`${EV}.AgentOutput`, { response: {}, tool_calls: [...selections].reverse() }),
  ];
  const memory = JSON.stringify({
    __is_component: true,
    value: { chat_store: { store: { chat_history: history } }, chat_store_key: 'chat_history' },
    qualified_name: 'llama_index.core.memory.chat_memory_buffer.ChatMemoryBuffer',
  });
  return JSON.stringify({
    state: {
      state_data: { _data: { memory: JSON.stringify(memory), num_tool_calls: '2' } },
      state_type: 'DictState',
      state_module: 'workflows.context.state_store',
    },
    streaming_queue: JSON.stringify(events),
    queues: { _done: '[]' },
    stepwise: false,
    event_buffers: {},
    in_progress: {},
    accepted_events: [],
    broker_log: events,
    is_running: false,
  });
}

const user = (t: string) => ({
  role: 'user',
  additional_kwargs: {},
  blocks: [{ block_type: 'text', text: t }],
});
const answer = (id: string, t: string) => ({
  role: 'tool',
  additional_kwargs: { tool_call_id: id },
  blocks: [{ block_type: 'text', text: t }],
});
const done = {
  role: 'assistant',
  additional_kwargs: {},
  blocks: [{ block_type: 'text', text: 'Done.' }],
};

describe("a LlamaIndex workflow's saved Context", () => {
  it('is the chat its memory keeps, each call once, answered', () => {
    const reply = {
      role: 'assistant',
      additional_kwargs: {
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'search', arguments: '{"q":"x"}' } },
          { id: 'call_2', type: 'function', function: { name: 'add', arguments: '{"a":1}' } },
        ],
      },
      blocks: [{ block_type: 'text', text: '' }],
    };
    const text = context(
      [user('Find x.'), reply, answer('call_1', 'x=1'), answer('call_2', '2'), done],
      [
        { id: 'call_1', name: 'search', kwargs: { q: 'x' } },
        { id: 'call_2', name: 'add', kwargs: { a: 1 } },
      ],
    );
    const [c, ...more] = importAll(text);
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('openai-chat');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: search(call_1) {"q":"x"} | add(call_2) {"a":1}',
      'tool → call_1: "x=1"',
      'tool → call_2: "2"',
      'assistant',
    ]);
    const note = c?.warnings.find((w) => w.includes('LlamaIndex')) ?? '';
    expect(note).toBe(
      "Read a LlamaIndex workflow's saved Context as the 1 chat its memory keeps, not its event logs' copies of the same calls.",
    );
    expect(isNote(note)).toBe(true);
    expect(c?.census?.toolCalls).toBe(2);
    expect(c?.warnings.filter((w) => !isNote(w))).toEqual([]);
  });

  it("takes a Gemini call's name for its id where its answer does, as LlamaIndex does", () => {
    const reply = {
      role: 'assistant',
      additional_kwargs: {
        tool_calls: [
          { id: '', name: 'search', args: { q: 'x' } },
          { id: '', name: 'add', args: { a: 1 } },
        ],
      },
      blocks: [{ block_type: 'text', text: '' }],
    };
    const text = context(
      [user('Find x.'), reply, answer('add', '2'), answer('search', 'x=1'), done],
      [
        { id: 'search', name: 'search', kwargs: { q: 'x' } },
        { id: 'add', name: 'add', kwargs: { a: 1 } },
      ],
    );
    const [c] = importAll(text);
    expect(outline(c?.messages ?? []).slice(1, 4)).toEqual([
      'assistant: search(search) {"q":"x"} | add(add) {"a":1}',
      'tool → add: "2"',
      'tool → search: "x=1"',
    ]);
    expect(c?.warnings.filter((w) => !isNote(w))).toEqual([]);
  });

  it("reads LlamaIndex's own tool-call blocks", () => {
    const reply = {
      role: 'assistant',
      additional_kwargs: {},
      blocks: [
        { block_type: 'text', text: 'Looking.' },
        {
          block_type: 'tool_call',
          tool_call_id: 't1',
          tool_name: 'search',
          tool_kwargs: { q: 'y' },
        },
      ],
    };
    const text = context(
      [user('Find y.'), reply, answer('t1', 'y=2'), done],
      [{ id: 't1', name: 'search', kwargs: { q: 'y' } }],
    );
    const [c] = importAll(text);
    expect(outline(c?.messages ?? []).slice(1, 3)).toEqual([
      'assistant: search(t1) {"q":"y"}',
      'tool → t1: "y=2"',
    ]);
  });

  it('says so when the broker log dispatched calls the memory no longer keeps', () => {
    const reply = {
      role: 'assistant',
      additional_kwargs: {
        tool_calls: [{ id: 'c3', type: 'function', function: { name: 'add', arguments: '{}' } }],
      },
    };
    // A memory buffer trimmed to its token limit: the first two calls are gone from it.
    const text = context(
      [user('Add.'), reply, answer('c3', '3'), done],
      [
        { id: 'c1', name: 'add', kwargs: {} },
        { id: 'c2', name: 'add', kwargs: {} },
        { id: 'c3', name: 'add', kwargs: {} },
      ],
    );
    const [c] = importAll(text);
    const said = c?.warnings.find((w) => w.includes('LlamaIndex')) ?? '';
    expect(said).toMatch(
      /dispatched 3 tool calls and the memory keeps 1, so 2 .* are not in this replay/,
    );
    expect(isNote(said)).toBe(false);
  });
});
