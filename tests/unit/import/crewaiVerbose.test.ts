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

describe("CrewAI's console panels", () => {
  const SEARCH = `{"query":"quarterly revenue of Acme Corp 2025"}`;
  const FOUND = '"Acme Corp reported revenue of $12.4M for Q3 2025, up 8% on the year."';

  it('reads calls from their panels, cut inputs counted, a delegation answered last', () => {
    const list = importAll(fixture('markdown/crewai-console-panels.log'), { name: 'run.log' });
    const [secretary, analyst] = list.map((c) => outline(c.messages));
    expect(secretary?.[0]).toBe('user');
    expect(secretary?.[1]).toMatch(
      /^assistant: delegate_work_to_coworker\(crew-1\) "\{'task': 'Summarise .* 'context': 'The report is attached b\.\.\."$/,
    );
    expect(secretary?.slice(2)).toEqual([
      'tool → crew-1: "Revenue $12.4M (+8%); costs and outlook not found. Status: draft"',
      'assistant',
    ]);
    expect(analyst).toEqual([
      'user',
      `assistant: search_the_web(crew-2) ${SEARCH}`,
      `tool → crew-2: ${FOUND}`,
      `assistant: search_the_web(crew-3) ${SEARCH}`,
      `tool → crew-3: ${FOUND}`,
      `assistant: search_the_web(crew-4) ${SEARCH}`,
      `tool → crew-4: ${FOUND}`,
      'assistant: read_a_files_content(crew-5) {"file_path":"reports/acme-q3.txt"}',
      `tool → crew-5: "[Errno 2] No such file or directory: 'reports/acme-q3.txt'"`,
      'assistant',
    ]);
    expect(list[1]?.messages[0]?.content).toBe(
      'Summarise the findings of the attached report for the board.',
    );
    expect(list[0]?.warnings[0]).toMatch(
      /5 tool calls read from CrewAI's console panels .* CrewAI printed the input of 1 call cut to 200 characters: its signature is of what it printed\.$/,
    );
  });

  it("reads the older panels: a call's panel, its input's JSON and its output", () => {
    const list = importAll(fixture('markdown/crewai-agent-tool-panels.log'), { name: 'a.log' });
    const call = 'Search the internet with Serper';
    const input = '{"search_query":"latest Rust compiler release notes"}';
    expect(list.map((c) => outline(c.messages))).toEqual([
      [
        'user',
        `assistant: ${call}(crew-1) ${input}`,
        expect.stringMatching(/^tool → crew-1: "\{'searchParameters': .*Rust-1\.90\.0\/'\}\]\}"$/),
        `assistant: ${call}(crew-2) ${input}`,
        expect.stringMatching(/^tool → crew-2: /),
        'assistant',
      ],
    ]);
    expect(list[0]?.messages[1]?.content).toBe(
      'I should search for the latest Rust release notes.',
    );
  });
});
