// Prints the browser bench: one row per measure, one column per transcript, then the target
// and, per column, whether it was met.

const MB = 1_048_576;

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => (xs.length === 0 ? NaN : sorted(xs)[Math.floor(xs.length / 2)]);
const pct = (xs, p) =>
  xs.length === 0 ? NaN : sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const max = (xs) => (xs.length === 0 ? NaN : Math.max(...xs));
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 1 : 0)} ms` : '–');
const spread = (xs) => `${ms(median(xs))} / ${ms(pct(xs, 95))} / ${ms(max(xs))}`;

/** A worker heap row: `bytes(result)` in MB and × the file, held to < 3 × when `target`. */
function heapRow(label, bytes, target = false) {
  const cell = (r) => {
    const x = bytes(r) / r.bytes;
    const text = `${(bytes(r) / MB).toFixed(0)} MB (${x.toFixed(2)}× file)`;
    return target ? [text, x < 3] : [text];
  };
  return target ? [label, cell, '< ~3× file'] : [label, cell];
}

/** The rows: [label, (result) => [value, ok | undefined], target]. */
function measures(opts) {
  const work = (r, input) =>
    r.frames.frames.filter(([, , i]) => input === null || (input ? i !== false : i === false));
  const rows = [
    ['transcript', (r) => [`${(r.bytes / MB).toFixed(1)} MB, ${r.batches} batches`]],
    ['  tool_calls in the file', (r) => [String(r.toolCalls)]],
    ['file chosen → ready', (r) => [ms(r.importMs)]],
    ['JSON.parse (same page, best of 3)', (r) => [ms(r.parseMs)]],
    [
      'ratio ready / JSON.parse',
      (r) => [(r.importMs / r.parseMs).toFixed(2), r.importMs / r.parseMs <= 3],
      '≤ 3.0',
    ],
    [
      'floor: worker reads + JSON.parse (own browser)',
      (r) => [
        `${ms(r.floorMs)}; ratio ${(r.floorMs / r.floorParseMs).toFixed(2)} (JSON.parse ` +
          `${ms(r.floorParseMs)})`,
      ],
    ],
    ['  ready / floor', (r) => [(r.importMs / r.floorMs).toFixed(2)]],
    ['longest main-thread task, import', (r) => [ms(r.longImport), r.longImport < 50], '< 50 ms'],
    [
      'longest task, 1 s after ready (views)',
      (r) => [ms(r.longAfter), r.longAfter < 50],
      '< 50 ms',
    ],
    ['config change → ready', (r) => [ms(r.configMs)]],
    [
      'longest main-thread task, config change',
      (r) => [ms(r.longConfig), r.longConfig < 50],
      '< 50 ms',
    ],
    ['detector lanes in, after ready', (r) => [ms(r.lanesMs)]],
    ['longest task, lanes arriving', (r) => [ms(r.longLanes), r.longLanes < 50], '< 50 ms'],
    [
      'frame work after input, lanes running',
      (r) =>
        r.framesBusy === null
          ? ['– (lanes were in)']
          : [spread(r.framesBusy.frames.filter(([, , i]) => i !== false).map(([, x]) => x))],
    ],
    [
      'zoom/pan: gestures, frames (after input)',
      (r) => [
        `${r.gestures.presses} keys ${r.gestures.wheels} wheels ${r.gestures.drags} moves, ` +
          `${r.frames.frames.length} (${work(r, true).length})`,
      ],
    ],
    [
      'frame work after input med/p95/max (idle)',
      (r) => {
        const w = work(r, true).map(([, x]) => x);
        return [spread(w), median(w) < 16];
      },
      'median < 16 ms',
    ],
    ...['keydown', 'wheel', 'pointermove'].map((type) => [
      `  after ${type}`,
      (r) => [spread(r.frames.frames.filter(([, , i]) => i === type).map(([, x]) => x))],
    ]),
    ['frame work, all frames med/p95/max', (r) => [spread(work(r, null).map(([, x]) => x))]],
    ['input handling med/p95/max', (r) => [spread(r.frames.inputs)]],
    [
      'long animation frames (> 50 ms): n, max',
      (r) =>
        r.frames.loafSupported
          ? [`${r.frames.loafs.length}, ${ms(max(r.frames.loafs.map(([d]) => d)))}`]
          : ['not supported'],
    ],
    [
      'rAF delta med/p95/max (vsync-bound)',
      (r) => [spread(r.frames.frames.map(([d]) => d).filter((d) => d !== null))],
    ],
  ];
  if (opts.workerHeap) {
    rows.push(
      heapRow('peak worker JS heap, import (used)', (r) => r.workerHeap.peakWorkerUsed, true),
      heapRow(
        'peak worker JS heap, ready → lanes in (used)',
        (r) => r.lanesHeap.peakWorkerUsed,
        true,
      ),
      heapRow('  kept once the lanes are in (after a GC)', (r) => r.lanesHeap.retainedWorkerUsed),
      [
        '  allocated; all workers together (used)',
        (r) => [
          `${(r.workerHeap.peakWorkerTotal / MB).toFixed(0)} MB; ` +
            `${(r.workerHeap.peakAllWorkersUsed / MB).toFixed(0)} MB`,
        ],
      ],
      [
        '  workers seen, samples (of the peak one)',
        (r) => [
          `${r.workerHeap.workers}, ${r.workerHeap.rounds} (${r.workerHeap.peakWorkerSamples})`,
        ],
      ],
    );
  }
  rows.push(
    [
      'main-thread heap growth (after GC)',
      (r) =>
        r.heapGrowth === null
          ? ['unavailable']
          : [`${(r.heapGrowth / MB).toFixed(1)} MB (${(r.heapGrowth / r.bytes).toFixed(2)}× file)`],
      'not ∝ text',
    ],
    [
      'renderer peak RSS growth (main + workers)',
      (r) => [
        `${(r.rssPeakKb / 1024).toFixed(0)} MB (${((r.rssPeakKb * 1024) / r.bytes).toFixed(2)}× file)` +
          (r.peaksReset ? '' : ' peak not reset'),
      ],
    ],
  );
  return rows;
}

/** Prints the table for `results` (one per transcript, in order). */
export function printReport(results, opts) {
  const header = ['measure', ...results.map((r) => r.label), 'target'];
  const table = [header];
  for (const [label, cell, target] of measures(opts)) {
    const cells = results.map((r) => {
      const [value, ok] = cell(r);
      return ok === undefined ? value : `${value} ${ok ? 'ok' : 'MISSED'}`;
    });
    table.push([label, ...cells, target ?? '']);
  }
  const w = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
  const line = (row) =>
    row
      .map((v, i) => String(v).padEnd(w[i]))
      .join('  ')
      .trimEnd();
  const out = [
    '',
    `Loopscope browser bench (${process.platform}, ${opts.executablePath})`,
    line(header),
    line(w.map((n) => '-'.repeat(n))),
    ...table.slice(1).map(line),
    '',
    'frame work = rAF callback start → a message posted from it (rAF callbacks + style + layout +',
    'paint of that frame); "after input" = frames with a key/wheel/pointer event since the last.',
    'Gestures are paced: each waits for the frame after it (no queue of input builds up).',
    '"lanes running" = the same gestures right after the config change, while the detector lanes\'',
    'first run may still hold the worker; "(idle)" = again once the lanes are in (the target row).',
    'floor = in a fresh browser of its own, the app ready on its sample, a fresh worker that only',
    'reads the file as text and JSON.parses it (no detector), creation to answer, against JSON.parse',
    'best of 3 in that page: what reading and the native parse alone cost off the main thread on',
    'this machine, the yardstick for the ready ratio; "ready / floor" = the app against it (the two',
    'come from two browsers, so single runs are noisy).',
    '"lanes arriving" = long tasks from 0.3 s before the lanes showed to 0.5 s after.',
    "input handling = window capture listener → a message posted from it (the event's handlers).",
    'rAF delta = time between frames; ≈16.7 ms at 60 Hz vsync whatever the work, so secondary.',
    'peak worker heap = Runtime.getHeapUsage every ~50 ms on each worker session, during the import',
    'and again from ready until the detector lanes are in (the staging worker included);',
    '"all workers" = the largest sum over one sampling round.',
    '',
  ];
  process.stdout.write(out.join('\n'));
}
