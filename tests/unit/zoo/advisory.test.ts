// The advisory lanes for the reference's blind spots (docs/detector.md §12): cycles, quiet
// polls, clock-only answer changes, near-duplicate arguments and paging sweeps.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normaliseVolatile } from '../../../src/zoo/index';
import { boundedEditDistance } from '../../../src/zoo/advisory/argDiff';
import { lane, ordinarySession, Script, where } from './script';

describe('cycles of period ≥ 2', () => {
  it('catch an A/B cycle once it has repeated 3 times, and keep flagging it', () => {
    const s = new Script().times(8, (x, i) => x.call(i % 2 ? 'run' : 'edit', { f: 'a' }));
    const m = lane('cycles', s);
    expect(where(m)).toEqual(['5:advice', '6:advice', '7:advice']);
    expect(m[0]?.message).toContain('period-2 cycle of batches repeated 3 times');
    expect(m[2]?.message).toContain('repeated 4 times');
  });

  it('catch A,A,B repeating, which the reference lets through on every pass', () => {
    const s = new Script().times(9, (x, i) => x.call(i % 3 === 2 ? 'b' : 'a'));
    const m = lane('cycles', s);
    expect(where(m)).toEqual(['8:advice']);
    expect(m[0]?.message).toContain('period-3');
  });

  it('leave plain repeats (period 1) to the reference', () => {
    expect(
      lane(
        'cycles',
        new Script().times(9, (x) => x.call('a')),
      ),
    ).toEqual([]);
  });

  it('start afresh at a user turn, but not at prose', () => {
    const broken = new Script().times(4, (x, i) => x.call(i % 2 ? 'b' : 'a')).user();
    expect(
      lane(
        'cycles',
        broken.times(2, (x, i) => x.call(i % 2 ? 'b' : 'a')),
      ),
    ).toEqual([]);
    const prose = new Script().times(4, (x, i) => x.call(i % 2 ? 'b' : 'a')).prose();
    expect(
      where(
        lane(
          'cycles',
          prose.times(2, (x, i) => x.call(i % 2 ? 'b' : 'a')),
        ),
      ),
    ).toEqual(['5:advice']);
  });
});

describe('quiet polls', () => {
  it('flag a read-only batch answered identically N times in a row', () => {
    const s = new Script().times(6, (x) => x.call('get_job_status', { id: 3 }, 'running'));
    const m = lane('quiet-polls', s);
    expect(where(m)).toEqual(['3:advice', '4:advice', '5:advice']);
    expect(m[0]?.message).toContain(
      '4th read-only `get_job_status` batch in a row with the same answer',
    );
    expect(where(lane('quiet-polls', s, { minRepeats: 6 }))).toEqual(['5:advice']);
  });

  it('recognise read-only shell commands', () => {
    const s = new Script().times(4, (x) =>
      x.call('bash', { command: 'sleep 30 && tail -n 5 build.log' }, 'compiling...'),
    );
    expect(where(lane('quiet-polls', s))).toEqual(['3:advice']);
  });

  it('restart when the answer moves', () => {
    const s = new Script().times(6, (x, i) =>
      x.call('get_job_status', { id: 3 }, i === 2 ? 'step 2' : 'running'),
    );
    expect(lane('quiet-polls', s)).toEqual([]);
  });

  it('ignore mutating batches', () => {
    const s = new Script().times(6, (x) => x.call('write_file', { path: 'a' }, 'ok'));
    expect(lane('quiet-polls', s)).toEqual([]);
  });
});

