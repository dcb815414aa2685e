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
function cpuMs(fn: () => unknown): number {
  gc();
  const u0 = process.cpuUsage();
  if (fn() === undefined) throw new Error('the timed function must return its result');
  const u = process.cpuUsage(u0);
  return (u.user + u.system) / 1000;
}

/**
 * The tool-call census's cost: the import (with its prepare step) with it and without, CPU
 * time of `runs` pairs, each pair in the other order from the last, so neither side always
 * follows the other's garbage. Least and median: on a shared machine one import's CPU time
 * moves by tens of percent between runs, so one figure says little (docs/benchmarks.md §7).
 */
function censusShare(text: string, runs: number): { least: string; median: string } {
  const withC: number[] = [];
  const without: number[] = [];
  for (let r = 0; r < runs; r++) {
    const bare = () => without.push(cpuMs(() => importPrepared(text, { census: false })));
    const full = () => withC.push(cpuMs(() => importPrepared(text, {})));
    if (r % 2 === 0) {
      bare();
      full();
    } else {
      full();
      bare();
    }
  }
  const share = (pick: (xs: number[]) => number): string => {
    const w = pick(without);
    const c = Math.max(0, pick(withC) - w);
    return `${c.toFixed(0)} / ${w.toFixed(0)} ms = ${((100 * c) / w).toFixed(1)} %`;
  };
  const least = (xs: number[]) => Math.min(...xs);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  return { least: share(least), median: share(median) };
}

const CENSUS_RUNS = 6;
process.stdout.write(
  `\ntool-call census / import, CPU time of ${CENSUS_RUNS} alternated pairs (target at most 10 %)\n`,
);
for (const [label, text] of [
  ['100 MB chat body', chatText],
  ['100 MB, 100k batches', readFileSync(chatFile(100, 100_000), 'utf8')],
  ['100 MB Claude Code JSONL', claudeText],
] as const) {
  const { least, median } = censusShare(text, CENSUS_RUNS);
  process.stdout.write(`  ${label}: least ${least}; median ${median}\n`);
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
