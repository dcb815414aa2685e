// CrewAI's verbose log, pasted as text or printed in a notebook, read as each agent's chat.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { crewAiVerboseComplete } from '../../../src/import/crewaiVerbose';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/crewai-verbose.log'));

const MANAGER = [
  'user',
  'assistant: Delegate work to coworker(crew-1) {"context":"Three, with links","coworker":"Researcher","task":"Collect this week\'s AI stories"}',
  'tool → crew-1: "1. Model X released (https://example.com/x)"',
  'assistant',
];
const RESEARCHER = [
  'user',
  'assistant: Search the internet(crew-2) {"search_query":"AI news this week"}',
  'tool → crew-2: "Title: Model X released\\nLink: https://example.com/x"',
  'assistant: Search the internet(crew-3) {"search_query":"AI news this week"}',
  'tool → crew-3: "Title: Model X released\\nLink: https://example.com/x"',
  'assistant',
];

describe("CrewAI's verbose log", () => {
  it("reads each agent's steps, a delegation answered after its coworker's steps", () => {
    const list = importAll(fixture('markdown/crewai-verbose.log'), { name: 'crew.log' });
    expect(list.map((c) => outline(c.messages))).toEqual([MANAGER, RESEARCHER]);
    expect(list[0]?.messages[1]?.content).toBe(
      'I should have the researcher collect the stories first.',
    );
    expect(list[0]?.census?.toolCalls).toBe(3);
    expect(list[0]?.warnings[0]).toMatch(
      /^Read “crew\.log” as CrewAI's verbose log of 2 agents: 3 tool calls read from CrewAI's verbose log/,
    );
  });

  it('reads a copy that kept the colour codes without their escapes, and a notebook', () => {
    const bare = text().split('\x1b').join('');
    expect(importAll(bare, { name: 'copy.md' }).map((c) => outline(c.messages))).toEqual([
      MANAGER,
      RESEARCHER,
    ]);
    const nb = JSON.stringify({
      cells: [
        {
          cell_type: 'code',
          outputs: [{ output_type: 'stream', name: 'stdout', text: text().split(/(?<=\n)/) }],
          source: ['crew.kickoff()'],
        },
      ],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    });
    expect(importAll(nb, { name: 'nb.ipynb' }).map((c) => outline(c.messages))).toEqual([
      MANAGER,
      RESEARCHER,
    ]);
  });

  it('holds back a step whose output may still grow, and settles at an answer', () => {
    const t = text();
    const cut = t.slice(0, t.indexOf('Link: https://example.com/x'));
    expect(crewAiVerboseComplete(cut)).toBe(
      cut.slice(0, cut.lastIndexOf('\x1b[95m## Using tool:')).replace(/\n$/, ''),
    );
    // A thought whose action is not written yet waits for it.
    const thinking = t.slice(0, t.indexOf('Delegate work to coworker'));
    expect(crewAiVerboseComplete(thinking)).toBe(
      thinking.slice(0, thinking.lastIndexOf('\x1b[95m## Thought:')).replace(/\n$/, ''),
    );
    expect(crewAiVerboseComplete(t)).toBe(t);
  });

  it('is not a text that only names the heading', () => {
    const r = importConversations('The log has a "## Using tool:" line.\n', { name: 'a.md' });
    expect(r.ok).toBe(false);
  });
});
