// `loopscope --sweep`: the thresholds chosen across marked transcripts, in-process on a fake
// filesystem: the grid, the best cell, the conflicts, the exit statuses, and --json read back
// by --config.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/cli/args';
import type { Report } from '../../../src/detector/index';
import { body, CALM, MUTATING_LOOP, turn } from './fixtures';
import { runInMemory } from './memoryIo';

const user = { role: 'user', content: 'go' };
const times = (n: number, make: () => ReturnType<typeof turn>) =>
  Array.from({ length: n }, make).flat();

/** Two identical test runs in a row: strikes below 2 stop it. */
const TWO_RUNS = body(
  user,
  times(2, () => turn('run_tests', { suite: 'all' }, 'FAILED 1')),
);
/** Five identical reads: read-only, so the observation limit must be 5 or more. */
const FIVE_READS = body(
  user,
  times(5, () => turn('read_file', { path: 'a.rs' }, 'fn main() {}')),
);
/** Twelve identical reads: a poll that never ends. */
const READ_POLL = body(
  user,
  times(12, () => turn('read_file', { path: 'build.log' }, 'building…')),
);

const FILES: Record<string, string> = {
  'honest/calm.json': CALM,
  'honest/runs.json': TWO_RUNS,
  'honest/reads.json': FIVE_READS,
  'honest/notes.txt': 'not a transcript, and not named as one',
  'honest/package.json': '{ "name": "not-a-transcript", "version": "1.0.0" }',
  'loops/write.json': MUTATING_LOOP,
  'loops/poll.json': READ_POLL,
};

async function cli(argv: string[], extra: Record<string, string> = {}) {
  const r = await runInMemory(argv, { ...FILES, ...extra });
  return { status: r.status, out: r.stdout, errs: r.stderr };
}

const HONEST = ['--honest', 'honest/calm.json', 'honest/runs.json', 'honest/reads.json'];

