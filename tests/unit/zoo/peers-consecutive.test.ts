// Gemini CLI, Cline, Roo Code and Goose: where each warns and stops, from the thresholds in
// docs/detector.md §14.4.
import { describe, expect, it } from 'vitest';
import { lane, ordinarySession, Script, where } from './script';

const same = (n: number, name = 'write_file', answer = 'ok') =>
  new Script().user().times(n, (s) => s.call(name, { path: 'a.txt', content: 'x' }, answer));

describe('Gemini CLI tool-call tier', () => {
  it('nudges at the 5th identical call and halts at the 6th', () => {
    const m = lane('gemini-cli', same(7));
    expect(where(m)).toEqual(['4:warn', '5:stop', '6:stop']);
    expect(m[0]?.message).toContain('5 identical `write_file` calls');
  });

  it('catches a period-2 cycle only after 5 repetitions (10 calls)', () => {
    const s = new Script().times(11, (x, i) => x.call(i % 2 === 0 ? 'edit' : 'run', { i: i % 2 }));
    expect(where(lane('gemini-cli', s))).toEqual(['9:warn', '10:stop']);
    expect(lane('gemini-cli', s)[0]?.message).toContain('period-2 cycle');
  });

  it('does not sort keys: the same arguments in another order break the run', () => {
    const s = new Script().times(5, (x, i) =>
      x.call('t', i % 2 === 0 ? '{"a":1,"b":2}' : '{"b":2,"a":1}'),
    );
    expect(lane('gemini-cli', s)).toEqual([]);
    expect(where(lane('gemini-cli', s, { sortKeys: 1 }))).toEqual(['4:warn']);
  });

  it('counts every call of a parallel batch', () => {
    const s = new Script().batch([['t'], ['t'], ['t'], ['t'], ['t']]);
    expect(where(lane('gemini-cli', s))).toEqual(['0:warn']);
  });

  it('resets the history and the nudge on a user prompt', () => {
    const s = same(5)
      .user()
      .times(4, (x) => x.call('write_file', { path: 'a.txt', content: 'x' }));
    expect(where(lane('gemini-cli', s))).toEqual(['4:warn']);
    const t = same(5)
      .user()
      .times(5, (x) => x.call('write_file', { path: 'a.txt', content: 'x' }));
    expect(where(lane('gemini-cli', t))).toEqual(['4:warn', '9:warn']);
  });

  it('cannot see a cycle longer than its 25-call history', () => {
    const s = new Script().times(10, (x, i) => x.call(i % 2 === 0 ? 'a' : 'b'));
    expect(lane('gemini-cli', s, { historyCap: 9 })).toEqual([]);
  });
});

describe('Cline', () => {
  it('warns at exactly the 3rd identical call and stops from the 5th', () => {
    const m = lane('cline', same(6));
    expect(where(m)).toEqual(['2:warn', '4:stop', '5:stop']);
    expect(m[0]?.message).toBe('Cline: 3rd consecutive identical `write_file` call (soft limit 3)');
    expect(m[1]?.message).toBe('Cline: 5th consecutive identical `write_file` call (hard limit 5)');
  });

  it('restarts the count at 1 on any different call', () => {
    const s = new Script().call('a').call('a').call('b').call('a').call('a').call('a');
    expect(where(lane('cline', s))).toEqual(['5:warn']);
  });

  it('ignores the volatile task_progress argument under the extension rule only', () => {
    const s = new Script().times(3, (x, i) => x.call('a', { p: 1, task_progress: `${i}/3` }));
    expect(where(lane('cline', s, { extension: 1 }))).toEqual(['2:warn']);
    expect(where(lane('cline', s))).toEqual([]);
  });

  it('is not reset by a user turn', () => {
    const s = new Script().call('a').call('a').user().call('a');
    expect(where(lane('cline', s))).toEqual(['2:warn']);
  });
});

describe('Roo Code', () => {
  it('blocks the 4th identical call (limit 3), then starts over', () => {
    const m = lane('roo-code', same(8));
    expect(where(m)).toEqual(['3:stop', '7:stop']);
    expect(m[0]?.message).toContain('4th identical `write_file` call');
  });

  it('compares with sorted keys', () => {
    const s = new Script().times(4, (x, i) =>
      x.call('t', i % 2 === 0 ? '{"a":1,"b":2}' : '{"b":2,"a":1}'),
    );
    expect(where(lane('roo-code', s))).toEqual(['3:stop']);
  });

  it('limit 0 is unlimited; limit 1 blocks the 2nd call', () => {
    expect(lane('roo-code', same(8), { limit: 0 })).toEqual([]);
    expect(where(lane('roo-code', same(4), { limit: 1 }))).toEqual(['1:stop', '3:stop']);
  });
});

describe('Goose', () => {
  it('is off by default (max_repetitions None)', () => {
    expect(lane('goose', same(10))).toEqual([]);
  });

  it('denies the (N+1)th identical call in a row when max_repetitions is N', () => {
    expect(where(lane('goose', same(5), { maxRepetitions: 3 }))).toEqual(['3:stop', '4:stop']);
  });

  it('denies the next call to a tool after the same error 3 times in a row', () => {
    const s = new Script()
      .times(3, (x, i) => x.call('run', { attempt: i }, 'Error: cannot connect to db'))
      .call('run', { attempt: 9 }, 'ok');
    expect(where(lane('goose', s))).toEqual(['3:stop']);
    expect(lane('goose', s)[0]?.message).toContain('REP-002');
  });

  it('forgets the error streak after any success', () => {
    const s = new Script()
      .call('run', {}, 'Error: x')
      .call('run', {}, 'Error: x')
      .call('ls', {}, 'fine')
      .call('run', {}, 'Error: x')
      .call('run', {}, 'ok');
    expect(lane('goose', s)).toEqual([]);
  });
});

describe('consecutive-identical peers on an ordinary session', () => {
  it('flag nothing', () => {
    for (const id of ['gemini-cli', 'cline', 'roo-code', 'goose']) {
      expect(lane(id, ordinarySession()), id).toEqual([]);
    }
  });
});
