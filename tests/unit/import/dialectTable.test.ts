import { describe, expect, test } from 'vitest';
import { CensusScan } from '../../../src/import/census';
import { DIALECTS } from '../../../src/import/dialects/table';
import { parseJson } from '../../../src/json/index';
import { EXAMPLES } from './dialectExamples';

describe('the dialect table', () => {
  test.each(DIALECTS.map((d) => [d.id, d] as const))('%s reads its own example', (id, d) => {
    const scan = new CensusScan();
    scan.add(EXAMPLES[id]);
    const calls = scan.calls();
    expect(calls.map((c) => c.dialect)).toEqual(d.counted ? [id] : []);
    expect(d.source).toMatch(/\S+\/\S+ \S+/);
  });

  test.each(DIALECTS.map((d) => [d.id] as const))(
    '%s reads its example alike in the lossless tree the importers parse',
    (id) => {
      const view = (v: unknown) => {
        const scan = new CensusScan();
        scan.add(v);
        return scan.calls().map((c) => [c.dialect, c.id, c.name, c.path]);
      };
      const lossless = parseJson(JSON.stringify(EXAMPLES[id]));
      if (!lossless.ok) throw new Error(lossless.error.message);
      expect(view(lossless.value.value)).toEqual(view(EXAMPLES[id]));
    },
  );

  test("LLaMA-Factory's `tool_call` part holds its calls as ShareGPT's turn does", () => {
    const scan = new CensusScan();
    scan.add([
      {
        role: 'assistant',
        content: [{ type: 'tool_call', value: '{"name": "ls", "arguments": {"dir": "src"}}' }],
      },
    ]);
    expect(scan.calls().map((c) => [c.dialect, c.name])).toEqual([['sharegpt', 'ls']]);
  });

  test('a tool definition is never a call', () => {
    const scan = new CensusScan();
    scan.add({
      tools: [{ name: 'ls', description: 'list', parameters: { type: 'object', properties: {} } }],
    });
    expect(scan.calls()).toEqual([]);
  });

  test('one call in a growing history, and a reused id with other arguments', () => {
    const call = (id: string, a: string) => ({
      role: 'assistant',
      tool_calls: [{ id, function: { name: 'ls', arguments: a } }],
    });
    const scan = new CensusScan();
    scan.add([
      { messages: [call('call_0', '{"a":1}')] },
      { messages: [call('call_0', '{"a":1}'), call('call_0', '{"a":2}')] },
    ]);
    expect(scan.calls()).toHaveLength(2);
  });

  test('a JSON body that opens with blank lines (a kept-alive connection) is read', () => {
    const reply = {
      choices: [
        {
          message: {
            role: 'assistant',
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
          },
        },
      ],
    };
    const scan = new CensusScan();
    scan.add({ response: { body: `\n         \n\r\n\t${JSON.stringify(reply)}` } });
    expect(scan.calls().map((c) => c.id)).toEqual(['c1']);
  });

  test('a call resent with its one argument bare under the same id is one call', () => {
    // langchaingo sends `{"__arg1": "…"}` back as the bare string in the next request's history.
    const call = (id: string, a: string) => ({
      role: 'assistant',
      tool_calls: [{ id, type: 'function', function: { name: 'search', arguments: a } }],
    });
    const count = (v: unknown) => {
      const scan = new CensusScan();
      scan.add(v);
      return scan.calls().length;
    };
    const reply = { choices: [{ message: call('c1', '{"__arg1": "Go 1.0 release"}') }] };
    expect(count([reply, { messages: [call('c1', 'Go 1.0 release')] }])).toBe(1);
    // Another value, or the same value under another id, is another call.
    expect(count([reply, { messages: [call('c1', 'Go 1.1 release')] }])).toBe(2);
    expect(count([reply, { messages: [call('c2', 'Go 1.0 release')] }])).toBe(2);
  });

  test('a Cohere v2 stream opens a call alone under message.tool_calls; deltas are no calls', () => {
    const tc = { id: 'c_1', type: 'function', function: { name: 'ls', arguments: '' } };
    const stream = [
      { type: 'tool-call-start', index: 0, delta: { message: { tool_calls: tc } } },
      {
        type: 'tool-call-delta',
        index: 0,
        delta: { message: { tool_calls: { function: { arguments: '{}' } } } },
      },
    ];
    const calls = (v: unknown) => {
      const scan = new CensusScan();
      scan.add(v);
      return scan.calls().map((c) => [c.dialect, c.id]);
    };
    expect(calls(stream)).toEqual([['openai-chat', 'c_1']]);
    // The next request's history sends the same call again, by id: still one call.
    const resent = { ...tc, function: { name: 'ls', arguments: '{}' } };
    const history = { messages: [{ role: 'assistant', tool_calls: [resent] }] };
    expect(calls([...stream, history])).toEqual([['openai-chat', 'c_1']]);
    // A `tool_calls` object elsewhere, or one without an id, is not a call.
    expect(calls({ delta: { message: { tool_calls: { function: { name: 'ls' } } } } })).toEqual([]);
    expect(calls({ config: { tool_calls: tc } })).toEqual([]);
  });

  test('a Gemini call with no arguments and its copy sent back with an id are one call', () => {
    // Gemini leaves `args` out of a call with none; the client that sends the turn back gives
    // it an id, and may write `{}` or nothing.
    const model = (fc: object) => ({ role: 'model', parts: [{ functionCall: fc }] });
    const scan = new CensusScan();
    scan.add([
      { response: { candidates: [{ content: model({ name: 'ls', args: {} }) }] } },
      {
        request: {
          contents: [{ role: 'user', parts: [{ text: 'hi' }] }, model({ name: 'ls', id: 'c1' })],
        },
      },
    ]);
    expect(scan.calls()).toHaveLength(1);
  });

  test('a LangChain ToolCall kept beside the history it came from is that call, not another', () => {
    // LangGraph's tool node input: the messages, and the call it runs (`lg_tool_call`).
    const toolCall = { name: 'ls', args: { dir: '.' }, type: 'tool_call', id: 'call_1' };
    const scan = new CensusScan();
    scan.add({
      messages: [
        {
          role: 'assistant',
          tool_calls: [{ id: 'call_1', function: { name: 'ls', arguments: '{"dir":"."}' } }],
        },
      ],
      lg_tool_call: toolCall,
    });
    expect(scan.calls()).toHaveLength(1);
    // Alone it is a call, read with its arguments.
    const alone = new CensusScan();
    alone.add({ lg_tool_call: toolCall });
    expect(alone.calls().map((c) => [c.dialect, c.name])).toEqual([['langchain', 'ls']]);
  });

  describe('a span tree', () => {
    // With an id, Anthropic's block; without one, Gemini's part.
    const call = (id: string | null, path: string) =>
      id === null
        ? { functionCall: { name: 'read', args: { path } } }
        : { type: 'tool_use', id, name: 'read', input: { path } };
    const span = (
      id: string,
      parent: string | null,
      calls: unknown[],
      link = 'parentObservationId',
    ) => ({
      id,
      ...(parent === null ? {} : { [link]: parent }),
      output: calls,
    });
    const count = (v: unknown) => {
      const scan = new CensusScan();
      scan.add(v);
      return scan.calls().length;
    };

    test.each([
      ['Langfuse observations', 'parentObservationId'],
      ['LangSmith runs', 'parent_run_id'],
    ])("%s: a parent's output repeating its child's calls adds none", (_, link) => {
      // An SDK's outer span lists the reply's calls its inner model span made.
      const a = call('call_a', 'x');
      const b = call('call_b', 'y');
      expect(
        count({
          observations: [
            span('root', null, [a, b], link),
            span('step1', 'root', [a], link),
            span('step2', 'root', [b], link),
          ],
        }),
      ).toBe(2);
    });

    test('OTLP spans, camelCase and snake_case, and a grandparent', () => {
      const a = call(null, 'x');
      const camel = (id: string, parent: string | null, c: unknown[]) => ({
        spanId: id,
        ...(parent === null ? {} : { parentSpanId: parent }),
        output: c,
      });
      const snake = (id: string, parent: string | null, c: unknown[]) => ({
        span_id: id,
        ...(parent === null ? {} : { parent_span_id: parent }),
        output: c,
      });
      for (const s of [camel, snake])
        expect(count({ spans: [s('r', null, [a]), s('m', 'r', [a]), s('l', 'm', [a])] })).toBe(1);
    });

    test('two sibling spans with the same call are a loop, not a copy', () => {
      // A local model's reused id, the same arguments: two turns under one agent span.
      const a = call('call_0', 'x');
      expect(
        count({
          observations: [span('root', null, []), span('g1', 'root', [a]), span('g2', 'root', [a])],
        }),
      ).toBe(2);
      // Without ids, too; the agent span's summary of both adds none.
      const b = call(null, 'x');
      expect(
        count({
          observations: [
            span('root', null, [b, b]),
            span('g1', 'root', [b]),
            span('g2', 'root', [b]),
          ],
        }),
      ).toBe(2);
    });

    test("a message chain's parent link is no span tree", () => {
      // Claude Code's lines name the line before; a reused id there is a call each time.
      const line = (uuid: string, parent: string | null) => ({
        uuid,
        parentUuid: parent,
        message: { role: 'assistant', content: [call('call_0', 'x')] },
      });
      expect(count([line('u1', null), line('u2', 'u1'), line('u3', 'u2')])).toBe(3);
    });

    test('a cycle of parents ends', () => {
      const a = call('call_a', 'x');
      expect(count({ observations: [span('p', 'q', [a]), span('q', 'p', [a])] })).toBe(1);
    });
  });

  test('deep nesting does not overflow', () => {
    let v: unknown = { type: 'tool_use', id: 'd', name: 'x', input: {} };
    for (let i = 0; i < 200_000; i++) v = [v];
    const scan = new CensusScan();
    scan.add(v);
    expect(scan.calls()).toHaveLength(1);
  });
});