describe('loopscope --sweep', () => {
  it('names the best cell: the strikes the writes allow, the observation the reads allow', async () => {
    const r = await cli(['--sweep', ...HONEST, '--loop', 'loops/write.json', 'loops/poll.json']);
    expect(r.errs).toBe('');
    expect(r.status).toBe(0);
    expect(r.out).toContain(
      'best: strikes 2, observation 5: stops all 2 loops (7 batches before their first refusals in all), and no honest transcript\n',
    );
    expect(r.out).toContain("applies: gglib's proxy cannot be given max_observation_steps");
    // Rows strikes 0–10, columns observation 1–30 and unset; one best cell.
    const grid = r.out.split('\n').slice(1, 13);
    expect(grid[0]?.trim().split(/\s+/)).toEqual([
      'obs',
      ...Array.from({ length: 30 }, (_, i) => String(i + 1)),
      '-',
    ]);
    expect(grid.slice(1).map((row) => row.trim().split(/\s+/)[0])).toEqual(
      Array.from({ length: 11 }, (_, i) => String(i)),
    );
    const marks = grid.slice(1).map((row) => row.trim().split(/\s+/).slice(1));
    expect(marks.flat().filter((m) => m === '*')).toHaveLength(1);
    expect(marks[2]?.[4]).toBe('*');
    // Strikes 1 stops the two test runs; strikes 3 lets the three writes through.
    expect(marks[1]?.[4]).toBe('H');
    expect(marks[3]?.[4]).toBe('L');
    // Observation 12 and up lets the twelve reads through; 4 stops the five.
    expect(marks[2]?.[11]).toBe('L');
    expect(marks[2]?.[3]).toBe('H');
    expect(marks[2]?.[5]).toBe('+');
  });

  it('takes every transcript of a folder, skipping files that are none', async () => {
    const r = await cli(['--sweep', '--honest', 'honest', '--loop', 'loops']);
    expect(r.status).toBe(0);
    expect(r.out).toContain('over 3 honest transcripts, 2 loops');
    expect(r.out).toContain('best: strikes 2, observation 5');
  });

  it('counts a loop stopped after its Nth repeat as late, and names the conflict', async () => {
    const r = await cli(['--sweep', ...HONEST, '--loop', 'loops/write.json', 'loops/poll.json@4']);
    expect(r.status).toBe(1);
    expect(r.out).toContain('no cell stops every loop and no honest transcript:\n');
    expect(r.out).toContain(
      '- every cell that stops loop "loops/poll.json" by its 4th repeat also stops honest "honest/reads.json"\n',
    );
    // Observation 5 stops the poll at its 6th read: after its 4th, so late.
    const row2 = r.out.split('\n')[4]?.trim().split(/\s+/);
    expect(row2?.[0]).toBe('2');
    expect(row2?.[5]).toBe('l');
  });

  it('takes a loop stopped exactly by its Nth repeat', async () => {
    const r = await cli(['--sweep', ...HONEST, '--loop', 'loops/write.json', 'loops/poll.json@6']);
    expect(r.status).toBe(0);
    expect(r.out).toContain('best: strikes 2, observation 5');
  });

  it('prints the best cell as a config that --config replays', async () => {
    const r = await cli([
      '--sweep',
      '--json',
      ...HONEST,
      '--loop',
      'loops/write.json',
      'loops/poll.json',
    ]);
    expect(r.status).toBe(0);
    const config = JSON.parse(r.out) as Record<string, unknown>;
    expect(config).toMatchObject({
      mode: 'proxy',
      maxRepeatedBatchSteps: 2,
      maxObservationSteps: 5,
    });
    const back = await cli(['--json', '--config', 'best.json', 'loops/poll.json'], {
      'best.json': r.out,
    });
    expect(back.errs).toBe('');
    const report = JSON.parse(back.out) as Report;
    expect(report.config).toMatchObject({ maxRepeatedBatchSteps: 2, maxObservationSteps: 5 });
    expect(report.firstRefusal?.batchIndex).toBe(5);
  });

  it('prints no config with --json when no cell meets every mark, and says why on stderr', async () => {
    const r = await cli([
      '--sweep',
      '--json',
      '--honest',
      'honest/runs.json',
      '--loop',
      'loops/write.json@1',
    ]);
    expect(r.status).toBe(1);
    expect(r.out).toBe('');
    expect(r.errs).toBe(
      'loopscope: no best cell: every cell that stops loop "loops/write.json" by its 1st repeat also stops honest "honest/runs.json"\n',
    );
  });

  it('sweeps in the mode and with the patterns given', async () => {
    // With no read-only patterns the reads are held to the strikes: nothing lets 5 reads and
    // stops 3 writes.
    const r = await cli(['--sweep', '--patterns', '', ...HONEST, '--loop', 'loops/write.json']);
    expect(r.status).toBe(1);
    expect(r.out).toContain('0 observation patterns');
  });

  it('exits 2 on usage errors and unreadable transcripts', async () => {
    for (const argv of [
      ['--sweep', 'honest/calm.json'],
      ['--sweep'],
      ['--honest', 'honest/calm.json'],
      ['--sweep', '--loop', 'loops/poll.json@0'],
      ['--sweep', '--watch', '--loop', 'loops/poll.json'],
      ['--sweep', '--honest', '-'],
    ]) {
      const r = await cli(argv);
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.errs, argv.join(' ')).toMatch(/^loopscope: .*\n$/);
    }
    const missing = await cli(['--sweep', '--honest', 'nope.json', '--loop', 'loops/poll.json']);
    expect(missing.status).toBe(2);
    expect(missing.errs).toContain('nope.json');
  });

  it('parses the marks, a loop with @N and one without', () => {
    const p = parseArgs(['--sweep', '--honest', 'a.json', 'b', '--loop', 'c.json@3', 'd.json'], []);
    expect(p.ok && p.value.marked).toEqual([
      { path: 'a.json', mark: 'honest', by: null },
      { path: 'b', mark: 'honest', by: null },
      { path: 'c.json', mark: 'loop', by: 3 },
      { path: 'd.json', mark: 'loop', by: null },
    ]);
  });
});
