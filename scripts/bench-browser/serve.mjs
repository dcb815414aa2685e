// The app for the browser bench: built into a temporary directory (never dist/) and served
// with `vite preview` on a port of the bench's own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `dir` if given (a build someone made), else a fresh build in `mode` ('production', or 'e2e'
 * for the test hooks) in a temporary directory. Returns { dir, remove }.
 */
export function buildApp(mode, dir) {
  if (dir !== null) {
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`no build in ${dir}`);
    return { dir, remove: () => undefined };
  }
  const out = mkdtempSync(join(tmpdir(), `loopscope-bench-${mode}-`));
  process.stdout.write(`building the app (${mode}) into ${out}…\n`);
  const args = ['vite', 'build', '--mode', mode, '--outDir', out, '--logLevel', 'warn'];
  const built = spawnSync('npx', args, { stdio: 'inherit' });
  if (built.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    process.exit(built.status ?? 1);
  }
  return { dir: out, remove: () => rmSync(out, { recursive: true, force: true }) };
}

/** Serves `dir` on `port`; resolves to { base, stop } once it answers. */
export async function serve(dir, port) {
  const args = ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'];
  const server = spawn('npx', [...args, '--outDir', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  const base = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(base)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error(`vite preview did not start on ${base}`);
}
