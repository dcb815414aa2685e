// The state machine of docs/detector.md §6; each describe names its section.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OBSERVATION_TOOLS,
  LoopDetector,
  type AnswersKey,
  type ToolCall,
} from '../../../src/detector/index';

const mk = (name: string, path = 'a'): ToolCall[] => [
  { id: 'c1', name, arguments: new Map([['path', path]]) },
];

/**
 * Drives a fresh detector through occurrences of one batch with the given answers (null =
 * unjoinable) and returns the 1-based occurrence at which check refused, or null.
 */
function refusedAt(
  calls: ToolCall[],
  answers: (n: number) => AnswersKey | null,
  occurrences: number,
  maxObservation: number | null = 15,
): { refusedAt: number | null; rescued: number[] } {
  const d = new LoopDetector();
  const rescued: number[] = [];
  for (let n = 1; n <= occurrences; n++) {
    const r = d.check(calls, 2, DEFAULT_OBSERVATION_TOOLS, maxObservation);
    if (!r.ok) return { refusedAt: n, rescued };
    if (r.value.rescued) rescued.push(n);
    d.recordResults(r.value, answers(n));
  }
  return { refusedAt: null, rescued };
}

const range = (a: number, b: number): number[] =>
  Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('§6.5 outcomes at default thresholds (strikes 2, observation 15)', () => {
  it('mutating, identical answers: refused at 3', () => {
    expect(refusedAt(mk('write_file'), () => 'same', 40).refusedAt).toBe(3);
  });

  it('mutating, unjoinable answers: refused at 3', () => {
    expect(refusedAt(mk('write_file'), () => null, 40).refusedAt).toBe(3);
  });

  it('mutating, different answers every time: refused at 16, rescued 3…15', () => {
    const r = refusedAt(mk('write_file'), (n) => n, 40);
    expect(r.refusedAt).toBe(16);
    expect(r.rescued).toEqual(range(3, 15));
  });

  it('mutating, answers 1, 2, 2, 2: refused at 4', () => {
    expect(refusedAt(mk('write_file'), (n) => (n === 1 ? 1 : 2), 40).refusedAt).toBe(4);
  });

  it('observation, not costly, identical answers: refused at 16', () => {
    expect(refusedAt(mk('read_file'), () => 'same', 40).refusedAt).toBe(16);
    expect(refusedAt(mk('get_terminal_output'), () => 'same', 40).refusedAt).toBe(16);
  });

  it('observation, not costly, unjoinable answers: refused at 16', () => {
    expect(refusedAt(mk('read_file'), () => null, 40).refusedAt).toBe(16);
  });

  it('observation, not costly, different answers: never refused, rescued from 16 on', () => {
    const r = refusedAt(mk('read_file'), (n) => n, 40);
    expect(r.refusedAt).toBeNull();
    expect(r.rescued).toEqual(range(16, 40));
  });

  it('observation, costly, identical answers: refused at 16', () => {
    expect(refusedAt(mk('fetch_webpage'), () => 'same', 40).refusedAt).toBe(16);
  });

  it('observation, costly, different answers: refused at 16 (ceiling)', () => {
    expect(refusedAt(mk('browser_navigate'), (n) => n, 40).refusedAt).toBe(16);
    expect(refusedAt(mk('browser_click'), (n) => n, 40).refusedAt).toBe(16);
  });

  it('mixed batch (one non-observation call), identical answers: refused at 3', () => {
    const mixed = [...mk('read_file'), { id: 'c2', name: 'write_file', arguments: null }];
    expect(refusedAt(mixed, () => 'same', 40).refusedAt).toBe(3);
  });

  it('any batch with max_observation_steps unset: refused at 3', () => {
    expect(refusedAt(mk('read_file'), (n) => n, 40, null).refusedAt).toBe(3);
    expect(refusedAt(mk('write_file'), (n) => n, 40, null).refusedAt).toBe(3);
  });
});

describe('§6.2 check', () => {
  it('updates the run before comparing and reports the numbers compared', () => {
    const d = new LoopDetector();
    const a = d.check(mk('write_file'), 2, [], 15);
    expect(a.step).toMatchObject({ count: 1, total: 1, newRun: true, threshold: 2, ceiling: 15 });
    if (a.ok) d.recordResults(a.value, 1);
    const b = d.check(mk('write_file'), 2, [], 15);
    expect(b.step).toMatchObject({ count: 2, total: 2, newRun: false });
  });

  it('refuses the first occurrence at max_strikes 0', () => {
    const d = new LoopDetector();
    const r = d.check(mk('write_file'), 0, [], 15);
    expect(r.ok).toBe(false);
    expect(r.step.reason).toBe('strikes');
  });

  it('a different signature replaces the run and clears its answers', () => {
    const d = new LoopDetector();
    const a = d.check(mk('write_file', 'a'), 2, [], 15);
    if (a.ok) d.recordResults(a.value, 1);
    const b = d.check(mk('write_file', 'b'), 2, [], 15);
    expect(b.step).toMatchObject({ count: 1, total: 1, newRun: true });
    if (b.ok) expect(d.recordResults(b.value, 1)).toBe('not-comparable');
  });

  it('quirk: observation steps below strikes gives observation batches a lower threshold', () => {
    const d = new LoopDetector();
    const r = d.check(mk('read_file'), 2, DEFAULT_OBSERVATION_TOOLS, 0);
    expect(r.ok).toBe(false);
    const m = new LoopDetector().check(mk('write_file'), 2, DEFAULT_OBSERVATION_TOOLS, 0);
    expect(m.ok).toBe(true);
    expect(m.step.ceiling).toBe(2);
  });

  it('keeps the increments after a refusal', () => {
    const d = new LoopDetector();
    for (let i = 0; i < 3; i++) d.check(mk('write_file'), 2, [], 15);
    expect(d.check(mk('write_file'), 2, [], 15).step.count).toBe(4);
  });
});

