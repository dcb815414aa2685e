// AutoGen's stored chat: tool results kept in a message's `tool_responses`, unrolled as sent.
import { describe, expect, it } from 'vitest';
import { importStreaming } from '../../../src/import/index';
import type { ChatMessage } from '../../../src/detector/index';
import { isNote } from '../../../src/import/notes';
import { fixture, importAll, outline } from './helpers';

describe("AutoGen's `tool_responses`", () => {
  it('are the tool messages AutoGen sends the model in their place', () => {
    const [c, ...more] = importAll(fixture('openai-chat/autogen-tool-responses.json'));
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('openai-chat');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: get_weather(call_pA1) {"city":"Paris"} | get_weather(call_oS2) {"city":"Oslo"}',
      'tool → call_pA1: "18 C, sunny"',
      'tool → call_oS2: "4 C, snow"',
      'assistant: get_weather(call_pA3) {"city":"Paris"}',
      'tool → call_pA3: "18 C, sunny"',
      'user',
      'assistant',
    ]);
    const note = c?.warnings.find((w) => w.includes('tool_responses')) ?? '';
    expect(note).toBe(
      "Read AutoGen's `tool_responses` as the 3 tool messages it sends the model in their place.",
    );
    expect(isNote(note)).toBe(true);
  });

  it('are unrolled on the path that reads a body a message at a time', () => {
    const seen: ChatMessage[] = [];
    const r = importStreaming(fixture('openai-chat/autogen-tool-responses.json'), {}, () => {
      seen.length = 0;
      return (m: ChatMessage) => void seen.push(m);
    });
    expect(r.ok).toBe(true);
    expect(seen.filter((m) => m.role === 'tool')).toHaveLength(3);
  });
});
