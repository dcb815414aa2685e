// docs/scaling.md's GNU parallel recipe, run as written there with local jobs: its merged
// report must be the one a single run over the same files prints. Needs Debian's `parallel`
// (.ci/run installs it); skipped without it, except in CI.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliSuite } from './command';
import { CALM, MUTATING_LOOP } from './fixtures';

const ROOT = join(__dirname, '..', '..', '..');
const hasParallel = spawnSync('parallel', ['--version'], { encoding: 'utf8' }).stdout?.includes(
  'GNU parallel',
);
const suite = cliSuite('loopscope-parallel-');

/** The recipe's shell block: the fenced block that opens with "# scaling recipe". */
function recipe(): string {
  const doc = readFileSync(join(ROOT, 'docs', 'scaling.md'), 'utf8');
  const m = /```sh\n(# scaling recipe[^\n]*\n[\s\S]*?)```/.exec(doc);
  if (m?.[1] === undefined) throw new Error('docs/scaling.md has no "# scaling recipe" block');
  return m[1];
}

interface Doc {
  corpus: { report?: { timing: unknown } }[];
}

/** The document with every measured time set to 0, the only part two runs may differ in. */
function untimed(text: string): string {
  const doc = JSON.parse(text) as Doc;
  for (const e of doc.corpus) if (e.report) e.report.timing = { importMs: 0, replayMs: 0 };
  return JSON.stringify(doc, null, 2);
}

beforeAll(() => {
  const { dir, cli } = suite;
  mkdirSync(join(dir, 'bin'));
  writeFileSync(
    join(dir, 'bin', 'loopscope'),
    `#!/bin/sh\nexec "${process.execPath}" "${cli}" "$@"\n`,
  );
  chmodSync(join(dir, 'bin', 'loopscope'), 0o755);
  const fixture = (p: string) => readFileSync(join(ROOT, 'tests', 'fixtures', p));
  for (let i = 0; i < 9; i++) {
    const sub = join(dir, 'sessions', `day${i % 3}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `run${i}.json`), i % 2 === 0 ? MUTATING_LOOP : CALM);
  }
  writeFileSync(
    join(dir, 'sessions', 'day1', 'agent.jsonl'),
    fixture('claude-code/subagents-inline.jsonl'),
  );
});

describe.skipIf(!hasParallel && !process.env['CI'])('docs/scaling.md recipe', () => {
  it('merges jobs split by GNU parallel into the report of one run', () => {
    expect(hasParallel, 'GNU parallel is not installed').toBe(true);
    const env = {
      ...process.env,
      PATH: `${join(suite.dir, 'bin')}:${process.env['PATH'] ?? ''}`,
      SESSIONS: 'sessions',
      JOBS: '3',
    };
    const r = spawnSync('bash', ['-c', recipe()], { cwd: suite.dir, env, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const files = readFileSync(join(suite.dir, 'files.txt'), 'utf8').trim().split('\n');
    expect(files).toHaveLength(10);
    // Three jobs ran: three totals lines in the parts.
    const parts = readFileSync(join(suite.dir, 'parts.jsonl'), 'utf8');
    expect(parts.match(/^\{"totals":/gm)).toHaveLength(3);
    const one = spawnSync('loopscope', ['--json', ...files], {
      cwd: suite.dir,
      env,
      encoding: 'utf8',
    });
    expect(one.status).toBe(1);
    const merged = readFileSync(join(suite.dir, 'corpus.json'), 'utf8');
    expect(untimed(merged)).toBe(untimed(one.stdout));
    expect((JSON.parse(merged) as Doc).corpus).toHaveLength(12);
  });
});
