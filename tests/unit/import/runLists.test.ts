// A list of message lists: samples drawn from one prompt are runs of their own, a history logged
// again at every turn is one conversation.
import { describe, expect, it } from 'vitest';
import { importAll, outline } from './helpers';

const call = (move: string) =>
  `<tool_call>{"name": "apply_move", "arguments": {"move": "${move}"}}</tool_call>`;
const rollout = (thought: string, moves: string[]) => [
  { role: 'system', content: 'Solve the cube. Call apply_move.' },
  { role: 'environment', content: 'Current state: scrambled.' },
  ...moves.flatMap((m) => [
    { role: 'agent', content: `<think>${thought}</think>\n${call(m)}` },
    { role: 'environment', content: `Applied ${m}.` },
  ]),
];
const calls = (list: ReturnType<typeof importAll>) =>
  list.map((c) => outline(c.messages).filter((l) => l.startsWith('assistant:')).length);

describe('a list of message lists', () => {
  it('reads each sample of a group as a conversation, however alike their calls', () => {
    const group = {
      seed: 7,
      messages: [
        rollout('U turns the top.', ['U']),
        rollout('The top face first.', ['U']),
        rollout('Try U then R.', ['U', 'R']),
        rollout('U, I think.', ['U']),
      ],
      scores: [1, 1, 0, 1],
    };
    const list = importAll(`${JSON.stringify(group)}\n${JSON.stringify(group)}\n`, {
      name: 'process.jsonl',
    });
    expect(calls(list)).toEqual([1, 1, 2, 1, 1, 1, 2, 1]);
    expect(list[0]?.census?.toolCalls).toBe(10);
  });

  it('reads a history logged again at every turn as one conversation', () => {
    const first = rollout('U.', ['U']).slice(0, 3);
    const second = rollout('U.', ['U', 'R']).slice(0, 5);
    const [c, ...more] = importAll(JSON.stringify({ prompts: [first, second] }), {
      name: 'log.json',
    });
    expect(more).toHaveLength(0);
    expect(calls([c!])).toEqual([2]);
    expect(c?.census?.toolCalls).toBe(2);
  });
});
