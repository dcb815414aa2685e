// smolagents' console output, pasted as text or kept in a notebook, read as the runs it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { smolagentsConsoleComplete } from '../../../src/import/smolagentsConsole';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/smolagents-console.md'));

const ERRORS_RUN = [
  'user',
  'assistant: count_errors(smol-1) {"day":"2026-03-01","service":"checkout","status":"5xx"} | count_errors(smol-2) {"day":"2026-03-01","service":"search","status":"5xx"}',
  'tool → smol-1: "412"',
  'tool → smol-2: "97"',
  `assistant: fetch_page(smol-3) {"note":"look for the release that went out yesterday afternoon and what it changed","url":"https://docs.example.com/${'a'.repeat(150)}/changelog"}`,
  'tool → smol-3: "Error in tool call execution: 404 Not Found\\nYou should only use this tool with a correct input."',
  'assistant: final_answer(smol-4) {"answer":"checkout: 412 errors, search: 97"}',
  'assistant',
];

describe("smolagents' console output", () => {
  it("reads each step's calls as one reply, answers in order, wrapped arguments whole", () => {
    const [c, ...more] = importAll(fixture('markdown/smolagents-console.md'), { name: 'run.md' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual(ERRORS_RUN);
    expect(c?.census?.toolCalls).toBe(4);
    expect(c?.warnings[0]).toBe(
      "Read “run.md” as smolagents' console output, 1 run: 4 tool calls read from smolagents' console (`Calling tool: '…' with arguments: …` panels, a step's calls one reply, each answered by the observation after it): the arguments are read back from the panel, where the console wrapped them (a line broken at a space read as one), so signatures may differ from the agent's own; the console shows no call ids.",
    );
  });

  it("reads a notebook's runs over its outputs, a CodeAgent's code named and not read", () => {
    const [a, b, ...more] = importAll(fixture('notebook/smolagents-runs.ipynb'), {
      name: 'nb.ipynb',
    });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual(ERRORS_RUN);
    expect(outline(b?.messages ?? [])).toEqual(['user', 'assistant']);
    expect(b?.messages[1]?.content).toBe('412');
    expect(a?.warnings[0]).toMatch(
      /Of them, 2 runs: 4 tool calls read from smolagents' console .* 1 code action of a CodeAgent is code the agent ran, no tool call, and is not read\.$/,
    );
  });

  it("names a CodeAgent's code in its panel, as newer versions draw it", () => {
    const run = [
      '╭──────── New run ────────╮',
      '│ How many errors?        │',
      '╰─────────────────────────╯',
      '━━━━━━━━━━ Step 1 ━━━━━━━━━━',
      '╭─ Executing parsed code: ─╮',
      '│ final_answer(412)       │',
      '╰─────────────────────────╯',
      'Final answer: 412',
    ].join('\n');
    const [c] = importAll(run, { name: 'code.log' });
    expect(outline(c?.messages ?? [])).toEqual(['user', 'assistant']);
    expect(c?.warnings[0]).toMatch(/1 code action of a CodeAgent is code the agent ran/);
  });

  it('holds back a step still being written, and settles at the final answer', () => {
    const t = text();
    const cut = t.slice(0, t.indexOf('Observations: 97'));
    const step = cut.lastIndexOf('━━━━ Step 1');
    expect(smolagentsConsoleComplete(cut)).toBe(
      cut.slice(0, cut.lastIndexOf('\n', step) + 1).replace(/\n$/, ''),
    );
    const done = t.slice(0, t.indexOf('[Step 3'));
    expect(smolagentsConsoleComplete(done)).toBe(done);
  });

  it('is not a text that only quotes the words', () => {
    const r = importConversations("The log said Calling tool: 'x' with arguments: {}\n", {
      name: 'a.md',
    });
    expect(r.ok).toBe(false);
  });
});
