import { describe, expect, it } from 'vitest';
import { noteArgumentsText } from '../../../src/detector/argumentsText';
import { DEFAULT_CONFIG, replay, type ChatMessage } from '../../../src/detector/index';
import type { JsonValue } from '../../../src/json/index';
import { json, SOURCE } from './helpers';

/** A batch of one call with object arguments read from `text` (noted when `noted`), answered. */
function batch(id: string, name: string, text: string, noted: boolean): ChatMessage[] {
  const args = json(text);
  if (noted) noteArgumentsText(args, text);
  const fn = new Map<string, JsonValue>([
    ['name', name],
    ['arguments', args],
  ]);
  const call = new Map<string, JsonValue>([
    ['id', id],
    ['function', fn],
  ]);
  return [
    { role: 'assistant', content: null, tool_calls: [call], tool_call_id: undefined },
    { role: 'tool', content: 'ok', tool_calls: undefined, tool_call_id: id },
  ];
}

// Anthropic tool inputs are objects; an importer notes the text each was read from, so a
// repeated input is known by its text. The signatures must be those printed from the values.
const INPUTS: [string, string][] = [
  ['read', '{"path":"a.ts","n":1}'],
  ['read', '{"path":"a.ts","n":1}'],
  ['read', '{"path":"b.ts","n":1}'],
  ['read', '{"n":1,"path":"a.ts"}'],
  ['read', '{ "path": "a.ts", "n": 1.0 }'],
  ['grep', '{"path":"a.ts","n":1}'],
  ['read', '{"path":"a.ts","n":1}'],
  ['read', '[1,{"b":2,"a":[3]}]'],
  ['read', '[1,{"a":[3],"b":2}]'],
];

function report(noted: boolean) {
  const messages = INPUTS.flatMap(([name, text], i) => batch(`c${i}`, name, text, noted));
  return replay(messages, DEFAULT_CONFIG, { ...SOURCE, messages: messages.length });
}

describe('object arguments known by the text they were read from', () => {
  it('give the signatures, counts and outcomes of their values', () => {
    const plain = report(false);
    const noted = report(true);
    expect(noted.batches.map((b) => b.signature)).toEqual(plain.batches.map((b) => b.signature));
    expect(noted.batches.map((b) => [b.count, b.outcome, b.identicalResultRepeat])).toEqual(
      plain.batches.map((b) => [b.count, b.outcome, b.identicalResultRepeat]),
    );
    const sigs = noted.batches.map((b) => b.signature);
    // Key order and spacing do not matter; the value and the tool name do.
    expect(sigs[3]).toBe(sigs[0]);
    expect(sigs[2]).not.toBe(sigs[0]);
    expect(sigs[5]).not.toBe(sigs[0]);
    expect(sigs[6]).toBe(sigs[0]);
    expect(sigs[8]).toBe(sigs[7]);
  });
});
