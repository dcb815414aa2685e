// OpenAI Swarm's REPL output: `Agent: name("key"= value)` lines after `User:` prompts.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

describe("OpenAI Swarm's REPL output", () => {
  it("reads a message's calls as one reply, their arguments turned back into JSON", () => {
    const [a, b, ...more] = importAll(fixture('markdown/swarm-repl.txt'), { name: 'run.txt' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual([
      'user',
      'assistant: transfer_to_weather(swarm-1) {"input":"not shown (swarm-1)"}',
      'assistant: get_weather(swarm-2) {"location":"Oslo","unit":"c"} | get_weather(swarm-3) {"location":"Bergen","unit":"c"}',
      'assistant',
      'user',
      'assistant: book_table(swarm-4) {"people":2,"time":"19=30"}',
      'assistant: book_table(swarm-5) {"people":2,"time":"19=30"}',
      'assistant',
    ]);
    expect(a?.messages[3]?.content).toBe('Oslo is 4 °C and raining;\nBergen is 6 °C.');
    expect(a?.messages[5]?.content).toBe('Let me look that up.');
    expect(outline(b?.messages ?? [])).toEqual(['user', 'assistant']);
    expect(a?.census?.toolCalls).toBe(5);
    expect(a?.warnings[0]).toMatch(
      /^Read “run.txt” as OpenAI Swarm's REPL output: 5 tool calls .* 1 call printed as `name\(\)`/,
    );
  });

  it('is not a text with a call in it but no prompt', () => {
    const r = importConversations('Agent: get_weather("location"= "Oslo")\n', { name: 'n.txt' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(/Swarm/);
  });
});
