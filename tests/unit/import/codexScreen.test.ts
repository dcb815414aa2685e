// Codex CLI's terminal screen, copied as text, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { codexScreenComplete } from '../../../src/import/codexScreen';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/codex-cli-screen.txt'));
const TZ = '"TZ=America/Los_Angeles npm test -- dates"';
const FAIL = `"FAIL tests/dates.test.ts > parses dates\\nexpected '2024-01-02' to be '2024-01-01'"`;

describe("Codex CLI's terminal screen", () => {
  it('reads each cell that stands for a call, answered by the output under it', () => {
    const [c, ...more] = importAll(fixture('markdown/codex-cli-screen.txt'), { name: 'c.txt' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: shell(codex-screen-1) "Read dates.test.ts"',
      'assistant: shell(codex-screen-2) "Read dates.ts"',
      'assistant: shell(codex-screen-3) "Search toISOString in src"',
      'assistant: shell(codex-screen-4) "List tests"',
      'assistant: shell(codex-screen-5) "npm test -- dates"',
      expect.stringMatching(/^tool → codex-screen-5: "> app@1\.0\.0 test\\n… \+8 lines\\nFAIL /),
      `assistant: shell(codex-screen-6) ${TZ}`,
      `tool → codex-screen-6: ${FAIL}`,
      `assistant: shell(codex-screen-7) ${TZ}`,
      `tool → codex-screen-7: ${FAIL}`,
      'assistant: update_plan(codex-screen-8) "The parser must read dates as UTC.\\n✔ Reproduce the failure\\n□ Parse dates as UTC"',
      'tool → codex-screen-8: ""',
      expect.stringMatching(
        /^assistant: apply_patch\(codex-screen-9\) "Edited src\/dates\.ts \(\+1 -1\)\\n12 - {2}return new Date\(text\)/,
      ),
      'tool → codex-screen-9: ""',
      'assistant: github.search_issues(codex-screen-10) {"query":"dates timezone","repo":"dev/app"}',
      'tool → codex-screen-10: "No issues found."',
      expect.stringMatching(
        /^assistant: shell\(codex-screen-11\) "cd \/home\/dev\/app && for tz in .*; do\\nTZ=\$tz npm test -- dates \|\| exit 1\\n… \+2 lines"$/,
      ),
      'tool → codex-screen-11: "Tests  1 passed (1)"',
      'assistant: web_search(codex-screen-12) "Date toISOString time zone UTC midnight parsing"',
      'assistant: view_image(codex-screen-13) "docs/ci-failure.png"',
      'tool → codex-screen-13: ""',
      'assistant: github.create_issue(codex-screen-14) {"repo":"dev/app","title":"Dates were parsed in the local time zone"}',
      'tool → codex-screen-14: "Created issue #42"',
      'assistant: write_stdin(codex-screen-15) "Interacted with background terminal · npm run dev\\n(waited)"',
      'tool → codex-screen-15: ""',
      // A command with no output, and one whose `└` the copy lost.
      'assistant: shell(codex-screen-16) "npx tsc --noEmit"',
      'assistant: shell(codex-screen-17) "rg -n \\"toISOString\\" src"',
      expect.stringMatching(/^tool → codex-screen-17: "src\/dates\.ts:12:/),
      'assistant',
    ]);
    expect(c?.messages[0]?.content).toBe(
      'The date tests fail in CI. Find out why and fix them,\nwithout touching the fixtures.',
    );
    expect(c?.messages[1]?.content).toBe("I'll look at the tests and the parser first.");
    const w = c?.warnings[0] ?? '';
    expect(w).toMatch(
      /^Read “c\.txt” as Codex CLI's terminal screen, copied as text: 17 tool calls/,
    );
    expect(w).toMatch(/ 1 file named there is read as a call of its own, /);
    expect(w).toMatch(/ 1 command longer than the screen's two lines is read as far as shown\./);
  });

  it('holds back the last cell until the turn is over', () => {
    const t = text();
    const cut = t.slice(0, t.indexOf('└ Tests  1 passed'));
    expect(codexScreenComplete(cut)).toBe(
      cut.slice(0, cut.lastIndexOf('• Ran cd')).replace(/\n$/, ''),
    );
    expect(codexScreenComplete(t)).toBe(t);
  });

  it('is not a text with a bullet and no cell of a call', () => {
    const r = importConversations('› hi\n\n• Ran out of ideas.\n', { name: 'a.txt' });
    expect(r.ok).toBe(false);
  });
});
