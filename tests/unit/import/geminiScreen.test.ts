// Gemini CLI's terminal screen, copied as text, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { geminiScreenComplete } from '../../../src/import/geminiScreen';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/gemini-cli-screen.txt'));
const BUILD = '"npm run build [current working directory /home/dev/app]"';
const FAILS = "src/env.ts(3,7): error TS2322: Type 'undefined' is not assignable to type 'string'.";

describe("Gemini CLI's terminal screen", () => {
  it("reads a box's calls as one reply, each answered by its rows", () => {
    const [c, ...more] = importAll(fixture('markdown/gemini-cli-screen.txt'), { name: 's.txt' });
    expect(more).toEqual([]);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      `assistant: ReadFile(gemini-screen-1) ".github/workflows/ci.yml" | Shell(gemini-screen-2) ${BUILD}`,
      'tool → gemini-screen-1: ""',
      `tool → gemini-screen-2: ${JSON.stringify(`> app@1.0.0 build\n> tsc -p .\n\n${FAILS}`)}`,
      `assistant: Shell(gemini-screen-3) ${BUILD}`,
      `tool → gemini-screen-3: ${JSON.stringify(FAILS)}`,
      `assistant: Shell(gemini-screen-4) ${BUILD}`,
      `tool → gemini-screen-4: ${JSON.stringify(FAILS)}`,
      expect.stringMatching(/^assistant: Edit\(gemini-screen-5\) "src\/env\.ts: const env/),
      'tool → gemini-screen-5: "Failed to edit, could not find the string to replace."',
      'assistant: Shell(gemini-screen-6) "git stash [current working directory /home/dev/app]"',
      'tool → gemini-screen-6: ""',
      'user',
      expect.stringMatching(/^assistant: Edit\(gemini-screen-7\) /),
      expect.stringMatching(
        /^tool → gemini-screen-7: "3 - const env: string = process\.env\.NODE_ENV;\\n3 \+ const env/,
      ),
      'assistant',
    ]);
    expect(c?.messages[0]?.content).toBe('the build fails on CI but not locally, find out why');
    expect(c?.messages[4]?.content).toBe(
      'The build reads NODE_ENV, which CI does not set. Let me check the script\nagain with the variable unset.',
    );
    expect(c?.warnings[0]).toMatch(
      /^Read “s\.txt” as Gemini CLI's terminal screen, copied as text: 7 tool calls read from its boxes/,
    );
  });

  it('holds back a box its calls may still redraw, and settles when words follow', () => {
    const t = text();
    const at = t.indexOf('╭', t.indexOf('again with the variable unset.'));
    expect(geminiScreenComplete(t.slice(0, at + 200))).toBe(t.slice(0, at).replace(/\n$/, ''));
    expect(geminiScreenComplete(t)).toBe(t);
  });

  it("reads an older release's `✔` and borders a copy cut at its width", () => {
    const copy = [
      '> find the app entry point',
      '',
      '✦ Searching for it.',
      ' ╭────────────────────────\uFFFD',
      " │ ✔  FindFiles '**/*App.kt' within app        │",
      ' │                                             │',
      ' │    Found 2 matching file(s)                 │',
      ' ╰────────────────────────\uFFFD',
      '✦ Two files match.',
    ].join('\n');
    const [c] = importAll(copy, { name: 'paste.md' });
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      `assistant: FindFiles(gemini-screen-1) "'**/*App.kt' within app"`,
      'tool → gemini-screen-1: "Found 2 matching file(s)"',
      'assistant',
    ]);
  });

  it('is not a text with a box and no call in it', () => {
    const r = importConversations('> hi\n\n╭──────╮\n│ Tips │\n╰──────╯\n', { name: 'a.txt' });
    expect(r.ok).toBe(false);
  });
});
