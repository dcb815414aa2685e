// The two warnings about observation_tools (docs/detector.md §10.2): an exempt tool that polls,
// and a known read-only tool no pattern covers.
import { describe, expect, it } from 'vitest';
import { sameButNumbers } from '../../../src/detector/answers';
import { DEFAULT_OBSERVATION_TOOLS } from '../../../src/detector/config';
import { missedReadOnly, patternWarnings, pollWarnings } from '../../../src/report/patternWarnings';
import { run, turn, user } from '../detector/helpers';
import { unpackReport, unpackTranscript } from '../../../src/report/lazyReport';
import { packReport, packTranscript } from '../../../src/report/packedReport';

const times = <T>(n: number, f: (i: number) => T[]): T[] =>
  Array.from({ length: n }, (_, i) => f(i)).flat();

/** A build-status poll whose answers carry a clock that moves each time. */
const clockPoll = (n: number) =>
  times(n, (i) =>
    turn(
      'get_build_status',
      { id: 7 },
      `{"status":"running","checked_at":"2026-12-03T22:${String(10 + i).padStart(2, '0')}:00Z"}`,
    ),
  );

const withGet = { observationTools: [...DEFAULT_OBSERVATION_TOOLS, 'get_'] };

describe('sameButNumbers', () => {
  it('is true when only runs of digits differ, in length too', () => {
    expect(sameButNumbers('at 09:59:58, 7 jobs', 'at 10:00:03, 12 jobs')).toBe(true);
  });
  it('is false when anything else differs', () => {
    expect(sameButNumbers('status: running 3', 'status: success 3')).toBe(false);
    expect(sameButNumbers('a1', 'a')).toBe(false);
    expect(sameButNumbers('1a', 'a')).toBe(false);
  });
});

describe('a pattern that exempts a poll', () => {
  it('flags a poll whose answers differ only in a timestamp, naming tool, pattern and run', () => {
    const r = run([user(), ...clockPoll(6)], withGet);
    expect(r.changedInNumbersOnly).toEqual([1, 2, 3, 4, 5]);
    const [w, ...rest] = pollWarnings(r);
    expect(rest).toEqual([]);
    expect(w).toMatchObject({
      tool: 'get_build_status',
      patterns: ['get_'],
      first: 0,
      last: 5,
      length: 6,
      numbersOnly: true,
      pastCeiling: false,
      threshold: 15,
    });
    expect(w!.message).toContain('get_build_status matches “get_” and so gets 15');
    expect(w!.message).toContain('differ only in numbers');
    expect(w!.message).toContain('batches 1–6');
  });

  it('does not flag a tool whose answers change in content', () => {
    const answers = ['queued', 'running', 'linking', 'testing', 'done', 'deployed'];
    const r = run(
      [user(), ...times(6, (i) => turn('get_build_status', { id: 7 }, answers[i]))],
      withGet,
    );
    expect(r.changedInNumbersOnly).toBeUndefined();
    expect(pollWarnings(r)).toEqual([]);
  });

  it('does not flag one content change among clock changes', () => {
    const msgs = clockPoll(5);
    msgs.push(...turn('get_build_status', { id: 7 }, '{"status":"failed"}'));
    expect(pollWarnings(run([user(), ...msgs], withGet))).toEqual([]);
  });

  it('does not flag the poll when no pattern exempts it (it gets the strict limit)', () => {
    expect(pollWarnings(run([user(), ...clockPoll(6)]))).toEqual([]);
  });

  it('flags a run past the ceiling of an exempt tool, whatever its answers', () => {
    const r = run(
      [user(), ...times(20, (i) => turn('read_file', { path: 'a' }, `line ${'x'.repeat(i)}`))],
      { maxObservationSteps: 5 },
    );
    const [w] = pollWarnings(r);
    expect(w).toMatchObject({
      tool: 'read_file',
      patterns: ['read_file'],
      length: 20,
      numbersOnly: false,
      pastCeiling: true,
      ceiling: 5,
    });
    expect(w!.message).toContain('past the ceiling of 5');
  });

  it('keeps the longest run and counts the runs', () => {
    const r = run([user(), ...clockPoll(3), user(), ...clockPoll(5)], withGet);
    const [w] = pollWarnings(r);
    expect(w).toMatchObject({ first: 3, last: 7, length: 5, runs: 2 });
  });
});

describe('known read-only tools no pattern covers', () => {
  it('flags Claude Code’s Read and Grep with the pattern that covers them', () => {
    const m = missedReadOnly(['Read', 'Grep', 'Bash', 'read_file'], DEFAULT_OBSERVATION_TOOLS, 15);
    expect(m.map((x) => [x.tool, x.pattern, x.blockedBy])).toEqual([
      ['Read', 'read', null],
      ['Grep', 'grep', null],
    ]);
    expect(m[0]!.agents).toEqual(['Claude Code']);
    expect(m[0]!.message).toContain('Pattern “read” would');
  });

  it('offers no pattern for LS: "ls" would also catch KillShell, which acts', () => {
    const [m] = missedReadOnly(['LS'], DEFAULT_OBSERVATION_TOOLS, 15);
    expect(m).toMatchObject({ tool: 'LS', pattern: 'ls', blockedBy: 'KillShell' });
  });

  it('refuses a pattern that would catch an acting tool of the transcript', () => {
    const [m] = missedReadOnly(['glob', 'globals_reset'], DEFAULT_OBSERVATION_TOOLS, 15);
    expect(m).toMatchObject({ tool: 'glob', blockedBy: 'globals_reset' });
  });

  it('flags nothing when a pattern covers each, or with no read-only tier', () => {
    expect(
      missedReadOnly(['Read', 'Grep'], [...DEFAULT_OBSERVATION_TOOLS, 'read', 'grep'], 15),
    ).toEqual([]);
    expect(missedReadOnly(['Read'], DEFAULT_OBSERVATION_TOOLS, null)).toEqual([]);
    expect(
      missedReadOnly(['read_file', 'list_files', 'Bash'], DEFAULT_OBSERVATION_TOOLS, 15),
    ).toEqual([]);
  });

  it('reads the tool names off the report', () => {
    const r = run([user(), ...turn('WebFetch', { url: 'u' }, 'page'), ...turn('Edit', {}, 'ok')]);
    const w = patternWarnings(r);
    expect(w.missed.map((m) => m.tool)).toEqual(['WebFetch']);
    expect(w.polls).toEqual([]);
  });
});

describe('a report rebuilt from packed data', () => {
  it('gives the same warnings through its columns as the report it was packed from', async () => {
    const now = () => Promise.resolve();
    const r = run(
      [user(), ...clockPoll(6), ...turn('WebFetch', { url: 'u' }, 'page'), ...clockPoll(3)],
      withGet,
    );
    const rebuilt = await unpackReport(
      packReport(r),
      await unpackTranscript(packTranscript(r), now),
      now,
    );
    const w = patternWarnings(r);
    expect(w.polls.length).toBeGreaterThan(0);
    expect(w.missed.length).toBeGreaterThan(0);
    expect(patternWarnings(rebuilt)).toEqual(w);
  });
});

describe('GitHub Copilot CLI', () => {
  it('flags view with the pattern "view"', () => {
    const m = missedReadOnly(['view', 'bash'], DEFAULT_OBSERVATION_TOOLS, 15);
    expect(m).toMatchObject([{ tool: 'view', pattern: 'view', agents: ['GitHub Copilot CLI'] }]);
  });
});
