// One transcript through the app in a fresh Chromium: import, config change, zoom and pan, and
// JSON.parse of the same text in the same page. Returns raw figures; the caller prints them.
import { chromium } from '@playwright/test';
import { connectCdp, sampleWorkerHeaps } from './cdp.mjs';
import * as probe from './page.mjs';
import { memOf, renderers, resetPeak } from './proc.mjs';
import { traceTasks } from './tasks.mjs';

const step = (what) => process.stdout.write(`  ${what}…\n`);

const longestIn = (tasks, from, to) =>
  tasks.filter(([t]) => t >= from && t <= to).reduce((m, [, d]) => Math.max(m, d), 0);

/** Waits until the analysis state, after `since` (page time), went running and then settled. */
async function settled(page, since, timeout) {
  await page.waitForFunction(
    (t0) => {
      const b = window.__bench;
      const from = t0 ?? b.changeAt;
      if (from === undefined) return false;
      const after = b.states.filter(([t]) => t >= from).map(([, s]) => s);
      return after.includes('running') && (after.at(-1) === 'ready' || after.at(-1) === 'error');
    },
    since,
    { timeout, polling: 50 },
  );
  const root = page.locator('[data-analysis-state]');
  if ((await root.getAttribute('data-analysis-state')) === 'error') {
    const why = await page.getByRole('alert').allTextContents();
    throw new Error(`the analysis ended in an error: ${why.join(' ') || '(no alert)'}`);
  }
}

/**
 * Zooms and pans across the whole timeline: keys at three zoom levels, the wheel, a drag. Each
 * gesture waits for the frame after it, so a frame's work is its own redraw and not the next
 * gesture's handler that happened to queue up behind it.
 */
async function zoomAndPan(page) {
  const paced = async (gesture) => {
    await gesture();
    await page.evaluate(probe.nextFrame);
  };
  const canvas = page.getByRole('application', { name: 'Timeline' });
  await canvas.focus();
  const keys = [
    ['f', 1],
    // Every gesture moves the view: a pan against an edge moves nothing, so it draws nothing
    // and would flatter the figures. From the middle, 9 presses reach the left edge.
    ['w', 4], // a fifth of the batches in view: 0.25-view pans cross all of them in ~17 presses
    ['a', 9],
    ['d', 17],
    ['w', 4], // a 25th
    ['a', 12],
    ['s', 8],
    ['w', 14], // down to single batches
    ['d', 10],
    ['s', 14],
    ['f', 1],
  ];
  let presses = 0;
  for (const [key, n] of keys) {
    for (let i = 0; i < n; i++, presses++) await paced(() => page.keyboard.press(key));
  }
  const box = await canvas.boundingBox();
  let wheels = 0;
  let drags = 0;
  if (box !== null) {
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    // Zoom in with the wheel, pan sideways with it and by dragging (panning at full zoom-out
    // moves nothing), then zoom back out.
    for (let i = 0; i < 15; i++, wheels++) await paced(() => page.mouse.wheel(0, -120));
    for (let i = 0; i < 30; i++, wheels++)
      await paced(() => page.mouse.wheel(i < 15 ? 240 : -240, 0));
    await page.mouse.move(box.x + box.width * 0.9, y);
    await page.mouse.down();
    for (let i = 1; i <= 40; i++, drags++)
      await paced(() => page.mouse.move(box.x + box.width * (0.9 - i / 50), y));
    await page.mouse.up();
    for (let i = 0; i < 15; i++, wheels++) await paced(() => page.mouse.wheel(0, 120));
  }
  return { presses, wheels, drags };
}

/** The first-refusal probe's record (page.mjs), as times after the file was chosen. */
function refusalOf(r, changeAt) {
  if (r === null || r === undefined) return null;
  return { ...r, ms: r.painted - changeAt, seenMs: r.seen - changeAt };
}

/** A laptop-sized page of the app at `base`, its probes installed, once ready on its sample. */
export async function openBenchPage(browser, base) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => process.stderr.write(`page error: ${e.message}\n`));
  await page.addInitScript(probe.installProbes);
  await page.goto(base);
  await page.locator('[data-analysis-state="ready"]').waitFor({ timeout: 60_000 });
  return page;
}

