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
