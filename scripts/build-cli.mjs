// npm run build:cli: bundles src/cli/loopscope.ts into one executable ES module,
// dist/cli/loopscope.mjs, which package.json maps to the `loopscope` bin.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(root, 'dist', 'cli', 'loopscope.mjs');

await build({
  entryPoints: [join(root, 'src', 'cli', 'loopscope.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync(outfile, 0o755);
process.stdout.write(`built ${outfile}\n`);
