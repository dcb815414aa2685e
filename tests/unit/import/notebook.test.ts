// A Jupyter notebook read as the values its cells print, and Python's printed values.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { keywordsValue, literalValue } from '../../../src/import/literal';
import { printJson } from '../../../src/json/index';
import { fixture, importAll, notebook, outline } from './helpers';

const text = (v: string) => {
  const r = literalValue(v);
  return r === null ? null : printJson(r);
};

const said = (s: string) => ({ output_type: 'stream', name: 'stdout', text: [s] });

describe('a Jupyter notebook', () => {
  it('reads the messages a cell printed, SDK objects among dicts, as the run they are', () => {
    const [c, ...more] = importAll(fixture('notebook/sdk-messages-printed.ipynb'), {
      name: 'agent.ipynb',
    });
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('openai-chat');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_w1) {"city":"Oslo"}',
      'tool → call_w1: "timeout"',
      'assistant: get_weather(call_w2) {"city":"Oslo"}',
      'tool → call_w2: "rain, 4 °C"',
    ]);
    expect(c?.census?.toolCalls).toBe(2);
    expect(c?.warnings[0]).toBe(
      "Read 1 value printed in 1 output of 3 cell outputs of “agent.ipynb”, a Jupyter notebook; other text its cells printed (a framework's log lines) is left out.",
    );
  });

  it('reads JSON kept as such, and JSON an old SDK printed after its class', () => {
    const call = {
      role: 'assistant',
      content: null,
      function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
    };
    const list = importAll(
      notebook(
        [
          {
            output_type: 'display_data',
            data: { 'application/json': [{ role: 'user', content: 'Oslo?' }, call] },
          },
        ],
        [
          said(
            `<OpenAIObject at 0x7f3a3f3385e0> JSON: ${JSON.stringify({ ...call, function_call: { name: 'get_weather', arguments: '{"city":"Bergen"}' } }, null, 2)}\n`,
          ),
        ],
      ),
    );
    expect(
      list.flatMap((c) => outline(c.messages).filter((l) => l.startsWith('assistant:'))),
    ).toEqual([
      'assistant: get_weather(syn-0-0) {"city":"Bergen"}',
      'assistant: get_weather(syn-1-0) {"city":"Oslo"}',
    ]);
  });

  it("reads the values a framework's console prints on lines of their own among its headers", () => {
    const [c, ...more] = importAll(
      notebook([
        said(
          [
            '---------- user ----------',
            'What is the mean age?',
            '---------- assistant ----------',
            `[FunctionCall(id='call_2sKC2cshNTlFSpKuwpRwsTHD', arguments='{"query":"df.Age.mean()"}', name='python_repl_ast')]`,
            '---------- assistant ----------',
            `[FunctionExecutionResult(content='29.7', call_id='call_2sKC2cshNTlFSpKuwpRwsTHD', is_error=False)]`,
            '---------- assistant ----------',
            '29.7',
          ].join('\n'),
        ),
      ]),
    );
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: python_repl_ast(call_2sKC2cshNTlFSpKuwpRwsTHD) {"query":"df.Age.mean()"}',
      'tool → call_2sKC2cshNTlFSpKuwpRwsTHD: "29.7"',
    ]);
    expect(c?.census?.toolCalls).toBe(1);
  });

  it('reads the values a loop prints after a word of its own', () => {
    // `print(f"Calling: {t}")` over each of a reply's LangChain calls, as the DeepLearning.AI
    // LangGraph course's agent does; its other lines hold no value.
    const [c, ...more] = importAll(
      notebook([
        said(
          [
            "Calling: {'name': 'search', 'args': {'query': 'Super Bowl 2024'}, 'id': 'call_a1'}",
            "Calling: {'name': 'search', 'args': {'query': 'Missouri GDP'}, 'id': 'call_a2'}",
            'Back to the model!',
            'Result: no braces here',
          ].join('\n'),
        ),
      ]),
    );
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: search(call_a1) {"query":"Super Bowl 2024"}',
      'assistant: search(call_a2) {"query":"Missouri GDP"}',
    ]);
  });

  it('reads a value Rich printed pretty and coloured: Semantic Kernel calls', () => {
    // What `rich`'s console prints for a pydantic model: one field a line, each name, value
    // and bracket in colour codes, a string's quotes and braces coloured apart.
    const field = (k: string, v: string) => `    \x1b[33m${k}\x1b[0m=${v}`;
    const none = '\x1b[3;35mNone\x1b[0m';
    const quoted = (v: string) => `\x1b[32m'${v}'\x1b[0m`;
    const args = (inner: string) =>
      `\x1b[32m'\x1b[0m\x1b[32m{\x1b[0m\x1b[32m${inner}\x1b[0m\x1b[32m}\x1b[0m\x1b[32m'\x1b[0m`;
    const printed = (id: string, plugin: string, fn: string, inner: string) => ({
      output_type: 'display_data',
      metadata: {},
      data: {
        'text/html': ['<pre>FunctionCallContent(…)</pre>\n'],
        'text/plain': [
          [
            '\x1b[1;35mFunctionCallContent\x1b[0m\x1b[1m(\x1b[0m',
            `${field('inner_content', none)},`,
            `${field('ai_model_id', none)},`,
            `${field('metadata', '\x1b[1m{\x1b[0m\x1b[1m}\x1b[0m')},`,
            `${field('content_type', quoted('function_call'))},`,
            `${field('id', quoted(id))},`,
            `${field('call_id', none)},`,
            `${field('index', none)},`,
            `${field('name', quoted(`${plugin}-${fn}`))},`,
            `${field('function_name', quoted(fn))},`,
            `${field('plugin_name', quoted(plugin))},`,
            field('arguments', args(inner)),
            '\x1b[1m)\x1b[0m',
            '',
          ].join('\n'),
        ],
      },
    });
    const [c, ...more] = importAll(
      notebook(
        [said('Question: the square root of 169?\n'), printed('call_a', 'Math', 'sqrt', '"n":169')],
        [
          said('Question: Oslo in 5 days, and in °F?\n'),
          printed('call_b', 'Weather', 'forecast', '"city":"Oslo","days":5'),
          printed('call_c', 'Utility', 'to_fahrenheit', '"c": 4'),
        ],
      ),
    );
    expect(more).toHaveLength(0);
    // Which reply each call was made in, the notebook does not say: only the calls are asked.
    const calls = outline(c?.messages ?? []).flatMap((l) =>
      l.startsWith('assistant: ') ? l.slice('assistant: '.length).split(' | ') : [],
    );
    expect(calls).toEqual([
      'Math-sqrt(call_a) {"n":169}',
      'Weather-forecast(call_b) {"city":"Oslo","days":5}',
      'Utility-to_fahrenheit(call_c) {"c":4}',
    ]);
    expect(c?.census?.toolCalls).toBe(3);
    expect(c?.warnings[0]).toMatch(
      / 3 calls are printed each by itself, one output after another: the notebook does not show which reply made each, so those that follow one another are read as one reply\.$/,
    );
  });

  it('warns of outputs it leaves unread whose text names calls', () => {
    const call = { role: 'assistant', content: null, tool_calls: [] as unknown[] };
    call.tool_calls.push({
      id: 'call_1',
      type: 'function',
      function: { name: 'search', arguments: '{"q":"x"}' },
    });
    const [c] = importAll(
      notebook(
        [{ output_type: 'execute_result', data: { 'text/plain': [JSON.stringify([call])] } }],
        [said('Tool Calls:\n  search (call_2)\n Call ID: call_2\n')],
        [said('done in 2.1 s\n')],
      ),
    );
    expect(c?.warnings[0]).toMatch(
      / is left out\. 1 other output prints text that names tool calls: the calls shown only there are not in this replay\.$/,
    );
  });

  it('says so in one line when its cells print no value a call could be in', () => {
    const r = importConversations(notebook([said('Calling tool: search\n')], []));
    expect(r.ok ? '' : r.error.message).toBe(
      "The input is a Jupyter notebook whose outputs print no JSON or Python values (only text of its own, such as a framework's log lines), so Loopscope cannot see its tool calls.",
    );
  });
});