describe('the census of chat messages', () => {
  const call = (id: string | undefined, name: string, args: string) => ({
    ...(id === undefined ? {} : { id }),
    type: 'function',
    function: { name, arguments: args },
  });
  const messages = [
    { role: 'user', content: 'go' },
    { role: 'assistant', content: null, tool_calls: [call('call_0', 'ls', '{"d":"."}')] },
    { role: 'tool', tool_call_id: 'call_0', content: '{"tool_calls": []}' },
    {
      role: 'assistant',
      tool_calls: [call('call_0', 'ls', '{"d":"."}'), call('call_1', 'cat', '{}')],
    },
    { role: 'assistant', tool_calls: [call('call_0', 'ls', '{ "d" : "." }')] },
    { role: 'assistant', tool_calls: [call(undefined, 'ls', '{"d":"."}')] },
    { role: 'assistant', name: '{"tool_calls":[{"function":{}}]}', tool_calls: [] },
  ];
  // As the chat span reader parses them: objects as maps.
  const asMaps = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(asMaps)
      : typeof v === 'object' && v !== null
        ? new Map(Object.entries(v).map(([k, x]) => [k, asMaps(x)]))
        : v;
  const view = (scan: CensusScan) => scan.calls().map((c) => [c.dialect, c.id, c.name, c.path]);

  test('one message at a time counts as the whole body does', () => {
    const whole = new CensusScan();
    whole.add({ messages });
    const each = new CensusScan();
    for (const m of messages) each.add(asMaps(m), 'messages[*]', 0);
    expect(view(each)).toEqual(view(whole));
    expect(view(whole)).toHaveLength(5);
  });
});
