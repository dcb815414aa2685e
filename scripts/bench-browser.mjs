// npm run bench:browser [-- --size 100] [--dist dist/app] [--port 4210]
//
// Opens the built app in Chromium (Playwright, /usr/bin/chromium or $CHROMIUM_PATH) on a
// `vite preview` it starts itself, loads a generated chat-completions transcript of --size MB
// through the file input and measures, in one run:
//   (a) file chosen → data-analysis-state=ready, as a ratio to JSON.parse of the same text in
//       the same page (target ≤ 3.0);
//   (b) the longest main-thread task (PerformanceObserver 'longtask') during the import and
//       during a config change (target < 50 ms);
//   (c) rAF frame deltas while zooming and panning the timeline with keys and the wheel
//       (target: median < 16 ms; a delta near 16.7 ms means the frame met vsync at 60 Hz);
// plus the main thread's heap growth and the renderer's peak RSS growth over the import.
// It prints figures, never fails on them: this is a measurement, not a test.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTs } from './lib/run-ts.mjs';
import * as probe from './bench-browser/page.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const sizeMb = Number(option('size', '100'));
const dist = option('dist', 'dist/app');
const port = Number(option('port', '4210'));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!(sizeMb > 0)) throw new Error('--size must be a positive number of MB');
if (!existsSync(join(dist, 'index.html')))
  throw new Error(`no build in ${dist}: run npm run build`);

// 1. The transcript (cached per size: the generator is deterministic).
const file = join(tmpdir(), `loopscope-bench-${sizeMb}mb.json`);
if (!existsSync(file)) {
  process.stdout.write(`generating ${sizeMb} MB transcript…\n`);
  const status = await runTs('scripts/bench-browser/generate.ts', [file, String(sizeMb)]);
  if (status !== 0) process.exit(status);
}
const bytes = statSync(file).size;
const batchesHint = (readFileSync(file, 'latin1').match(/"tool_calls"/g) ?? []).length;

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

/** Renderer processes under the browser, with their resident and peak memory (kB). */
function renderers(browserPid) {
  const out = [];
  const walk = (pid) => {
    let children;
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      return;
    }
    for (const c of children.filter(Boolean)) {
      try {
        const cmd = readFileSync(`/proc/${c}/cmdline`, 'utf8');
        if (cmd.includes('--type=renderer')) out.push(Number(c));
      } catch {
        // gone
      }
      walk(c);
    }
  };
  walk(browserPid);
  return out;
}
function memOf(pid) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number((s.match(new RegExp(`${k}:\\s+(\\d+)`)) ?? [0, 0])[1]);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)];
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
};
const longestIn = (tasks, from, to) =>
  tasks.filter(([t]) => t >= from && t <= to).reduce((m, [, d]) => Math.max(m, d), 0);

const rows = [];
const row = (what, value, target, ok) =>
  rows.push({
    what,
    value,
    target: target ?? '',
    verdict: ok === undefined ? '' : ok ? 'ok' : 'MISSED',
  });

