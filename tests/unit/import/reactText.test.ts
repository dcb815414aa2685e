// A ReAct agent's printed steps, in a log or a notebook, read as the runs they show.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { reactTextComplete } from '../../../src/import/reactText';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/react-agent-steps.log'));
const LYON = '"population of Lyon 2024"';
const FOUND = '"Lyon had about 522,000 inhabitants in 2024."';
const RUNS = [
  [
    `assistant: Search(react-1) ${LYON}`,
    `tool → react-1: ${FOUND}`,
    `assistant: Search(react-2) ${LYON}`,
    `tool → react-2: ${FOUND}`,
    'assistant: Calculator(react-3) {"expression":"sqrt(522000)"}',
    'tool → react-3: "Answer: 722.49"',
    'assistant',
  ],
  [
    'assistant: get_weather(react-4) {"city":"Lyon"}',
    'tool → react-4: "18 degrees, cloudy"',
    'assistant',
  ],
];

describe("a ReAct agent's printed steps", () => {
  it('reads each action as a call answered by its observation, a chain a run', () => {
    const list = importAll(fixture('markdown/react-agent-steps.log'), { name: 'agent.log' });
    expect(list.map((c) => outline(c.messages))).toEqual(RUNS);
    expect(list[0]?.messages[2]?.content).toBe(
      'The search gave the number; I should check it once more.',
    );
    expect(list[0]?.warnings[0]).toMatch(
      /^Read “agent\.log” as a ReAct agent's printed steps, 2 runs: 4 tool calls read from /,
    );
  });

  it("reads a notebook's coloured outputs, each run its own", () => {
    const runs = text()
      .split('\n\n\n')
      .filter((r) => r.trim() !== '');
    const nb = JSON.stringify({
      cells: runs.map((r) => ({
        cell_type: 'code',
        outputs: [
          { output_type: 'stream', name: 'stdout', text: [`\x1b[1;3;38;5;200m${r}\x1b[0m`] },
        ],
        source: ['agent.chat(q)'],
      })),
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    });
    expect(importAll(nb, { name: 'nb.ipynb' }).map((c) => outline(c.messages))).toEqual(RUNS);
  });

  it('reads `Action: tool: input` over `PAUSE`, never the examples of a prompt in code', () => {
    const text = [
      '# My ReAct loop',
      '',
      '```python',
      'prompt = """',
      'Action: wikipedia: France',
      'PAUSE',
      'Observation: France is a country.',
      '"""',
      '```',
      '```',
      'Thought: I should compute it',
      'Action: calculate: 15 * 25',
      'PAUSE',
      ' -- running calculate 15 * 25',
      'Observation: 375',
      'Answer: 375.',
      '```',
    ].join('\n');
    const [c, ...more] = importAll(text, { name: 'til.md' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: calculate(react-1) "15 * 25"',
      'tool → react-1: "375"',
      'assistant',
    ]);
  });

  it('holds back an action whose input or observation may still grow', () => {
    const t = text();
    const cut = t.slice(0, t.indexOf('Observation: 18 degrees'));
    expect(reactTextComplete(cut)).toBe(
      cut.slice(0, cut.lastIndexOf('Action: get_weather')).replace(/\n$/, ''),
    );
    expect(reactTextComplete(t)).toBe(t);
  });

  it("reads a tool-calling agent's `Invoking:` lines, each answered by the text after it", () => {
    // As LangChain's stdout handler prints them: the call in green, what the tool gave in
    // another colour, the final answer run on after it.
    const green = (t: string) => `\x1b[32;1m\x1b[1;3m${t}\x1b[0m`;
    const blue = (t: string) => `\x1b[36;1m\x1b[1;3m${t}\x1b[0m`;
    const call = "\nInvoking: `search` with `{'query': 'weather in SF'}`\n";
    const log = [
      '\n\n\x1b[1m> Entering new AgentExecutor chain...\x1b[0m\n',
      green(`${call}responded: Let me look that up.\n\n`),
      blue('60 degrees, foggy'),
      green(`${call}\n\n`),
      blue('60 degrees, foggy'),
      green('It is 60 degrees in SF.'),
      '\n\n\x1b[1m> Finished chain.\x1b[0m\n',
    ].join('');
    const [c, ...more] = importAll(log, { name: 'agent.log' });
    expect(more).toEqual([]);
    const args = '{"query":"weather in SF"}';
    expect(outline(c?.messages ?? [])).toEqual([
      `assistant: search(react-1) ${args}`,
      'tool → react-1: "60 degrees, foggy"',
      `assistant: search(react-2) ${args}`,
      'tool → react-2: "60 degrees, foggyIt is 60 degrees in SF."',
    ]);
    expect(c?.messages[0]?.content).toBe('Let me look that up.');
    // What the last call gave may still grow.
    const cut = log.slice(0, log.indexOf('60 degrees', log.lastIndexOf('Invoking')));
    expect(reactTextComplete(cut)).toBe(log.slice(0, log.lastIndexOf('\nInvoking')));
  });

  it('reads an `Invoking:` line cut before its closing backtick as its own line', () => {
    const log =
      "> Entering new AgentExecutor chain...\nInvoking: `search` with `{'query': 'we\nno answer yet\nInvoking: `search` with `{'query': 'weather'}`\n\nsunny\n> Finished chain.\n";
    const [c] = importAll(log, { name: 'cut.log' });
    expect(outline(c?.messages ?? []).filter((l) => l.startsWith('assistant: '))).toEqual([
      "assistant: search(react-1) \"{'query': 'we\"",
      'assistant: search(react-2) {"query":"weather"}',
    ]);
  });

  it("reads a structured chat agent's fenced action blobs, its `Final Answer` the run's end", () => {
    const fence = '```';
    const log = [
      '> Entering new AgentExecutor chain...',
      'Thought: First fetch the structure.',
      '',
      'Action:',
      `${fence}json`,
      '{',
      '    "action": "PDBFileDownloader",',
      '    "action_input": "1LYZ"',
      '}',
      fence,
      'Observation: PDB file found with this ID: 1LYZ',
      'Thought: Now its secondary structure.',
      'Action:',
      '',
      fence,
      '{"action": "ComputeDSSP", "action_input": {"traj_file": "1LYZ_01", "target_frames": "first"}}',
      fence,
      'Observation: 50 residues in helix',
      'Action:',
      fence,
      '{"action": "Final Answer", "action_input": "50 residues are in helices."}',
      fence,
      '> Finished chain.',
    ].join('\n');
    const [c] = importAll(log, { name: 'structured.log' });
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: PDBFileDownloader(react-1) "1LYZ"',
      'tool → react-1: "PDB file found with this ID: 1LYZ"',
      'assistant: ComputeDSSP(react-2) {"target_frames":"first","traj_file":"1LYZ_01"}',
      'tool → react-2: "50 residues in helix"',
      'assistant',
    ]);
    expect(c?.messages.at(-1)?.content).toBe('50 residues are in helices.');
    // The prompt's own format, a placeholder in the blob, is no call.
    const prompt = `Action:\n${fence}\n{\n  "action": (the action name),\n  "action_input": (the input)\n}\n${fence}\n`;
    expect(importConversations(prompt, { name: 'prompt.md' }).ok).toBe(false);
    const spelled = `Action:\n${fence}\n{"action": "the action to take", "action_input": "x"}\n${fence}\n`;
    expect(importConversations(spelled, { name: 'prompt.md' }).ok).toBe(false);
  });

  it("is not the ReAct prompt's own format", () => {
    const prompt =
      'Use this format:\n\nThought: you should always think about what to do\nAction: the action to take, should be one of [search]\nAction Input: the input to the action\nObservation: the result of the action\n';
    expect(importConversations(prompt, { name: 'prompt.md' }).ok).toBe(false);
  });
});