describe("Python's printed values", () => {
  it('reads objects printed as constructor calls as the object of their keywords', () => {
    expect(
      text(
        "[Part(function_call=FunctionCall(id=None, args={'movie': 'Barbie', 'n': 2}, name='find'), text=None, when=datetime.datetime(2025, 1, 2, tzinfo=datetime.timezone.utc), tz=datetime.timezone.utc)]",
      ),
    ).toBe(
      '[{"function_call":{"args":{"movie":"Barbie","n":2},"id":null,"name":"find"},"text":null,"tz":"datetime.timezone.utc","when":"datetime.datetime(2025, 1, 2, tzinfo=datetime.timezone.utc)"}]',
    );
  });

  it('reads strings however quoted and escaped, numbers as JSON spells them, tuples as lists', () => {
    expect(
      text(
        `{'a': "it's", 'b': r'C:\\d', 'c': '''x\ny''', 'd': 'tab\\there\\x41', 1: (1., .5, -2e3, 1_000), 'o': <Foo at 0x7f>}`,
      ),
    ).toBe(
      '{"1":[1.0,0.5,-2000.0,1000],"a":"it\'s","b":"C:\\\\d","c":"x\\ny","d":"tab\\thereA","o":"<Foo at 0x7f>"}',
    );
  });

  it("reads a pydantic model printed with print(), its fields after a line's own words", () => {
    const line =
      "Before tool call function_calls=[FunctionCall(id='fc-1', args={'query': 'hr'}, name='search')] usage=None";
    const v = keywordsValue(line);
    expect(v === null ? null : printJson(v)).toBe(
      '{"function_calls":[{"args":{"query":"hr"},"id":"fc-1","name":"search"}],"usage":null}',
    );
    // Fields that hold no list, dict or object, and words with `=` in them, are no such model.
    for (const s of [
      'x=1 y=2',
      'set a=b then c',
      'function_calls=[FunctionCall(id=',
      'a={} trailing words',
    ])
      expect(keywordsValue(s), s).toBeNull();
  });

  it("reads the Live API's calls and their responses as a notebook printed them", () => {
    const nb = notebook([
      {
        output_type: 'stream',
        name: 'stdout',
        text: [
          "Before tool call function_calls=[FunctionCall(id='fc-1', args={'query': 'hr'}, name='search')]\n",
          "\n>>>  function_responses=[FunctionResponse(id='fc-1', name='search', response={'result': 'ok'})]\n",
          "Before tool call function_calls=[FunctionCall(id='fc-2', args={'query': 'hr'}, name='search')]\n",
          "\n>>>  function_responses=[FunctionResponse(id='fc-2', name='search', response={'result': 'ok'})]\n",
        ],
      },
    ]);
    const [c] = importAll(nb, { name: 'live.ipynb' });
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: search(fc-1) {"query":"hr"}',
      'tool → fc-1: "{\\"result\\":\\"ok\\"}"',
      'assistant: search(fc-2) {"query":"hr"}',
      'tool → fc-2: "{\\"result\\":\\"ok\\"}"',
    ]);
    expect(c?.census?.toolCalls).toBe(2);
  });

  it('is no value where the text is not wholly one', () => {
    for (const s of ['print(x) done', "{'a': 1", '[f(x=1) g()]', 'x = 1', "{'a' 1}"]) {
      expect(text(s), s).toBeNull();
    }
  });
});
