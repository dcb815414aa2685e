// npm run bench:browser [-- --size 100] [--batches natural,100k] [--runs 1] [--dist DIR]
//                        [--port 4210] [--cdp-port PORT+1000] [--no-worker-heap]
//                        [--only load,first-refusal,watch] [--e2e-dist DIR]
//                        [--watch-seconds 30] [--watch-every 100] [--watch-history 4]
//                        [--no-thread-times]
//
// Opens the built app in Chromium (Playwright, /usr/bin/chromium or $CHROMIUM_PATH) on a
// `vite preview` it starts itself. Three parts, all by default (--only picks some):
// load: for each transcript (a fresh browser each), loads it through the file input and
// measures:
//   (a) file chosen → data-analysis-state=ready, as a ratio to JSON.parse of the same text in
//       the same page (target ≤ 3.0), and beside it the floor: in another fresh browser, a
//       worker that only reads the file and JSON.parses it, as a ratio to that page's JSON.parse
//       (target: ready within 1.5 × the floor); and file chosen → its first refusal on screen;
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
// first-refusal: the realistic transcript as it is (a JSON document) and as a Claude Code
//   session (JSON Lines, read in pieces with previews), a fresh browser each: file chosen →
//   the first refusal on screen (the header's "First refusal" entry, a frame after it
//   showed; target < 0.5 s) and → ready.
// watch: on the e2e build (its own temporary directory, served on PORT+1: it has the test
//   hook that stands in for the file picker), a Claude Code session of a few MB watched while
//   it grows by one batch every 100 ms for 30 s: appended → the batch it settles drawn
//   (target median < 100 ms), split at the watcher's look at the file, and the longest
//   main-thread task meanwhile (target < 50 ms).
// In every part a trace of the page's main thread gives each long task the CPU time it held
// (in the load part, through the import and the config change; --no-thread-times skips it):
// on a shared machine most of a long task's wall time can be a wait for a core.
// --runs N measures each N times (a fresh browser each), one column per run: on a small
// shared machine the long-task rows move by tens of ms between runs.
// --batches: "natural" = the realistic generator (~19k batches at 100 MB), N or Nk = the same
// generator with texts scaled to give exactly N batches. Default: both, natural and 100k.
// Without --dist (--e2e-dist) it builds the app into a temporary directory (never dist/) and
// removes it. It prints figures, never fails on them: this is a measurement, not a test.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTs } from './lib/run-ts.mjs';
import { measureFile, measureFirstRefusal, measureFloor } from './bench-browser/measure.mjs';
import { printParts, printReport } from './bench-browser/report.mjs';
import { buildApp, serve } from './bench-browser/serve.mjs';
import { measureWatch, splitSession } from './bench-browser/watch.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
function positive(name, fallback) {
  const v = Number(option(name, fallback));
  if (!(v > 0)) throw new Error(`--${name} must be a positive number`);
  return v;
}
const sizeMb = positive('size', '100');
const runs = Number(option('runs', '1'));
if (!(Number.isInteger(runs) && runs >= 1)) throw new Error('--runs must be a whole number ≥ 1');
const port = Number(option('port', '4210'));
const cdpPort = process.argv.includes('--no-worker-heap')
  ? null
  : Number(option('cdp-port', String(port + 1000)));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PARTS = ['load', 'first-refusal', 'watch'];
const only = new Set(option('only', PARTS.join(',')).split(','));
for (const p of only) if (!PARTS.includes(p)) throw new Error(`--only: "${p}" is none of ${PARTS}`);
const watchSeconds = positive('watch-seconds', '30');
const watchEveryMs = positive('watch-every', '100');
const watchHistoryMb = positive('watch-history', '4');
const threadTimes = !process.argv.includes('--no-thread-times');
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

/** The chat transcript of `mb` MB (and `batches`), generated once into the temp dir. */
async function chatTranscript(mb, batches) {
  const name = `loopscope-bench-${mb}mb${batches === undefined ? '' : `-${batches}b`}.json`;
  const file = join(tmpdir(), name);
  if (!existsSync(file)) {
    process.stdout.write(`generating ${file}…\n`);
    const args = [file, String(mb), ...(batches === undefined ? [] : [String(batches)])];
    const status = await runTs('scripts/bench-browser/generate.ts', args);
    if (status !== 0) process.exit(status);
  }
  return file;
}

