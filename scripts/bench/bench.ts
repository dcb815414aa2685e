// The benchmark (npm run bench): replay speed against JSON.parse of the same text, and the cost
// of a config-only re-run. Bundled and started by scripts/run-bench.mjs; prints figures, never
// asserts on time.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_CONFIG,
  evaluateReplay,
  type DetectorConfig,
  type PreparedReplay,
  type ReportSource,
} from '../../src/detector/index';
import { importPrepared } from '../../src/pipeline/index';
import { generateTranscript } from './generate';
import { sizeLabel, sizesFromArgv, type SizeSpec } from './sizes';

const DATA_DIR = join(process.cwd(), 'bench-data');
/** Bump when the generator changes so stale files are not measured. */
const GENERATOR_VERSION = 1;

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** Wall and CPU time of one timing: medians of the wall times, and the least CPU time. */
interface Timing {
  wall: number;
  cpu: number;
}

/**
 * Times `runs` calls of `fn`, with a collection before each. Wall time is what a user waits;
 * CPU time (this process, GC helper threads included) is steadier on a shared machine, where
 * other processes stretch the wall clock, so the least of it is reported as well.
 */
function time(runs: number, fn: () => unknown): Timing {
  const samples: number[] = [];
  let cpu = Infinity;
  for (let r = 0; r < runs; r++) {
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const keep = fn();
    samples.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c.user + c.system) / 1000);
    if (keep === undefined) throw new Error('the timed function must return its result');
  }
  return { wall: median(samples), cpu };
}

function transcriptFor(spec: SizeSpec): string {
  if (!existsSync(DATA_DIR)) mkdirSync(DATA_DIR, { recursive: true });
  const { mb, batches } = spec;
  const dense = batches === undefined ? '' : `-${batches}b`;
  const file = join(DATA_DIR, `chat-${mb}mb${dense}-v${GENERATOR_VERSION}.json`);
  if (!existsSync(file)) {
    const t0 = performance.now();
    generateTranscript(file, mb, undefined, { batches });
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    process.stdout.write(
      `generated ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB) in ${secs}s\n`,
    );
  }
  return readFileSync(file, 'utf8');
}

interface Row {
  label: string;
  mb: number;
  bytes: number;
  batches: number;
  parseMs: number;
  replayMs: number;
  parseCpuMs: number;
  replayCpuMs: number;
  /** Medians of the three phases inside the timed replays (they need not sum to replayMs). */
  importMs: number;
  prepareMs: number;
  evaluateMs: number;
  rerunMs: number;
  rerunCpuMs: number;
  /** What the tool-call census adds to the import (medians, with against without). */
  censusMs: number;
  importWithoutCensusMs: number;
  /** MB allocated (collected or not) by JSON.parse and by each phase of one replay. */
  alloc?: { parse: number; read: number; evaluate: number };
}

/** The import with the prepare step taking each message as it is read, as in the worker. */
function read(text: string): { prepared: PreparedReplay; source: ReportSource } {
  const imported = importPrepared(text, { format: 'auto' });
  if (!imported.ok) throw new Error(`import failed: ${imported.error.message}`);
  const { format, messages, warnings, referenceScan, prepared } = imported.value;
  return { prepared, source: { format, messages: messages.length, warnings, referenceScan } };
}

