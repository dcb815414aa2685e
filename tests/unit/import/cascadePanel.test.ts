// Windsurf's Cascade panel copied as text, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe("Windsurf's Cascade panel copied as text", () => {
  it('reads each step named on a line of its own, a command answered by its output', () => {
    const [c, ...more] = importAll(fixture('markdown/cascade-panel.txt'), { name: 'p.txt' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: view_file(cascade-panel-1) "date.test.ts"',
      'assistant: codebase_search(cascade-panel-2) "Semantic searched~/work/appwith querydate format"',
      'tool → cascade-panel-2: "12 results"',
      'assistant: run_command(cascade-panel-3) "npm test -- date"',
      'tool → cascade-panel-3: "FAIL test/date.test.ts\\nexpected 2026-01-05, got 2026-01-04\\nExit Code 1"',
      'assistant: edit_file(cascade-panel-4) {"change":"not shown (cascade-panel-4)","shown":"package.json"}',
      'assistant: command_status(cascade-panel-5) {"input":"not shown (cascade-panel-5)"}',
      'assistant: read_url_content(cascade-panel-6) "vitest.dev"',
      'tool → cascade-panel-6: "Cascade error\\nNo credits consumed on this tool call.\\nDetails"',
      'assistant: search_web(cascade-panel-7) "vitest.dev for \\"timezone\\""',
      'user',
      'assistant: run_command(cascade-panel-8) "npm test -- date"',
      'tool → cascade-panel-8: "PASS test/date.test.ts\\nExit Code 0"',
      // A command left running shows no exit code: its output ends where the panel's link is.
      'assistant: run_command(cascade-panel-9) "npm run dev"',
      'tool → cascade-panel-9: "listening on :3000"',
      'assistant',
    ]);
    const m = c?.messages ?? [];
    expect(m[0]?.content).toBe('the date test fails on CI');
    expect(m[6]?.content).toBe("The test runs in the machine's zone. I will pin it to UTC.");
    expect(m.at(-1)?.content).toBe('It passes now.');
    expect(c?.warnings[0]).toMatch(
      /^Read “p\.txt” as Windsurf's Cascade panel copied as text: 9 tool steps /,
    );
  });

  it('takes a word on a line of its own for words, whatever the word (`constructor`)', () => {
    const t = new TextDecoder().decode(fixture('markdown/cascade-panel.txt'));
    const words = t.replace('It passes now.', 'It passes now.\nconstructor\ntoString');
    const [c] = importAll(words, { name: 'p.txt' });
    expect(c?.messages.filter((m) => m.tool_calls !== undefined)).toHaveLength(9);
    expect(c?.messages.at(-1)?.content).toBe('It passes now.\nconstructor\ntoString');
  });

  it('is not a text with a `Me` line and one step', () => {
    const one = 'Me\n\nfix it\n\nEdited\na.ts\n+1\n-1\n';
    expect(importConversations(one, { name: 'a.txt' }).ok).toBe(false);
  });
});
