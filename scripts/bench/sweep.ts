// The sweep benchmark line: a full what-if threshold sweep (11 strike values x 31
// observation settings) over a cached prepared replay, against the same cells evaluated with
// evaluateReplay. Bundled and started by scripts/run-bench.mjs after the main benchmark;
// prints figures, never asserts on time.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  prepareReplay,
  type ReportSource,
} from '../../src/detector/index';
import {
  prepareSweep,
  sweepThresholds,
  SWEEP_OBSERVATION,
  SWEEP_STRIKES,
} from '../../src/zoo/index';
import { importTranscript } from '../../src/import/index';
import { generateTranscript } from './generate';
import { parseSizeList } from './sizes';

const DATA_DIR = join(process.cwd(), 'bench-data');
/** Cells evaluateReplay is timed on; the full grid's cost is extrapolated from them. */
const REPLAY_SAMPLE = 24;

/** The realistic sizes of --sizes (the sweep skips fixed-batch-count items such as 100x100k). */
function parseSizes(argv: readonly string[]): number[] {
  const i = argv.indexOf('--sizes');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--sizes='))?.slice(8);
  if (raw === undefined) return [1, 10];
  return parseSizeList(raw)
    .filter((s) => s.batches === undefined)
    .map((s) => s.mb);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

function timeMedian(runs: number, fn: () => unknown): number {
  const samples: number[] = [];
  for (let r = 0; r < runs; r++) {
    (globalThis as { gc?: () => void }).gc?.();
    const t0 = performance.now();
    if (fn() === undefined) throw new Error('the timed function must return its result');
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

function transcriptFor(mb: number): string {
  if (!existsSync(DATA_DIR)) mkdirSync(DATA_DIR, { recursive: true });
  const file = join(DATA_DIR, `sweep-chat-${mb}mb.json`);
  if (!existsSync(file)) generateTranscript(file, mb);
  return readFileSync(file, 'utf8');
}

const pad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

const cells = SWEEP_STRIKES.length * SWEEP_OBSERVATION.length;
const header = ['size', 'batches', 'compact', 'sweep', 'per cell', 'replay x cells', 'speed-up'];
const widths = [8, 8, 10, 10, 10, 15, 9];
const line = (c: string[]) => c.map((x, i) => pad(x, widths[i] ?? 8)).join('  ');
const out = ['', `sweep: ${cells} cells (strikes 0-10 x observation 1-30 + unset)`, line(header)];
out.push(line(widths.map((w) => '-'.repeat(w))));
for (const mb of parseSizes(process.argv.slice(2))) {
  const imported = importTranscript(transcriptFor(mb), { format: 'auto' });
  if (!imported.ok) throw new Error(`import failed: ${imported.error.message}`);
  const prepared = prepareReplay(imported.value.messages);
  const source: ReportSource = {
    format: imported.value.format,
    messages: imported.value.messages.length,
    warnings: imported.value.warnings,
    referenceScan: imported.value.referenceScan,
  };
  sweepThresholds(prepared, DEFAULT_CONFIG); // warm-up
  const compactMs = timeMedian(5, () => prepareSweep(prepared, DEFAULT_CONFIG));
  const sweepMs = timeMedian(5, () => sweepThresholds(prepared, DEFAULT_CONFIG));
  const sample = Array.from({ length: REPLAY_SAMPLE }, (_, k) => ({
    ...DEFAULT_CONFIG,
    maxRepeatedBatchSteps: k % SWEEP_STRIKES.length,
    maxObservationSteps: SWEEP_OBSERVATION[(k * 7) % SWEEP_OBSERVATION.length] ?? null,
  }));
  const replayMs = timeMedian(3, () => sample.map((c) => evaluateReplay(prepared, c, source)));
  const replayAll = (replayMs / REPLAY_SAMPLE) * cells;
  out.push(
    line([
      `${mb} MB`,
      String(prepared.batchCount),
      `${compactMs.toFixed(2)} ms`,
      `${sweepMs.toFixed(1)} ms`,
      `${((1000 * sweepMs) / cells).toFixed(1)} us`,
      `${replayAll.toFixed(1)} ms`,
      `${(replayAll / sweepMs).toFixed(1)}x`,
    ]),
  );
}
out.push(
  '',
  'compact = prepareSweep (once per transcript, mode and patterns); sweep = compact + all cells;',
  `replay x cells = evaluateReplay on ${REPLAY_SAMPLE} cells, extrapolated to the grid.`,
  '',
);
process.stdout.write(out.join('\n'));
