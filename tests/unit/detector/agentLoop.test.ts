// Agent mode against gglib's agent loop (docs/detector.md §9): each body is one the loop's code
// decides differently from a fresh-guard-per-user-message reading of the transcript.
import { describe, expect, it } from 'vitest';
import type { BatchReport, Report } from '../../../src/detector/index';
import { assistant, call, refusedAt, run, tool, turn, user } from './helpers';

const agent = { mode: 'agent' } as const;

/** What the agent loop did with each batch (`checked`, `outside`, …). */
const steps = (r: Report): string[] => r.batches.map((b: BatchReport) => b.agent?.step ?? '-');

/** The same failing write, answered the same way every time. */
const write = (args: unknown = { p: 1 }, id = 'c1'): unknown[] =>
  turn('write_file', args, 'ok', id);

describe('a prose-only reply is the final answer (§9.2)', () => {
  const body = [user(), ...write(), assistant(null, 'done'), ...write(), ...write()];

  it('ends the run: the batches after it belong to no run and are not judged', () => {
    const r = run(body, agent);
    expect(refusedAt(r)).toEqual([]);
    expect(steps(r)).toEqual(['checked', 'outside', 'outside']);
    expect(r.batches[1]!.agent?.runEnded).toEqual({ by: 'final-answer', messageIndex: 3 });
  });

  it('a user message after it starts a new run with fresh guards', () => {
    const r = run([...body.slice(0, 4), user(), ...write(), ...write(), ...write()], agent);
    expect(steps(r)).toEqual(['checked', 'checked', 'checked', 'checked']);
    expect(refusedAt(r)).toEqual([4]);
    expect(r.batches[1]!.breakBefore).toBe('user');
  });

  it('proxy mode still lets the run go on through the prose', () => {
    expect(refusedAt(run(body))).toEqual([3]);
    expect(run(body).batches[0]!.agent).toBeUndefined();
  });
});

describe('stagnation on the agent path (§9.3)', () => {
  it('records only the prose turn that ends a run, so six identical replies do not trip', () => {
    const body = [user(), ...Array.from({ length: 6 }, () => assistant(null, 'same'))];
    expect(run(body).referenceVerdict.kind).toBe('stagnation');
    expect(run(body, agent).referenceVerdict).toEqual({ kind: 'pass' });
  });

  it('at 0 (a what-if value gglib clamps away) the final answer itself trips', () => {
    const r = run([user(), assistant(null, 'once')], { ...agent, maxStagnationSteps: 0 });
    expect(r.referenceVerdict).toMatchObject({ kind: 'stagnation', messageIndex: 1, count: 1 });
  });
});

describe('answers are joined by position (§9.4)', () => {
  // The tool messages carry an id the calls do not: results[i] still answers calls[i].
  const answered = (answer: string): unknown[] => [
    assistant([call('write_file', { p: 1 }, 'c1')]),
    tool('other', answer),
  ];

  it('answers that change rescue the batch, whatever the ids', () => {
    const body = [user(), ...answered('1'), ...answered('2'), ...answered('3')];
    expect(refusedAt(run(body))).toEqual([3]);
    const r = run(body, agent);
    expect(refusedAt(r)).toEqual([]);
    expect(r.batches.every((b) => b.answersKnown)).toBe(true);
    expect(r.batches[2]!.rescued).toBe(true);
  });

  it('two calls sharing an id still have their answers', () => {
    const twin = (a: string): unknown[] => [
      assistant([call('write_file', { p: 1 }, 'x'), call('write_file', { p: 2 }, 'x')]),
      tool('x', a),
      tool('x', a),
    ];
    const body = [user(), ...twin('1'), ...twin('2'), ...twin('3')];
    expect(refusedAt(run(body))).toEqual([3]);
    expect(refusedAt(run(body, agent))).toEqual([]);
  });
});

describe('arguments as the stream collector reads them (§9.5)', () => {
  it('an empty string is {}', () => {
    const body = [user(), ...write(''), ...write({}), ...write('')];
    expect(refusedAt(run(body))).toEqual([]);
    const r = run(body, agent);
    expect(refusedAt(r)).toEqual([3]);
    expect(r.firstRefusal?.signature).toBe(r.batches[1]!.signature);
  });

  it('malformed JSON ends the run with an internal error, never a loop', () => {
    const body = [user(), ...write('{bad'), ...write('{bad'), ...write('{bad')];
    expect(refusedAt(run(body))).toEqual([3]);
    const r = run(body, agent);
    expect(refusedAt(r)).toEqual([]);
    expect(r.firstRefusal).toBeNull();
    expect(steps(r)).toEqual(['internal-error', 'outside', 'outside']);
    expect(r.batches[1]!.agent?.runEnded).toEqual({ by: 'internal-error', messageIndex: 1 });
  });

  it('whitespace alone is malformed too (only the empty string is {})', () => {
    expect(steps(run([user(), ...write('  ')], agent))).toEqual(['internal-error']);
  });
});

