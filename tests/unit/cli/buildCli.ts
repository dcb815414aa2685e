import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * Bundles the command into `dir`, with the corpus pool's thread beside it as
 * scripts/build-cli.mjs lays them out, and returns the command's path: a suite's own copy, so
 * it never races another suite's build of dist/.
 */
export async function buildCli(dir: string): Promise<string> {
  const cli = join(dir, 'loopscope.mjs');
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  } as const;
  await build({ ...common, entryPoints: [join(ROOT, 'src', 'cli', 'loopscope.ts')], outfile: cli });
  await build({
    ...common,
    entryPoints: [join(ROOT, 'src', 'cli', 'poolThread.ts')],
    outfile: join(dir, 'loopscope-thread.mjs'),
  });
  return cli;
}
