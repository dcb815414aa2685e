// Windsurf's and Antigravity's markdown export of a Cascade chat, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { fixture, importAll, outline } from './helpers';

describe("Windsurf's and Antigravity's chat export", () => {
  it('reads each step in italics as a call of the tool it names, under the turns', () => {
    const [c, ...more] = importAll(fixture('markdown/cascade-export.md'), { name: 'chat.md' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: view_file(cascade-1) "file:///work/app/test/date.test.ts"',
      'assistant: list_dir(cascade-2) "file:///work/app/src"',
      'assistant: grep_search(cascade-3) {"input":"not shown (cascade-3)"}',
      'assistant: run_command(cascade-4) "npm test -- date"',
      'assistant: command_status(cascade-5) {"input":"not shown (cascade-5)"}',
      'assistant: command_status(cascade-6) {"input":"not shown (cascade-6)"}',
      'assistant: edit_file(cascade-7) {"change":"not shown (cascade-7)"}',
      'assistant: run_command(cascade-8) "TZ=UTC npm test -- date &&\\nnpm run lint"',
      'assistant: view_file(cascade-9) "file:///work/app/test/date.test.ts"',
      'user',
      'assistant: search_web(cascade-10) "vitest timezone env"',
      'assistant: read_url_content(cascade-11) "/docs/config"',
      'assistant',
    ]);
    const m = c?.messages ?? [];
    expect(m[0]?.content).toBe('The date test fails on CI. Please fix it.');
    // A step's line quoted in a block is the reply's words, not a step.
    expect(m[7]?.content).toBe(
      "The test formats in the machine's zone. A step line quoted in a block is not a step:\n\n```md\n*Viewed [date.ts](file:///work/app/src/date.ts) *\n```",
    );
    expect(m.at(-1)?.content).toBe('Yes: set `TZ` in the test script.');
    const w = c?.warnings[0] ?? '';
    expect(w).toMatch(
      /^Read “chat\.md” as a Windsurf \(Cascade\) or Antigravity chat export: 11 tool steps /,
    );
    expect(w).toMatch(/ 1 edit or file written shows at most its file, not the change: /);
    expect(w).toMatch(/ 3 steps show nothing of their input /);
  });
});
