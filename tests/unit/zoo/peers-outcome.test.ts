// OpenHands, OpenClaw, Qwen Code and the reference's old session tally: where each warns and
// stops, from docs/detector.md §14.3 and §14.4.
import { describe, expect, it } from 'vitest';
import { lane, ordinarySession, Script, where } from './script';

const same = (n: number, name = 'write_file', answer: (i: number) => string = () => 'ok') =>
  new Script().user().times(n, (s, i) => s.call(name, { path: 'a.txt' }, answer(i)));

describe('OpenHands StuckDetector', () => {
  it('stops at the 4th identical action with the same observation', () => {
    expect(lane('openhands', same(3))).toEqual([]);
    const m = lane('openhands', same(4));
    expect(where(m)).toEqual(['3:stop']);
    expect(m[0]?.message).toContain('last 4 actions');
  });

  it('nudges at the 3rd identical action that ended in an error and stops at the 4th', () => {
    const m = lane(
      'openhands',
      same(4, 'run', (i) => `Error: attempt ${i} failed`),
    );
    expect(where(m)).toEqual(['2:warn', '3:stop']);
    expect(m[0]?.message).toContain('errors');
  });

  it('stops at the 3rd under the rule before SDK #4332', () => {
    const m = lane(
      'openhands',
      same(3, 'run', (i) => `Error: attempt ${i} failed`),
      {
        legacyActionError: 1,
      },
    );
    expect(where(m)).toEqual(['2:stop']);
  });

  it('does not stop while the observations change', () => {
    expect(
      lane(
        'openhands',
        same(8, 'poll', (i) => `line ${i}`),
      ),
    ).toEqual([]);
  });

  it('stops on an ABABAB pattern over 6 actions and observations', () => {
    const s = new Script().times(6, (x, i) => x.call(i % 2 ? 'b' : 'a', {}, i % 2 ? 'B' : 'A'));
    expect(where(lane('openhands', s))).toEqual(['5:stop']);
  });

  it('looks only after the last user message', () => {
    const s = same(3).user().call('write_file', { path: 'a.txt' });
    expect(lane('openhands', s)).toEqual([]);
  });

  it('compares the thought, so a reworded thought defeats it unless the toggle is off', () => {
    const s = new Script().times(4, (x, i) => x.call('a', {}, 'same', `try ${i}`));
    expect(lane('openhands', s)).toEqual([]);
    expect(where(lane('openhands', s, { thought: 0 }))).toEqual(['3:stop']);
  });
});

describe('OpenClaw', () => {
  it('warns from the 11th identical call (10 earlier in the window) and goes critical at the 21st', () => {
    const m = lane('openclaw', same(22));
    expect(m[0]).toMatchObject({ batchIndex: 10, level: 'warn' });
    expect(m[0]?.message).toContain('generic_repeat');
    expect(m.filter((x) => x.level === 'warn')).toHaveLength(10);
    expect(where(m).slice(10)).toEqual(['20:stop', '21:stop']);
  });

  it('never blocks identical calls whose outcomes keep changing, only warns', () => {
    const m = lane(
      'openclaw',
      same(25, 'exec', (i) => `tick ${i}`),
    );
    expect(m.every((x) => x.level === 'warn')).toBe(true);
    expect(m[0]?.batchIndex).toBe(10);
  });

  it('has a poll tier for command_status: warn at 10, critical at 20 unchanged outcomes', () => {
    const s = new Script().times(22, (x) => x.call('command_status', { id: 7 }, 'running'));
    const m = lane('openclaw', s);
    expect(m[0]).toMatchObject({ batchIndex: 10, level: 'warn' });
    expect(m[0]?.message).toContain('known_poll_no_progress');
    expect(m.find((x) => x.level === 'stop')?.batchIndex).toBe(20);
  });

  it('flags ping-pong: a warning at 10 alternating calls, critical at 20 with stable results', () => {
    const s = new Script().times(21, (x, i) => x.call(i % 2 ? 'b' : 'a', {}, i % 2 ? 'B' : 'A'));
    const m = lane('openclaw', s);
    expect(m[0]).toMatchObject({ batchIndex: 9, level: 'warn' });
    expect(m[0]?.message).toContain('ping_pong');
    expect(m.find((x) => x.level === 'stop')?.batchIndex).toBe(19);
  });

  it('starts each run (user turn) with an empty history', () => {
    const s = same(10).user().call('write_file', { path: 'a.txt' });
    expect(lane('openclaw', s)).toEqual([]);
  });
});

