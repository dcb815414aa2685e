import { describe, expect, it, vi } from 'vitest';
import { noteArgumentsText } from '../../../src/detector/argumentsText';
import { DEFAULT_CONFIG, replay, type ChatMessage } from '../../../src/detector/index';
import type * as Fnv from '../../../src/detector/fnv1a';
import type { JsonValue } from '../../../src/json/index';
import { chat, json, SOURCE } from './helpers';
import { naive } from './naiveWalk';

// Every FNV-1a hash collides: the reference keys its session map by the signature string,
// so two different canonical forms that share a hash are one signature there, and must be
// one here (the replay's fast path gives each form its own id until it sees a collision).
vi.mock('../../../src/detector/fnv1a', async (importOriginal) => {
  const real = await importOriginal<typeof Fnv>();
  return {
    ...real,
    fnvHigh: () => 0,
    fnvLow: () => 0,
    hex64: () => '0000000000000000',
    fnv1a64Hex: () => '0000000000000000',
  };
});

function call(name: string, args: string, id: string, answer: string): unknown[] {
  return [
    { role: 'assistant', tool_calls: [{ id, function: { name, arguments: args } }] },
    { role: 'tool', tool_call_id: id, content: answer },
  ];
}

describe('a shared 64-bit hash', () => {
  it('makes different arguments one signature, as in the reference', () => {
    const messages = chat([
      ...call('read_file', '{"p":1}', 'a', 'same'),
      ...call('read_file', '{"p":2}', 'b', 'same'),
      ...call('write_file', '{"p":3}', 'c', 'same'),
      ...call('read_file', '{"p":4}', 'd', 'same'),
      // Unanswered: a repeat of the shared signature whose answers cannot be compared.
      {
        role: 'assistant',
        tool_calls: [{ id: 'e', function: { name: 'read_file', arguments: '{"p":5}' } }],
      },
    ]);
    const config = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 1, observationTools: [] };
    const report = replay(messages, config, SOURCE);
    expect(report.batches.map((b) => b.signature)).toEqual([
      'read_file:0000000000000000',
      'read_file:0000000000000000',
      'write_file:0000000000000000',
      'read_file:0000000000000000',
      'read_file:0000000000000000',
    ]);
    expect(report.batches.map((b) => b.count)).toEqual([1, 2, 1, 1, 2]);
    expect(report.batches.map((b) => b.repeatNotEvaluated)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    // The answers are paired by canonical form, not by hash, so they differ: no identical repeat.
    expect(report.batches.some((b) => b.identicalResultRepeat)).toBe(false);
    expect(
      report.batches.map((b) => ({
        count: b.count,
        refused: b.refused,
        outcome: b.outcome,
        irr: b.identicalResultRepeat,
        rne: b.repeatNotEvaluated,
      })),
    ).toEqual(naive(messages, config));
  });

  it('tells object arguments known by their text apart by their canonical forms', () => {
    // Every form shares the hash, so each new text is compared with the forms before it,
    // printed again from the text: an equal value is the same call.
    const texts = ['{"b":2,"a":1}', '{"a":1,"b":2}', '{ "b": 3, "a": 1 }', '{"a":1,"b":3}'];
    const messages: ChatMessage[] = texts.flatMap((text, i): ChatMessage[] => {
      const args = json(text);
      noteArgumentsText(args, text);
      const fn = new Map<string, JsonValue>([
        ['name', 'edit'],
        ['arguments', args],
      ]);
      const call = new Map<string, JsonValue>([
        ['id', `c${i}`],
        ['function', fn],
      ]);
      return [
        { role: 'assistant', content: null, tool_calls: [call], tool_call_id: undefined },
        { role: 'tool', content: 'same', tool_calls: undefined, tool_call_id: `c${i}` },
      ];
    });
    const report = replay(messages, DEFAULT_CONFIG, SOURCE);
    // One signature throughout; an answer pair is keyed by the call's canonical form, so a
    // batch repeats the one before it with identical results exactly when the values are equal.
    expect(report.batches.map((b) => b.identicalResultRepeat)).toEqual([false, true, false, true]);
  });
});
