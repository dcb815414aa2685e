// VS Code's chat copied with Copy All, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { vscodeChatCopyComplete } from '../../../src/import/vscodeChatCopy';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/vscode-chat-copy.md'));

describe("VS Code's chat copied as text", () => {
  it("reads each tool's message as a call, under the turns the copy shows", () => {
    const [c, ...more] = importAll(fixture('markdown/vscode-chat-copy.md'), { name: 'c.md' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: read_file(vscode-chat-1) "[](file:///home/devin/parse/src/parse.test.ts#1-1), lines 1 to 40"',
      'assistant: grep_search(vscode-chat-2) "`parseDate` (`**/src/**`)"',
      'tool → vscode-chat-2: "3 results"',
      'assistant: run_in_terminal(vscode-chat-3) "cd /home/devin/parse && npm test -- parse.test.ts"',
      'assistant: get_terminal_output(vscode-chat-4) {"input":"not shown (vscode-chat-4)"}',
      'assistant: manage_todo_list(vscode-chat-5) "Starting: *Fix the date format* (1/2)"',
      'assistant: replace_string_in_file(vscode-chat-6) {"change":"not shown (vscode-chat-6)"}',
      'assistant: replace_string_in_file(vscode-chat-7) {"change":"not shown (vscode-chat-7)"}',
      'assistant: lookup_issue(vscode-chat-8) {"number":12,"repo":"devin/parse"}',
      'assistant: fetch_webpage(vscode-chat-9) "2 resources"',
      'assistant: run_in_terminal(vscode-chat-10) "cat > /tmp/check.sh <<\'EOF\'\\nnpm test\\nEOF"',
      'user',
      'assistant: read_file(vscode-chat-11) "[](file:///home/devin/parse/src/parse.ts)"',
      'assistant: Configuring a Python Environment(vscode-chat-12) {"resourcePath":"/home/devin/parse"}',
      'assistant: get_errors(vscode-chat-13) "[](file:///home/devin/parse/src/parse.ts)"',
      'tool → vscode-chat-13: "no problems found"',
      'assistant',
    ]);
    const m = c?.messages ?? [];
    expect(m[0]?.content).toBe(
      'the parser test fails, fix it\n    expect(parse(s)).toBe(d)\n           ~~~~~^^^',
    );
    expect(m[1]?.content).toBe("I'll look at the failing test first.");
    // Prose that opens with a verb, and a code block, are the model's words.
    expect(m[6]?.content).toBe(
      'The date format is wrong. Read the spec before editing:\n\n```sh\n\nRan terminal command: this line is code, not a call\n```',
    );
    expect(m[12]?.content).toBe('@agent Continue: "Continue to iterate?"');
    expect(m.at(-1)?.content).toBe('The test passes now.');
    const w = c?.warnings[0] ?? '';
    expect(w).toMatch(
      /^Read “c\.md” as a VS Code chat copied as text \(Copy All\): 13 tool calls /,
    );
    expect(w).toMatch(/ 2 calls have their input whole \(`Completed with input:`\)\./);
    expect(w).toMatch(/ 2 edits or files written show at most their file, not the change: /);
    expect(w).toMatch(/ 1 call shows nothing of its input /);
  });

  it('reads a response copied alone, with no turns, and a link a paste escaped', () => {
    const response = [
      'Read \\[\\](file:///p/a.ts)',
      'Read [](file:///p/a.ts)',
      'Searched for regex `a|b`, no results',
      '',
      'Done.',
    ].join('\n\n');
    const [c] = importAll(response, { name: 'r.md' });
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: read_file(vscode-chat-1) "[](file:///p/a.ts)"',
      'assistant: read_file(vscode-chat-2) "[](file:///p/a.ts)"',
      'assistant: grep_search(vscode-chat-3) "`a|b`"',
      'tool → vscode-chat-3: "no results"',
      'assistant',
    ]);
  });

  it('names a tool no table knows by its display name, whatever the name', () => {
    const t = 'Using "constructor"\n\nUsing "toString"\n\nRead [](file:///p/a.ts)\n\nDone.\n';
    const [c] = importAll(t, { name: 'r.md' });
    expect(outline(c?.messages ?? []).slice(0, 2)).toEqual([
      'assistant: constructor(vscode-chat-1) {"input":"not shown (vscode-chat-1)"}',
      'assistant: toString(vscode-chat-2) {"input":"not shown (vscode-chat-2)"}',
    ]);
  });

  it('holds back its last call until words follow it', () => {
    const t = text();
    expect(vscodeChatCopyComplete(t)).toBe(t);
    // A command whose lines may still grow, and a fetch whose message may still come.
    const command = t.indexOf('npm test\nEOF');
    expect(vscodeChatCopyComplete(t.slice(0, command))).toBe(
      t.slice(0, t.lastIndexOf('\n', t.lastIndexOf('Ran terminal command', command))),
    );
    const fetched = t.indexOf('Fetched 2 resources') + 'Fetched 2 resources'.length;
    expect(vscodeChatCopyComplete(t.slice(0, fetched))).toBe(
      t.slice(0, t.indexOf('\nUsing "Fetch Web Page"')),
    );
  });

  it('is not a text that only mentions a message or two', () => {
    const two = 'Read [](file:///p/a.ts)\n\nRan terminal command: ls\n';
    expect(importConversations(two, { name: 'a.md' }).ok).toBe(false);
    const quoted = text().replace(/^GitHub Copilot:.*$/gm, '> GitHub Copilot');
    expect(quoted).not.toMatch(/^GitHub Copilot:/m);
  });
});