describe('Qwen Code', () => {
  it('always stops at the 5th consecutive identical call', () => {
    expect(where(lane('qwen-code', same(5)))).toEqual(['4:stop']);
  });

  it('leaves ABAB alternation to the opt-in heuristic tier', () => {
    const s = new Script().times(6, (x, i) => x.call(i % 2 ? 'b' : 'a'));
    expect(lane('qwen-code', s)).toEqual([]);
    expect(where(lane('qwen-code', s, { heuristics: 1 }))).toEqual(['5:stop']);
  });

  it('stops 8 git overview commands in a row', () => {
    const s = new Script().times(8, (x, i) =>
      x.call('run_shell_command', {
        command: i % 2 ? 'git diff --stat' : 'git status && git ls-files',
      }),
    );
    expect(where(lane('qwen-code', s))).toEqual(['7:stop']);
  });

  it('heuristic: the same call 6 times anywhere in the turn', () => {
    const s = new Script().times(16, (x, i) => x.call(['a', 'b', 'c'][i % 3] as string));
    expect(lane('qwen-code', s)).toEqual([]);
    expect(where(lane('qwen-code', s, { heuristics: 1 }))[0]).toBe('15:stop');
  });

  it('heuristic read loop waits for the first non-read tool (cold start)', () => {
    const reads = (x: Script, n: number) =>
      x.times(n, (y, i) =>
        y.call(i % 2 ? 'list_directory' : 'read_file', { path: `f${i}` }, `c${i}`),
      );
    expect(lane('qwen-code', reads(new Script(), 10), { heuristics: 1 })).toEqual([]);
    const warm = reads(new Script().call('write_file', { path: 'x' }), 8);
    expect(where(lane('qwen-code', warm, { heuristics: 1 }))).toEqual(['8:stop']);
  });

  it('stops a long turn that also repeats a call 6 times (per-turn cap)', () => {
    const s = new Script().times(11, (x, i) => x.call(i % 2 === 0 ? 'a' : `other${i}`));
    expect(where(lane('qwen-code', s, { turnCap: 10 }))).toEqual(['10:stop']);
  });

  it('resets on a user prompt', () => {
    const s = same(4)
      .user()
      .times(4, (x) => x.call('write_file', { path: 'a.txt' }));
    expect(lane('qwen-code', s)).toEqual([]);
  });
});

describe('reference, old session-wide tally', () => {
  it('refuses run-edit-run-edit-run on the third run and every request after it', () => {
    const s = new Script()
      .user()
      .times(3, (x, i) => {
        x.call('run', { cmd: 'make' }, `out ${i}`);
        if (i < 2) x.call('edit_file', { path: 'a.c', n: i }, 'edited');
      })
      .user('something else entirely')
      .call('read_file', { path: 'README' });
    const m = lane('session-tally', s);
    expect(where(m)).toEqual(['4:stop', '5:stop']);
    expect(m[0]?.message).toContain('3rd `run` batch anywhere in the session (limit 2)');
    expect(m[1]?.message).toContain('still refused');
  });

  it('is not reset by user turns', () => {
    const s = new Script().call('run').user().call('run').user().call('run');
    expect(where(lane('session-tally', s))).toEqual(['2:stop']);
  });

  it('holds read-only batches to max_observation_steps, or to the strike limit when unset', () => {
    const s = new Script().times(16, (x) => x.call('read_file', { path: 'a' }));
    expect(where(lane('session-tally', s))).toEqual(['15:stop']);
    expect(lane('session-tally', s, { maxObservation: 0 })[0]?.batchIndex).toBe(2);
  });
});

describe('outcome-aware peers on an ordinary session', () => {
  it('flag nothing', () => {
    for (const id of ['openhands', 'openclaw', 'qwen-code', 'session-tally']) {
      expect(lane(id, ordinarySession()), id).toEqual([]);
      expect(lane(id, ordinarySession(), id === 'qwen-code' ? { heuristics: 1 } : {}), id).toEqual(
        [],
      );
    }
  });
});
