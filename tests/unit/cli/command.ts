// The command as the CLI suites run it: bundled into a suite's own temp folder (never racing
// another suite's build of dist/), then spawned there as a user or a CI job would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import { CLI_BUILD } from '../../../scripts/lib/cliBuild.mjs';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * Bundles the command into `dir`, with the corpus pool's thread beside it as
 * scripts/build-cli.mjs lays them out, and returns the command's path.
 */
export async function buildCli(dir: string): Promise<string> {
  const cli = join(dir, 'loopscope.mjs');
  const common = { ...CLI_BUILD, logLevel: 'silent' } as const;
  await build({ ...common, entryPoints: [join(ROOT, 'src', 'cli', 'loopscope.ts')], outfile: cli });
  await build({
    ...common,
    entryPoints: [join(ROOT, 'src', 'cli', 'poolThread.ts')],
    outfile: join(dir, 'loopscope-thread.mjs'),
  });
  return cli;
}

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the script `cli` in `cwd` with `args` (and `input` on stdin) and waits for it. `env`
 * is laid over this process's; by default it turns colour off.
 */
export function runCli(
  cli: string,
  cwd: string,
  args: readonly string[],
  input?: string,
  env: NodeJS.ProcessEnv = { NO_COLOR: '1' },
): CliResult {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A suite's temp folder and its own build of the command: `dir` and `cli` once it has begun. */
export interface CliSuite {
  readonly dir: string;
  readonly cli: string;
  /** Runs the command in `dir`, colour off. */
  run(args: readonly string[], input?: string): CliResult;
}

/**
 * Makes the folder and builds the command before the suite's own `beforeAll` hooks (call it
 * first), and removes the folder after the suite.
 */
export function cliSuite(prefix: string): CliSuite {
  let dir = '';
  let cli = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    cli = await buildCli(dir);
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get cli() {
      return cli;
    },
    run: (args, input) => runCli(cli, dir, args, input),
  };
}
