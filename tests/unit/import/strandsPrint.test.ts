// Strands Agents' console output: `Tool #N: name` lines among the model's streamed text.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { strandsPrintComplete } from '../../../src/import/strandsPrint';
import { fixture, importAll, outline } from './helpers';

describe("Strands Agents' console output", () => {
  it('reads each named call, calls printed together as one reply, a run per count', () => {
    const [a, b, ...more] = importAll(fixture('markdown/strands-console.txt'), { name: 'run.log' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual([
      'assistant',
      'assistant: get_weather(strands-1) {"input":"not shown (strands-1)"} | get_weather(strands-2) {"input":"not shown (strands-2)"}',
      'assistant',
      'assistant: get_forecast(strands-3) {"city":"Oslo","days":"3"}',
      'assistant',
    ]);
    expect(outline(b?.messages ?? [])).toEqual([
      'assistant: search_notes(strands-1) {"query":"packing list"} | search_notes(strands-2) {"query":"packing list"}',
      'assistant',
    ]);
    expect(a?.census?.toolCalls).toBe(5);
    expect(a?.warnings[0]).toBe(
      "Read “run.log” as Strands Agents' console output: 5 tool calls read from their `Tool #N: name` lines, those printed one after another as one reply, a run each time the count starts again; no answers and no user turns (the handler prints neither), the text between calls as the model's. 3 calls are read from what their output shows of their input (the `key: value` lines a handler printed), so signatures differ from the session's own though a repeated call still reads as a repeat. 2 calls show nothing of their input (the `Tool #N:` line alone): each is read as a call of its own, never a repeat.",
    );
  });

  it('holds back the last reply while its calls or their input may still come', () => {
    const t = new TextDecoder().decode(fixture('markdown/strands-console.txt'));
    expect(strandsPrintComplete(t)).toBe(t);
    const cut = t.indexOf('  - days: 3');
    expect(strandsPrintComplete(t.slice(0, cut))).toBe(t.slice(0, t.indexOf('Tool #3') - 1));
    const two = t.indexOf('Both are rainy');
    expect(strandsPrintComplete(t.slice(0, two))).toBe(t.slice(0, t.indexOf('Tool #1') - 1));
  });

  it('is not a text whose numbered tools do not start at one', () => {
    const r = importConversations('Checklist\nTool #2: hammer\n', { name: 'notes.txt' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/Strands/);
  });
});
