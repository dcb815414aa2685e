// What `codex exec` prints for people, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { codexExecComplete } from '../../../src/import/codexExec';
import { shellWords } from '../../../src/import/shellWords';
import { fixture, importAll, outline } from './helpers';

const text = (p: string) => new TextDecoder().decode(fixture(p));
const TEST = '{"command":["bash","-lc","npm test -- dates"],"workdir":"/home/dev/app"}';
const NEW_TEST = '{"command":["/bin/bash","-lc","npm test -- dates"],"workdir":"/home/dev/app"}';
const ISSUES = '{"query":"dates timezone","repo":"dev/app"}';

describe("`codex exec`'s output for people", () => {
  it('reads a stamped run: each event line opens with its time', () => {
    const [c, ...more] = importAll(fixture('codex/exec-human-stamped.txt'), { name: 'c.txt' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      `assistant: shell(codex-exec-1) ${TEST}`,
      "tool → codex-exec-1: \"exited 1\\nFAIL tests/dates.test.ts > parses dates\\nexpected '2024-01-02' to be '2024-01-01'\"",
      `assistant: github.search_issues(codex-exec-2) ${ISSUES}`,
      expect.stringMatching(/^tool → codex-exec-2: "\{\\n {2}\\"content\\": \[/),
      'assistant: github.get_issue(codex-exec-3) {"issue":41,"repo":"dev/app"}',
      'tool → codex-exec-3: "failed"',
      `assistant: shell(codex-exec-4) {"command":["bash","-lc","grep -rn 'new Date(' src | head -n 40"],"workdir":"/home/dev/app"}`,
      expect.stringMatching(/^tool → codex-exec-4: "src\/dates\.ts:1: .*src\/dates\.ts:20: /),
      expect.stringMatching(
        /^assistant: apply_patch\(codex-exec-5\) \{"changes":"M \/home\/dev\/app\/src\/dates\.ts\\n@@ -12 \+12 @@/,
      ),
      'tool → codex-exec-5: "Success. Updated the following files:\\nM src/dates.ts"',
      `assistant: shell(codex-exec-6) ${TEST}`,
      expect.stringMatching(/^tool → codex-exec-6: "exited 1\\nFAIL .* formats dates/),
      `assistant: shell(codex-exec-7) ${TEST}`,
      expect.stringMatching(/^tool → codex-exec-7: "exited 1\\n/),
      `assistant: shell(codex-exec-8) ${TEST}`,
      expect.stringMatching(/^tool → codex-exec-8: "exited 1\\n/),
      'assistant',
    ]);
    expect(c?.messages[0]?.content).toBe('Make the date tests pass.\n\nDo not touch the fixtures.');
    const w = c?.warnings[0] ?? '';
    expect(w).toMatch(/^Read “c\.txt” as the output of Codex CLI's `codex exec` .*: 8 tool calls/);
    expect(w).toMatch(
      / 1 result shows exactly 20 lines, the most the writer prints of an output: it is likely cut\./,
    );
  });

  it('reads a run without stamps: commands run at once are one batch, their ends in order', () => {
    const [c] = importAll(fixture('codex/exec-human.txt'), { name: 'c.txt' });
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      `assistant: shell(codex-exec-1) ${NEW_TEST}`,
      expect.stringMatching(/^tool → codex-exec-1: "exited 1\\nFAIL /),
      'assistant: shell(codex-exec-2) {"command":["/bin/bash","-lc","cat src/dates.ts"],"workdir":"/home/dev/app"} | shell(codex-exec-3) {"command":["/bin/bash","-lc","rg -n \'toISOString\' src"],"workdir":"/home/dev/app"}',
      'tool → codex-exec-2: "export function parse(text: string): Date {\\n  return new Date(text);\\n}"',
      'tool → codex-exec-3: "src/dates.ts:18:  return d.toISOString().slice(0, 10);"',
      `assistant: github.search_issues(codex-exec-4) ${ISSUES}`,
      expect.stringMatching(/^tool → codex-exec-4: /),
      expect.stringMatching(
        /^assistant: apply_patch\(codex-exec-5\) \{"changes":"M \/home\/dev\/app\/src\/dates\.ts\\n/,
      ),
      'tool → codex-exec-5: "Success. Updated the following files:\\nM src/dates.ts"',
      'assistant: web_search(codex-exec-6) {"query":"Date toISOString UTC midnight"}',
      'tool → codex-exec-6: ""',
      `assistant: shell(codex-exec-7) ${NEW_TEST}`,
      'tool → codex-exec-7: "Tests  3 passed (3)"',
      'assistant',
    ]);
    const w = c?.warnings[0] ?? '';
    expect(w).toMatch(/ 7 tool calls /);
    expect(w).toMatch(
      / 1 end line of commands run at once names no command: it is matched to the commands in the order they began\./,
    );
    expect(w).not.toMatch(/likely cut/);
  });

  it('reads a run kept in a fenced block of a note, up to the fence that closes it', () => {
    const [c, ...more] = importAll(fixture('markdown/codex-exec-note.md'), { name: 'n.md' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      `assistant: shell(codex-exec-1) ${NEW_TEST}`,
      'tool → codex-exec-1: "exited 1\\nFAIL tests/dates.test.ts > parses dates"',
      'assistant: github.search_issues(codex-exec-2) null',
      'tool → codex-exec-2: ""',
      'assistant: github.get_issue(codex-exec-3) null',
      'tool → codex-exec-3: "failed\\nissue not found"',
      'assistant: web_search(codex-exec-4) {"query":"Date toISOString UTC midnight"}',
      'tool → codex-exec-4: ""',
      'assistant: apply_patch(codex-exec-5) {"changes":"/home/dev/app/src/dates.ts"}',
      'tool → codex-exec-5: "completed"',
      `assistant: shell(codex-exec-6) ${NEW_TEST}`,
      'tool → codex-exec-6: "Tests  3 passed (3)"',
      expect.stringMatching(/^assistant: shell\(codex-exec-7\) .*seq 1 25/),
      expect.stringMatching(/^tool → codex-exec-7: "1\\n2\\n.*\\n25"$/),
      expect.stringMatching(/^assistant: shell\(codex-exec-8\) .*seq 1 20/),
      expect.stringMatching(/^tool → codex-exec-8: "1\\n2\\n.*\\n20"$/),
      'assistant',
    ]);
    // The agent's own fenced block stays in its words; the note after the run is no part of it.
    expect(c?.messages[1]?.content).toBe("I'll run the tests:\n```bash\nnpm test -- dates\n```");
    expect(c?.messages.at(-1)?.content).toBe('The tests pass.');
    const w = c?.warnings[0] ?? '';
    expect(w).toMatch(/ 2 MCP calls are printed without their arguments /);
    expect(w).toMatch(/ from its banner on line 9\./);
    // An output longer than the cut shows these versions print outputs whole.
    expect(w).not.toMatch(/likely cut/);
  });

  it('splits a command back into the words Rust’s shlex joined', () => {
    expect(shellWords(`/bin/bash -lc "find . \\\\( -iname 'test*' \\\\) | sort"`)).toEqual([
      '/bin/bash',
      '-lc',
      "find . \\( -iname 'test*' \\) | sort",
    ]);
    expect(shellWords("bash -lc 'echo '\\''hi'\\'''")).toEqual(['bash', '-lc', "echo 'hi'"]);
    expect(shellWords("bash -lc 'open")).toBeNull();
  });

  it('holds back the last event until another follows it, or the fence closes', () => {
    const t = text('codex/exec-human.txt');
    const cut = t.slice(0, t.indexOf('Tests  3 passed'));
    expect(codexExecComplete(cut)).toBe(cut.slice(0, cut.lastIndexOf('\n succeeded')));
    const begun = t.slice(0, t.indexOf("dates' in /home/dev/app\n succeeded in 2.40s"));
    expect(codexExecComplete(begun)).toBe(begun.slice(0, begun.lastIndexOf('\nexec\n')));
    const s = text('codex/exec-human-stamped.txt');
    const part = s.slice(0, s.indexOf('Success. Updated'));
    expect(codexExecComplete(part)).toBe(part.slice(0, part.lastIndexOf('\n[')));
    const n = text('markdown/codex-exec-note.md');
    expect(codexExecComplete(n)).toBe(n);
  });

  it('is not a text that names the banner without the rule under it', () => {
    const r = importConversations(
      'Run it and look for\nOpenAI Codex v0.58.0 (research preview)\nin the log.\nexec\nls in /tmp\n succeeded in 1ms:\n',
      { name: 'a.txt' },
    );
    expect(r.ok).toBe(false);
  });
});
