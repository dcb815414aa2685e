// Part of npm run bench: a transcript that grows. A 100 MB Claude Code session (the benchmark's
// chat transcript in that form) fed in 1 MB pieces through LiveTranscript, replaying at the
// geometric steps the app takes (after 1, 2, 4, … MB), against the whole-file replay; and what
// one appended batch costs at 100k batches.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG } from '../../src/detector/index';
import { LiveTranscript } from '../../src/pipeline/index';
import { asClaudeCode, asCodexRollout, chatFile } from './sessionForms';

const MB = 1024 * 1024;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function wholeMs(text: string): { ms: number; batches: number } {
  gc();
  const t0 = performance.now();
  const live = new LiveTranscript(DEFAULT_CONFIG);
  live.append(text);
  const r = live.finish().report;
  return { ms: performance.now() - t0, batches: r.batches.length };
}

/** Fed in 1 MB pieces, replayed after 1, 2, 4, … MB and at the end. */
function fedMs(text: string): { firstRefusal: number | null; total: number; steps: number } {
  gc();
  const t0 = performance.now();
  const live = new LiveTranscript(DEFAULT_CONFIG);
  let firstRefusal: number | null = null;
  let next = MB;
  let steps = 0;
  let buffered = '';
  for (let at = 0; at < text.length; at += MB) {
    buffered += text.slice(at, at + MB);
    if (at + MB < next) continue;
    next *= 2;
    steps++;
    const r = live.append(buffered).report;
    buffered = '';
    if (firstRefusal === null && r.firstRefusal !== null) firstRefusal = performance.now() - t0;
  }
  if (buffered !== '') live.append(buffered);
  const end = live.finish().report;
  steps++;
  if (firstRefusal === null && end.firstRefusal !== null) firstRefusal = performance.now() - t0;
  return { firstRefusal, total: performance.now() - t0, steps };
}

const session = asClaudeCode(readFileSync(chatFile(100), 'utf8'));
const whole = wholeMs(session);
const fed = fedMs(session);
process.stdout.write(
  `\ngrowing transcript, Claude Code session ${(session.length / 1e6).toFixed(0)} MB, ${whole.batches} batches, fed in 1 MB pieces (${fed.steps} replays): ` +
    `first refusal after ${fed.firstRefusal === null ? '-' : fed.firstRefusal.toFixed(0)} ms, ` +
    `whole report ${fed.total.toFixed(0)} ms against ${whole.ms.toFixed(0)} ms read whole (${(fed.total / whole.ms).toFixed(2)} x)\n`,
);

// One appended batch at 100k batches, as a watched session grows: the session's lines up to its
// last 300 batches appended at once, then the rest a batch at a time (the reply's lines and its
// results). Each append is the whole step: the new lines read, mapped, prepared and walked.
const denseChat = readFileSync(chatFile(100, 100_000), 'utf8');
for (const [form, dense, startsBatch] of [
  ['Claude Code session', asClaudeCode(denseChat), '"tool_use"'],
  ['Codex rollout', asCodexRollout(denseChat), '"function_call"'],
] as const) {
  const lines = dense.split(/(?<=\n)/);
  const starts: number[] = [];
  lines.forEach((l, i) => {
    if (l.includes(startsBatch) && !lines[i - 1]?.includes(startsBatch)) starts.push(i);
  });
  const tail = starts.slice(-300);
  const live = new LiveTranscript(DEFAULT_CONFIG);
  live.append(lines.slice(0, tail[0]).join(''));
  const costs: number[] = [];
  const reports: number[] = [];
  let added = 0;
  tail.forEach((from, k) => {
    const to = tail[k + 1] ?? lines.length;
    const chunk = lines.slice(from, to).join('');
    const t0 = performance.now();
    const step = live.append(chunk);
    const t1 = performance.now();
    if (step.report.batches.length < 0) throw new Error('unreachable');
    costs.push(t1 - t0);
    reports.push(performance.now() - t1);
    added += step.newBatches;
  });
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1] as number;
  process.stdout.write(
    `appended batch at ${live.report().batches.length} batches (${(dense.length / 1e6).toFixed(0)} MB ${form}), ${added} batches over ${costs.length} appends: ` +
      `the step (new lines read, mapped, prepared, walked) ${median(costs).toFixed(3)} ms median, ${Math.max(...costs).toFixed(1)} ms at worst (target 1 ms); ` +
      `then the whole report for the screen ${median(reports).toFixed(1)} ms median\n`,
  );
}
