// Printed tool use (`Using tool: <name>` over `Input: …`), read as the calls it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe('printed tool use', () => {
  it("reads claude-conversation-extractor's markdown: each call over its input", () => {
    const [c, ...more] = importAll(fixture('markdown/claude-extractor-log.md'), { name: 'c.md' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      'assistant: Read(using-1) {"file_path":"/home/dev/app/README.md"}',
      'assistant: Glob(using-2) {"pattern":"docs/**/*.md"}',
      'assistant: Glob(using-3) {"pattern":"docs/**/*.md"}',
      'assistant: Bash(using-4) {"command":"ls docs/guides"}',
      'tool → using-4: "install.md\\nusage.md"',
      'assistant',
    ]);
    expect(c?.warnings[0]).toMatch(
      /^Read “c\.md” as printed tool use \(`Using tool: <name>` over `Input: <its input>`\): 4 tool calls, .* 1 call answered by the result printed after it\.$/,
    );
  });

  it("reads an agent's own prints, a dict as Python prints it", () => {
    const log =
      "Using tool: search\nInput: {'query': 'lyon population'}\nTool result: 522,000\n\nUsing tool: search\nInput: {'query': 'lyon population'}\nTool result: 522,000\n";
    const [c] = importAll(log, { name: 'agent.log' });
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: search(using-1) {"query":"lyon population"}',
      'tool → using-1: "522,000"',
      'assistant: search(using-2) {"query":"lyon population"}',
      'tool → using-2: "522,000"',
    ]);
  });

  it('is not a text that names a tool without an input', () => {
    const r = importConversations('Using tool: search\nThen we answer.\n', { name: 'a.md' });
    expect(r.ok).toBe(false);
  });
});
