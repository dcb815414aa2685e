import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, describeBatch, replay } from '../../../src/detector/index';
import { assistant, call, chat, SOURCE, tool } from './helpers';

describe('describeBatch', () => {
  const messages = chat([
    { role: 'user', content: 'go' },
    assistant(
      [call('read_file', '{"path" : "a.rs"}', 'x'), call('browser_click', '{oops', 'y')],
      [{ type: 'text', text: 'Reading.' }],
    ),
    tool('x', 'file text'),
    tool('y', [{ type: 'text', text: 'clicked' }]),
    tool('zzz', 'stray'),
  ]);
  const report = replay(messages, DEFAULT_CONFIG, SOURCE);

  it('describes each call: raw, pretty, canonical, classification', () => {
    const d = describeBatch(messages, report, 0);
    expect(d).toMatchObject({ batchIndex: 0, messageIndex: 1, narration: 'Reading.' });
    expect(d.calls[0]).toEqual({
      id: 'x',
      name: 'read_file',
      signature: 'read_file:ed658c7fbe3ce9f2',
      argumentsRaw: '{"path" : "a.rs"}',
      argumentsPretty: '{\n  "path": "a.rs"\n}',
      canonical: '{"path":"a.rs"}',
      parsedFromString: true,
      observationPattern: 'read_file',
      costly: false,
    });
    expect(d.calls[1]).toMatchObject({
      argumentsRaw: '{oops',
      canonical: '"{oops"',
      parsedFromString: false,
      observationPattern: 'click',
      costly: true,
    });
  });

  it('lists the answer window with the call each answer joins to', () => {
    const d = describeBatch(messages, report, 0);
    expect(d.answers).toEqual([
      { messageIndex: 2, toolCallId: 'x', text: 'file text', isString: true, matchedCallIndex: 0 },
      {
        messageIndex: 3,
        toolCallId: 'y',
        text: '[\n  {\n    "type": "text",\n    "text": "clicked"\n  }\n]',
        isString: false,
        matchedCallIndex: 1,
      },
      { messageIndex: 4, toolCallId: 'zzz', text: 'stray', isString: true, matchedCallIndex: null },
    ]);
  });

  it('gives an empty description for an index outside the report', () => {
    expect(describeBatch(messages, report, 5)).toEqual({
      batchIndex: 5,
      messageIndex: -1,
      narration: '',
      calls: [],
      answers: [],
    });
  });
});