/** The same conversation as a Claude Code session, written once beside it. */
async function claudeTranscript(chat) {
  const file = chat.replace(/\.json$/, '-claude.jsonl');
  if (!existsSync(file)) {
    process.stdout.write(`writing ${file}…\n`);
    const status = await runTs('scripts/bench-browser/claude.ts', [chat, file]);
    if (status !== 0) process.exit(status);
  }
  return file;
}

const flags = [
  // As playwright.config.ts launches it, plus what measuring needs.
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
const load = () => loadavg().map((x) => x.toFixed(2));
const cleanup = [];
const loadResults = [];
const parts = { firstRefusal: [], watch: [] };
try {
  // 0. The builds: the production one for load and first-refusal, the e2e one for watch.
  let app = null;
  if (only.has('load') || only.has('first-refusal')) {
    const build = buildApp('production', option('dist', null));
    cleanup.push(build.remove);
    app = await serve(build.dir, port);
    cleanup.unshift(app.stop);
  }

  if (only.has('load')) {
    // 1. The transcripts (cached per size and batch count: the generator is deterministic).
    const files = [];
    for (const batches of batchList) {
      const file = await chatTranscript(sizeMb, batches);
      const label =
        batches === undefined
          ? `${sizeMb} MB realistic`
          : `${sizeMb} MB × ${batches / 1000}k batches`;
      const bytes = statSync(file).size;
      const toolCalls = (readFileSync(file, 'latin1').match(/"tool_calls"/g) ?? []).length;
      files.push({ file, label, bytes, toolCalls });
    }
    for (const f of files) {
      for (let run = 1; run <= runs; run++) {
        const label = runs === 1 ? f.label : `${f.label}, run ${run}/${runs}`;
        process.stdout.write(`measuring ${label} (${f.file})…\n`);
        const loadBefore = load();
        const base = app.base;
        loadResults.push({
          ...f,
          label,
          loadBefore,
          ...(await measureFile(f.file, { executablePath, flags, base, cdpPort, threadTimes })),
          ...(await measureFloor(f.file, { executablePath, flags, base })),
        });
      }
    }
  }

  if (only.has('first-refusal')) {
    const chat = await chatTranscript(sizeMb);
    const forms = [
      { label: `${sizeMb} MB realistic, chat JSON`, file: chat },
      { label: `${sizeMb} MB realistic, Claude Code JSONL`, file: await claudeTranscript(chat) },
    ];
    for (const f of forms) {
      for (let run = 1; run <= runs; run++) {
        const label = runs === 1 ? f.label : `${f.label}, run ${run}/${runs}`;
        process.stdout.write(`first refusal: ${label} (${f.file})…\n`);
        const loadBefore = load();
        const o = { executablePath, flags, base: app.base, threadTimes };
        const r = await measureFirstRefusal(f.file, o);
        parts.firstRefusal.push({ label, bytes: statSync(f.file).size, loadBefore, ...r });
      }
    }
  }

  if (only.has('watch')) {
    const e2e = buildApp('e2e', option('e2e-dist', null));
    cleanup.push(e2e.remove);
    const server = await serve(e2e.dir, port + 1);
    cleanup.unshift(server.stop);
    const count = Math.ceil((watchSeconds * 1000) / watchEveryMs);
    // History plus what is appended, at ~6 KB a batch in this form, with room to spare.
    const chatMb = Math.ceil(watchHistoryMb + (count * 8) / 1024 + 1);
    const session = await claudeTranscript(await chatTranscript(chatMb));
    const split = splitSession(session, watchHistoryMb * 1_048_576, count);
    for (let run = 1; run <= runs; run++) {
      const label = runs === 1 ? 'watch' : `watch, run ${run}/${runs}`;
      process.stdout.write(`${label}: ${session}…\n`);
      const loadBefore = load();
      const opts = { executablePath, flags, base: server.base, everyMs: watchEveryMs, threadTimes };
      const r = await measureWatch(split, { ...opts, name: 'session.jsonl' });
      parts.watch.push({ label, everyMs: watchEveryMs, loadBefore, loadAfter: load(), ...r });
    }
  }
} finally {
  for (const f of cleanup) f();
}
if (loadResults.length > 0) {
  printReport(loadResults, { executablePath, workerHeap: cdpPort !== null });
}
printParts(parts);
