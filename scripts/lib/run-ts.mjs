// Bundles one TypeScript entry with esbuild into a temporary .mjs and runs it with node, so
// scripts written in TS (sample generator, benchmark) need no extra runner dependency.
// Usage: node scripts/lib/run-ts.mjs <entry.ts> [--node-flag=...] [-- args for the script]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLI_BUILD } from './cliBuild.mjs';

/**
 * Bundles `entry` and runs it; returns the child's exit status.
 * @param {string} entry path of the TS entry
 * @param {string[]} args arguments for the script
 * @param {string[]} nodeFlags flags for node itself (e.g. --expose-gc)
 */
export async function runTs(entry, args = [], nodeFlags = []) {
  const dir = mkdtempSync(join(tmpdir(), 'loopscope-run-'));
  const outfile = join(dir, 'entry.mjs');
  try {
    await build({
      entryPoints: [resolve(entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      logLevel: 'warning',
      banner: CLI_BUILD.banner,
    });
    const child = spawnSync(
      process.execPath,
      [...nodeFlags, '--enable-source-maps', outfile, ...args],
      {
        stdio: 'inherit',
      },
    );
    return child.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [entry, ...rest] = process.argv.slice(2);
  if (!entry) {
    process.stderr.write('usage: node scripts/lib/run-ts.mjs <entry.ts> [args]\n');
    process.exit(2);
  }
  process.exit(await runTs(entry, rest));
}