/**
 * File chosen → the first refusal on screen, and → ready, in a fresh browser (the app ready
 * on its sample first, as for the import): nothing else is measured, so nothing else runs.
 */
export async function measureFirstRefusal(file, opts) {
  const browser = await chromium.launch({ executablePath: opts.executablePath, args: opts.flags });
  try {
    const page = await openBenchPage(browser, opts.base);
    const trace = opts.threadTimes ? await traceTasks(browser, page) : null;
    await page.locator('input[type=file]').first().setInputFiles(file);
    await settled(page, null, 900_000);
    // The probe stamps the refusal a frame after it showed; a file without one never does.
    await page
      .waitForFunction(() => window.__bench.firstRefusal !== null, null, { timeout: 2000 })
      .catch(() => undefined);
    const r = await page.evaluate(() => {
      const b = window.__bench;
      const ready = b.states.filter(([t, s]) => t >= b.changeAt && s === 'ready').at(-1)[0];
      return { changeAt: b.changeAt, ready, firstRefusal: b.firstRefusal, longTasks: b.longTasks };
    });
    const traced = trace === null ? null : await trace.stop();
    return {
      traced: traced?.filter(([t]) => t >= r.changeAt && t <= r.ready) ?? null,
      readyMs: r.ready - r.changeAt,
      firstRefusal: refusalOf(r.firstRefusal, r.changeAt),
      longLoad: longestIn(r.longTasks, r.changeAt, r.ready),
    };
  } finally {
    await browser.close();
  }
}

/** A hidden file input of the bench's own (#bench-file), given `file`. */
async function chooseBenchFile(page, file) {
  await page.evaluate(() => {
    const i = document.createElement('input');
    i.type = 'file';
    i.id = 'bench-file';
    i.hidden = true;
    document.body.append(i);
  });
  await page.locator('#bench-file').setInputFiles(file);
}

/**
 * The floor, in a fresh browser as the import is measured (the app open and ready on its
 * sample, then the file): a fresh worker that only reads the file and `JSON.parse`s it, then
 * `JSON.parse` best of 3 in that page. Its own browser, because on a machine where touching
 * fresh memory is slow what ran before in the process changes both figures (the page's own
 * `JSON.parse` among them; docs/benchmarks.md §4).
 */
export async function measureFloor(file, opts) {
  const browser = await chromium.launch({ executablePath: opts.executablePath, args: opts.flags });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(opts.base);
    await page.locator('[data-analysis-state="ready"]').waitFor({ timeout: 60_000 });
    await chooseBenchFile(page, file);
    const url = new URL('__bench-floor-worker.js', opts.base).href;
    await page.route(url, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: probe.FLOOR_WORKER }),
    );
    const floorMs = await page.evaluate(probe.timeWorkerFloor, url);
    const floorParseMs = await page.evaluate(probe.timeJsonParse);
    return { floorMs, floorParseMs };
  } finally {
    await browser.close();
  }
}

/**
 * Measures `file` in a fresh browser. `opts`: executablePath, flags, base (the app's URL),
 * cdpPort (for the worker heap sampler; null to skip it), threadTimes (trace the main thread).
 */
