// Part of npm run bench: the built command over a corpus on one thread and on every core
// (200 transcripts of ~100 KB), and the peak memory of `--json-lines` over folders of 1,000,
// 10,000 and 100,000 small files, which must not grow with the count. Figures only; never an
// assertion on time. `-- --rss-files 1000,10000` picks the folder sizes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateTranscript } from './generate';

const DATA = join(process.cwd(), 'bench-data');
const CLI = join(process.cwd(), 'dist', 'cli', 'loopscope.mjs');
const CORPUS = join(DATA, 'corpus-200x0.1mb-v1');

function corpus(): string {
  mkdirSync(CORPUS, { recursive: true });
  if (readdirSync(CORPUS).length < 200) {
    for (let i = 0; i < 200; i++) generateTranscript(join(CORPUS, `t${i}.json`), 0.1, i * 7919);
  }
  return CORPUS;
}

/** A folder of `count` transcripts of about 10 KB each, in subfolders of 1,000. */
function smallFiles(count: number): string {
  const dir = join(DATA, `small-${count}x10kb-v1`);
  const done = join(dir, '.complete');
  if (existsSync(done)) return dir;
  const one = join(DATA, 'small-10kb.json');
  if (!existsSync(one)) generateTranscript(one, 10 / 1024, 17);
  const bytes = readFileSync(one);
  for (let i = 0; i < count; i++) {
    const sub = join(dir, String(Math.floor(i / 1000)).padStart(3, '0'));
    if (i % 1000 === 0) mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `t${i}.json`), bytes);
  }
  writeFileSync(done, '');
  return dir;
}

/** The command's wall time, best of `runs`. */
function wallMs(runs: number, args: string[]): number {
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const p = spawnSync(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (p.status !== 0 && p.status !== 1) throw new Error(String(p.stderr));
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** Runs the command in a process that reports its peak resident set (all threads) on exit. */
function peakRssMb(args: string[]): { mb: number; ms: number } {
  const probe = join(DATA, 'rss-probe.mjs');
  writeFileSync(
    probe,
    [
      "import { writeSync } from 'node:fs';",
      "process.on('exit', () => writeSync(2, `\\nmaxrss ${process.resourceUsage().maxRSS}\\n`));",
      'process.argv.splice(1, 2, process.argv[2]);',
      'await import(process.argv[1]);',
    ].join('\n'),
  );
  const t0 = performance.now();
  const p = spawnSync(process.execPath, [probe, CLI, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 1 << 28,
  });
  const ms = performance.now() - t0;
  const m = /maxrss (\d+)/.exec(String(p.stderr));
  if (m === null) throw new Error(`no maxrss: ${String(p.stderr).slice(0, 300)}`);
  return { mb: Number(m[1]) / 1024, ms };
}

function rssCounts(): number[] {
  const at = process.argv.indexOf('--rss-files');
  const text = at >= 0 ? (process.argv[at + 1] ?? '') : '1000,10000,100000';
  return text.split(',').filter(Boolean).map(Number);
}

if (!existsSync(CLI)) {
  process.stdout.write(
    '\ncorpus threads: skipped (no dist/cli/loopscope.mjs; npm run build:cli)\n',
  );
} else {
  const dir = corpus();
  const cores = availableParallelism();
  const one = wallMs(3, ['--json', '--jobs', '1', dir]);
  const all = wallMs(3, ['--json', '--jobs', String(cores), dir]);
  process.stdout.write(
    `\ncorpus of 200 files, whole process: --jobs 1 ${one.toFixed(0)} ms, --jobs ${cores} ` +
      `${all.toFixed(0)} ms: ${(one / all).toFixed(2)} x faster (target 1.8 on 2 cores)\n`,
  );
  for (const count of rssCounts()) {
    const folder = smallFiles(count);
    const r = peakRssMb(['--json-lines', folder]);
    process.stdout.write(
      `--json-lines over ${count.toLocaleString('en-US')} files of 10 KB: peak RSS ` +
        `${r.mb.toFixed(0)} MB, ${(r.ms / 1000).toFixed(1)} s\n`,
    );
  }
}
