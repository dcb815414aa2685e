// The corpus benchmark (npm run bench): 200 transcripts of about 100 KB each through the
// corpus worker's handler, run in Node as in the worker: import + prepare + evaluate all (under
// the defaults and a changed config), then a config-only re-run of all. Prints figures, never
// asserts on time.
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG, type DetectorConfig } from '../../src/detector/index';
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
      '',
    ].join('\n'),
  );
}

await main();
