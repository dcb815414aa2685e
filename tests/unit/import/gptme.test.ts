// gptme's conversation log and console output: calls read from the assistant's own text.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { gptmeConsoleComplete } from '../../../src/import/gptme';
import { fixture, importAll, outline } from './helpers';

const line = (o: object) => JSON.stringify({ timestamp: '2025-03-04T10:00:00+00:00', ...o });

describe("gptme's conversation log", () => {
  it('reads tool blocks, tags and tool calls as gptme runs them, answered by system messages', () => {
    const [a, ...more] = importAll(fixture('gptme/conversation.jsonl'), {
      name: 'conversation.jsonl',
    });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual([
      'system',
      'user',
      'assistant: shell(gptme-1) {"args":[],"content":"ls"}',
      'tool → gptme-1: "Ran command: `ls`\\n\\n```stdout\\nREADME.md\\nmain.py\\n```"',
      'assistant: ipython(gptme-2) {"args":[],"content":"print(6 * 7)"}',
      'tool → gptme-2: "Executed code block.\\n\\n```stdout\\n42\\n```"',
      'assistant: save(gptme-3) {"args":["save hello.py"],"content":"print(\\"hello\\")"}',
      'tool → gptme-3: "Saved to hello.py"',
      'assistant',
      'user',
      'assistant: shell(toolu_01ABC) {"command":"python hello.py"}',
      'tool → toolu_01ABC: "Ran command: `python hello.py`\\n\\n```stdout\\nhello\\n```"',
      'assistant: shell(gptme-5) {"args":[],"content":"ls && pwd"}',
      'tool → gptme-5: "Ran command: `ls && pwd`\\n\\n```stdout\\nREADME.md\\nhello.py\\nmain.py\\n/home/me/proj\\n```"',
      'assistant',
    ]);
    expect(a?.census?.toolCalls).toBe(5);
    expect(a?.warnings[0]).toMatch(
      /^Read “conversation.jsonl” as gptme's conversation log: 5 tool calls/,
    );
  });

  it("reads older gptme's `bash` and file-name blocks where a system message answers them", () => {
    const [a] = importAll(fixture('gptme/conversation-2024.jsonl'));
    expect(outline(a?.messages ?? [])).toEqual([
      'system',
      'user',
      'assistant: save(gptme-1) {"args":["hello.sh"],"content":"echo hello"}',
      'tool → gptme-1: "Saved to hello.sh"',
      'assistant: shell(gptme-2) {"args":[],"content":"bash hello.sh"}',
      'tool → gptme-2: "Ran command: `bash hello.sh`\\n\\nstdout: `hello`"',
      'assistant: shell(gptme-3) {"args":[],"content":"bash hello.sh"}',
      'tool → gptme-3: "Ran command: `bash hello.sh`\\n\\nstdout: `hello`"',
      'assistant',
    ]);
  });

  it('pairs several calls of a message with the system messages after it, in order', () => {
    const text = [
      line({ role: 'user', content: 'go' }),
      line({ role: 'assistant', content: '```shell\nls\n```\n\n```shell\npwd\n```' }),
      line({ role: 'system', content: 'Ran command: `ls`' }),
      line({ role: 'system', content: 'Ran command: `pwd`' }),
    ].join('\n');
    const [a] = importAll(text);
    expect(outline(a?.messages ?? []).slice(1)).toEqual([
      'assistant: shell(gptme-1) {"args":[],"content":"ls"} | shell(gptme-2) {"args":[],"content":"pwd"}',
      'tool → gptme-1: "Ran command: `ls`"',
      'tool → gptme-2: "Ran command: `pwd`"',
    ]);
  });

  it("leaves an older tag as text in a message that calls with today's", () => {
    const text = [
      line({ role: 'user', content: 'go' }),
      line({ role: 'assistant', content: 'Like `bash`:\n```bash\nls\n```\n\n```shell\nls\n```' }),
      line({ role: 'system', content: 'Ran command: `ls`' }),
    ].join('\n');
    const [a] = importAll(text);
    expect(outline(a?.messages ?? []).slice(1)).toEqual([
      'assistant: shell(gptme-1) {"args":[],"content":"ls"}',
      'tool → gptme-1: "Ran command: `ls`"',
    ]);
  });

  it('is no chat log of role, content and timestamp without a call in it', () => {
    const text = [
      line({ role: 'user', content: 'hi' }),
      line({ role: 'assistant', content: 'Try:\n\n```bash\nls\n```' }),
    ].join('\n');
    const r = importConversations(text, { name: 'chat.jsonl' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/gptme/);
  });
});

describe("gptme's console output", () => {
  it('reads each reply up to its first tool block, answered by the `System:` messages after it', () => {
    const [a, ...more] = importAll(fixture('gptme/console.txt'), { name: 'out.txt' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual([
      'user',
      'assistant: shell(gptme-1) {"args":[],"content":"ls"}',
      'tool → gptme-1: "Ran command: `ls`\\n\\n```stdout\\nREADME.md\\nmain.py\\n```"',
      'assistant: ipython(gptme-2) {"args":[],"content":"print(6 * 7)"}',
      'tool → gptme-2: "Executed code block.\\n\\n```stdout\\n42\\n```"',
      'assistant: save(gptme-3) {"args":["save answer.txt"],"content":"42"}',
      'tool → gptme-3: "Saved to answer.txt"',
      'assistant: shell(gptme-4) {"args":[],"content":"ls"}',
      'tool → gptme-4: "Ran command: `ls`\\n\\n```stdout\\nREADME.md\\nanswer.txt\\nmain.py\\n```"',
      'assistant',
      'user',
    ]);
    // The spinner and the command's live output are no part of the reply.
    expect(a?.messages[1]?.content).toBe('Let me look at the files.\n\n```shell\nls\n```');
    expect(a?.warnings[0]).toMatch(/^Read “out.txt” as gptme's console output: 4 tool calls/);
  });

  it('settles up to the answers still printed, and a reply up to its first call', () => {
    const t = new TextDecoder().decode(fixture('gptme/console.txt'));
    // A system message still being printed: the reply it answers settles up to its call.
    const cut = t.indexOf('System: ✅');
    expect(gptmeConsoleComplete(t.slice(0, cut + 12))).toBe(
      t.slice(0, t.indexOf('```save answer.txt\n42\n```') + 25),
    );
    // A call block not yet closed: the reply is left out.
    const open = t.indexOf('```save answer.txt') + 20;
    expect(gptmeConsoleComplete(t.slice(0, open))).toBe(
      t.slice(0, t.lastIndexOf('Assistant: Thinking...', open)),
    );
    // A prompt ends it: all of it.
    expect(gptmeConsoleComplete(t)).toBe(t);
  });
});
