// Amazon Q Developer CLI's terminal copied as text: `🛠️  Using tool:` headers over what they do.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe("Amazon Q Developer CLI's terminal copied as text", () => {
  it('reads each header as a call of its own, its description as the input shown', () => {
    const [c, ...more] = importAll(fixture('markdown/amazon-q-terminal.md'), { name: 'q.md' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      'assistant: fs_read(q-1) "Reading file: /home/me/app/package.json, all lines"',
      'assistant',
      'assistant: execute_bash(q-2) "I will run the following shell command: \\nnpm run build"',
      'tool → q-2: "Execution failed: error TS2304: Cannot find name \'foo\'."',
      'assistant: execute_bash(q-3) "I will run the following shell command: \\nnpm run build"',
      'assistant: fs_write(q-4) "Path: /home/me/app/src/index.ts\\n\\n- 3    : foo();\\n+      3: bar();"',
      'assistant',
      'user',
    ]);
    expect(c?.messages.at(-1)?.content).toBe('Thanks. Commit it.');
    expect(c?.census?.toolCalls).toBe(4);
    expect(c?.warnings[0]).toMatch(
      /^Read “q.md” as Amazon Q Developer CLI's terminal copied as text: 4 tool calls read from their `🛠️ {2}Using tool:` headers, each a reply of its own .*only 1 failed call has an answer/,
    );
  });

  it('is not a text that names the header without a description under it', () => {
    const r = importConversations('Notes\n🛠️  Using tool: fs_read\nnothing else\n', {
      name: 'n.md',
    });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/Amazon Q/);
  });
});