export async function measureFile(file, opts) {
  const server = await chromium.launchServer({
    executablePath: opts.executablePath,
    args: [...opts.flags, ...(opts.cdpPort ? [`--remote-debugging-port=${opts.cdpPort}`] : [])],
  });
  let cdp;
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    const page = await openBenchPage(browser, opts.base);

    const heapBefore = await page.evaluate(probe.mainHeap);
    const rendererPids = renderers(server.process().pid);
    const before = new Map(rendererPids.map((p) => [p, memOf(p)]));
    const peaksReset = rendererPids.map(resetPeak).every(Boolean);
    let sampler = null;
    if (opts.cdpPort) {
      cdp = await connectCdp(opts.cdpPort);
      sampler = await sampleWorkerHeaps(cdp, opts.base);
    }

    // Import: file chosen → ready, and the longest main-thread task meanwhile. The trace
    // (until the config change is in) gives each long task the CPU time it held.
    step('import');
    const trace = opts.threadTimes ? await traceTasks(browser, page) : null;
    await page.locator('input[type=file]').first().setInputFiles(file);
    await settled(page, null, 900_000);
    const workerHeap = sampler === null ? null : await sampler.stop();
    // The worker keeps working after ready (the detector lanes), so its heap is sampled again
    // from here until the lanes are in.
    const lanesSampler = cdp ? await sampleWorkerHeaps(cdp, opts.base) : null;
    const load = await page.evaluate(() => {
      const b = window.__bench;
      const ready = b.states.filter(([t, s]) => t >= b.changeAt && s === 'ready').at(-1)[0];
      return { changeAt: b.changeAt, ready, firstRefusal: b.firstRefusal };
    });
    const rssPeak = Math.max(...rendererPids.map((p) => memOf(p).hwm - (before.get(p)?.rss ?? 0)));
    // Let the views settle (table and timeline building after the state flips) before reading.
    await page.waitForTimeout(1000);
    const tasks = await page.evaluate(() => window.__bench.longTasks);
    const batches = await page
      .locator('.header-counts div', { hasText: 'Batches' })
      .locator('dd')
      .textContent();
    const heapAfter = await page.evaluate(probe.mainHeap);

    // Config change → ready.
    step('config change');
    const tConfig = await page.evaluate(() => performance.now());
    const spin = page.getByRole('spinbutton', { name: 'max_repeated_batch_steps', exact: true });
    await spin.fill('3');
    await spin.press('Tab');
    await settled(page, tConfig, 120_000);
    const configDone = await page.evaluate(
      () => window.__bench.states.filter(([, s]) => s === 'ready').at(-1)[0],
    );
    await page.waitForTimeout(500);
    const configTasks = await page.evaluate(() => window.__bench.longTasks);
    const traced = trace === null ? null : await trace.stop();
    const tracedIn = (from, to) => traced?.filter(([t]) => t >= from && t <= to) ?? null;

    // Frames while zooming and panning: first right away, while the detector lanes' first run
    // may still occupy the worker (a core fewer for the page on a small machine), then again
    // once they are in. The second pass is the one held to the target.
    const lanesRunning = page.locator('.zoo-lane-controls[aria-busy=true]');
    const lanesBusy = await lanesRunning.isVisible();
    let framesBusy = null;
    if (lanesBusy) {
      step('zoom and pan (detector lanes still running)');
      await page.evaluate(probe.startFrames);
      await zoomAndPan(page);
      framesBusy = await page.evaluate(probe.stopFrames);
    }
    step('detector lanes');
    await lanesRunning.waitFor({ state: 'hidden', timeout: 300_000 });
    const lanesHeap = lanesSampler === null ? null : await lanesSampler.stop(true);
    const lanesDone = await page.evaluate(() => window.__bench.lanesIn.at(-1) ?? performance.now());
    await page.waitForTimeout(500);
    const lanesTasks = await page.evaluate(() => window.__bench.longTasks);
    step('zoom and pan');
    await page.evaluate(probe.startFrames);
    const gestures = await zoomAndPan(page);
    const frames = await page.evaluate(probe.stopFrames);

    // JSON.parse of the same text, same page (last, so its copy does not count above).
    step('JSON.parse');
    await chooseBenchFile(page, file);
    const parseMs = await page.evaluate(probe.timeJsonParse);
    await browser.close();

    return {
      batches: batches ?? '?',
      importMs: load.ready - load.changeAt,
      firstRefusal: refusalOf(load.firstRefusal, load.changeAt),
      parseMs,
      longImport: longestIn(tasks, load.changeAt, load.ready),
      tracedImport: tracedIn(load.changeAt, load.ready),
      tracedConfig: tracedIn(tConfig, Infinity),
      longAfter: longestIn(tasks, load.ready, Infinity),
      configMs: configDone - tConfig,
      longConfig: longestIn(configTasks, tConfig, Infinity),
      frames,
      framesBusy,
      lanesMs: lanesDone - load.ready,
      longLanes: longestIn(lanesTasks, lanesDone - 300, Infinity),
      gestures,
      heapGrowth: heapBefore !== null && heapAfter !== null ? heapAfter - heapBefore : null,
      rssPeakKb: rssPeak,
      peaksReset,
      workerHeap,
      lanesHeap,
    };
  } finally {
    cdp?.close();
    await server.close();
  }
}
