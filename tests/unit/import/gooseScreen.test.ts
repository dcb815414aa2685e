// goose's terminal session copied as text, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/goose-session.txt'));
const TEST = '{"command":"npm test -- date"}';
// A nested value is the lines under its key.
const EDIT =
  'assistant: developer__text_editor(goose-4) {"command":"str_replace","options":"dry_run: false","path":"/home/dev/app/package.json"}';
const FILES = '{"paths":"- /home/dev/app/src/date.ts\\n- /home/dev/app/test/date.test.ts"}';

describe("goose's terminal session", () => {
  it('reads each header as a call of <extension>__<tool>, its lines the arguments', () => {
    const [c, ...more] = importAll(fixture('markdown/goose-session.txt'), { name: 'g.txt' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      `assistant: developer__shell(goose-1) ${TEST}`,
      'tool → goose-1: "FAIL test/date.test.ts\\nexpected 2026-01-05, got 2026-01-04\\nThe test runs in the machine\'s zone."',
      `assistant: filesystem__read_multiple_files(goose-2) ${FILES}`,
      'tool → goose-2: "export const format = (d) => d.toString();"',
      `assistant: developer__shell(goose-3) ${TEST}`,
      'tool → goose-3: "FAIL test/date.test.ts"',
      'user',
      EDIT,
      'tool → goose-4: "Done: the tests run in UTC now."',
    ]);
    expect(c?.messages[1]?.content).toBe("I'll run the test first.");
    expect(c?.warnings[0]).toMatch(
      /^Read “g\.txt” as goose's terminal session, copied as text: 4 tool calls /,
    );
  });

  it('reads the newer header, `▸ tool extension` over indented arguments', () => {
    const newer = text()
      .replace(/^─── (\S+) \| (\S+) ─+$/gm, '\n  ▸ $1 $2')
      .replace(/^(command|path|paths|options):/gm, '    $1:')
      .replace(/^ {4}dry_run/m, '        dry_run');
    const [c] = importAll(newer, { name: 'g.txt' });
    expect(outline(c?.messages ?? []).filter((l) => l.startsWith('assistant: '))).toEqual([
      `assistant: developer__shell(goose-1) ${TEST}`,
      `assistant: filesystem__read_multiple_files(goose-2) ${FILES}`,
      `assistant: developer__shell(goose-3) ${TEST}`,
      EDIT,
    ]);
  });

  it('is not a text with a header but no prompt', () => {
    const t = '─── shell | developer ───\ncommand: ls\n';
    expect(importConversations(t, { name: 'a.txt' }).ok).toBe(false);
  });
});
