// The corpus benchmark (npm run bench): 200 transcripts of about 100 KB each through the
// corpus worker's handler, run in Node as in the worker: import + prepare + evaluate all (under
// the defaults and a changed config), then a config-only re-run of all. Prints figures, never
// asserts on time.
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG, evaluateReplay, type DetectorConfig } from '../../src/detector/index';
import { importPrepared, reportSource } from '../../src/pipeline/index';
import { prepareSweep, sweepCorpus, type MarkedTranscript } from '../../src/zoo/index';
import { createCorpusHandler } from '../../src/worker/corpus/handle';
import type { CorpusFile, CorpusResponse } from '../../src/worker/corpus/protocol';
import { generateTranscript } from './generate';

const COUNT = 200;
const MB_EACH = 0.1;
/** Bump when the generator changes so stale files are not measured. */
const GENERATOR_VERSION = 1;
const DIR = join(process.cwd(), 'bench-data', `corpus-${COUNT}x${MB_EACH}mb-v${GENERATOR_VERSION}`);

function corpusFiles(): { name: string; bytes: Uint8Array }[] {
  if (!existsSync(DIR)) mkdirSync(DIR, { recursive: true });
  if (readdirSync(DIR).length < COUNT) {
    const t0 = performance.now();
    for (let i = 0; i < COUNT; i++) generateTranscript(join(DIR, `t${i}.json`), MB_EACH, i * 7919);
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    process.stdout.write(`generated ${COUNT} transcripts in ${DIR} in ${secs}s\n`);
  }
  return Array.from({ length: COUNT }, (_, i) => ({
    name: `t${i}.json`,
    bytes: readFileSync(join(DIR, `t${i}.json`)),
  }));
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Runs one request through a handler and returns its wall time and replies. */
async function timed(
  handler: ReturnType<typeof createCorpusHandler>,
  replies: CorpusResponse[],
  send: () => void,
): Promise<{ ms: number; replies: CorpusResponse[] }> {
  replies.length = 0;
  gc();
  const t0 = performance.now();
  send();
  await handler.idle();
  return { ms: performance.now() - t0, replies: [...replies] };
}

const changed: DetectorConfig = {
  ...DEFAULT_CONFIG,
  maxRepeatedBatchSteps: 3,
  maxObservationSteps: 10,
};

async function main(): Promise<void> {
  const files = corpusFiles();
  const totalBytes = files.reduce((n, f) => n + f.bytes.length, 0);
  const corpus: CorpusFile[] = files.map((f, i) => ({
    fileId: i + 1,
    name: f.name,
    blob: new Blob([f.bytes as Uint8Array<ArrayBuffer>]),
  }));
  const replies: CorpusResponse[] = [];
  const handler = createCorpusHandler((r) => replies.push(r));

  const add = await timed(handler, replies, () =>
    handler.receive({ type: 'add', requestId: 1, files: corpus, config: changed }),
  );
  const rows = add.replies.flatMap((r) => (r.type === 'rows' ? r.rows : []));
  const failed = rows.filter((r) => r.error !== null).length;
  const batches = rows.reduce((n, r) => n + (r.verdict?.batches ?? 0), 0);
  const reruns: number[] = [];
  for (let i = 0; i < 5; i++) {
    const config = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 2 + (i % 3) };
    const r = await timed(handler, replies, () =>
      handler.receive({ type: 'evaluate', requestId: 10 + i, config }),
    );
    reruns.push(r.ms);
  }
  reruns.sort((a, b) => a - b);
  const rerun = reruns[Math.floor(reruns.length / 2)] ?? 0;
  const mb = totalBytes / (1024 * 1024);
  process.stdout.write(
    [
      '',
      `corpus: ${rows.length} transcripts (${failed} failed), ${mb.toFixed(1)} MB, ${batches.toLocaleString('en-US')} batches`,
      `  import + prepare + evaluate (config and defaults): ${add.ms.toFixed(0)} ms (${(mb / (add.ms / 1000)).toFixed(1)} MB/s, ${(add.ms / rows.length).toFixed(2)} ms a transcript)`,
      `  config-only re-run of all: ${rerun.toFixed(1)} ms (median of 5; ${((rerun / add.ms) * 100).toFixed(1)}% of the first pass)`,
      corpusSweepLine(files),
      '',
    ].join('\n'),
  );
}

/**
 * The corpus sweep (`loopscope --sweep`): every transcript compacted once, then all 341 cells
 * over all of them. Each transcript is marked by what the defaults do with it (refused: a loop,
 * else honest), so the chooser has both kinds to weigh.
 */
function corpusSweepLine(files: readonly { name: string; bytes: Uint8Array }[]): string {
  const prepared = files.map((f) => {
    const imported = importPrepared(f.bytes, { format: 'auto' });
    if (!imported.ok) throw new Error(`${f.name}: ${imported.error.message}`);
    const report = evaluateReplay(
      imported.value.prepared,
      DEFAULT_CONFIG,
      reportSource(imported.value),
    );
    return { name: f.name, prepared: imported.value.prepared, loop: report.firstRefusal !== null };
  });
  const times: { compact: number; sweep: number }[] = [];
  let loops = 0;
  let best = 'none';
  for (let r = 0; r < 3; r++) {
    gc();
    const t0 = performance.now();
    const marked: MarkedTranscript[] = prepared.map((p) => ({
      name: p.name,
      mark: p.loop ? { kind: 'loop', by: null } : { kind: 'honest' },
      input: prepareSweep(p.prepared, DEFAULT_CONFIG),
    }));
    const t1 = performance.now();
    const sweep = sweepCorpus(marked);
    times.push({ compact: t1 - t0, sweep: performance.now() - t1 });
    loops = marked.filter((m) => m.mark.kind === 'loop').length;
    const c = sweep.best === null ? null : sweep.cells[sweep.best];
    best =
      c === undefined || c === null
        ? 'none'
        : `strikes ${c.strikes}, observation ${String(c.observation)}`;
  }
  times.sort((a, b) => a.compact + a.sweep - (b.compact + b.sweep));
  const mid = times[1] ?? { compact: 0, sweep: 0 };
  return `  corpus sweep (341 cells, ${loops} loops, ${files.length - loops} honest; best ${best}): ${(mid.compact + mid.sweep).toFixed(0)} ms (compact ${mid.compact.toFixed(0)} ms + cells ${mid.sweep.toFixed(0)} ms; median of 3; prepare not counted)`;
}

await main();
