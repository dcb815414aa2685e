// A chat whose replies spell ReAct actions in their words: said, never taken for a clean run.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';

const chat = (actions: string[], observation = 'Observation: A screenshot.'): string =>
  JSON.stringify([
    { role: 'system', content: 'Reply as Thought: … then Action: …' },
    { role: 'user', content: 'Task: find the folio. Observation: A screenshot.' },
    ...actions.flatMap((a) => [
      { role: 'assistant', content: `Next.\n\nAction: ${a}` },
      { role: 'user', content: [{ type: 'text', text: observation }] },
    ]),
  ]);

const warningsOf = (text: string): string => {
  const r = importConversations(text, { name: 'run.json' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value[0]?.warnings.join(' ') ?? '';
};

describe('replies that spell ReAct actions in their words', () => {
  it('says the actions are there but no call is, where observations answer them', () => {
    expect(warningsOf(chat(['Click [10]', 'Type [17]; Smart Folio', 'Click [10]']))).toMatch(
      /3 replies spell an action in their words \(`Action: …`, answered by `Observation` turns\)/,
    );
  });

  it('says nothing of one action, or of actions no observation answers', () => {
    expect(warningsOf(chat(['Click [10]']))).not.toMatch(/spell an action/);
    expect(warningsOf(chat(['Click [10]', 'Click [11]'], 'Thanks.'))).not.toMatch(
      /spell an action/,
    );
  });
});