let browserServer;
try {
  await waitForServer();
  browserServer = await chromium.launchServer({ executablePath, args: flags });
  const browserPid = browserServer.process().pid;
  const browser = await chromium.connect(browserServer.wsEndpoint());
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => process.stderr.write(`page error: ${e.message}\n`));
  await page.addInitScript(probe.installProbes);
  await page.goto(base);
  const root = page.locator('[data-analysis-state]');
  await root.and(page.locator('[data-analysis-state="ready"]')).waitFor({ timeout: 60_000 });

  const heapBefore = await page.evaluate(probe.mainHeap);
  const rendererPids = renderers(browserPid);
  const before = new Map(rendererPids.map((p) => [p, memOf(p)]));
  const peaksReset = rendererPids.map(resetPeak).every(Boolean);

  // (a) + (b, import)
  await page.locator('input[type=file]').first().setInputFiles(file);
  await page.waitForFunction(
    () => {
      const b = window.__bench;
      if (b.changeAt === undefined) return false;
      const after = b.states.filter(([t]) => t >= b.changeAt).map(([, s]) => s);
      return after.includes('running') && (after.at(-1) === 'ready' || after.at(-1) === 'error');
    },
    undefined,
    { timeout: 900_000, polling: 100 },
  );
  const failed = await root.getAttribute('data-analysis-state');
  if (failed === 'error') {
    const why = await page.getByRole('alert').allTextContents();
    throw new Error(`the import ended in an error: ${why.join(' ') || '(no alert)'}`);
  }
  const load = await page.evaluate(() => {
    const b = window.__bench;
    const ready = b.states.filter(([t, s]) => t >= b.changeAt && s === 'ready').at(-1)[0];
    return { changeAt: b.changeAt, ready, tasks: b.longTasks };
  });
  // Let the views settle (table and timeline building after the state flips) before reading.
  await page.waitForTimeout(1000);
  const settled = await page.evaluate(() => window.__bench.longTasks);
  const importMs = load.ready - load.changeAt;
  const longImport = longestIn(load.tasks, load.changeAt, load.ready);
  const longAfter = longestIn(settled, load.ready, Infinity);
  const batches = await page
    .locator('.header-counts div', { hasText: 'Batches' })
    .locator('dd')
    .textContent();

  const peak = Math.max(...rendererPids.map((p) => memOf(p).hwm - (before.get(p)?.rss ?? 0)));
  const heapAfter = await page.evaluate(probe.mainHeap);

  // (b, config change)
  const tConfig = await page.evaluate(() => performance.now());
  await page.getByRole('spinbutton', { name: 'max_repeated_batch_steps', exact: true }).fill('3');
  await page
    .getByRole('spinbutton', { name: 'max_repeated_batch_steps', exact: true })
    .press('Tab');
  await page.waitForFunction(
    (t0) => {
      const after = window.__bench.states.filter(([t]) => t >= t0).map(([, s]) => s);
      return after.includes('running') && (after.at(-1) === 'ready' || after.at(-1) === 'error');
    },
    tConfig,
    { timeout: 120_000, polling: 50 },
  );
  if ((await root.getAttribute('data-analysis-state')) === 'error') {
    const why = await page.getByRole('alert').allTextContents();
    throw new Error(`the config change ended in an error: ${why.join(' ') || '(no alert)'}`);
  }
  const configDone = await page.evaluate(
    () => window.__bench.states.filter(([, s]) => s === 'ready').at(-1)[0],
  );
  await page.waitForTimeout(500);
  const configTasks = await page.evaluate(() => window.__bench.longTasks);
  const longConfig = longestIn(configTasks, tConfig, Infinity);

  // (c) frames while zooming and panning
  const canvas = page.getByRole('application', { name: 'Timeline' });
  await canvas.focus();
  const box = await canvas.boundingBox();
  await page.evaluate(probe.startFrames);
  for (const [key, n] of [
    ['w', 30],
    ['d', 30],
    ['a', 15],
    ['s', 20],
    ['f', 1],
    ['w', 20],
  ]) {
    for (let i = 0; i < n; i++) await page.keyboard.press(key);
  }
  if (box !== null) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, i < 15 ? -120 : 120);
    for (let i = 0; i < 30; i++) await page.mouse.wheel(120, 0);
  }
  const frames = await page.evaluate(probe.stopFrames);

  // JSON.parse of the same text, same page (last, so its copy does not count above).
  await page.evaluate(() => {
    const i = document.createElement('input');
    i.type = 'file';
    i.id = 'bench-file';
    i.hidden = true;
    document.body.append(i);
  });
  await page.locator('#bench-file').setInputFiles(file);
  const parseMs = await page.evaluate(probe.timeJsonParse);

  const mb = bytes / 1_048_576;
  row('transcript', `${mb.toFixed(1)} MB, ${batches ?? '?'} batches (${batchesHint} tool_calls)`);
  row('file chosen → ready', `${importMs.toFixed(0)} ms`);
  row('JSON.parse (same page, best of 3)', `${parseMs.toFixed(0)} ms`);
  const ratio = importMs / parseMs;
  row('ratio ready / JSON.parse', ratio.toFixed(2), '≤ 3.0', ratio <= 3);
  row(
    'longest main-thread task, import',
    `${longImport.toFixed(0)} ms`,
    '< 50 ms',
    longImport < 50,
  );
  row(
    'longest task, 1 s after ready (views)',
    `${longAfter.toFixed(0)} ms`,
    '< 50 ms',
    longAfter < 50,
  );
  row('config change → ready', `${(configDone - tConfig).toFixed(0)} ms`);
  row(
    'longest main-thread task, config change',
    `${longConfig.toFixed(0)} ms`,
    '< 50 ms',
    longConfig < 50,
  );
  const med = median(frames);
  row('frames while zooming/panning', `${frames.length} frames`);
  row('frame delta median', `${med.toFixed(1)} ms`, '< 16 ms', med < 16);
  row(
    'frame delta p95 / max',
    `${pct(frames, 95).toFixed(1)} / ${Math.max(...frames).toFixed(1)} ms`,
  );
  if (heapBefore !== null && heapAfter !== null) {
    const grew = (heapAfter - heapBefore) / 1_048_576;
    row(
      'main-thread heap growth (after GC)',
      `${grew.toFixed(1)} MB (${(grew / mb).toFixed(2)}× file)`,
    );
  }
  row(
    `renderer peak RSS growth${peaksReset ? '' : ' (peak not reset)'}`,
    `${(peak / 1024).toFixed(0)} MB (${(peak / 1024 / mb).toFixed(2)}× file; main + worker)`,
    '< 3× file (worker)',
    peak / 1024 / mb < 3,
  );
  await browser.close();
} finally {
  await browserServer?.close();
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const w = [0, 0, 0, 0];
const cells = rows.map((r) => [r.what, r.value, r.target, r.verdict]);
for (const c of cells) c.forEach((v, i) => (w[i] = Math.max(w[i], String(v).length)));
const line = (c) => c.map((v, i) => String(v).padEnd(w[i])).join('  ');
process.stdout.write(
  `\nLoopscope browser bench (${process.platform}, ${executablePath})\n${line(['measure', 'value', 'target', ''])}\n${line(w.map((n) => '-'.repeat(n)))}\n${cells.map(line).join('\n')}\n`,
);
