// Code the browser benchmark runs inside the page (serialised by Playwright, so each
// function must be self-contained).

/** Installed before the app loads: long tasks, analysis-state transitions, rAF deltas. */
export function installProbes() {
  const w = window;
  w.__bench = { longTasks: [], states: [], frames: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const watch = () => {
    const root = document.querySelector('[data-analysis-state]');
    if (root === null) return void requestAnimationFrame(watch);
    const record = () =>
      w.__bench.states.push([performance.now(), root.getAttribute('data-analysis-state')]);
    record();
    new MutationObserver(record).observe(root, { attributes: true });
  };
  document.addEventListener('DOMContentLoaded', watch);
  // The moment a file is chosen (the change event of the file input), in page time.
  document.addEventListener('change', () => (w.__bench.changeAt = performance.now()), true);
}

/** The main thread's heap (after a GC when the page can ask for one). */
export async function mainHeap() {
  if (typeof window.gc === 'function') {
    window.gc();
    await new Promise((r) => setTimeout(r, 50));
    window.gc();
  }
  return performance.memory ? performance.memory.usedJSHeapSize : null;
}

/** Starts recording rAF deltas; stopFrames() returns them. */
export function startFrames() {
  const w = window;
  const deltas = [];
  let last = null;
  let on = true;
  const tick = (t) => {
    if (last !== null) deltas.push(t - last);
    last = t;
    if (on) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  w.__bench.frames = { deltas, stop: () => (on = false) };
}

export function stopFrames() {
  const f = window.__bench.frames;
  f.stop();
  return f.deltas;
}

/** JSON.parse of the chosen file's text, best of three, in ms. */
export async function timeJsonParse() {
  const input = document.getElementById('bench-file');
  const text = await input.files[0].text();
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const v = JSON.parse(text);
    best = Math.min(best, performance.now() - t0);
    if (v === null) best = -1;
  }
  return best;
}
