// Copilot Studio's conversation transcripts (Dataverse rows), read as their chats and tool steps.
import { describe, expect, it } from 'vitest';
import { isNote } from '../../../src/import/notes';
import { importAll, outline } from './helpers';

const bot = { id: 'b1', role: 0 };
const user = { id: 'u1', role: 1 };
const say = (from: object, text: string) => ({ type: 'message', from, text, timestamp: 1 });
const event = (name: string, value: object) => ({ type: 'event', from: bot, name, value });
const GREETING = say(bot, "Hello, I'm Test Copilot.");
const TOOL = 'cr3e5_test.component.AddAccount';

/** A step as generative orchestration logs it: triggered, its inputs bound (twice), finished. */
function step(plan: string, args: object, state = 'completed', finish = true) {
  const out: object[] = [
    event('DynamicPlanReceived', { steps: [TOOL], isFinalPlan: true }),
    event('DynamicPlanStepTriggered', {
      planIdentifier: plan,
      taskDialogId: TOOL,
      thought: 'Add it.',
    }),
    event('DynamicPlanStepBindUpdate', { taskDialogId: TOOL, arguments: {} }),
    event('DynamicPlanStepBindUpdate', { taskDialogId: TOOL, arguments: args }),
  ];
  if (finish)
    out.push(
      event('DynamicPlanStepFinished', { taskDialogId: TOOL, observation: { id: 7 }, state }),
    );
  return out;
}

/** Dataverse rows, each `content` the JSON text of its activities. */
const rows = (...sessions: object[][]) =>
  JSON.stringify(
    sessions.map((activities, i) => ({
      conversationtranscriptid: `t${i}`,
      schematype: 'powervirtualagents',
      content: JSON.stringify({ activities }),
    })),
  );

describe('Copilot Studio conversation transcripts', () => {
  it('reads each session as a conversation, each orchestrated step a call', () => {
    const text = rows(
      [GREETING, GREETING],
      [
        GREETING,
        GREETING,
        say(user, 'Add Contoso.'),
        ...step('p1', { text: 'Contoso' }),
        say(bot, 'Done.'),
      ],
      [GREETING, say(user, 'Add Fabrikam.'), ...step('p2', { text: 'Fabrikam' }, 'failed')],
      [
        GREETING,
        say(user, 'Add Northwind.'),
        ...step('p3', { text: 'Northwind' }, 'completed', false),
      ],
    );
    const list = importAll(text, { name: 'conversationtranscripts.json' });
    expect(list.map((c) => outline(c.messages))).toEqual([
      [
        'assistant',
        'assistant',
        'user',
        `assistant: ${TOOL}(plan-step-1) {"text":"Contoso"}`,
        'tool → plan-step-1: "{\\"id\\":7}"',
        'assistant',
      ],
      [
        'assistant',
        'user',
        `assistant: ${TOOL}(plan-step-2) {"text":"Fabrikam"}`,
        'tool → plan-step-2: "{\\"state\\":\\"failed\\",\\"observation\\":{\\"id\\":7}}"',
      ],
      ['assistant', 'user', `assistant: ${TOOL}(plan-step-3) {"text":"Northwind"}`],
    ]);
    const said = list[0]?.warnings[0] ?? '';
    expect(said).toMatch(
      /^Read “conversationtranscripts.json” as 4 Copilot Studio conversation transcripts: 3 tool calls, /,
    );
    expect(said).toMatch(/1 transcript in which the user said nothing and nothing ran is left out/);
    expect(said).toMatch(
      /1 step the transcript ends before it finishes is a call whose answer is unknown/,
    );
    expect(isNote(said)).toBe(false);
    expect(list[0]?.census?.toolCalls).toBe(3);
  });

  it('is a note where every step finished, and sessions opening alike stay apart', () => {
    // Both open with the bot's greeting twice: the user's turn, not the greeting, parts them.
    const text = rows(
      [GREETING, GREETING, say(user, 'Add Contoso.'), ...step('p1', { text: 'Contoso' })],
      [GREETING, GREETING, say(user, 'Add Litware.'), ...step('p2', { text: 'Litware' })],
    );
    const list = importAll(text);
    expect(list.map((c) => outline(c.messages).slice(3, 4))).toEqual([
      [`assistant: ${TOOL}(plan-step-1) {"text":"Contoso"}`],
      [`assistant: ${TOOL}(plan-step-2) {"text":"Litware"}`],
    ]);
    const said = list[0]?.warnings.find((w) => w.includes('Copilot Studio')) ?? '';
    expect(isNote(said)).toBe(true);
    // Read as the chats they are, not rebuilt by shape from calls the chat reading missed.
    expect(list[0]?.warnings.filter((w) => !isNote(w))).toEqual([]);
  });
});
