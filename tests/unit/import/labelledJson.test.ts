// One JSON document printed after a label on its first line (`console.log('event data', json)`).
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { isNote } from '../../../src/import/notes';
import { importAll, outline } from './helpers';

const body = JSON.stringify(
  {
    model: 'gpt-4o',
    messages: [
      { role: 'user', content: 'List the files.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'ls', arguments: '{"path":"."}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'a.txt' },
    ],
  },
  null,
  2,
);

describe('a JSON document printed after a label', () => {
  it('is the document, read as its format, with a note naming the label', () => {
    const [c, ...more] = importAll(`request body: ${body}\n`, { name: 'debug.log' });
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('openai-chat');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: ls(call_1) {"path":"."}',
      'tool → call_1: "a.txt"',
    ]);
    const note = c?.warnings[0] ?? '';
    expect(note).toBe(
      'Read “debug.log” as the JSON document printed after the label “request body” on its first line.',
    );
    expect(isNote(note)).toBe(true);
  });

  it('is not a text whose first line ends in a bracket but goes on as no JSON', () => {
    const r = importConversations('Steps taken {\n  first we looked, then we ran\n}\n');
    const said = r.ok ? r.value.flatMap((c) => c.warnings).join(' ') : r.error.message;
    expect(said).not.toMatch(/printed after the label/);
  });
});
