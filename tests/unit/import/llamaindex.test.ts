// LlamaIndex's agent workflow events: a reply's `ToolSelection`, the `ToolCall` event and its
// `ToolCallResult` are one call, whichever of them a saved stream kept.
import { describe, expect, it } from 'vitest';
import { fixture, importAll, outline } from './helpers';

const lines = new TextDecoder()
  .decode(fixture('generic/llamaindex-workflow-events.jsonl'))
  .trim()
  .split('\n');
const kept = (...kinds: string[]): string =>
  `${lines.filter((l) => kinds.some((k) => l.includes(`workflow_events.${k}"`))).join('\n')}\n`;

const CALLS = [
  'assistant: get_weather(call_1) {"city":"Oslo"}',
  'tool → call_1: "rain"',
  'assistant: get_weather(call_2) {"city":"Oslo"}',
  'tool → call_2: "rain"',
];

describe("LlamaIndex's workflow events", () => {
  it.each([
    ['every event', kept('AgentInput', 'AgentOutput', 'ToolCall', 'ToolCallResult')],
    ['the calls and their results', kept('ToolCall', 'ToolCallResult')],
    ['the replies and the results', kept('AgentOutput', 'ToolCallResult')],
  ])('reads each call once, answered, from %s', (_, text) => {
    const [c, ...more] = importAll(text, { name: 'events.jsonl' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? []).filter((l) => l !== 'assistant')).toEqual(CALLS);
    expect(c?.census?.toolCalls).toBe(2);
  });
});
