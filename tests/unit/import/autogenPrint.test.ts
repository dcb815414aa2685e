// AutoGen 0.2's and AG2's console output: `***** Suggested tool call (…): … *****` banners.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { autogenPrintComplete } from '../../../src/import/autogenPrint';
import { fixture, importAll, notebook, outline } from './helpers';

const FIRST_CHAT = [
  'user',
  'assistant: list_tests(autogen-1) {"path":"tests/"}',
  'tool → autogen-1: "test_parse.py\\ntest_io.py\\n---\\n2 files"',
  'assistant: run_test(autogen-2) {"name":"test_parse.py"} | run_test(autogen-3) {"name":"test_io.py"}',
  'tool → autogen-2: "FAILED: expected 3, got 2"',
  'tool → autogen-3: "ok"',
  'assistant: run_test(autogen-4) {"name":"test_parse.py"}',
  'tool → autogen-4: "FAILED: expected 3, got 2"',
  'assistant',
];

describe("AutoGen's console output (ConversableAgent)", () => {
  it("reads each chat: a message's calls one reply, answered by id or in order", () => {
    const [a, b, ...more] = importAll(fixture('markdown/autogen-print.txt'), { name: 'run.log' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual(FIRST_CHAT);
    // The words before a call are that reply's; what the tool printed while it ran is no turn.
    expect(a?.messages[1]?.content).toBe('I will list the tests first.');
    expect(a?.messages[0]?.content).toBe('Find the failing test and fix it.');
    // The older function call, answered under its name in quotes; a new chat is another.
    expect(outline(b?.messages ?? [])).toEqual([
      'user',
      'assistant: read_notes(autogen-5) {"topic":"parser"}',
      'tool → autogen-5: "off by one in tokenize()\\n---"',
      'assistant',
    ]);
    expect(a?.census?.toolCalls).toBe(5);
    expect(a?.warnings[0]).toMatch(
      /^Read “run.log” as AutoGen's console output \(`ConversableAgent`, AutoGen 0.2 and AG2\), 2 chats: 5 calls .* the 2 agents that made calls as the assistant's/,
    );
  });

  it("reads the output a notebook's cells saved, beside the values they printed", () => {
    const text = new TextDecoder().decode(fixture('markdown/autogen-print.txt'));
    // The run's text in two outputs (the chat, then the answers' banners), after a cell that
    // printed the tools' schemas, which hold no call.
    // The first answers' banners, in an output of their own: no call's banner there.
    const cut = text.indexOf('***** Response from calling');
    const next = text.lastIndexOf('\n', text.indexOf('***** Suggested', cut)) + 1;
    const nb = notebook([
      {
        output_type: 'execute_result',
        data: { 'text/plain': ["[{'type': 'function', 'function': {'name': 'list_tests'}}]"] },
      },
      { output_type: 'stream', name: 'stdout', text: [text.slice(0, cut)] },
      { output_type: 'stream', name: 'stdout', text: [text.slice(cut, next)] },
      { output_type: 'stream', name: 'stdout', text: [text.slice(next)] },
    ]);
    const [a, b, ...more] = importAll(nb, { name: 'chat.ipynb' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual(FIRST_CHAT);
    expect(b?.messages.filter((m) => m.role === 'tool')).toHaveLength(1);
    expect(a?.warnings[0]).toMatch(
      /Of them, 2 chats: 5 calls from its `Suggested tool call` banners/,
    );
  });

  it('reads a copy a markdown formatter rewrote: quoted marks, breaks for rules', () => {
    const [a, ...more] = importAll(fixture('markdown/autogen-print-formatted.md'), {
      name: 'run.md',
    });
    expect(more).toHaveLength(0);
    // A break inside a tool's output, more text after it, is the output's.
    expect(outline(a?.messages ?? [])).toEqual(
      FIRST_CHAT.map((l) => l.replace('---\\n2 files', '---\\n\\n2 files')),
    );
  });

  it('reads banners whose stars a formatter escaped', () => {
    const text = [
      'bot (to user_proxy):',
      '',
      '**\\*** Suggested tool call (call_7q21): http_request **\\***',
      'Arguments:',
      '{"method":"GET","url":"http://localhost:3000/"}',
      '',
      // No rule after the call: what the tool prints after the mark is still no one's words.
      '> > > > > > > > EXECUTING FUNCTION http_request...',
      '> > > > > > > > [HTTP] GET http://localhost:3000/',
      '> > > > > > > > user_proxy (to bot):',
      '',
      'user_proxy (to bot):',
      '',
      '**\\*** Response from calling tool (call_7q21) **\\***',
      '[]',
      '',
      '---',
      '',
      '> > > > > > > > USING AUTO REPLY...',
      '> > > > > > > > bot (to user_proxy):',
      '',
      'The store is empty.',
      '',
      '---',
    ].join('\n');
    const [a] = importAll(text, { name: 'notes.md' });
    expect(outline(a?.messages ?? [])).toEqual([
      'assistant: http_request(autogen-1) {"method":"GET","url":"http://localhost:3000/"}',
      'tool → autogen-1: "[]"',
      'assistant',
    ]);
    expect(a?.messages[2]?.content).toBe('The store is empty.');
  });

  it('settles output being written at the rule that ends its last whole message', () => {
    const t = new TextDecoder().decode(fixture('markdown/autogen-print.txt'));
    const rule = '-'.repeat(80);
    const first = t.indexOf(rule) + rule.length + 1;
    // Cut as the rule after the first call is being written: its first dashes are no rule, so
    // the call waits for its message to end (and, pending, for its answer).
    const cut = t.indexOf(`\n${rule}`, t.indexOf('Suggested tool call')) + 4;
    expect(t.slice(cut - 3, cut)).toBe('---');
    expect(autogenPrintComplete(t.slice(0, cut))).toBe(t.slice(0, first));
    expect(autogenPrintComplete(t.slice(0, cut + 78))).toBe(t.slice(0, cut + 78));
  });

  it('is not a text that only names the banner', () => {
    const r = importConversations(
      'The agent prints ***** Suggested tool call (id): name *****.\n',
      {
        name: 'n.txt',
      },
    );
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(
      /AutoGen's console/,
    );
  });
});
