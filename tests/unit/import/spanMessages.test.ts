import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importTranscript, keptMessages, SpanMessages } from '../../../src/import/index';
import type { Imported } from '../../../src/import/index';
import { filesUnder, FIXTURES, plainChat, SAMPLES } from './helpers';

function imported(input: string | Uint8Array, format?: 'openai-chat'): Imported {
  const r = importTranscript(input, format ? { format } : {});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Every message rebuilt from the text, compared with the one the import produced. */
function expectRebuilt(imp: Imported): void {
  const kept = keptMessages(imp);
  expect(kept).toBeInstanceOf(SpanMessages);
  expect(kept.length).toBe(imp.messages.length);
  // Backwards too, so no answer comes from the recent-messages cache of a forward walk.
  for (let i = imp.messages.length - 1; i >= 0; i--) expect(kept.at(i)).toEqual(imp.messages[i]);
  for (let i = 0; i < imp.messages.length; i++) expect(kept.at(i)).toEqual(imp.messages[i]);
}

describe('SpanMessages', () => {
  const files = [...filesUnder(FIXTURES), ...filesUnder(SAMPLES)];

  it.each(files.map((f) => [f.slice(f.indexOf('/tests/') + 1 || f.indexOf('/public/') + 1), f]))(
    'rebuilds every message of %s that the import says it can',
    (_, f) => {
      const r = importTranscript(new Uint8Array(readFileSync(f)), { name: f });
      if (!r.ok || r.value.spanText === undefined) {
        // Nothing to rebuild: the holder keeps the messages themselves.
        if (r.ok) expect(keptMessages(r.value)).toBe(r.value.messages);
        return;
      }
      expectRebuilt(r.value);
    },
  );

  it('is used for the plain OpenAI shapes: a body, a bare array, one message per line', () => {
    const messages = plainChat('x\n"y"');
    const body = JSON.stringify({ model: 'm', messages }, null, 2);
    const bare = JSON.stringify(messages);
    const lines = messages.map((m) => JSON.stringify(m)).join('\r\n');
    for (const text of [body, bare, lines]) {
      const imp = imported(text);
      expect(imp.format).toBe('openai-chat');
      expect(imp.spanText).toBe(text);
      expectRebuilt(imp);
    }
  });

  it('is not used when the import rewrote or added messages', () => {
    const legacy = JSON.stringify({
      messages: [
        { role: 'assistant', content: null, function_call: { name: 'ls', arguments: '{}' } },
        { role: 'function', name: 'ls', content: 'x' },
      ],
    });
    const withReply = JSON.stringify({
      messages: [{ role: 'user', content: 'hi' }],
      choices: [{ message: { role: 'assistant', content: 'hello' } }],
    });
    for (const text of [legacy, withReply]) {
      const imp = imported(text);
      expect(imp.spanText).toBeUndefined();
      expect(keptMessages(imp)).toBe(imp.messages);
    }
  });

  it('rebuilds the right message in any order of reads, past its cache of recent ones', () => {
    const messages = Array.from({ length: 300 }, (_, i) => ({ role: 'user', content: `m${i}` }));
    const imp = imported(JSON.stringify({ messages }));
    fc.assert(
      fc.property(fc.array(fc.nat(299), { minLength: 1, maxLength: 400 }), (reads) => {
        const kept = keptMessages(imp);
        for (const i of reads) expect(kept.at(i)?.content).toBe(`m${i}`);
      }),
    );
    const kept = keptMessages(imp);
    for (const step of [1, 63, 64, 65, 128]) {
      for (let i = 0; i < 300; i += step) expect(kept.at(i)?.content).toBe(`m${i}`);
    }
  });

  it('keeps the messages themselves when one of them has no place in the text', () => {
    const imp = imported('[{"role":"user","content":"a"},{"role":"user","content":"b"}]');
    const [first, second] = imp.messages;
    const { span: _, ...unplaced } = second as NonNullable<typeof second>;
    const odd = { ...imp, messages: [first as NonNullable<typeof first>, unplaced] };
    expect(keptMessages(odd)).toBe(odd.messages);
  });

  it('answers undefined outside the list, like an array', () => {
    const kept = keptMessages(imported('[{"role":"user","content":"a"}]'));
    for (const i of [-1, 1, 0.5, NaN]) expect(kept.at(i)).toBeUndefined();
    expect(kept.at(0)?.content).toBe('a');
  });

  // Messages of any shape the reference might meet (odd roles, arrays read positionally,
  // numbers kept as written, escapes, lone surrogates, duplicate keys), laid out with random
  // whitespace: each one rebuilt from its span is the one the whole import made.
  const ws = fc.constantFrom('', ' ', '\n', '\t', ' \r\n  ');
  const num = fc.constantFrom('0', '-0', '1.0', '1e5', '-2.50E-3', '12345678901234567890', '7');
  const str = fc
    .array(
      fc.oneof(
        fc.constantFrom('a', 'Z', ' ', '\\n', '\\"', '\\\\', '\\/', '\\u00e9', '\\ud83d\\ude00'),
        fc.constantFrom('\\ud800', 'é', '😀', '{', ']', ','),
      ),
      { maxLength: 8 },
    )
    .map((parts) => `"${parts.join('')}"`);
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      str,
      num,
      fc.constantFrom('true', 'false', 'null'),
      fc
        .tuple(fc.array(tie('value'), { maxLength: 3 }), ws)
        .map(([xs, w]) => `[${w}${xs.join(`${w},${w}`)}${w}]`),
      fc
        .tuple(fc.array(fc.tuple(str, tie('value')), { maxLength: 3 }), ws)
        .map(([kvs, w]) => `{${w}${kvs.map(([k, v]) => `${k}${w}:${w}${v}`).join(`,${w}`)}}`),
    ),
  }));
  const call = fc
    .tuple(str, fc.oneof(str, value), ws)
    .map(
      ([id, args, w]) =>
        `{${w}"id":${id},"type":"function",${w}"function":{"name":"f",${w}"arguments":${args}}}`,
    );
  const field = fc.oneof(
    fc.tuple(
      fc.constant('"role"'),
      fc.oneof(fc.constantFrom('"user"', '"assistant"', '"tool"'), value),
    ),
    fc.tuple(fc.constant('"content"'), value),
    fc.tuple(
      fc.constant('"tool_calls"'),
      fc.oneof(
        fc.array(call, { maxLength: 3 }).map((cs) => `[${cs.join(',')}]`),
        value,
      ),
    ),
    fc.tuple(fc.constant('"tool_call_id"'), fc.oneof(str, value)),
    fc.tuple(str, value),
  );
  const message = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.array(field, { maxLength: 6 }), ws)
        .map(([fs, w]) => `{${w}${fs.map(([k, v]) => `${k}${w}:${w}${v}`).join(`${w},${w}`)}${w}}`),
    },
    { weight: 1, arbitrary: value },
  );

  it('rebuilds any message as the whole import read it', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 6 }), ws, fc.boolean(), (ms, w, wrapped) => {
        const list = `[${w}${ms.join(`${w},${w}`)}${w}]`;
        const text = wrapped ? `{${w}"model":"m",${w}"messages":${w}${list}${w}}` : list;
        const imp = imported(text, 'openai-chat');
        expect(imp.spanText).toBe(text);
        const kept = keptMessages(imp);
        for (let i = imp.messages.length - 1; i >= 0; i--) {
          expect(kept.at(i)).toEqual(imp.messages[i]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
