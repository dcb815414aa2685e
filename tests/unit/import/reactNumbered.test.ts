// The ReAct paper's printed trajectories: `Action 1: Search[x]` answered by `Observation 1:`.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { reactNumberedComplete } from '../../../src/import/reactNumbered';
import { fixture, importAll, notebook, outline, run } from './helpers';

describe("the ReAct paper's printed trajectories", () => {
  it('reads each question as a conversation, each action a call answered by its observation', () => {
    const [a, b, ...more] = importAll(fixture('markdown/react-numbered.log'), { name: 'run.log' });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual([
      'user',
      'assistant: Search(react-1) "Jonny Craig"',
      expect.stringMatching(/^tool → react-1: "Jonathan Monroe Craig/),
      'assistant: Search(react-2) "Pete Doherty"',
      'tool → react-2: "Peter Doherty is an English musician, co-frontman of The Libertines.\\nHis other projects are Babyshambles and Peter Doherty and the Puta Madres."',
      'assistant: Finish(react-3) "Jonny Craig"',
      'tool → react-3: "Answer is CORRECT"',
    ]);
    expect(a?.messages[1]?.content).toBe('I need to search Jonny Craig and Pete Doherty.');
    // The same search answered alike is a repeat the detector counts.
    expect(run(b!).batches.map((x) => x.count)).toEqual([1, 2, 1]);
    expect(a?.warnings[0]).toMatch(
      /^Read “run\.log” as a ReAct agent's printed trajectories, 2 tasks: 6 tool calls .* 6 calls answered/,
    );
  });

  it("reads WebShop's unnumbered steps printed in a notebook", () => {
    const nb = notebook([
      {
        output_type: 'stream',
        name: 'stdout',
        text: [
          'Action: search[3 ounce citrus deodorant]\n',
          'Observation: \n',
          '[Back to Search] Page 1 (Total results: 50)\n',
          '\n',
          'Action: click[B078GWRC1J]\n',
          'Observation: You have clicked B078GWRC1J.\n',
        ],
      },
    ]);
    const [c] = importAll(nb, { name: 'webshop.ipynb' });
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: search(react-1) "3 ounce citrus deodorant"',
      'tool → react-1: "[Back to Search] Page 1 (Total results: 50)"',
      'assistant: click(react-2) "B078GWRC1J"',
      'tool → react-2: "You have clicked B078GWRC1J."',
    ]);
  });

  it('is not a text that names an action but shows no observation', () => {
    const r = importConversations('Action 1: Search[x]\nThen we stop.\n', { name: 'n.txt' });
    expect(r.ok ? r.value[0]?.warnings.join(' ') : r.error.message).not.toMatch(
      /ReAct agent's printed/,
    );
  });

  it('reads while written up to the last step begun', () => {
    const text = new TextDecoder().decode(fixture('markdown/react-numbered.log'));
    const upTo = (s: string): string => text.slice(0, text.indexOf(s));
    expect(reactNumberedComplete(upTo('Thought 3: So'))).toBe(upTo('\nObservation 2: Peter'));
  });
});

describe("a tree search's log of ReAct steps", () => {
  it('reads the nodes it expands, not the steps in the prompts it logged', () => {
    const [a, b, ...more] = importAll(fixture('markdown/lats-tree-search.log'), {
      name: 'tot.log',
    });
    expect(more).toHaveLength(0);
    expect(outline(a?.messages ?? [])).toEqual([
      'user',
      'assistant: Search(react-1) "Nile"',
      'tool → react-1: "The Nile is about 6,650 km long."',
      'assistant: Search(react-2) "Nile"',
      'tool → react-2: "The Nile is about 6,650 km long."',
      'assistant: Search(react-3) "Amazon River"',
      'tool → react-3: "The Amazon is about 6,400 km long."',
    ]);
    expect(a?.messages[0]?.content).toBe('Which river is longer, the Nile or the Amazon?');
    expect(outline(b?.messages ?? [])).toEqual([
      'user',
      'assistant: Search(react-4) "Mars moons"',
      'tool → react-4: "Mars has two moons, Phobos and Deimos."',
    ]);
    expect(a?.warnings[0]).toMatch(/4 of them from a tree search's `NEW NODE` records/);
    expect(a?.warnings[0]).toMatch(/The steps in 3 logged prompts were shown to the model/);
  });

  it('reads steps logged as records of their own', () => {
    const log = [
      '2026-12-07 10:00:00,001 - INFO - Question: Where is Kyoto?',
      '2026-12-07 10:00:00,002 - INFO - Action 1: Search[Kyoto]',
      '2026-12-07 10:00:00,003 - INFO - Observation 1: Kyoto is a city in Japan.',
      '',
    ].join('\n');
    const [c] = importAll(new TextEncoder().encode(log), { name: 'steps.log' });
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: Search(react-1) "Kyoto"',
      'tool → react-1: "Kyoto is a city in Japan."',
    ]);
  });
});
