// Part of npm run bench: the same conversation written as a Claude Code session (one JSONL line
// per content block, as Claude Code writes it) against its chat-completions form, in-process;
// the tool-call census's share of the import of both, and of a dense chat body; and the built
// command's whole-process time against a bare `node` JSON.parse of the same file.
// Ratios in one run, never assertions on time.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG, evaluateReplay } from '../../src/detector/index';
import { importPrepared } from '../../src/pipeline/index';
import { asClaudeCode, chatFile } from './sessionForms';
import { threadCpuMs } from './threadCpu';

const DATA_DIR = join(process.cwd(), 'bench-data');
const CLI = join(process.cwd(), 'dist', 'cli', 'loopscope.mjs');

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function best(runs: number, fn: () => unknown): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    gc();
    const t0 = performance.now();
    if (fn() === undefined) throw new Error('the timed function must return its result');
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

function replayOf(text: string): number {
  const r = importPrepared(text, {});
  if (!r.ok) throw new Error(r.error.message);
  const { prepared, format, messages, warnings, referenceScan } = r.value;
  return evaluateReplay(prepared, DEFAULT_CONFIG, {
    format,
    messages: messages.length,
    warnings,
    referenceScan,
  }).batches.length;
}

const CENSUS_RUNS = 8;
const CENSUS_OF = '--census-of';
/** The transcripts whose census is measured, each read when its process runs. */
const CENSUS_TEXTS: Record<string, () => string> = {
  '100 MB chat body': () => readFileSync(chatFile(100), 'utf8'),
  '100 MB, 100k batches': () => readFileSync(chatFile(100, 100_000), 'utf8'),
  '100 MB Claude Code JSONL': () => asClaudeCode(readFileSync(chatFile(100), 'utf8')),
};
const censusOf = process.argv.indexOf(CENSUS_OF);
if (censusOf >= 0) {
  const read = CENSUS_TEXTS[process.argv[censusOf + 1] as string];
  if (read === undefined) throw new Error(`no transcript ${process.argv[censusOf + 1]}`);
  process.stdout.write(`${censusShare(read(), CENSUS_RUNS)}\n`);
  process.exit(0);
}

const chatText = readFileSync(chatFile(100), 'utf8');
const claudeText = asClaudeCode(chatText);
const chatBatches = replayOf(chatText);
const claudeBatches = replayOf(claudeText);
if (chatBatches !== claudeBatches) {
  throw new Error(`the two forms disagree: ${chatBatches} and ${claudeBatches} batches`);
}
const tChat = best(3, () => replayOf(chatText));
const tClaude = best(3, () => replayOf(claudeText));
process.stdout.write(
  `\nsame conversation, ${chatBatches} batches: chat form ${(chatText.length / 1e6).toFixed(1)} MB ` +
    `${tChat.toFixed(0)} ms, Claude Code JSONL ${(claudeText.length / 1e6).toFixed(1)} MB ` +
    `${tClaude.toFixed(0)} ms: ${(tClaude / tChat).toFixed(2)} x (target 1.3)\n`,
);

/** CPU time of `fn` (this process's threads, the collector's included), in ms. */
/** One import's wall time, this thread's CPU time and the process's (all its threads). */
function costOf(fn: () => unknown): [number, number, number] {
  gc();
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  const t0 = threadCpuMs();
  if (fn() === undefined) throw new Error('the timed function must return its result');
  const c = process.cpuUsage(c0);
  return [performance.now() - w0, threadCpuMs() - t0, (c.user + c.system) / 1000];
}

/**
 * The tool-call census's cost: the import (with its prepare step) with it and without, in
 * `runs` pairs, each pair in the other order from the last, so neither side always follows
 * the other's garbage. Each pair's difference is taken, and the median of them against the
 * median import without: on a shared machine one import's time moves by hundreds of
 * milliseconds between runs, far more than what one pair's difference moves by
 * (docs/benchmarks.md §7). In wall time, this thread's CPU time (what the import waits for)
 * and the process's (the collector's helper threads too).
 */
function censusShare(text: string, runs: number): string {
  const diffs: number[][] = [[], [], []];
  const bases: number[][] = [[], [], []];
  for (let r = 0; r < runs; r++) {
    const bare = () => costOf(() => importPrepared(text, { census: false }));
    const full = () => costOf(() => importPrepared(text, {}));
    let a: number[];
    let b: number[];
    if (r % 2 === 0) {
      a = bare();
      b = full();
    } else {
      b = full();
      a = bare();
    }
    for (let k = 0; k < 3; k++) {
      diffs[k]?.push((b[k] as number) - (a[k] as number));
      bases[k]?.push(a[k] as number);
    }
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1] as number;
  return ['wall', 'main thread CPU', 'process CPU']
    .map((label, k) => {
      const d = Math.max(0, median(diffs[k] as number[]));
      const w = median(bases[k] as number[]);
      if (Number.isNaN(w)) return `${label} n/a`;
      return `${label} ${d.toFixed(0)} / ${w.toFixed(0)} ms = ${((100 * d) / w).toFixed(1)} %`;
    })
    .join('; ');
}

process.stdout.write(
  `\ntool-call census / import, median of ${CENSUS_RUNS} alternated pairs' differences, ` +
    'a process each (target at most 10 %)\n',
);
for (const label of Object.keys(CENSUS_TEXTS)) {
  // A process of its own, as the command imports a file: code the process ran before (the
  // other transcripts) changes what the same import costs by more than the census does.
  const p = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1] as string, CENSUS_OF, label],
    { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  if (p.status !== 0) throw new Error(`the census's share of ${label} failed`);
  process.stdout.write(`  ${label}: ${p.stdout.trim()}\n`);
}

/** One process's wall time, best of `runs`. */
function processMs(runs: number, args: string[]): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const p = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = performance.now() - t0;
    if (p.status !== 0 && p.status !== 1) throw new Error(`${args.join(' ')}: ${String(p.stderr)}`);
    min = Math.min(min, ms);
  }
  return min;
}

if (!existsSync(CLI)) {
  process.stdout.write('whole process: skipped (no dist/cli/loopscope.mjs; npm run build:cli)\n');
} else {
  const parse = join(DATA_DIR, 'parse-only.mjs');
  writeFileSync(
    parse,
    "import { readFileSync } from 'node:fs';\nJSON.parse(readFileSync(process.argv[2], 'utf8'));\n",
  );
  for (const [label, file] of [
    ['100 MB', chatFile(100)],
    ['100 MB, 100k batches', chatFile(100, 100_000)],
  ] as const) {
    const base = processMs(3, [parse, file]);
    const cli = processMs(3, ['--max-old-space-size=8192', CLI, file]);
    process.stdout.write(
      `whole process, ${label} (${(statSync(file).size / 1e6).toFixed(0)} MB): node JSON.parse ` +
        `${base.toFixed(0)} ms, loopscope ${cli.toFixed(0)} ms: ${(cli / base).toFixed(2)} x\n`,
    );
  }
}