describe('§6.3 recordResults', () => {
  it('classifies outcomes: not-comparable, answer-repeated, answer-changed', () => {
    const d = new LoopDetector();
    const outcomes: string[] = [];
    for (const ans of [1, 1, 2, null, 2]) {
      const r = d.check(mk('write_file'), 100, [], 15);
      if (r.ok) outcomes.push(d.recordResults(r.value, ans));
    }
    expect(outcomes).toEqual([
      'not-comparable',
      'answer-repeated',
      'answer-changed',
      'not-comparable',
      'not-comparable',
    ]);
  });

  it('an answer change resets count to 1 but not total', () => {
    const d = new LoopDetector();
    const a = d.check(mk('write_file'), 2, [], 15);
    if (a.ok) d.recordResults(a.value, 1);
    const b = d.check(mk('write_file'), 2, [], 15);
    if (b.ok) d.recordResults(b.value, 2);
    expect(d.check(mk('write_file'), 2, [], 15).step).toMatchObject({ count: 2, total: 3 });
  });

  it('NotTheCurrentRun after breakRun, and nothing changes', () => {
    const d = new LoopDetector();
    const a = d.check(mk('write_file'), 2, [], 15);
    d.breakRun();
    expect(a.ok && d.recordResults(a.value, 1)).toBe('not-the-current-run');
    expect(d.check(mk('write_file'), 2, [], 15).step).toMatchObject({ count: 1, total: 1 });
  });

  it('NotTheCurrentRun for a record of another signature', () => {
    const d = new LoopDetector();
    const a = d.check(mk('write_file', 'a'), 2, [], 15);
    d.check(mk('write_file', 'b'), 2, [], 15);
    expect(a.ok && d.recordResults(a.value, 1)).toBe('not-the-current-run');
  });

  it('a record can be used only once', () => {
    const d = new LoopDetector();
    const a = d.check(mk('write_file'), 2, [], 15);
    if (!a.ok) throw new Error('refused');
    expect(d.recordResults(a.value, 1)).toBe('not-comparable');
    expect(d.recordResults(a.value, 2)).toBe('not-the-current-run');
  });

  it('a stale record with the same signature is not accepted', () => {
    const d = new LoopDetector();
    const a = d.check(mk('write_file'), 5, [], 15);
    const b = d.check(mk('write_file'), 5, [], 15);
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(d.recordResults(a.value, 1)).toBe('not-the-current-run');
    expect(d.recordResults(b.value, 1)).toBe('not-comparable');
  });

  it('a record from another detector is not accepted', () => {
    const d1 = new LoopDetector();
    const d2 = new LoopDetector();
    const a = d1.check(mk('write_file'), 2, [], 15);
    d2.check(mk('write_file'), 2, [], 15);
    expect(a.ok && d2.recordResults(a.value, 1)).toBe('not-the-current-run');
  });

  it('an unjoinable occurrence breaks the comparison chain without resetting count', () => {
    const d = new LoopDetector();
    const seq: (number | null)[] = [1, null, 1];
    const outcomes: string[] = [];
    for (const ans of seq) {
      const r = d.check(mk('write_file'), 100, [], 15);
      if (r.ok) outcomes.push(d.recordResults(r.value, ans));
    }
    expect(outcomes).toEqual(['not-comparable', 'not-comparable', 'not-comparable']);
    expect(d.check(mk('write_file'), 100, [], 15).step.count).toBe(4);
  });
});

describe('§6.4 breakRun', () => {
  it('is equivalent to a fresh detector', () => {
    const d = new LoopDetector();
    for (let i = 0; i < 2; i++) {
      const r = d.check(mk('write_file'), 2, [], 15);
      if (r.ok) d.recordResults(r.value, 1);
    }
    d.breakRun();
    const r = d.check(mk('write_file'), 2, [], 15);
    expect(r.ok).toBe(true);
    expect(r.step).toMatchObject({ count: 1, total: 1, newRun: true });
  });
});
