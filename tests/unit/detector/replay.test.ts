// The proxy's walk (docs/detector.md §7) and agent mode; each describe names its section.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  loopError400,
  loopNote,
  prepareReplay,
} from '../../../src/detector/index';
import { assistant, call, chat, refusedAt, run, SOURCE, tool, turn, user } from './helpers';

const times = <T>(n: number, f: (i: number) => T[]): T[] =>
  Array.from({ length: n }, (_, i) => f(i)).flat();

describe('§7.2 reading tool calls', () => {
  it('a tool_calls that is not an array means no calls (a prose turn)', () => {
    for (const tc of [null, {}, 'x', 3]) {
      const r = run([{ role: 'assistant', content: 'hi', tool_calls: tc }]);
      expect(r.batches).toHaveLength(0);
    }
  });

  it('an empty tool_calls array is a prose turn', () => {
    expect(run([{ role: 'assistant', content: null, tool_calls: [] }]).batches).toHaveLength(0);
  });

  it('[7, null] is a batch of two unnamed calls with null arguments', () => {
    const r = run([{ role: 'assistant', tool_calls: [7, null] }]);
    expect(r.batches).toHaveLength(1);
    expect(r.batches[0]!.calls).toEqual([
      { id: '', name: '', signature: ':5b9bc4ba528108e4' },
      { id: '', name: '', signature: ':5b9bc4ba528108e4' },
    ]);
    expect(r.batches[0]!.signature).toBe(':5b9bc4ba528108e4|:5b9bc4ba528108e4');
  });

  it('a non-string id becomes "", a non-object function gives name "" and null args', () => {
    const r = run([{ role: 'assistant', tool_calls: [{ id: 5, function: 'read_file' }] }]);
    expect(r.batches[0]!.calls[0]).toEqual({ id: '', name: '', signature: ':5b9bc4ba528108e4' });
  });
});

