// Watch: a Claude Code session growing by one batch at a steady pace while the app watches it
// (the e2e build's stand-in for the file picker, src/state/testWatch.ts). Times each append
// until the batch it settles is drawn, and the longest main-thread task meanwhile.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openBenchPage } from './measure.mjs';
import { cpuBetween, machineCpu, renderers, threadCpu } from './proc.mjs';
import { traceTasks } from './tasks.mjs';

const step = (what) => process.stdout.write(`  ${what}…\n`);

/** Whether a session line is a tool_result (a user line whose first block is one). */
function isResult(line) {
  try {
    const block = JSON.parse(line).message?.content?.[0];
    return block?.type === 'tool_result';
  } catch {
    return false;
  }
}

/**
 * Splits a Claude Code session (`asClaudeCode`'s form) into `count` batches to append, each
 * from the line after the previous batch's last tool_result through its own last one (the
 * user's turns and prose before it included), and the history before them: the batches up to
 * about `historyBytes`. Throws when the session holds fewer.
 */
export function splitSession(file, historyBytes, count) {
  const lines = readFileSync(file, 'utf8').split(/(?<=\n)/);
  const chunks = [];
  let chunk = '';
  let wasResult = false;
  for (const line of lines) {
    const result = isResult(line);
    if (wasResult && !result) {
      chunks.push(chunk);
      chunk = '';
    }
    chunk += line;
    wasResult = result;
  }
  let history = '';
  let i = 0;
  while (i < chunks.length && history.length < historyBytes) history += chunks[i++];
  const appends = chunks.slice(i, i + count);
  if (appends.length < count) {
    throw new Error(`${file}: ${appends.length} batches after the history, ${count} needed`);
  }
  return { history, appends };
}

/**
 * In the page: the picker's stand-in, a handle whose file is the history plus what was
 * appended so far. Each append makes the next File from the last and the new bytes (Blob
 * parts are referenced, not copied), so a look returns it as a real handle's `getFile()`
 * would, without work on the page. The header's batch count is stamped a frame after each
 * change.
 */
