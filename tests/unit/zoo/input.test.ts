// The zoo's input follows the reference's walk (docs/detector.md §7).
import { describe, expect, it } from 'vitest';
import {
  jsJson,
  looksLikeError,
  runZoo,
  zooInput,
  ZooInputBuilder,
  type ZooBatch,
} from '../../../src/zoo/index';
import { readFileSync, readdirSync } from 'node:fs';
import { canonicalArgs, DEFAULT_CONFIG, replay } from '../../../src/detector/index';
import { parseJson } from '../../../src/json/index';
import { importTranscript, keptMessages } from '../../../src/import/index';
import { Script } from './script';

const batches = (s: Script) => s.steps().filter((x): x is ZooBatch => x.kind === 'batch');

describe('zooInput', () => {
  it('numbers batches like the report and keeps the events between them', () => {
    const steps = new Script()
      .system('you are an agent')
      .user('go')
      .call('a', { x: 1 }, 'one')
      .prose('hmm')
      .batch([['b'], ['c', { y: 2 }, 'three']], 'doing two things')
      .steps();
    expect(steps.map((s) => s.kind)).toEqual(['system', 'user', 'batch', 'prose', 'batch']);
    const [a, b] = steps.filter((x): x is ZooBatch => x.kind === 'batch');
    expect(a?.batchIndex).toBe(0);
    expect(a?.messageIndex).toBe(2);
    expect(b?.batchIndex).toBe(1);
    expect(b?.messageIndex).toBe(5);
    expect(b?.answers).toEqual(['ok', 'three']);
    expect(b?.narration).toBe('doing two things');
    expect(b?.calls.map((c) => c.key)).toEqual(['b:{}', 'c:{"y":2}']);
  });

  it('leaves unanswered calls null and joins only the contiguous tool window', () => {
    const [b] = batches(
      new Script().batch([
        ['a', {}, 'yes'],
        ['b', {}, null],
      ]),
    );
    expect(b?.answers).toEqual(['yes', null]);
    // A user message between the call and its answer empties the window (§7.5).
    const msgs = new Script().call('a', {}, null).user('wait').messages();
    const late = [
      ...msgs,
      { role: 'tool', content: 'late', tool_call_id: 'call_0', tool_calls: undefined },
    ];
    const [c] = zooInput(late).filter((x): x is ZooBatch => x.kind === 'batch');
    expect(c?.answers).toEqual([null]);
  });

  it('gives no answers when two calls share an id, as the reference cannot join them', () => {
    const r = parseJson(
      '[{"role":"assistant","tool_calls":[{"id":"x","function":{"name":"a","arguments":"{}"}},{"id":"x","function":{"name":"b","arguments":"{}"}}]},{"role":"tool","tool_call_id":"x","content":"hi"}]',
    );
    if (!r.ok || !Array.isArray(r.value.value)) throw new Error('bad');
    const msgs = r.value.value.map((m) => {
      const o = m instanceof Map ? m : new Map();
      return {
        role: o.get('role'),
        content: o.get('content'),
        tool_calls: o.get('tool_calls'),
        tool_call_id: o.get('tool_call_id'),
      };
    });
    const [b] = zooInput(msgs).filter((x): x is ZooBatch => x.kind === 'batch');
    expect(b?.answers).toEqual([null, null]);
  });

  it('keeps argument key order in argsJson (integer-like keys first, like JS) and sorts in argsCanonical', () => {
    const [b] = batches(new Script().call('t', '{"b":1,"a":2.0,"10":true,"2":null}'));
    expect(b?.calls[0]?.argsJson).toBe('{"2":null,"10":true,"b":1,"a":2}');
    expect(b?.calls[0]?.argsCanonical).toBe('{"10":true,"2":null,"a":2.0,"b":1}');
  });

  it('prints non-object values the way JSON.stringify would', () => {
    const r = parseJson('[1.50, "x\\u0001", false, {"k": [1e2]}]');
    if (!r.ok) throw new Error('bad');
    expect(jsJson(r.value.value)).toBe(JSON.stringify([1.5, 'x\u0001', false, { k: [100] }]));
  });

  it('flags error-looking answers', () => {
    expect(looksLikeError('Error: ENOENT')).toBe(true);
    expect(looksLikeError('error[E0308]: mismatched types')).toBe(true);
    expect(looksLikeError('Traceback (most recent call last):\n  File "x.py"')).toBe(true);
    expect(looksLikeError('make: *** [all] exited with code 2')).toBe(true);
    expect(looksLikeError('process exited with code 0')).toBe(false);
    expect(looksLikeError('0 errors, 3 warnings')).toBe(false);
    expect(looksLikeError('all good')).toBe(false);
    const [b] = batches(
      new Script().batch([
        ['a', {}, 'Error: boom'],
        ['b', {}, 'fine'],
        ['c', {}, null],
      ]),
    );
    expect(b?.answerError).toEqual([true, false, false]);
  });
});

describe('zooInput against the replay', () => {
  const dir = new URL('../../../public/samples/', import.meta.url);
  const files = [
    ...readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'index.json'),
    ...readdirSync(new URL('formats/', dir))
      .filter((f) => f !== 'index.json' && f !== 'README.md')
      .map((f) => `formats/${f}`),
  ];

  it.each(files)('gives %s the same batches and signatures as the report', (f) => {
    const imported = importTranscript(readFileSync(new URL(f, dir)), { name: f });
    if (!imported.ok) throw new Error(imported.error.message);
    const { messages } = imported.value;
    const report = replay(messages, DEFAULT_CONFIG, {
      format: imported.value.format,
      messages: messages.length,
      warnings: [],
      referenceScan: 'scanned',
    });
    const zoo = zooInput(messages).filter((x): x is ZooBatch => x.kind === 'batch');
    expect(zoo.map((b) => [b.messageIndex, b.signature])).toEqual(
      report.batches.map((b) => [b.messageIndex, b.signature]),
    );
    // The repeated-arguments cache must not change what each call reads.
    for (const b of zoo) {
      for (const c of b.calls) expect(c.key).toBe(`${c.name}:${canonicalArgs(c.args)}`);
    }
  });

  it.each(files)('gives %s the same lanes when its messages are rebuilt from the text', (f) => {
    const imported = importTranscript(readFileSync(new URL(f, dir)), { name: f });
    if (!imported.ok) throw new Error(imported.error.message);
    const kept = keptMessages(imported.value);
    expect(kept === imported.value.messages).toBe(imported.value.spanText === undefined);
    const fromText = new ZooInputBuilder(kept);
    while (!fromText.advance(3));
    while (!fromText.derive(2));
    expect(runZoo(fromText.steps)).toEqual(runZoo(zooInput(imported.value.messages)));
  });

  it.each(files)('gives %s the same lanes when the arguments are derived in slices first', (f) => {
    const imported = importTranscript(readFileSync(new URL(f, dir)), { name: f });
    if (!imported.ok) throw new Error(imported.error.message);
    const { messages } = imported.value;
    const sliced = new ZooInputBuilder(messages);
    while (!sliced.advance(3));
    while (!sliced.derive(1));
    expect(runZoo(sliced.steps)).toEqual(runZoo(zooInput(messages)));
  });
});