describe('clock-only answer changes', () => {
  it('normalise timestamps, dates, times, durations, counters and ids', () => {
    const a =
      'build 7f3a9c1e ok at 2024-05-01T12:00:03Z (0.31s, 12ms) elapsed 14 req #88 id 123e4567-e89b-12d3-a456-426614174000 on 05/01/2024 10:02:11 PM ts 1714564800';
    const b =
      'build 0b9d22f4 ok at 2024-05-02T08:15:59.120+02:00 (1.05s, 3ms) elapsed 15 req #89 id 9f0c4567-e89b-12d3-a456-426614174999 on 05/02/2024 9:15:00 AM ts 1714651200';
    expect(normaliseVolatile(a)).toBe(normaliseVolatile(b));
    expect(normaliseVolatile('3 passed, 1 failed')).not.toBe(
      normaliseVolatile('4 passed, 0 failed'),
    );
    expect(normaliseVolatile('finished in 1m30s')).toBe('finished in <duration>');
  });

  it('flag a repeat whose answer changed only by a clock, from the 3rd occurrence', () => {
    const s = new Script().times(4, (x, i) =>
      x.call('run_tests', {}, `FAIL test_a: expected 3 got 2\nfinished in 0.${30 + i}s`),
    );
    const m = lane('clock-answers', s);
    expect(where(m)).toEqual(['2:advice', '3:advice']);
    expect(m[0]?.message).toContain('3rd `run_tests` batch in a row');
    expect(where(lane('clock-answers', s, { minRun: 2 }))).toEqual([
      '1:advice',
      '2:advice',
      '3:advice',
    ]);
  });

  it('stay quiet for real progress and for identical answers (the reference counts those)', () => {
    const progress = new Script().times(4, (x, i) =>
      x.call('run_tests', {}, `${i} passed in 0.3${i}s`),
    );
    expect(lane('clock-answers', progress)).toEqual([]);
    const identical = new Script().times(4, (x) => x.call('run_tests', {}, 'FAIL in 0.31s'));
    expect(lane('clock-answers', identical)).toEqual([]);
  });
});

describe('near-duplicate arguments', () => {
  it('flag the same failing call retried with one small change', () => {
    const s = new Script().times(4, (x, i) =>
      x.call(
        'exec',
        { command: `python slice.py --len ${10 + i}` },
        'Error: IndexError: list index out of range',
      ),
    );
    const m = lane('near-duplicates', s);
    expect(where(m)).toEqual(['2:advice', '3:advice']);
    expect(m[0]?.message).toContain('3rd `exec` call in a chain');
  });

  it('do not flag reading different files (different answers) unless asked to ignore answers', () => {
    const s = new Script().times(4, (x, i) =>
      x.call('read_file', { path: `src/m${i}.ts` }, `module ${i}`),
    );
    expect(lane('near-duplicates', s)).toEqual([]);
    expect(where(lane('near-duplicates', s, { sameAnswer: 0 }))).toEqual(['2:advice', '3:advice']);
  });

  it('see through other tools in between', () => {
    const s = new Script().times(3, (x, i) =>
      x.call('grep', { pattern: `fooBar${i}` }, 'no matches').call('think', { n: i }, `note ${i}`),
    );
    expect(where(lane('near-duplicates', s))).toEqual(['4:advice']);
  });
});

describe('paging sweeps', () => {
  it('flag one numeric argument stepping up call after call', () => {
    const s = new Script().times(6, (x, i) =>
      x
        .call('read_file', { path: 'big.log', offset: 40 * i, limit: 40 }, `lines ${40 * i}..`)
        .call('note', { text: `seen ${i}` }),
    );
    const m = lane('paging-sweeps', s);
    expect(where(m)).toEqual(['8:advice', '10:advice']);
    expect(m[0]?.message).toBe(
      'Paging sweep: 5th `read_file` call stepping `offset` upward (0 → 160); every page is a new signature to the reference',
    );
  });

  it('ignore offsets that go down or several fields changing at once', () => {
    const down = new Script().times(6, (x, i) =>
      x.call('read_file', { path: 'a', offset: 400 - 40 * i }, `p${i}`),
    );
    expect(lane('paging-sweeps', down)).toEqual([]);
    const both = new Script().times(6, (x, i) =>
      x.call('read_file', { path: `f${i}`, offset: 40 * i }, `p${i}`),
    );
    expect(lane('paging-sweeps', both)).toEqual([]);
  });
});

describe('advisory lanes on an ordinary session', () => {
  it('flag nothing', () => {
    for (const id of [
      'cycles',
      'quiet-polls',
      'clock-answers',
      'near-duplicates',
      'paging-sweeps',
    ]) {
      expect(lane(id, ordinarySession()), id).toEqual([]);
    }
  });
});

describe('bounded edit distance', () => {
  const levenshtein = (a: string, b: string): number => {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) {
        next[j] = Math.min(
          (row[j] as number) + 1,
          (next[j - 1] as number) + 1,
          (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
      }
      row = next;
    }
    return row[b.length] as number;
  };

  it('equals min(Levenshtein, max + 1)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 12 });
    fc.assert(
      fc.property(text, text, fc.integer({ min: 1, max: 6 }), (a, b, max) => {
        expect(boundedEditDistance(a, b, max)).toBe(Math.min(levenshtein(a, b), max + 1));
      }),
      { numRuns: 500 },
    );
  });
});