function installWatch({ history, name }) {
  const b = { file: new File([history], name, { lastModified: 0 }), looks: [], appends: [] };
  b.counts = [];
  b.append = (text) => {
    b.file = new File([b.file, text], name, { lastModified: b.appends.length + 1 });
  };
  window.__benchWatch = b;
  window.__loopscopeTestWatch = () => ({
    getFile: () => {
      b.looks.push([performance.now(), b.appends.length]);
      return Promise.resolve(b.file);
    },
  });
  const count = () => {
    const dd = [...document.querySelectorAll('.header-counts > div')]
      .find((d) => d.querySelector('dt')?.textContent === 'Batches')
      ?.querySelector('dd');
    return dd ? Number(dd.textContent.replace(/,/g, '')) : null;
  };
  let last = null;
  new MutationObserver(() => {
    const n = count();
    if (n === null || n === last) return;
    last = n;
    const seen = performance.now();
    requestAnimationFrame(() => {
      const c = new MessageChannel();
      c.port1.onmessage = () => b.counts.push([seen, performance.now(), n]);
      c.port2.postMessage(0);
    });
  }).observe(document.querySelector('header') ?? document.body, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/** In the page: appends `chunks` one every `everyMs` (on a fixed schedule, so no drift). */
function appendAll({ chunks, everyMs }) {
  const b = window.__benchWatch;
  const t0 = performance.now();
  return new Promise((resolve) => {
    let i = 0;
    const tick = () => {
      b.append(chunks[i]);
      b.appends.push(performance.now());
      i++;
      if (i === chunks.length) return resolve(t0);
      setTimeout(tick, Math.max(0, t0 + (i + 1) * everyMs - performance.now()));
    };
    setTimeout(tick, everyMs);
  });
}

/**
 * Per append k: appended → the header's batch count reaching what k settles (the batch before
 * it: a batch shows once something follows it) and a frame painted after; appended → the
 * first look at the file that saw it (the watcher's poll); and that look → drawn.
 */
function perAppend(w, base) {
  const rows = [];
  w.appends.forEach((at, k) => {
    const want = base + k + 1;
    const drawn = w.counts.find(([, painted, n]) => n >= want && painted >= at);
    const look = w.looks.find(([t, appended]) => t >= at && appended >= k + 1);
    rows.push({
      drawn: drawn === undefined ? null : drawn[1] - at,
      poll: look === undefined ? null : look[0] - at,
      work: drawn === undefined || look === undefined ? null : drawn[1] - look[0],
    });
  });
  return rows;
}

/**
 * Watches a session growing by `appends` in a fresh browser on the e2e build at `opts.base`.
 * `opts`: executablePath, flags, base, everyMs, name, threadTimes (trace the main thread's
 * long tasks for the CPU time they got).
 */
export async function measureWatch(session, opts) {
  const server = await chromium.launchServer({
    executablePath: opts.executablePath,
    args: opts.flags,
  });
  try {
    const browser = await chromium.connect(server.wsEndpoint());
    const page = await openBenchPage(browser, opts.base);
    await page.evaluate(installWatch, { history: session.history, name: opts.name });
    step('the history');
    await page.getByRole('button', { name: 'Watch file…' }).click();
    await page.getByRole('button', { name: 'Stop watching' }).waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      (name) =>
        document.querySelector('[data-analysis-state]')?.dataset.analysisState === 'ready' &&
        document.querySelector('[role=status][aria-label="Watched file"]')?.textContent ===
          `Watching ${name}.`,
      opts.name,
      { timeout: 60_000, polling: 100 },
    );
    // A quiet start: the detector lanes of the history in, and a second more.
    const lanes = page.locator('.zoo-lane-controls[aria-busy=true]');
    await lanes.waitFor({ state: 'hidden', timeout: 120_000 });
    await page.waitForTimeout(1000);
    const base = await page.evaluate(() => window.__benchWatch.counts.at(-1)?.[2] ?? null);
    if (base === null) throw new Error('the watched history shows no batch count');

    step(`${session.appends.length} appends, one every ${opts.everyMs} ms`);
    const pids = renderers(server.process().pid);
    const [threads0, machine0] = [threadCpu(pids), machineCpu()];
    const trace = opts.threadTimes ? await traceTasks(browser, page) : null;
    const t0 = await page.evaluate(appendAll, { chunks: session.appends, everyMs: opts.everyMs });
    const end = await page.evaluate(() => performance.now());
    const [threads1, machine1] = [threadCpu(pids), machineCpu()];
    const want = base + session.appends.length;
    // The last appends' batches: given time to land, and not held to it.
    await page
      .waitForFunction((n) => (window.__benchWatch.counts.at(-1)?.[2] ?? 0) >= n, want, {
        timeout: 30_000,
        polling: 100,
      })
      .catch(() => undefined);
    await page.waitForTimeout(300);
    const traced = trace === null ? null : (await trace.stop()).filter(([t]) => t >= t0);
    const w = await page.evaluate(() => {
      const b = window.__benchWatch;
      return {
        looks: b.looks,
        appends: b.appends,
        counts: b.counts,
        tasks: window.__bench.longTasks,
      };
    });
    const looks = w.looks.filter(([t]) => t >= t0).map(([t]) => t);
    const tasks = w.tasks.filter(([t]) => t >= t0);
    const steps = w.counts.filter(([, painted]) => painted >= t0);
    return {
      base,
      final: w.counts.at(-1)?.[2] ?? base,
      want,
      historyBytes: Buffer.byteLength(session.history),
      appendedBytes: session.appends.reduce((n, c) => n + Buffer.byteLength(c), 0),
      seconds: (end - t0) / 1000,
      rows: perAppend(w, base),
      lookGaps: looks.slice(1).map((t, i) => t - looks[i]),
      steps: steps.length,
      stepSizes: steps.map(([, , n], i) => n - (i === 0 ? base : steps[i - 1][2])),
      longest: tasks.reduce((m, [, d]) => Math.max(m, d), 0),
      longTasks: tasks.length,
      traced,
      cpu: {
        ...cpuBetween(threads0, threads1),
        machineBusy: machine1.busy - machine0.busy,
        machineAll: machine1.all - machine0.all,
      },
    };
  } finally {
    await server.close();
  }
}