function measure(spec: SizeSpec): Row {
  const { mb } = spec;
  const text = transcriptFor(spec);
  const runs = mb >= 100 ? 3 : 5;
  const phases = { import: [] as number[], prepare: [] as number[], evaluate: [] as number[] };
  const fullReplay = () => {
    const t0 = performance.now();
    const { prepared, source } = read(text);
    const t1 = performance.now();
    const report = evaluateReplay(prepared, DEFAULT_CONFIG, source, { importMs: t1 - t0 });
    const t2 = performance.now();
    // The import hands each message to the prepare step as it reads it (as the worker does);
    // the prepare step clocks its own share.
    const { prepareMs } = prepared;
    phases.import.push(t1 - t0 - prepareMs);
    phases.prepare.push(prepareMs);
    phases.evaluate.push(t2 - t1);
    return { prepared, source, report };
  };
  // One warm-up of each before timing, so both sides run optimised code.
  JSON.parse(text);
  const warm = fullReplay();
  phases.import.length = phases.prepare.length = phases.evaluate.length = 0;
  // Alternate the two so a burst of load elsewhere hits both alike.
  const parse: Timing[] = [];
  const replay: Timing[] = [];
  for (let r = 0; r < runs; r++) {
    parse.push(time(1, () => JSON.parse(text) as unknown));
    replay.push(time(1, fullReplay));
  }
  const parseMs = median(parse.map((x) => x.wall));
  const replayMs = median(replay.map((x) => x.wall));
  const changed: DetectorConfig = {
    ...DEFAULT_CONFIG,
    maxRepeatedBatchSteps: 3,
    maxObservationSteps: 10,
  };
  const rerun = time(runs * 2, () => evaluateReplay(warm.prepared, changed, warm.source));
  // The tool-call census's share: the import (with its prepare step) with and without it,
  // alternated so load elsewhere hits both alike.
  const withCensus: number[] = [];
  const without: number[] = [];
  for (let r = 0; r < runs; r++) {
    without.push(time(1, () => importPrepared(text, { format: 'auto', census: false })).wall);
    withCensus.push(time(1, () => importPrepared(text, { format: 'auto' })).wall);
  }
  return {
    label: sizeLabel(spec),
    mb,
    bytes: Buffer.byteLength(text),
    batches: warm.prepared.batchCount,
    parseMs,
    replayMs,
    parseCpuMs: Math.min(...parse.map((x) => x.cpu)),
    replayCpuMs: Math.min(...replay.map((x) => x.cpu)),
    importMs: median(phases.import),
    prepareMs: median(phases.prepare),
    evaluateMs: median(phases.evaluate),
    rerunMs: rerun.wall,
    rerunCpuMs: rerun.cpu,
    censusMs: median(withCensus) - median(without),
    importWithoutCensusMs: median(without),
  };
}

