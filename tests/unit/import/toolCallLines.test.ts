// Logs that print each call as `Tool call: name({…})`: nanobot's loop, the `llm` CLI's `--td`.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe('a log of `Tool call: name({…})` lines', () => {
  it('reads JSON and Python arguments, a cut one as its text, results indented under', () => {
    const [c, ...more] = importAll(fixture('markdown/tool-call-lines.log'), { name: 'run.log' });
    expect(more).toHaveLength(0);
    const out = outline(c?.messages ?? []);
    expect(out[0]).toBe('assistant: list_dir(call-line-1) {"path":"/home/me/notes"}');
    expect(out[1]).toMatch(
      /^assistant: read_file\(call-line-2\) \{"shown":"\{\\"path\\": \\"\/home\/me\/notes\/x+"\}$/,
    );
    expect(out[2]?.replace('call-line-3', 'call-line-2')).toBe(out[1]);
    expect(out.slice(3)).toEqual([
      'assistant: exec(call-line-4) {"background":false,"command":"wc -l notes.md"}',
      'assistant: multiply(call-line-5) {"a":2344,"b":5252}',
      'tool → call-line-5: "12310688"',
      'assistant: add(call-line-6) {"a":12310688,"b":134}',
      'tool → call-line-6: "12310822"',
    ]);
    expect(c?.census?.toolCalls).toBe(6);
    expect(c?.warnings[0]).toMatch(
      /^Read “run.log” as a log of `Tool call: name\(\{…\}\)` lines .*: 6 tool calls, each a reply of its own .*, 2 calls answered .* The arguments of 2 calls do not parse/,
    );
  });

  it('is not prose that names a tool call', () => {
    const r = importConversations('Each Tool call: a request the model makes.\n', { name: 'n.md' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/Tool call: name/);
  });
});
