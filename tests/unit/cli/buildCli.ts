import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * Bundles the command into `dir` and returns the script's path: a suite's own copy, so it never
 * races another suite's build of dist/.
 */
export async function buildCli(dir: string): Promise<string> {
  const cli = join(dir, 'loopscope.mjs');
  await build({
    entryPoints: [join(ROOT, 'src', 'cli', 'loopscope.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
  return cli;
}
