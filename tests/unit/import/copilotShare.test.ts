// Copilot CLI's `/share` markdown export, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { copilotShareComplete } from '../../../src/import/copilotShare';
import { fixture, importAll, outline } from './helpers';

const TEST = '"$ cd web && npm test -- Header"';
const FAILED =
  '"FAIL src/Header.test.tsx\\n  expected \\"Home\\" to be \\"Start\\"\\n<exited with exit code 1>"';
const EDIT = (n: number) =>
  `{"change":"not shown (copilot-share-${n})","path":"/home/dev/web/src/Header.tsx"}`;
const EDITED = '"File /home/dev/web/src/Header.tsx updated with changes."';

describe("Copilot CLI's shared session", () => {
  it('reads each call its entry shows, answered by the output under it', () => {
    const [c, ...more] = importAll(fixture('markdown/copilot-cli-share.md'), { name: 's.md' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      `assistant: bash(copilot-share-1) ${TEST}`,
      `tool → copilot-share-1: ${FAILED}`,
      'assistant: view(copilot-share-2) "/home/dev/web/src/Header.tsx (lines 1-40)"',
      expect.stringMatching(
        /^tool → copilot-share-2: "1\. import React .*\\n3\. export const title = 'Home';"$/,
      ),
      'assistant: bash(copilot-share-3) "$ cat web/README.md"',
      'tool → copilot-share-3: "# web\\n```sh\\nnpm test\\n```\\n### Titles\\nThe header says \\"Start\\"."',
      `assistant: edit(copilot-share-4) ${EDIT(4)}`,
      `tool → copilot-share-4: ${EDITED}`,
      `assistant: edit(copilot-share-5) ${EDIT(5)}`,
      `tool → copilot-share-5: ${EDITED}`,
      'assistant: github-mcp-server-search_issues(copilot-share-6) {"owner":"dev","query":"Header title Start","repo":"web"}',
      'tool → copilot-share-6: "No issues found."',
      `assistant: bash(copilot-share-7) ${TEST}`,
      `tool → copilot-share-7: ${FAILED}`,
      'assistant: bash(copilot-share-8) "$ git push --force"',
      'tool → copilot-share-8: "Rejected by user"',
      'user',
      `assistant: bash(copilot-share-9) ${TEST}`,
    ]);
    expect(c?.messages[0]?.content).toBe('Fix the failing <Header> test in web/');
    expect(c?.messages[1]?.content).toBe("I'll run the tests first to see the failure.");
    const w = c?.warnings[0] ?? '';
    expect(w).toMatch(
      /^Read “s\.md” as a Copilot CLI session shared as markdown \(`\/share`\): 9 tool calls/,
    );
    expect(w).toMatch(/ 6 calls of Copilot's own tools show only a summary of their input /);
    expect(w).toMatch(/ 2 edits or files written show only their file's path, not the change: /);
  });

  it('holds back the last entry until the footer is written', () => {
    const t = new TextDecoder().decode(fixture('markdown/copilot-cli-share.md'));
    const cut = t.slice(0, t.indexOf('No issues found.'));
    expect(copilotShareComplete(cut)).toBe(cut.slice(0, cut.lastIndexOf('<sub>⏱️')));
    expect(copilotShareComplete(t)).toBe(t);
  });

  it('is not a text that only names a call', () => {
    const r = importConversations('### ✅ `bash`\n\n$ ls\n', { name: 'a.md' });
    expect(r.ok).toBe(false);
  });
});
