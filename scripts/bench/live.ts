// Part of npm run bench: a transcript that grows. A 100 MB Claude Code session (the benchmark's
// chat transcript in that form) fed in 1 MB pieces through LiveTranscript, replaying at the
// geometric steps the app takes (after 1, 2, 4, … MB), against the whole-file replay; and what
// one appended batch costs at 100k batches, the replay's share and the import's apart.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  DEFAULT_CONFIG,
  replayPreparer,
  ReplayWalk,
  type ChatMessage,
} from '../../src/detector/index';
import { importTranscript } from '../../src/import/index';
import { LiveTranscript } from '../../src/pipeline/index';
import { asClaudeCode, chatFile } from './claudeForm';

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

// One appended batch at 100k batches: the replay's share (prepare the batch, walk it), and the
// import of the settled text, which LiveTranscript does whole at each step.
const dense = asClaudeCode(readFileSync(chatFile(100, 100_000), 'utf8'));
const imported = importTranscript(dense);
if (!imported.ok) throw new Error(imported.error.message);
const messages = imported.value.messages;
const preparer = replayPreparer();
const walk = new ReplayWalk(DEFAULT_CONFIG);
const cut = messages.length - 300;
for (let i = 0; i < cut; i++) preparer.push(messages[i] as ChatMessage);
walk.advance(preparer.settled());
let replayShare = 0;
let appended = 0;
for (let i = cut; i < messages.length; i++) {
  const t0 = performance.now();
  const before = walk.batchCount;
  preparer.push(messages[i] as ChatMessage);
  walk.advance(preparer.settled());
  replayShare += performance.now() - t0;
  appended += walk.batchCount - before;
}
gc();
const t0 = performance.now();
importTranscript(dense);
const importShare = performance.now() - t0;
process.stdout.write(
  `appended batch at ${walk.batchCount} batches: replay ${(replayShare / Math.max(1, appended)).toFixed(3)} ms each (target 1 ms); ` +
    `the import of the settled text, done whole at each step, ${importShare.toFixed(0)} ms\n`,
);
