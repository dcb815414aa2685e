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

/** File chosen → the first refusal painted, and whether a preview or the report showed it. */
function refusalCell(r) {
  const f = r.firstRefusal;
  if (f === null) return ['none shown'];
  const by = f.state === 'running' ? 'a preview' : 'the whole report';
  return [`${ms(f.ms)} (${by}, ${f.batches} batches)`, f.ms < 500];
}

/** The rows: [label, (result) => [value, ok | undefined], target]. */
function measures(opts) {
  const work = (r, input) =>
    r.frames.frames.filter(([, , i]) => input === null || (input ? i !== false : i === false));
  const rows = [
    ['transcript', (r) => [`${(r.bytes / MB).toFixed(1)} MB, ${r.batches} batches`]],
    ['  tool_calls in the file', (r) => [String(r.toolCalls)]],
    ['load average before (1, 5, 15 min)', (r) => [r.loadBefore.join(' ')]],
    ['file chosen → ready', (r) => [ms(r.importMs)]],
    ['file chosen → first refusal on screen', refusalCell, '< 0.5 s'],
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
    [
      '  ready / floor',
      (r) => [(r.importMs / r.floorMs).toFixed(2), r.importMs / r.floorMs <= 1.5],
      '≤ 1.5 ×',
    ],
    ['longest main-thread task, import', (r) => [ms(r.longImport), r.longImport < 50], '< 50 ms'],
    [TRACED_LABEL, (r) => tracedCell(r.tracedImport), 'CPU < 50 ms'],
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
    [TRACED_LABEL, (r) => tracedCell(r.tracedConfig), 'CPU < 50 ms'],
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

/** The table's lines: one row per measure, one column per result, then the target. */
function tableLines(results, rows) {
  const header = ['measure', ...results.map((r) => r.label), 'target'];
  const table = [header];
  for (const [label, cell, target] of rows) {
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
  return [line(header), line(w.map((n) => '-'.repeat(n))), ...table.slice(1).map(line)];
}

/** Prints the table for `results` (one per transcript, in order). */
export function printReport(results, opts) {
  const out = [
    '',
    `Loopscope browser bench (${process.platform}, ${opts.executablePath})`,
    ...tableLines(results, measures(opts)),
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
    'first refusal on screen = the header\'s "First refusal" entry for the chosen file, a frame',
    'after it showed (MutationObserver, then rAF and a message after its paint). A request body',
    'shows it in a preview of its complete messages so far, before the whole report.',
    '',
  ];
  process.stdout.write(out.join('\n'));
}

/** The traced long tasks: the longest's wall and CPU time, and the most CPU any one got. */
function tracedCell(traced) {
  if (traced === null) return ['not traced'];
  if (traced.length === 0) return ['none ≥ 50 ms'];
  const [, wall, cpu] = traced.reduce((a, t) => (t[1] > a[1] ? t : a));
  const most = max(traced.map(([, , c]) => c));
  return [`longest ${ms(wall)} wall, ${ms(cpu)} CPU; most CPU in one ${ms(most)}`, most < 50];
}
const TRACED_LABEL = '  their CPU time (traced)';

const FIRST_REFUSAL_ROWS = [
  ['load average before (1, 5, 15 min)', (r) => [r.loadBefore.join(' ')]],
  ['file', (r) => [`${(r.bytes / MB).toFixed(1)} MB`]],
  ['file chosen → first refusal on screen', refusalCell, '< 0.5 s'],
  ['  the refusal shown', (r) => [r.firstRefusal?.text ?? '–']],
  ['file chosen → ready', (r) => [ms(r.readyMs)]],
  ['longest main-thread task, load', (r) => [ms(r.longLoad), r.longLoad < 50], '< 50 ms'],
  [TRACED_LABEL, (r) => tracedCell(r.traced), 'CPU < 50 ms'],
];

const nums = (rows, key) => rows.map((r) => r[key]).filter((x) => x !== null);

const WATCH_ROWS = [
  ['load average before; after', (r) => [`${r.loadBefore.join(' ')}; ${r.loadAfter.join(' ')}`]],
  [
    'history; appended',
    (r) => [
      `${(r.historyBytes / MB).toFixed(1)} MB, ${r.base} batches shown; ` +
        `${(r.appendedBytes / MB).toFixed(2)} MB in ${r.rows.length} appends over ` +
        `${r.seconds.toFixed(1)} s`,
    ],
  ],
  ['batches shown at the end', (r) => [`${r.final} of ${r.want}`, r.final === r.want]],
  [
    'appended → drawn med/p95/max',
    (r) => {
      const d = nums(r.rows, 'drawn');
      const missed = r.rows.length - d.length;
      return [spread(d) + (missed > 0 ? ` (${missed} never drawn)` : ''), median(d) < 100];
    },
    'median < 100 ms',
  ],
  ['  appended → seen by a look at the file', (r) => [spread(nums(r.rows, 'poll'))]],
  ['  that look → drawn (the app at work)', (r) => [spread(nums(r.rows, 'work'))]],
  [
    'looks at the file: interval med/max',
    (r) => [`${ms(median(r.lookGaps))} / ${ms(max(r.lookGaps))}`],
  ],
  [
    'steps drawn; batches a step med/max',
    (r) => [`${r.steps}; ${median(r.stepSizes)} / ${max(r.stepSizes)}`],
  ],
  [
    'CPU meanwhile: page; workers; machine',
    (r) => {
      const s = (x) => `${(x / 1000).toFixed(1)} s`;
      const c = r.cpu;
      return [`${s(c.main)}; ${s(c.workers)}; ${s(c.machineBusy)} of ${s(c.machineAll)}`];
    },
  ],
  [
    'longest main-thread task, watching',
    (r) => [`${ms(r.longest)} (${r.longTasks} ≥ 50 ms)`, r.longest < 50],
    '< 50 ms',
  ],
  [TRACED_LABEL, (r) => tracedCell(r.traced), 'CPU < 50 ms'],
];

/** Prints the first-refusal and watch parts that ran. */
export function printParts(parts) {
  const out = [];
  if (parts.firstRefusal.length > 0) {
    out.push('', 'First refusal', ...tableLines(parts.firstRefusal, FIRST_REFUSAL_ROWS));
    out.push(
      '',
      'Each in a fresh browser, the app ready on its sample first. The Claude Code form is the',
      'same conversation a line per content block. Both are read in 1 MB pieces with a preview',
      'after 1, 2, 4, … MB: the session from its whole lines, the chat JSON from its complete',
      'messages so far (over its first eighth).',
    );
  }
  if (parts.watch.length > 0) {
    const w = parts.watch[0];
    const look = ms(median(w.lookGaps));
    const wait = ms(median(nums(w.rows, 'poll')));
    const drawn = ms(median(nums(w.rows, 'drawn')));
    out.push('', 'Watch', ...tableLines(parts.watch, WATCH_ROWS));
    out.push(
      '',
      "A Claude Code session watched (the e2e build's stand-in for the file picker) while a batch",
      `is appended every ${w.everyMs} ms: its tool_use line(s) and tool_result line(s), with the`,
      'user turn or prose before it. A batch shows once something follows it: append k settles',
      "the batch before it (for k = 1 the history's last), so it is drawn once the header's",
      "batch count reaches the history's + k and a frame has painted after that.",
      '"seen by a look" = the first getFile() of the watcher (src/state/watcher.ts) that returned',
      'the file with append k; "the app at work" = from that look to drawn (the new bytes read,',
      'the worker reading the new lines and replaying what they settle, the page',
      'unpacking the report and drawing it).',
      `The watcher looks every ${look} (WATCH_POLL_MS), so of the median ${drawn}, ${wait} is`,
      'the wait for the next look.',
    );
  }
  if (out.length > 0) {
    out.push(
      'Long tasks: "their CPU time" is what the main thread ran in them (a trace of its tasks);',
      'much less than their wall time means the thread waited for a core (other processes).',
    );
  }
  if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
}