describe('max_parallel_tools (§9.6)', () => {
  const wide = (n: number): unknown[] => {
    const calls = Array.from({ length: n }, (_, k) => call('write_file', { k }, `c${k}`));
    return [assistant(calls), ...calls.map((_, k) => tool(`c${k}`, 'ok'))];
  };

  it('a batch of more calls gets synthetic errors and the guards are not consulted', () => {
    const body = [user(), ...wide(26), ...wide(26), ...wide(26)];
    expect(refusedAt(run(body))).toEqual([3]);
    const r = run(body, agent);
    expect(refusedAt(r)).toEqual([]);
    expect(steps(r)).toEqual(['overflow', 'overflow', 'overflow']);
  });

  it('25 calls are within the limit, and the limit is a setting', () => {
    const body = [user(), ...wide(25), ...wide(25), ...wide(25)];
    expect(refusedAt(run(body, agent))).toEqual([3]);
    expect(refusedAt(run(body, { ...agent, maxParallelTools: 24 }))).toEqual([]);
  });
});

describe('max_iterations (§9.7)', () => {
  // 24 different batches, then the same one three times: the third would be refused, but
  // the run's 26th response never happens.
  const body = [
    user(),
    ...Array.from({ length: 24 }, (_, k) => turn('write_file', { k }, 'ok')).flat(),
    ...write(),
    ...write(),
    ...write(),
  ];

  it('ends the run after 25 responses: MaxIterationsReached, the rest outside', () => {
    expect(refusedAt(run(body))).toEqual([27]);
    const r = run(body, agent);
    expect(refusedAt(r)).toEqual([]);
    expect(r.batches[25]!.agent).toEqual({
      step: 'outside',
      runEnded: { by: 'max-iterations', messageIndex: 49 },
    });
    expect(r.batches.filter((b) => b.agent?.step === 'outside')).toHaveLength(2);
  });

  it('is a setting: at 30 the third repeat is refused', () => {
    expect(refusedAt(run(body, { ...agent, maxIterations: 30 }))).toEqual([27]);
  });
});

describe('a refusal ends the run (§9.8)', () => {
  it('the batches after it until the next user message are outside any run', () => {
    const body = [user(), ...write(), ...write(), ...write(), ...write(), user(), ...write()];
    const r = run(body, agent);
    expect(refusedAt(r)).toEqual([3]);
    expect(steps(r)).toEqual(['checked', 'checked', 'checked', 'outside', 'checked']);
    expect(r.batches[3]!.agent?.runEnded).toEqual({ by: 'refusal', messageIndex: 5 });
    expect(refusedAt(run(body))).toEqual([3, 4]);
  });
});

describe('the threshold sweep follows the same loop', () => {
  it('agrees with the replay in agent mode, limits included', async () => {
    const { prepareReplay, evaluateReplay, DEFAULT_CONFIG } =
      await import('../../../src/detector/index');
    const { sweepThresholds, sweepCellFor } = await import('../../../src/zoo/index');
    const { chat, SOURCE } = await import('./helpers');
    const body = chat([
      user(),
      ...write(),
      ...write(),
      ...write(),
      ...write(),
      assistant(null, 'done'),
      ...write(),
      user(),
      ...write('{bad'),
      ...write(),
      user(),
      ...write(),
      ...write(),
      ...write(),
    ]);
    const p = prepareReplay(body);
    for (const maxIterations of [25, 2]) {
      const config = { ...DEFAULT_CONFIG, mode: 'agent' as const, maxIterations };
      const sweep = sweepThresholds(p, config);
      for (const strikes of [1, 2, 3]) {
        const r = evaluateReplay(p, { ...config, maxRepeatedBatchSteps: strikes }, SOURCE);
        const cell = sweepCellFor(sweep, strikes, 15);
        expect(cell?.refusals).toBe(r.batches.filter((b) => b.refused).length);
        expect(cell?.firstRefusal).toBe(r.firstRefusal?.batchIndex ?? null);
      }
    }
  });
});
