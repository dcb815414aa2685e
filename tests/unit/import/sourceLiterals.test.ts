// Test fixtures kept in source code, read as the data their literals and strings hold.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { literalValue, printedValue } from '../../../src/import/literal';
import { printJson } from '../../../src/json/index';
import { fixture, importAll, outline } from './helpers';

const json = (v: ReturnType<typeof literalValue>) => (v === null ? null : printJson(v));
const read = (path: string) => importAll(fixture(path), { name: path.split('/').pop() });

describe('literals as code writes them', () => {
  it('reads JavaScript and TypeScript: bare and quoted keys, comments, trailing commas', () => {
    expect(
      json(
        literalValue(`{
          // a comment
          type: 'tool_use', "id": \`toolu_1\`, /* inline */ input: { n: -1.5e2, ok: true, none: undefined },
          model: MODEL_ID, list: [1, 2,],
        } as const satisfies Event`),
      ),
    ).toBe(
      '{"id":"toolu_1","input":{"n":-150.0,"none":null,"ok":true},"list":[1,2],"model":"MODEL_ID","type":"tool_use"}',
    );
  });

  it('reads Ruby: symbols, `=>`, `nil`, numbers with underscores, `.freeze`', () => {
    expect(
      json(
        literalValue(
          '{ role: :assistant, "object" => :"chat.completion", n: 1_752, x: nil }.freeze',
        ),
      ),
    ).toBe('{"n":1752,"object":"chat.completion","role":"assistant","x":null}');
  });

  it("reads PHP's arrays of `key => value` pairs as objects, and lists as lists", () => {
    expect(
      json(literalValue("['a' => 1, 'b' => ['c' => null, 'd' => [1, 2]], 'e' => true,]")),
    ).toBe('{"a":1,"b":{"c":null,"d":[1,2]},"e":true}');
    expect(literalValue("['a' => 1, 2]")).toBeNull();
  });

  it('joins strings written side by side or with `+`, and reads escapes', () => {
    expect(json(literalValue(`['a' 'b', "c" + 'd', 'caf\\u00e9 \\u{1F600}']`))).toBe(
      '["ab","cd","café 😀"]',
    );
  });

  it("reads C#'s verbatim strings: quotes doubled, lines spanned, no escapes", () => {
    expect(json(literalValue('@"{\n  ""path"": ""C:\\tmp""\n}"'))).toBe(
      '"{\\n  \\"path\\": \\"C:\\\\tmp\\"\\n}"',
    );
  });

  it('is no value where the text is code, not data', () => {
    for (const s of ['{ return x; }', '[...rest]', '{ a: 1 } b', "{ 'a': 1", '() => 1']) {
      expect(literalValue(s), s).toBeNull();
    }
  });

  it("reads pretty-format's notation: class names, quotes left unescaped inside strings", () => {
    expect(
      json(
        printedValue(
          'Object {\n  "args": "{"a": "b, c"}",\n  "list": Array [\n    "say "hi"",\n  ],\n}',
        ),
      ),
    ).toBe('{"args":"{\\"a\\": \\"b, c\\"}","list":["say \\"hi\\""]}');
  });
});

describe('a source file that keeps recorded exchanges', () => {
  it("reads a TypeScript module's array of stream events as the reply they stream", () => {
    const [c, ...more] = read('source/anthropic-stream-events.ts');
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual(['assistant: read_file(toolu_01) {"path":"a.ts"}']);
    expect(c?.warnings[0]).toBe(
      'Read “anthropic-stream-events.ts” as source code: the data of 1 literal it writes (1 value), one after another; the code around them is not run, so values it builds or joins otherwise are not seen.',
    );
  });

  it('reads a Python file that is one printed list', () => {
    const [c] = read('source/responses-history.py');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_a1) {"city":"Oslo"}',
      'tool → call_a1: "timeout"',
      'assistant: get_weather(call_a2) {"city":"Oslo"}',
      'tool → call_a2: "rain, it\'s 4 °C"',
      'assistant',
    ]);
    expect(c?.census?.toolCalls).toBe(2);
  });

  it("reads a Ruby module's hash and the JSON of its heredoc as one exchange", () => {
    const [c, ...more] = read('source/chat_fixtures.rb');
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: search_docs(call_r1) {"query":"refunds"}',
      'tool → call_r1: "Refunds take 5 days."',
    ]);
    expect(c?.warnings[0]).toMatch(/the data of 1 literal and 1 string holding JSON/);
  });

  it("reads a PHP file's arrays and its nowdoc's JSON as the requests they are", () => {
    const [c, ...more] = read('source/messages.php');
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('anthropic');
    expect(outline(c?.messages ?? [])).toEqual([
      'system',
      'user',
      'assistant: get_weather(toolu_01A) {"city":"Oslo"}',
      'tool → toolu_01A: "timeout"',
      'assistant: get_weather(toolu_01B) {"city":"Oslo"}',
      'tool → toolu_01B: "rain, 4 °C"',
    ]);
  });

  it("reads a Rust raw string's event stream, its call assembled from the chunks", () => {
    const [c] = read('source/stream_fixtures.rs');
    expect(outline(c?.messages ?? [])).toEqual(['assistant: get_time(call_s1) {"tz":"UTC"}']);
  });

  it("reads a golden file of JSON in Go's backticks, its escapes as written", () => {
    const [c] = read('source/request3.golden');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: ls(call_g1) {"dir":"a\\nb"}',
      'tool → call_g1: "x\\ny"',
    ]);
  });

  it('reads a Vitest snapshot as the values pretty-format printed', () => {
    const [c] = read('source/__snapshots__/report.test.ts.snap');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_p1) {"location":"Paris, France","unit":"celsius"}',
      'tool → call_p1: "{\\"temperature\\": 22}"',
    ]);
  });

  it('leaves code whose literals hold no calls, and event streams, to what reads them', () => {
    const code = "const config = { retries: 3, name: 'x' };\nexport default config;\n";
    expect(importConversations(code, { name: 'config.ts' }).ok).toBe(false);
    const sse =
      'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}\n\ndata: [DONE]\n';
    expect(importAll(sse, { name: 'x.sse' })[0]?.format).toBe('sse');
    // A console log in markdown prints the values of code it ran: not data kept as code.
    const log =
      "# Run\n\n```\nstarted\n```\n\nAIMessage(content='', tool_calls=[{'name': 'plan', 'args': {}, 'id': 'c1', 'type': 'tool_call'}])\nresult = {'tool': 'plan'}\n";
    const r = importConversations(log, { name: 'run.md' });
    const said = r.ok ? r.value.flatMap((c) => c.warnings).join(' ') : r.error.message;
    expect(said).not.toMatch(/as source code/);
  });
});