function labelWidth(rows: readonly Row[]): number {
  return Math.max('transcript'.length, ...rows.map((r) => r.label.length));
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

function printTable(rows: readonly Row[]): void {
  const header = [
    'transcript',
    'size',
    'batches',
    'JSON.parse',
    'replay',
    'MB/s',
    'batches/s',
    'ratio',
    're-run',
    '% of replay',
  ];
  const widths = [labelWidth(rows), 9, 8, 11, 10, 7, 10, 6, 9, 12];
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[0] ?? 8) : pad(c, widths[i] ?? 8))).join('  ');
  const out: string[] = ['', line(header), line(widths.map((w) => '-'.repeat(w)))];
  for (const r of rows) {
    const secs = r.replayMs / 1000;
    const mib = r.bytes / (1024 * 1024);
    out.push(
      line([
        r.label,
        `${mib.toFixed(1)} MB`,
        String(r.batches),
        ms(r.parseMs),
        ms(r.replayMs),
        (mib / secs).toFixed(1),
        Math.round(r.batches / secs).toLocaleString('en-US'),
        (r.replayMs / r.parseMs).toFixed(2),
        `${r.rerunMs.toFixed(2)} ms`,
        `${((100 * r.rerunMs) / r.replayMs).toFixed(2)} %`,
      ]),
    );
  }
  out.push('', 'CPU time (least of the runs): JSON.parse / replay = ratio; re-run (% of replay)');
  for (const r of rows) {
    out.push(
      `  ${r.label}: ${ms(r.parseCpuMs)} / ${ms(r.replayCpuMs)} = ${(r.replayCpuMs / r.parseCpuMs).toFixed(2)}; ` +
        `${r.rerunCpuMs.toFixed(2)} ms (${((100 * r.rerunCpuMs) / r.replayCpuMs).toFixed(2)} %)`,
    );
  }
  out.push('', 'tool-call census: what it adds to the import with its prepare step (medians)');
  for (const r of rows) {
    out.push(
      `  ${r.label}: ${ms(Math.max(0, r.censusMs))} over ${ms(r.importWithoutCensusMs)} ` +
        `(${((100 * Math.max(0, r.censusMs)) / r.importWithoutCensusMs).toFixed(1)} %)`,
    );
  }
  out.push(
    '',
    'replay broken down (medians): import / prepare / evaluate (the prepare step takes each',
    'message as the import reads it; its share is what it clocked itself)',
  );
  for (const r of rows) {
    out.push(`  ${r.label}: ${ms(r.importMs)} / ${ms(r.prepareMs)} / ${ms(r.evaluateMs)}`);
  }
  out.push(
    '',
    'allocated, garbage included (MB): JSON.parse; replay = import with prepare + evaluate',
  );
  for (const r of rows) {
    const a = r.alloc;
    if (a === undefined) continue;
    const mb = (x: number) => x.toFixed(x < 10 ? 1 : 0);
    out.push(
      `  ${r.label}: ${mb(a.parse)}; ${mb(a.read + a.evaluate)} = ` +
        `${mb(a.read)} + ${mb(a.evaluate)}`,
    );
  }
  out.push(
    '',
    'ratio = (import + prepare + evaluate) / JSON.parse of the same text, median wall times,',
    'same process, the two timed alternately.',
    're-run = evaluateReplay with another config over the cached prepared replay.',
    'MB x N batches = the same generator with every text scaled to give exactly N batches',
    '(100 MB x 100k: answers of ~15-550 B); the others are the realistic 100 B-4 KB texts.',
    'Targets: ratio <= 2.0 at 100 MB; re-run <= 5 % of the full replay over 100k batches.',
    '',
  );
  process.stdout.write(out.join('\n'));
}

/**
 * MB allocated by `fn`, garbage included, from V8's sampling heap profiler (one sample per
 * ~32 KB allocated, so within a few percent). Unlike times it does not move with the load of
 * the machine, and allocation is what the collector's share of the replay follows.
 */
async function allocatedMb(session: Session, fn: () => unknown): Promise<number> {
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))),
    );
  gc();
  await post('HeapProfiler.startSampling', {
    samplingInterval: 32768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const keep = fn();
  const { profile } = (await post('HeapProfiler.stopSampling')) as {
    profile: { head: SampleNode };
  };
  if (keep === undefined) throw new Error('the measured function must return its result');
  let bytes = 0;
  const walk = (n: SampleNode) => {
    bytes += n.selfSize;
    n.children.forEach(walk);
  };
  walk(profile.head);
  return bytes / 1e6;
}

interface SampleNode {
  selfSize: number;
  children: SampleNode[];
}

/** Allocation of JSON.parse and of one replay of `spec`'s transcript (read, then evaluate). */
async function allocation(session: Session, spec: SizeSpec): Promise<Row['alloc']> {
  const text = transcriptFor(spec);
  const parse = await allocatedMb(session, () => JSON.parse(text) as unknown);
  let done: ReturnType<typeof read> | null = null;
  const readMb = await allocatedMb(session, () => (done = read(text)));
  const ready = done as ReturnType<typeof read> | null;
  if (ready === null) throw new Error('import failed');
  const evaluateMb = await allocatedMb(session, () =>
    evaluateReplay(ready.prepared, DEFAULT_CONFIG, ready.source),
  );
  return { parse, read: readMb, evaluate: evaluateMb };
}

const rows: Row[] = [];
const session = new Session();
session.connect();
for (const spec of sizesFromArgv(process.argv.slice(2))) {
  process.stdout.write(`measuring ${sizeLabel(spec)}…\n`);
  const row = measure(spec);
  row.alloc = await allocation(session, spec);
  rows.push(row);
}
session.disconnect();
printTable(rows);
