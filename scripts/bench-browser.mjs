// npm run bench:browser [-- --size 100] [--batches natural,100k] [--runs 1] [--dist DIR]
//                        [--port 4210] [--cdp-port PORT+1000] [--no-worker-heap]
//
// Opens the built app in Chromium (Playwright, /usr/bin/chromium or $CHROMIUM_PATH) on a
// `vite preview` it starts itself and, for each transcript (a fresh browser each), loads it
// through the file input and measures:
//   (a) file chosen → data-analysis-state=ready, as a ratio to JSON.parse of the same text in
//       the same page (target ≤ 3.0), and beside it the floor: in another fresh browser, a
//       worker that only reads the file and JSON.parses it, as a ratio to that page's JSON.parse;
//   (b) the longest main-thread task (PerformanceObserver 'longtask') during the import and
//       during a config change (target < 50 ms);
//   (c) frame work while zooming and panning across all batches (keys, wheel, drag): per frame,
//       rAF callback start → a message posted from it (after the frame's rAF callbacks, style,
//       layout, paint); target median < 16 ms over the frames that follow input (each gesture
//       waits for the frame after it, so frames do not absorb queued input), once while the
//       detector lanes' first run may still hold the worker and once after they are in. Input handling,
//       Long Animation Frames (> 50 ms) and rAF deltas are printed beside it;
//   (d) the peak JS heap of the analysis workers during the import (CDP Runtime.getHeapUsage
//       every 50 ms on every worker session; target < ~3× the file), the main thread's heap
//       growth and the renderer's peak RSS growth.
// --runs N measures each transcript N times (a fresh browser each), one column per run: on a
// small shared machine the long-task rows move by tens of ms between runs.
// --batches: "natural" = the realistic generator (~19k batches at 100 MB), N or Nk = the same
// generator with texts scaled to give exactly N batches. Default: both, natural and 100k.
// Without --dist it builds the app into a temporary directory (never dist/) and removes it.
// It prints figures, never fails on them: this is a measurement, not a test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTs } from './lib/run-ts.mjs';
import { measureFile, measureFloor } from './bench-browser/measure.mjs';
import { printReport } from './bench-browser/report.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const sizeMb = Number(option('size', '100'));
const runs = Number(option('runs', '1'));
if (!(Number.isInteger(runs) && runs >= 1)) throw new Error('--runs must be a whole number ≥ 1');
const port = Number(option('port', '4210'));
const cdpPort = process.argv.includes('--no-worker-heap')
  ? null
  : Number(option('cdp-port', String(port + 1000)));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!(sizeMb > 0)) throw new Error('--size must be a positive number of MB');
/** "natural" → undefined (the realistic generator), "100k" → 100000. */
const batchList = option('batches', 'natural,100k')
  .split(',')
  .map((b) => b.trim().toLowerCase())
  .map((b) => {
    if (b === 'natural') return undefined;
    const n = Number(b.replace(/k$/, '')) * (b.endsWith('k') ? 1000 : 1);
    if (!(Number.isInteger(n) && n > 0)) throw new Error(`--batches: "${b}" is not a batch count`);
    return n;
  });

// 0. The build: the given one, or a fresh one in a temporary directory.
let dist = option('dist', null);
let tempDist = null;
if (dist === null) {
  tempDist = mkdtempSync(join(tmpdir(), 'loopscope-bench-dist-'));
  dist = tempDist;
  process.stdout.write(`building the app into ${dist}…\n`);
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build in ${dist}`);

// 1. The transcripts (cached per size and batch count: the generator is deterministic).
const files = [];
for (const batches of batchList) {
  const name = `loopscope-bench-${sizeMb}mb${batches === undefined ? '' : `-${batches}b`}.json`;
  const file = join(tmpdir(), name);
  if (!existsSync(file)) {
    process.stdout.write(`generating ${file}…\n`);
    const args = [file, String(sizeMb), ...(batches === undefined ? [] : [String(batches)])];
    const status = await runTs('scripts/bench-browser/generate.ts', args);
    if (status !== 0) process.exit(status);
  }
  const label =
    batches === undefined ? `${sizeMb} MB realistic` : `${sizeMb} MB × ${batches / 1000}k batches`;
  const bytes = statSync(file).size;
  const toolCalls = (readFileSync(file, 'latin1').match(/"tool_calls"/g) ?? []).length;
  files.push({ file, label, bytes, toolCalls });
}

// 2. The server.
const server = spawn(
  'npx',
  [
    'vite',
    'preview',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--strictPort',
    '--outDir',
    dist,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
);
const base = `http://127.0.0.1:${port}/`;
async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(base)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`vite preview did not start on ${base}`);
}

// 3. Chromium, as playwright.config.ts launches it, plus what measuring needs.
const flags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];

const results = [];
try {
  await waitForServer();
  for (const f of files) {
    for (let run = 1; run <= runs; run++) {
      const label = runs === 1 ? f.label : `${f.label}, run ${run}/${runs}`;
      process.stdout.write(`measuring ${label} (${f.file})…\n`);
      results.push({
        ...f,
        label,
        ...(await measureFile(f.file, { executablePath, flags, base, cdpPort })),
        ...(await measureFloor(f.file, { executablePath, flags, base })),
      });
    }
  }
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  if (tempDist !== null) rmSync(tempDist, { recursive: true, force: true });
}
printReport(results, { executablePath, workerHeap: cdpPort !== null });
