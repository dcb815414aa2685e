// Code the browser benchmark runs inside the page (serialised by Playwright, so each
// function must be self-contained).

/** Installed before the app loads: long tasks and analysis-state transitions. */
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
  // When the detector lanes' controls stop being busy (the lanes are in), in page time. The
  // attribute is there whether the lanes are folded or open.
  w.__bench.lanesIn = [];
  let lanesRunning = false;
  new MutationObserver(() => {
    const now = document.querySelector('.zoo-lane-controls[aria-busy=true]') !== null;
    if (lanesRunning && !now) w.__bench.lanesIn.push(performance.now());
    lanesRunning = now;
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
  // The moment a file is chosen (the change event of the file input), in page time.
  document.addEventListener('change', () => (w.__bench.changeAt = performance.now()), true);
  // The chosen file's first refusal on screen: the header's "First refusal" entry once its
  // batch count is no longer the one shown when the file was chosen (the sample's, which has
  // a refusal of its own), stamped after the frame that paints it. The bench's own input
  // (#bench-file, for JSON.parse) loads nothing, so it does not arm this.
  const batches = () =>
    [...document.querySelectorAll('.header-counts > div')]
      .find((d) => d.querySelector('dt')?.textContent === 'Batches')
      ?.querySelector('dd')?.textContent ?? null;
  let refusals = null;
  document.addEventListener(
    'change',
    (e) => {
      if (e.target instanceof Element && e.target.id === 'bench-file') return;
      refusals?.disconnect();
      w.__bench.firstRefusal = null;
      const before = batches();
      refusals = new MutationObserver(() => {
        const first = document.querySelector('.header-counts .count-first');
        if (first === null || batches() === before) return;
        refusals.disconnect();
        const seen = performance.now();
        const state = document.querySelector('[data-analysis-state]')?.dataset.analysisState;
        const text = first.querySelector('dd')?.textContent;
        const what = { seen, state, text, batches: batches() };
        requestAnimationFrame(() => {
          const c = new MessageChannel();
          c.port1.onmessage = () =>
            (w.__bench.firstRefusal = { ...what, painted: performance.now() });
          c.port2.postMessage(0);
        });
      });
      refusals.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    true,
  );
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

/**
 * Starts recording frames; stopFrames() returns them. For each frame: its rAF delta, and its
 * work: from the start of our rAF callback (registered a frame ahead, so it runs before the
 * app's redraw callbacks, which are asked for from input handlers in between) to a message
 * posted from it, which is delivered only after the frame's rAF callbacks, style, layout and
 * paint. Input handling between frames is timed apart, from a window capture listener to a
 * message posted from it (after the event's handlers). `input` marks frames with an input
 * event since the previous frame: those are the frames that redraw. Long Animation Frames
 * (Chrome >= 123, frames over 50 ms, input handling included) are collected when supported.
 */
export function startFrames() {
  const w = window;
  const frames = [];
  const inputs = [];
  const loafs = [];
  const pending = new Map();
  let seq = 0;
  let last = null;
  /** The last input event's type since the previous frame, or false. */
  let inputSince = false;
  let on = true;
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => {
    const f = pending.get(e.data);
    pending.delete(e.data);
    if (f.kind === 'frame') frames.push([f.delta, performance.now() - f.start, f.input]);
    else inputs.push(performance.now() - f.start);
  };
  const post = (entry) => {
    pending.set(++seq, entry);
    channel.port2.postMessage(seq);
  };
  const tick = (t) => {
    if (!on) return;
    requestAnimationFrame(tick);
    post({
      kind: 'frame',
      start: performance.now(),
      delta: last === null ? null : t - last,
      input: inputSince,
    });
    inputSince = false;
    last = t;
  };
  requestAnimationFrame(tick);
  const onInput = (e) => {
    if (!on) return;
    inputSince = e.type;
    post({ kind: 'input', start: performance.now() });
  };
  for (const type of ['keydown', 'wheel', 'pointermove', 'pointerdown', 'pointerup'])
    w.addEventListener(type, onInput, { capture: true, passive: true });
  let observer = null;
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) loafs.push([e.duration, e.blockingDuration ?? 0]);
    });
    observer.observe({ type: 'long-animation-frame' });
  }
  w.__bench.frames = {
    frames,
    inputs,
    loafs,
    loafSupported: observer !== null,
    stop: () => {
      on = false;
      observer?.disconnect();
    },
  };
}

/** Stops recording after the last frame's message arrived; returns what startFrames collected. */
export async function stopFrames() {
  const f = window.__bench.frames;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  f.stop();
  return { frames: f.frames, inputs: f.inputs, loafs: f.loafs, loafSupported: f.loafSupported };
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

/**
 * The yardstick for "file chosen → ready" (the bench calls it the floor): what reading and the
 * native parse alone cost off the main thread, where the app must read and parse. A fresh
 * worker (script at `url`) only reads the chosen file as text and `JSON.parse`s it, no detector.
 * Wall time from creating the worker to its answer, in ms.
 */
export function timeWorkerFloor(url) {
  const file = document.getElementById('bench-file').files[0];
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const w = new Worker(url);
    w.onmessage = () => {
      w.terminate();
      resolve(performance.now() - t0);
    };
    w.onerror = (e) => reject(new Error(e.message));
    w.postMessage(file);
  });
}

/** The floor worker's script (served at a same-origin URL, as the app's CSP allows). */
export const FLOOR_WORKER = `onmessage = async (e) => { JSON.parse(await e.data.text()); postMessage(0); };`;

/** Resolves after the next frame has been rendered (rAF, then a message after its paint). */
export function nextFrame() {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const c = new MessageChannel();
      c.port1.onmessage = () => resolve();
      c.port2.postMessage(0);
    }),
  );
}
