// Main-thread tasks from a Chromium trace: each task's wall time and the CPU time its thread
// got meanwhile. On a shared machine a task can take 100 ms of wall time for 5 ms of work
// (the thread waited for a core); the longtask observer cannot tell the two apart.

/** Trace categories for it: the scheduler's tasks (with thread times) and the page's mark. */
const CATEGORIES = ['toplevel', 'blink.user_timing'];
const MARK = 'loopscope-bench-tasks';
// A microtask checkpoint can run outside any task (after one ends), where a long React
// render lands: the longtask observer counts it, so it is counted here too.
const TASKS = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
]);

/**
 * Starts tracing `page` (of `browser`); stop() resolves to its main thread's tasks over 50 ms,
 * as [start (page time), wall ms, thread ms].
 */
export async function traceTasks(browser, page) {
  await browser.startTracing(page, { categories: CATEGORIES });
  const markAt = await page.evaluate((name) => performance.mark(name).startTime, MARK);
  return {
    async stop() {
      const events = JSON.parse(String(await browser.stopTracing())).traceEvents ?? [];
      // The mark is set on the page's main thread: its pid and tid name the thread.
      const mark = events.find((e) => e.name === MARK);
      if (mark === undefined) return [];
      const tasks = events
        .filter(
          (e) =>
            e.ph === 'X' &&
            e.pid === mark.pid &&
            e.tid === mark.tid &&
            TASKS.has(e.name) &&
            e.dur >= 50_000,
        )
        .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
      // A task is recorded once or twice, nested (the scheduler's and the thread's): the
      // outer one stands for both.
      const out = [];
      let end = -Infinity;
      for (const e of tasks) {
        if (e.ts + e.dur <= end) continue;
        end = e.ts + e.dur;
        out.push([markAt + (e.ts - mark.ts) / 1000, e.dur / 1000, (e.tdur ?? NaN) / 1000]);
      }
      return out;
    },
  };
}
