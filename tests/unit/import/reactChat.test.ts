// ReAct agents run through a chat API: `Thought:` and `Action:` in a reply's words, the
// harness's observation in the next user message.
import { describe, expect, it } from 'vitest';
import { reactCalls } from '../../../src/import/dialects/reactChat';
import { importAll, outline, run } from './helpers';

const json = (v: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(v));
const said = (text: string) => ({ role: 'assistant', content: text });
const seen = (text: string) => ({ role: 'user', content: text });
/** An observation as a web agent sends it: its words beside a screenshot. */
const shown = (text: string) => ({
  role: 'user',
  content: [
    { type: 'text', text },
    { type: 'image_url', image_url: { url: 'data:image/png;base64,{b64_img}' } },
  ],
});
const plain = (lines: string[]) => lines.map((l) => l.replace(/\((syn|shape)-[^)]*\)|→ \S+:/g, ''));

describe('ReAct actions in a chat', () => {
  it('reads each action as a call, the next user message its answer', () => {
    const chat = [
      { role: 'system', content: 'Imagine you are a robot browsing the web.' },
      seen('Now given a task: find a Smart Folio.  Observation: please analyze the screenshot.'),
      said('Thought: The search box is at the top.\n\nAction: Click [10]'),
      shown('Observation: please analyze the attached screenshot and give the Thought and Action.'),
      said('Thought: Nothing changed; the box again.\nAction: Click [10]'),
      shown('Observation: please analyze the attached screenshot and give the Thought and Action.'),
      said('Thought: Type the product.\n\nAction: Type [17]; Smart Folio for iPad'),
      seen('The action you have chosen cannot be exected. Please double-check.'),
      said('Thought: Found it.\n\nAction: ANSWER; Apple Tower Theatre'),
    ];
    const [c, ...more] = importAll(json(chat), { name: 'interact_messages.json' });
    expect(more).toHaveLength(0);
    expect(plain(outline(c?.messages ?? []))).toEqual([
      'system',
      'user',
      'assistant: Click "10"',
      'tool  "Observation: please analyze the attached screenshot and give the Thought and Action."',
      'assistant: Click "10"',
      'tool  "Observation: please analyze the attached screenshot and give the Thought and Action."',
      'assistant: Type "[17]; Smart Folio for iPad"',
      'tool  "The action you have chosen cannot be exected. Please double-check."',
      'assistant: ANSWER "Apple Tower Theatre"',
    ]);
    expect(c?.census?.byDialect['react-text']).toBe(4);
    // The observations are answers, not a person's turns: the run goes on over them, and the
    // same click answered alike is a repeat.
    expect(c?.warnings.join(' ')).not.toMatch(/user turn|spell an action/);
    expect(run(c!).batches.map((b) => b.count)).toEqual([1, 2, 1, 1]);
  });

  it("reads LangChain's `Action Input`, a JSON object as that object", () => {
    const chat = [
      seen('Question: what is the weather in SF?'),
      said('Thought: I should look it up.\nAction: search\nAction Input: "weather in SF"'),
      seen('Observation: 15 °C and foggy'),
      said('Action: lookup\nAction Input: {"city": "SF", "days": 2}\nObservation: (to come)'),
      seen('Observation: rain on Tuesday'),
      said('Thought: I know now.\nFinal Answer: 15 °C, rain on Tuesday.'),
    ];
    const [c] = importAll(json(chat), { name: 'chat.json' });
    expect(plain(outline(c?.messages ?? []))).toEqual([
      'user',
      'assistant: search "weather in SF"',
      'tool  "Observation: 15 °C and foggy"',
      'assistant: lookup {"city":"SF","days":2}',
      'tool  "Observation: rain on Tuesday"',
      'assistant',
    ]);
  });

  it('takes no words for an action where the reply gives no thought, or no name', () => {
    expect(reactCalls('Action: Click [3]')).toEqual([]);
    expect(reactCalls('Thought: hm.\nAction: I will click the button now.')).toEqual([]);
    expect(reactCalls('Thought: hm.\nAction: Wait')).toEqual([
      { type: 'react_action', name: 'Wait', arguments: '""' },
    ]);
    // As the ReAct reader reads `Search[x]` from printed trajectories.
    expect(reactCalls('Thought 2: Next.\nAction 2: Search[Pete Doherty]')).toEqual([
      { type: 'react_action', name: 'Search', arguments: '"Pete Doherty"' },
    ]);
    const chat = [
      seen('Plan my week.'),
      said('Action: Click [3]'),
      seen('Observation: done'),
      said('Action: Click [4]'),
      seen('Observation: done'),
    ];
    const [c] = importAll(json(chat), { name: 'chat.json' });
    expect(c?.messages.some((m) => Array.isArray(m.tool_calls))).toBe(false);
    // Not read, and said so.
    expect(c?.warnings.join(' ')).toMatch(/2 replies spell an action/);
  });
});
