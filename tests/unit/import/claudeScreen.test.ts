// Claude Code's terminal screen, copied as text, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { claudeScreenComplete } from '../../../src/import/claudeScreen';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/claude-code-screen.md'));
const TEST = '"cd /home/dev/app && npm test -- tests/parser.test.ts 2>&1 | tail -20"';
const FAIL =
  "FAIL tests/parser.test.ts > parses dates\\nAssertionError: expected '2024-01-02' to be '2024-01-01'\\n… +12 lines (ctrl+o to expand)";

const CHAT = [
  'user',
  `assistant: Bash(screen-1) ${TEST}`,
  `tool → screen-1: "${FAIL}"`,
  'assistant: Read(screen-2) "src/parser/dates.ts"',
  'tool → screen-2: "Read 88 lines"',
  `assistant: Bash(screen-3) ${TEST}`,
  `tool → screen-3: "${FAIL}"`,
  `assistant: Bash(screen-4) ${TEST}`,
  `tool → screen-4: "${FAIL}"`,
  'assistant: Update Todos(screen-5) ""',
  'tool → screen-5: "☒ Reproduce the failure\\n☐ Pin the time zone in the date parser"',
  'assistant: Update(screen-6) "src/parser/dates.ts"',
  'tool → screen-6: "Updated src/parser/dates.ts with 1 addition and 1 removal\\n  12 -  return new Date(text).toISOString().slice(0, 10);\\n  12 +  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10);"',
  'assistant: github - search_issues (MCP)(screen-7) "query: \\"parser dates timezone\\", repo: \\"dev/app\\""',
  'tool → screen-7: "{\\n  \\"total_count\\": 0,\\n  \\"items\\": []\\n}"',
  `assistant: Bash(screen-8) ${TEST}`,
  'tool → screen-8: "Error: Exit code 1\\n\\nTest Files  1 passed (1)"',
  'assistant',
  'user',
  'user',
  'assistant: Bash(screen-9) "git commit -am \\"Parse dates as UTC\\""',
  'tool → screen-9: "[main 1a2b3c4] Parse dates as UTC\\n 1 file changed, 1 insertion(+), 1 deletion(-)"',
];

describe("Claude Code's terminal screen", () => {
  it('reads each call its line shows, answered by the lines under it', () => {
    const [c, ...more] = importAll(fixture('markdown/claude-code-screen.md'), { name: 'run.md' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual(CHAT);
    expect(c?.messages[0]?.content).toBe(
      'the parser tests fail about one run in three, find out why and fix\nit without touching the fixtures',
    );
    expect(c?.messages[1]?.content).toBe(
      "I'll start by running the parser tests a few times to see the failure.",
    );
    expect(c?.messages[3]?.content).toBe(
      'The date test depends on the time zone. Let me check the config.',
    );
    expect(c?.census?.toolCalls).toBe(9);
    expect(c?.warnings[0]).toMatch(
      /^Read “run\.md” as Claude Code's terminal screen, copied as text: 9 tool calls read from its `⏺ Tool\(…\)` lines/,
    );
    // Calls it folded into a line are counted in the warning, not read.
    expect(c?.warnings[0]).toMatch(/ 3 calls Claude Code folded into lines such as /);
  });

  it("reads macOS's dot and the older prompt alike, without colour codes", () => {
    const mac = text().replace(/● /g, '\x1b[37m⏺\x1b[0m ').replace(/❯ /g, '> ');
    expect(importAll(mac, { name: 'run.txt' }).map((c) => outline(c.messages))).toEqual([CHAT]);
  });

  it("reads a session player's rendering, its answers under `└` for `⎿`", () => {
    const player = text().replace(/⎿/g, '└');
    expect(player).not.toContain('⎿');
    expect(importAll(player, { name: 'run.md' }).map((c) => outline(c.messages))).toEqual([CHAT]);
  });

  it('holds back the last call, whose answer may still grow', () => {
    const t = text();
    const cut = t.slice(0, t.indexOf('AssertionError'));
    expect(claudeScreenComplete(cut)).toBe(
      cut.slice(0, cut.lastIndexOf('● Bash(')).replace(/\n$/, ''),
    );
  });

  it("reads a double-spaced copy, a command's output over the line it showed while waiting", () => {
    const copy = [
      '> list the images',
      '',
      '⏺ Bash(ls public/images)',
      '',
      '  ⎿  Waiting…',
      '',
      '  ⎿  logo.svg',
      '     hero.png',
      '',
      '',
      '⏺ Read(public/logo.svg)',
      '',
      '  ⎿  Read 18 lines (ctrl+r to expand)',
      '',
    ].join('\n');
    const [c] = importAll(copy, { name: 'copy.md' });
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: Bash(screen-1) "ls public/images"',
      'tool → screen-1: "logo.svg\\nhero.png"',
      'assistant: Read(screen-2) "public/logo.svg"',
      'tool → screen-2: "Read 18 lines (ctrl+r to expand)"',
    ]);
  });

  it('is not a text that names a call without its answer', () => {
    const r = importConversations('Claude prints calls as:\n\n● Bash(ls)\n\nand so on.\n', {
      name: 'a.md',
    });
    expect(r.ok).toBe(false);
  });
});