describe('§7.3 the walk (proxy mode)', () => {
  const three = (sep: unknown[]): unknown[] => [
    ...turn('write_file', { p: 1 }, 'ok'),
    ...turn('write_file', { p: 1 }, 'ok'),
    ...sep,
    ...turn('write_file', { p: 1 }, 'ok'),
  ];

  it('three identical mutating batches in a row: the third is refused', () => {
    const r = run(three([]));
    expect(refusedAt(r)).toEqual([3]);
    expect(r.firstRefusal).toMatchObject({ batchIndex: 2, messageIndex: 4, reason: 'strikes' });
  });

  for (const role of ['user', 'system', 'developer', 'function']) {
    it(`a ${role} message breaks the run`, () => {
      const r = run(three([{ role, content: 'x' }]));
      expect(refusedAt(r)).toEqual([]);
      expect(r.batches[2]!.breakBefore).toBe(role === 'function' ? 'other-role' : role);
    });
  }

  it('role "Assistant" (wrong case) breaks like any other role', () => {
    const r = run(three([{ role: 'Assistant', content: 'x' }]));
    expect(refusedAt(r)).toEqual([]);
    expect(r.batches[2]!.breakBefore).toBe('other-role');
  });

  it('a missing or non-string role breaks the run', () => {
    expect(refusedAt(run(three([{ content: 'x' }])))).toEqual([]);
    expect(refusedAt(run(three([{ role: 1, content: 'x' }])))).toEqual([]);
  });

  it('prose turns and narration do not break a run', () => {
    const r = run(three([assistant(null, 'thinking…')]));
    expect(refusedAt(r)).toEqual([3]);
  });

  it('a different batch breaks the run (breakBefore "signature")', () => {
    const r = run([...turn('a', {}, 'x'), ...turn('b', {}, 'x'), ...turn('a', {}, 'x')]);
    expect(r.batches.map((b) => b.breakBefore)).toEqual(['start', 'signature', 'signature']);
  });

  it('continues past refusals, recording their answers', () => {
    const r = run(times(6, () => turn('write_file', { p: 1 }, 'ok')));
    expect(refusedAt(r)).toEqual([3, 4, 5, 6]);
    expect(r.batches.map((b) => b.count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.batches[3]!.outcome).toBe('answer-repeated');
    expect(r.firstRefusal?.batchIndex).toBe(2);
  });

  it('a refused batch whose answer changes resets the count for the next one (one turn late)', () => {
    const answers = ['a', 'a', 'a', 'b', 'b'];
    const r = run(answers.flatMap((a) => turn('write_file', { p: 1 }, a)));
    expect(r.batches.map((b) => b.count)).toEqual([1, 2, 3, 4, 2]);
    expect(r.batches[3]!.outcome).toBe('answer-changed');
    expect(refusedAt(r)).toEqual([3, 4]);
  });

  it('firstRefusal carries the reference note and 400 texts', () => {
    const r = run(three([]));
    const sig = r.batches[2]!.signature;
    expect(r.firstRefusal?.note).toBe(loopNote(sig));
    expect(r.firstRefusal?.error400).toBe(loopError400(sig));
    expect(r.referenceVerdict).toEqual({ kind: 'loop', batchIndex: 2 });
  });

  it('count > threshold exactly for reason "strikes"', () => {
    const r = run(times(20, (i) => turn('write_file', { p: 1 }, String(i))));
    for (const b of r.batches) {
      expect(b.count > b.threshold).toBe(b.refused && b.reason === 'strikes');
    }
    expect(r.batches[15]).toMatchObject({ refused: true, reason: 'ceiling', total: 16 });
    expect(r.batches.slice(2, 15).every((b) => b.rescued)).toBe(true);
  });
});

describe('§7.5 joining answers', () => {
  it('the window is the contiguous tool messages right after the batch', () => {
    const r = run([assistant([call('t')]), assistant(null, 'x'), tool('c1', 'late')]);
    expect(r.batches[0]!.answersKnown).toBe(false);
  });

  it('a batch at the very end has no answers', () => {
    expect(run([assistant([call('t')])]).batches[0]!.answersKnown).toBe(false);
  });

  it('a window message with a non-string tool_call_id is skipped', () => {
    const r = run([
      assistant([call('t')]),
      { role: 'tool', tool_call_id: 7, content: 'x' },
      tool('c1', 'y'),
    ]);
    expect(r.batches[0]!.answersKnown).toBe(true);
  });

  it('the same id twice in the window gives none', () => {
    const r = run([assistant([call('t')]), tool('c1', 'a'), tool('c1', 'a')]);
    expect(r.batches[0]!.answersKnown).toBe(false);
  });

  it('two calls sharing an id give none (also both without an id)', () => {
    const r = run([assistant([call('a', {}, 'x'), call('b', {}, 'x')]), tool('x', 'a')]);
    expect(r.batches[0]!.answersKnown).toBe(false);
    const r2 = run([{ role: 'assistant', tool_calls: [7, null] }, tool('', 'a')]);
    expect(r2.batches[0]!.answersKnown).toBe(false);
  });

  it('an unanswered call gives none; extra window messages are ignored', () => {
    const r = run([assistant([call('a', {}, 'x'), call('b', {}, 'y')]), tool('x', 'a')]);
    expect(r.batches[0]!.answersKnown).toBe(false);
    const r2 = run([assistant([call('a', {}, 'x')]), tool('x', 'a'), tool('zzz', 'b')]);
    expect(r2.batches[0]!.answersKnown).toBe(true);
  });

  it('a call with id "" is answered only by tool_call_id ""', () => {
    const r = run([{ role: 'assistant', tool_calls: [7] }, tool('', 'a')]);
    expect(r.batches[0]!.answersKnown).toBe(true);
  });

  it('the join is positional: repeated ids on every turn still join per turn', () => {
    const answers = ['1', '2', '3', '4'];
    const r = run(answers.flatMap((a) => turn('write_file', {}, a, 'call_qwen_0')));
    expect(refusedAt(r)).toEqual([]);
    expect(r.batches.slice(1).map((b) => b.outcome)).toEqual([
      'answer-changed',
      'answer-changed',
      'answer-changed',
    ]);
  });
});

describe('§5 answers equality (through the replay)', () => {
  const outcome2 = (first: unknown[], second: unknown[]): string =>
    run([...first, ...second]).batches[1]!.outcome;
  const batch2 = (answers: [string, unknown][]): unknown[] => [
    assistant([call('a', { n: 1 }, 'x'), call('b', { n: 2 }, 'y')]),
    ...answers.map(([id, c]) => tool(id, c)),
  ];

  it('the string "null" and null are different answers', () => {
    expect(outcome2(turn('t', {}, 'null'), turn('t', {}, null))).toBe('answer-changed');
  });

  it('a missing content counts as null', () => {
    const r = run([
      ...turn('t', {}, null),
      assistant([call('t')]),
      { role: 'tool', tool_call_id: 'c1' },
    ]);
    expect(r.batches[1]!.outcome).toBe('answer-repeated');
  });

  it('"x" and [{"type":"text","text":"x"}] are different answers', () => {
    expect(outcome2(turn('t', {}, 'x'), turn('t', {}, [{ type: 'text', text: 'x' }]))).toBe(
      'answer-changed',
    );
  });

  it('arrays differing only in key order are the same answer', () => {
    expect(
      outcome2(
        turn('t', {}, [{ type: 'text', text: 'x' }]),
        turn('t', {}, [{ text: 'x', type: 'text' }]),
      ),
    ).toBe('answer-repeated');
  });

  it('the same pairs in a different window order are equal', () => {
    const r = run([
      ...batch2([
        ['x', 'A'],
        ['y', 'B'],
      ]),
      ...batch2([
        ['y', 'B'],
        ['x', 'A'],
      ]),
    ]);
    expect(r.batches[1]!.outcome).toBe('answer-repeated');
  });

  it('swapped answers are not equal', () => {
    const r = run([
      ...batch2([
        ['x', 'A'],
        ['y', 'B'],
      ]),
      ...batch2([
        ['x', 'B'],
        ['y', 'A'],
      ]),
    ]);
    expect(r.batches[1]!.outcome).toBe('answer-changed');
  });

  it('arguments differing only below depth 16 share signature and pairing', () => {
    const deep = (leaf: string): unknown => {
      let v: unknown = leaf;
      for (let i = 0; i < 17; i++) v = { x: v };
      return v;
    };
    const r = run([...turn('t', deep('a'), 'same'), ...turn('t', deep('b'), 'same')]);
    expect(r.batches[1]!.signature).toBe(r.batches[0]!.signature);
    expect(r.batches[1]!.outcome).toBe('answer-repeated');
  });
});

describe('§7.7 ledger bits', () => {
  it('A(r1), A(r2), A(r1): the third is not an identical repeat', () => {
    const r = run([
      ...turn('a', {}, 'r1'),
      user(),
      ...turn('a', {}, 'r2'),
      user(),
      ...turn('a', {}, 'r1'),
    ]);
    expect(r.batches.map((b) => b.identicalResultRepeat)).toEqual([false, false, false]);
  });

  it('identical results across a user turn count (the map is session-wide)', () => {
    const r = run([...turn('a', {}, 'r1'), user(), ...turn('a', {}, 'r1')]);
    expect(r.batches[1]!.identicalResultRepeat).toBe(true);
    expect(r.ledger.identicalResultRepeats).toBe(1);
  });

  it('repeatNotEvaluated when either side is unjoinable', () => {
    const r = run([assistant([call('a')]), user(), ...turn('a', {}, 'r1'), ...turn('a', {}, 'r1')]);
    expect(r.batches.map((b) => b.repeatNotEvaluated)).toEqual([false, true, false]);
    expect(r.batches[2]!.identicalResultRepeat).toBe(true);
    expect(r.ledger).toEqual({
      identicalResultRepeats: 1,
      repeatsNotEvaluated: 1,
      repeatsRescued: 0,
    });
  });

  it('counts rescued batches', () => {
    const r = run(times(4, (i) => turn('write_file', {}, String(i))));
    expect(r.ledger.repeatsRescued).toBe(2);
  });
});

describe('agent mode (docs/report.md §2)', () => {
  it('system and developer messages do not break a run', () => {
    const m = [
      ...turn('w', {}, 'ok'),
      ...turn('w', {}, 'ok'),
      { role: 'system', content: 's' },
      ...turn('w', {}, 'ok'),
    ];
    expect(refusedAt(run(m, { mode: 'proxy' }))).toEqual([]);
    expect(refusedAt(run(m, { mode: 'agent' }))).toEqual([3]);
  });

  it('a user message starts a fresh detector', () => {
    const m = [...turn('w', {}, 'ok'), ...turn('w', {}, 'ok'), user(), ...turn('w', {}, 'ok')];
    const r = run(m, { mode: 'agent' });
    expect(refusedAt(r)).toEqual([]);
    expect(r.batches.map((b) => b.breakBefore)).toEqual(['start', null, 'user']);
    expect(r.config.mode).toBe('agent');
  });
});

describe('prepare / evaluate split', () => {
  it('a config change re-evaluates without re-preparing', () => {
    const m = chat(times(5, () => turn('write_file', {}, 'ok')));
    const p = prepareReplay(m);
    expect(p.batchCount).toBe(5);
    const strict = evaluateReplay(p, DEFAULT_CONFIG, SOURCE);
    const loose = evaluateReplay(p, { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 4 }, SOURCE, {
      importMs: 7,
    });
    expect(refusedAt(strict)).toEqual([3, 4, 5]);
    expect(refusedAt(loose)).toEqual([5]);
    expect(loose.timing.importMs).toBe(7);
    expect(loose.config.maxRepeatedBatchSteps).toBe(4);
  });

  it('observation patterns are applied per config', () => {
    const m = chat(times(4, () => turn('my_tool', {}, 'ok')));
    const p = prepareReplay(m);
    expect(refusedAt(evaluateReplay(p, DEFAULT_CONFIG, SOURCE))).toEqual([3, 4]);
    const cfg = { ...DEFAULT_CONFIG, observationTools: ['MY_'] };
    const r = evaluateReplay(p, cfg, SOURCE);
    expect(refusedAt(r)).toEqual([]);
    expect(r.batches[0]).toMatchObject({ observation: true, threshold: 15, exempt: true });
  });

  it('rejects something that is not a prepared replay', () => {
    expect(() => evaluateReplay({ batchCount: 0, prepareMs: 0 }, DEFAULT_CONFIG, SOURCE)).toThrow(
      TypeError,
    );
  });

  it('reports the config, schema version and an empty transcript', () => {
    const r = run([]);
    expect(r).toMatchObject({
      schemaVersion: 1,
      batches: [],
      firstRefusal: null,
      referenceVerdict: { kind: 'pass' },
      config: {
        mode: 'proxy',
        maxRepeatedBatchSteps: 2,
        maxObservationSteps: 15,
        maxStagnationSteps: 5,
      },
    });
  });
});
