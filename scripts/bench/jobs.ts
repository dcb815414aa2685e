// Part of npm run bench: the built command over a corpus on one thread and on every core
// (200 transcripts of ~100 KB), and the peak memory of `--json-lines` over folders of 1,000,
// 10,000 and 100,000 small files, which must not grow with the count. Figures only; never an
// assertion on time. `-- --rss-files 1000,10000` picks the folder sizes.
import { spawn, spawnSync } from 'node:child_process';
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

/** The resident set of process `pid` now, and its peak so far, in MB (Linux's /proc). */
function rssNow(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/**
 * Runs `--json-lines` over the folder and reads the process's peak resident set (all threads)
 * as the lines come out: when a tenth, half and all of the conversations are printed. A peak
 * that stops growing after the first tenth is memory flat in the file count; the peaks of
 * separate runs over folders of different sizes mix that with how long V8 has had to size
 * its heaps.
 */
function rssAlong(folder: string, count: number): Promise<{ marks: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [CLI, '--json-lines', folder], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const marks = [Math.ceil(count / 10), Math.ceil(count / 2), count];
    const seen: string[] = [];
    let lines = 0;
    let last = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      while (last < marks.length && lines >= (marks[last] as number)) {
        const r = rssNow(child.pid as number);
        if (r !== null) seen.push(`${lines.toLocaleString('en-US')}: ${r.peak.toFixed(0)} MB`);
        last++;
      }
    });
    child.on('error', reject);
    child.on('close', () => resolve({ marks: seen.join(', '), ms: performance.now() - t0 }));
  });
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
    const r = await rssAlong(folder, count);
    process.stdout.write(
      `--json-lines over ${count.toLocaleString('en-US')} files of 10 KB, peak RSS after so ` +
        `many lines: ${r.marks}; ${(r.ms / 1000).toFixed(1)} s\n`,
    );
  }
}
