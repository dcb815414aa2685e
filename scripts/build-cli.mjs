// npm run build:cli: bundles src/cli/loopscope.ts into one executable ES module,
// dist/cli/loopscope.mjs, which package.json maps to the `loopscope` bin, and beside it the
// corpus pool's thread, dist/cli/loopscope-thread.mjs (only what replaying a file needs).
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_BANNER, CLI_BUILD } from './lib/cliBuild.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');
const common = { ...CLI_BUILD, logLevel: 'warning' };

await build({
  ...common,
  entryPoints: [join(root, 'src', 'cli', 'loopscope.ts')],
  outfile: join(outdir, 'loopscope.mjs'),
  banner: { js: CLI_BANNER },
});
await build({
  ...common,
  entryPoints: [join(root, 'src', 'cli', 'poolThread.ts')],
  outfile: join(outdir, 'loopscope-thread.mjs'),
});
chmodSync(join(outdir, 'loopscope.mjs'), 0o755);
process.stdout.write(`built ${join(outdir, 'loopscope.mjs')}\n`);
