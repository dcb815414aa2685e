// Logs of Python's printed values, a value a line: what `print(response)` leaves in a file.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { isNote } from '../../../src/import/notes';
import { fixture, importAll, outline, run } from './helpers';

const reply = (id: string, calls: string) =>
  `ChatCompletion(id='${id}', choices=[Choice(finish_reason='tool_calls', index=0, logprobs=None, message=ChatCompletionMessage(content=None, refusal=None, role='assistant', function_call=None, tool_calls=[${calls}]))], created=1750000000, model='gpt-4o', object='chat.completion', usage=CompletionUsage(completion_tokens=20, prompt_tokens=100, total_tokens=120))`;
const call = (id: string, name: string, args: string) =>
  `ChatCompletionMessageToolCall(id='${id}', function=Function(arguments='${args}', name='${name}'), type='function')`;

describe('a log of printed Python values', () => {
  it('reads each printed response as the reply it is', () => {
    const log = [
      reply('r1', call('1', 'search', '{"q": "phones"}')),
      reply(
        'r2',
        [call('1', 'search', '{"q": "pixel"}'), call('2', 'search', '{"q": "galaxy"}')].join(', '),
      ),
    ].join('\n');
    const list = importAll(`${log}\n`, { name: 'llm_log.json' });
    const lines = list.flatMap((c) => outline(c.messages));
    // Each printed response is a reply of its own; one reply's calls are one batch.
    expect(lines).toEqual([
      'assistant: search(1) {"q":"phones"}',
      'assistant: search(1) {"q":"pixel"} | search(2) {"q":"galaxy"}',
    ]);
    expect(list[0]?.warnings[0]).toBe(
      "Read “llm_log.json” as a log of 2 Python values printed a line each (an SDK's objects as their constructor calls), as JSON Lines.",
    );
  });

  it('is not a log whose printed values are a small part of its words', () => {
    const prose = `${'The agent ran and wrote many words about it. '.repeat(20)}\n${reply('r1', call('1', 'search', '{}'))}\n${'More words. '.repeat(60)}\n`;
    const r = importConversations(prose, { name: 'notes.txt' });
    const said = r.ok ? r.value.flatMap((c) => c.warnings).join(' ') : r.error.message;
    expect(said).not.toMatch(/Python values printed a line each/);
  });

  it("reads a logger's lines that end in printed objects: LlamaIndex's workflow events", () => {
    const [c, ...more] = importAll(fixture('generic/llamaindex-workflow-tick.log'), {
      name: 'run.log',
    });
    expect(more).toHaveLength(0);
    // The `ToolCall` event is the call, its `ToolCallResult` the answer (the whole reading is
    // byShape.test.ts's case); the reply the logger cut short is left, and said to be.
    expect(outline(c?.messages ?? []).filter((l) => l.startsWith('tool →'))).toHaveLength(3);
    expect(c?.warnings[0]).toBe(
      'Read “run.log” as a log whose lines end in printed objects, 10 objects as JSON Lines (the words before them and the other lines left out; 1 printed value cut short by the logger left out).',
    );
    expect(c?.census?.byDialect.llamaindex).toBe(3);
    expect(run(c!).batches.map((b) => b.count)).toEqual([1, 2, 1]);
  });

  it('is not a log whose printed objects name no tool, nor one such line alone', () => {
    const plain = [
      "12:00:01 INFO step: Event(kind='start', n=1)",
      "12:00:02 INFO step: Event(kind='stop', n=2)",
    ].join('\n');
    const one = "12:00:01 INFO add: ToolCall(tool_name='ls', tool_kwargs={}, tool_id='1')";
    for (const text of [plain, one]) {
      const r = importConversations(`${text}\n`, { name: 'run.log' });
      const said = r.ok ? r.value.flatMap((c) => c.warnings).join(' ') : r.error.message;
      expect(said).not.toMatch(/lines end in printed objects/);
    }
  });
});

describe('one printed object laid out over lines', () => {
  /** browser-use's `print(history)`, kept as a `.py` file and formatted as code. */
  const history = `# flake8: noqa
AgentHistoryList(
    all_results=[
        ActionResult(is_done=False, error=None, extracted_content='Opened the search page'),
        ActionResult(is_done=False, error='Element 7 not found', extracted_content=None),
        ActionResult(is_done=True, success=True, error=None, extracted_content='The price is 42.')
    ],
    all_model_outputs=[
        {'go_to_url': {'url': 'https://shop.example/'}, 'interacted_element': None},
        {
            'click_element_by_index': {'index': 7},
            'interacted_element': DOMHistoryElement(tag_name='a', xpath='html/body/a', highlight_index=7)
        },
        {'done': {'text': 'The price is 42.', 'success': True}, 'interacted_element': None}
    ]
)
`;

  it("reads browser-use's printed history: each action a reply, answered in order", () => {
    const [c, ...more] = importAll(history, { name: 'example_result.py' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: go_to_url(syn-0-0) {"url":"https://shop.example/"}',
      'tool → syn-0-0: "Opened the search page"',
      'assistant: click_element_by_index(syn-2-0) {"index":7}',
      'tool → syn-2-0: "Element 7 not found"',
      'assistant: done(syn-4-0) {"success":true,"text":"The price is 42."}',
      'tool → syn-4-0: "The price is 42."',
    ]);
    expect(c?.messages.filter((m) => m.role === 'tool' && m.error === true)).toHaveLength(1);
    const note = c?.warnings.find((w) => w.includes('printed Python object')) ?? '';
    expect(note).toBe(
      'Read “example_result.py” as one printed Python object (its constructor call laid out over lines), as JSON.',
    );
    expect(isNote(note)).toBe(true);
    expect(c?.census?.toolCalls).toBe(3);
  });

  it('is not a printed object that holds no call', () => {
    const r = importConversations('Config(\n    name="x",\n    retries=3\n)\n', { name: 'c.py' });
    const said = r.ok ? r.value.flatMap((c) => c.warnings).join(' ') : r.error.message;
    expect(said).not.toMatch(/one printed Python object/);
  });
});
