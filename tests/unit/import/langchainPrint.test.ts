// LangChain messages printed with `pretty_print()`, read back as the chat they show.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { langChainPrintComplete, langChainPrintLines } from '../../../src/import/langchainPrint';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/langgraph-printed-run.md'));

/** A title line as LangChain pads it to 80 columns. */
function title(kind: string): string {
  const padded = ` ${kind} Message `;
  const sep = '='.repeat(Math.floor((80 - padded.length) / 2));
  return `${sep}${padded}${sep}${padded.length % 2 ? '=' : ''}`;
}

describe("LangChain's printed messages", () => {
  it('reads each run once, calls with their arguments read back, answers by tool name', () => {
    const [a, b, ...more] = importAll(fixture('markdown/langgraph-printed-run.md'), {
      name: 'run.md',
    });
    expect(more).toHaveLength(0);
    expect(a?.format).toBe('openai-chat');
    expect(outline(a?.messages ?? [])).toEqual([
      'user',
      'assistant: run_tests(call_0#1) {"path":"tests/parser","retries":2,"verbose":true}',
      'tool → call_0#1: "1 failed: test_empty_input\\n--- step ---"',
      'assistant: read_file(call_0#2) {"path":"src/parser.py"} | grep(call_1#3) {"paths":["src","lib"],"pattern":"def parse"}',
      'tool → call_0#2: "def parse(text):\\n    return text.split()"',
      'tool → call_1#3: "src/parser.py:1:def parse(text):"',
      'assistant: write_file(call_0#4) {"content":"def parse(text):\\n    if not text:\\n        return []\\n    return text.split()","path":"src/parser.py"} | run_tests(call_9#5) "{\\"path\\": \\"tests/parser\\","',
      'tool → call_0#4: "written"',
      'assistant',
      'user',
      'assistant: run_tests(call_0#6) {"path":"tests/parser","retries":2,"verbose":true}',
      'tool → call_0#6: "all passed"',
      'assistant',
    ]);
    // The same prompt run again from scratch is a conversation of its own.
    expect(outline(b?.messages ?? [])).toEqual([
      'user',
      'assistant: run_tests(call_0#7) {"path":"tests","retries":null,"verbose":false}',
      'tool → call_0#7: "0 failed"',
      'assistant',
    ]);
    // Named by their place and first prompt: the lines they were rewritten as are not the file's.
    expect(a?.conversations.map((c) => c.label)).toEqual([
      'conversation 1 · Find the failing test in the parser and fix it.',
      'conversation 2 · Find the failing test in the parser and fix it.',
    ]);
    expect(a?.census?.toolCalls).toBe(7);
    expect(a?.census?.readByShape).toBeUndefined();
    expect(a?.warnings[0]).toBe(
      "Read “run.md” as 26 printed messages in 2 conversations: 7 tool calls (1 under \"Invalid Tool Calls\", as the model sent them) read from LangChain's printed messages (`pretty_print`): each argument is read back from its printed form, where a string of digits and a number look alike, so signatures may differ from the agent's own; a tool's answer is matched to the first open call of its name, as the print shows no call id; a history printed again is read once. Text printed between messages is read as part of the message before it.",
    );
  });

  it("reads a notebook's printed messages across its cells, a resumed run once", () => {
    const [c, ...more] = importAll(fixture('notebook/langgraph-breakpoint.ipynb'), {
      name: 'nb.ipynb',
    });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_Wx1#1) {"city":"Paris","units":"metric"} | get_weather(call_Wx2#2) {"city":"Oslo","units":"metric"}',
      'tool → call_Wx1#1: "18C, cloudy"',
      'tool → call_Wx2#2: "4C, snow"',
      'assistant',
    ]);
    expect(c?.warnings[0]).toMatch(/Of them, 1 conversation of 6 printed messages: 2 tool calls/);
  });

  it('answers calls of one name in order, and a call that did not parse never', () => {
    const printed = [
      title('Human'),
      '',
      'go',
      title('Ai'),
      'Tool Calls:',
      '  fetch (a)',
      ' Call ID: a',
      '  Args:',
      '    url: https://x.test/1',
      '  fetch (b)',
      ' Call ID: b',
      '  Args:',
      '    url: https://x.test/2',
      'Invalid Tool Calls:',
      '  fetch (c)',
      ' Call ID: c',
      '  Error: Malformed args.',
      '  Args:',
      '    {"url": ',
      title('Tool'),
      'Name: fetch',
      '',
      'one',
      title('Tool'),
      'Name: fetch',
      '',
      'two',
    ].join('\n');
    // A state dumped among the messages names one call they do not print.
    const dump = `AIMessage(content='', tool_calls=[{'name': 'fetch', 'args': {}, 'id': 'a'}, {'name': 'search', 'args': {'q': 'x'}, 'id': 'call_zz'}])`;
    expect(langChainPrintLines(`${printed}\n${dump}`).unread).toBe(1);
    const [line] = langChainPrintLines(printed).lines;
    const messages = JSON.parse(line ?? '{}').messages as { tool_call_id?: string }[];
    expect(messages.map((m) => m.tool_call_id).filter(Boolean)).toEqual(['a#1', 'b#2']);
  });

  it('keeps an answer with its own run where another run got the same answer', () => {
    const run = (id: string) => [
      title('Human'),
      '',
      'Multiply 2 and 3',
      title('Ai'),
      'Tool Calls:',
      `  multiply (${id})`,
      ` Call ID: ${id}`,
      '  Args:',
      '    a: 2',
      '    b: 3',
      title('Tool'),
      'Name: multiply',
      '',
      '6',
      title('Ai'),
      '',
      'It is 6.',
    ];
    const read = importAll([...run('x'), ...run('y')].join('\n'), { name: 'a.log' });
    expect(read.map((c) => outline(c.messages))).toEqual([
      ['user', 'assistant: multiply(x#1) {"a":2,"b":3}', 'tool → x#1: "6"', 'assistant'],
      ['user', 'assistant: multiply(y#2) {"a":2,"b":3}', 'tool → y#2: "6"', 'assistant'],
    ]);
  });

  it('holds back the last message of a print still being written', () => {
    const t = text();
    const answer = t.slice(0, t.indexOf('all passed'));
    const last = answer.lastIndexOf(title('Tool'));
    expect(langChainPrintComplete(answer)).toBe(answer.slice(0, last).replace(/\n$/, ''));
    // A reply of words is whole at its last line; the line still being written waits.
    const words = t.slice(0, t.indexOf('All tests pass.') + 4);
    expect(langChainPrintComplete(words)).toBe(words.slice(0, words.lastIndexOf('\n') + 1));
    expect(langChainPrintComplete(t)).toBe(t);
  });

  it('is not a text that only shows a title or names tool calls', () => {
    for (const t of [
      `${title('Human')}\n\nhello\n`,
      'Tool Calls:\n  fetch (a)\n Call ID: a\n  Args:\n    url: x\n',
    ]) {
      const r = importConversations(t, { name: 'a.md' });
      expect(r.ok).toBe(false);
    }
  });
});
