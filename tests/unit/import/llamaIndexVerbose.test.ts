// LlamaIndex's verbose output, pasted as text or kept in a notebook, read as the chat it shows.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { llamaIndexVerboseComplete } from '../../../src/import/llamaIndexVerbose';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/llamaindex-verbose.log'));

describe("LlamaIndex's verbose output", () => {
  it("reads an agent's turns, its calls with their JSON arguments and their outputs", () => {
    const [c, ...more] = importAll(fixture('markdown/llamaindex-verbose.log'), { name: 'a.log' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: query_deploys(llama-1) {"since":"2026-02-23","status":"failed"}',
      'tool → llama-1: "eu-west: 7\\nus-east: 2"',
      'assistant: query_deploys(llama-2) {"since":"2026-02-23","status":"failed"}',
      'tool → llama-2: "eu-west: 7\\nus-east: 2"',
      'assistant',
      'user',
      'assistant: query_deploys(llama-3) {"since":"2026-02-16","status":"failed","until":"2026-02-23"}',
      'tool → llama-3: "eu-west: 1\\nus-east: 0"',
      'assistant',
    ]);
    // The text before a reply's calls is that reply's.
    expect(c?.messages[1]?.content).toBe("I'll look up the deploy log first.");
    expect(c?.census?.toolCalls).toBe(3);
    expect(c?.warnings[0]).toBe(
      "Read “a.log” as LlamaIndex's verbose output: 3 tool calls read from LlamaIndex's verbose output (`Calling function: … with args: …`), each a reply of its own (the output does not say which calls one reply made) answered by the output printed after it; the output shows no call ids.",
    );
  });

  it("reads a notebook's calls made outside an agent as runs of their own", () => {
    const list = importAll(fixture('notebook/llamaindex-calls.ipynb'), { name: 'nb.ipynb' });
    expect(list.map((c) => outline(c.messages))).toEqual([
      ['assistant: mystery(llama-1) {"x":2,"y":9}', 'tool → llama-1: "121"'],
      [
        'assistant: vector_tool(llama-2) {"page_numbers":["2"],"query":"MetaGPT results"}',
        'tool → llama-2: "MetaGPT reaches 85.9% Pass@1."',
      ],
      [
        'user',
        'assistant: summary_tool(llama-3) {"input":"the paper"}',
        'tool → llama-3: "A framework for multi-agent collaboration."',
        'assistant',
      ],
    ]);
  });

  it('holds back a call whose output may still grow', () => {
    const t = text();
    const cut = t.slice(0, t.indexOf('us-east: 0'));
    expect(llamaIndexVerboseComplete(cut)).toBe(
      cut.slice(0, cut.lastIndexOf('=== Calling Function ===')).replace(/\n$/, ''),
    );
    expect(llamaIndexVerboseComplete(t)).toBe(t);
  });

  it('is not a text that only quotes the heading', () => {
    const r = importConversations('Look for "=== Calling Function ===" in the log.\n', {
      name: 'a.md',
    });
    expect(r.ok).toBe(false);
  });
});
