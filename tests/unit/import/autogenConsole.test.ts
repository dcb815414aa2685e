// AutoGen AgentChat's console output, pasted or logged, read as the runs it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { autogenConsoleComplete } from '../../../src/import/autogenConsole';
import { splitNotes } from '../../../src/import/notes';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/autogen-console.md'));
const PARIS = '{"city":"Paris"}';
const SAID = '"Error: the service said \'try later\'"';

const RUNS = [
  [
    'user',
    `assistant: get_weather(autogen-1) ${PARIS} | get_weather(autogen-2) {"city":"Berlin"}`,
    'tool → autogen-1: "Paris: 18 degrees, cloudy."',
    'tool → autogen-2: "Berlin: 15 degrees, rain."',
    'assistant: get_weather(autogen-3) {"city":"Paris"}',
    'tool → autogen-3: "Paris: 18 degrees, cloudy."',
    'assistant',
    'assistant',
  ],
  [
    'user',
    `assistant: get_weather(autogen-4) ${PARIS}`,
    `tool → autogen-4: ${SAID}`,
    `assistant: get_weather(autogen-5) ${PARIS}`,
    `tool → autogen-5: ${SAID}`,
    `assistant: get_weather(autogen-6) ${PARIS}`,
  ],
];

describe("AutoGen's console output", () => {
  it("reads each request's calls as one reply, answered by id or in order", () => {
    const list = importAll(fixture('markdown/autogen-console.md'), { name: 'team.md' });
    expect(list.map((c) => outline(c.messages))).toEqual(RUNS);
    expect(list[0]?.messages[6]?.content).toBe(
      'Paris is warmer (18 degrees, cloudy) than Berlin (15 degrees, rain).',
    );
    expect(list[0]?.census?.toolCalls).toBe(6);
    // The calls are the model's own: a note, not a warning.
    const { warnings, notes } = splitNotes(list[0]?.warnings ?? []);
    expect(warnings).toEqual([]);
    expect(notes[0]).toMatch(/^Read “team\.md” as AutoGen's console output, 2 runs: 6 calls/);
  });

  it('reads the older rules that name the source alone', () => {
    const old = text().replace(/^(-{10}) \w+ \((.*)\) (-{10})$/gm, '$1 $2 $3');
    expect(importAll(old, { name: 'team.md' }).map((c) => outline(c.messages))).toEqual(RUNS);
  });

  it('holds back calls or results whose list may still grow', () => {
    const t = text();
    const cut = t.slice(0, t.indexOf("[FunctionExecutionResult(content='Paris") + 30);
    expect(autogenConsoleComplete(cut)).toBe(
      cut.slice(0, cut.lastIndexOf('---------- ToolCallExecutionEvent')).replace(/\n$/, ''),
    );
    expect(autogenConsoleComplete(t.slice(0, t.indexOf('APPROVE') + 8))).toBe(
      t.slice(0, t.indexOf('APPROVE') + 8),
    );
  });

  it('is not a text with a rule and no calls under it', () => {
    const r = importConversations('---------- assistant ----------\nHello\n', { name: 'a.md' });
    expect(r.ok).toBe(false);
  });
});
