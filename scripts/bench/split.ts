// The split import's ceiling in Node (docs/benchmarks.md §3.3). First, a JSON Lines session
// parsed a line at a time on this thread, against two worker_threads that each parse half of
// the lines from the file's bytes in a SharedArrayBuffer (never copied) and send back what they
// read: what comes back must cross as a structured clone, which is where a split gains or
// loses. Then the prepare step's share that could move to another thread: hashing every call's
// arguments, against the whole in-process import, on chat bodies. Figures only.
// Usage: node scripts/lib/run-ts.mjs scripts/bench/split.ts [FILE.jsonl [CHAT.json…]]
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { hashArgumentsText } from '../../src/detector/canonicalHash';
import { parseJson, type JsonValue } from '../../src/json/index';
import { importPrepared } from '../../src/pipeline/index';
import { threadCpuMs } from './threadCpu';

interface Slice {
  readonly bytes: SharedArrayBuffer;
  readonly from: number;
  readonly to: number;
  /** What the worker sends back: the values read, or only how many lines it read. */
  readonly reply: 'values' | 'count';
  readonly parser: 'own' | 'native';
}

/** The lines of `text`, each parsed; the project's own reader or V8's JSON.parse. */
function parseLines(text: string, parser: Slice['parser']): unknown[] {
  const out: unknown[] = [];
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    if (end > at) {
      const line = text.slice(at, end);
      if (parser === 'native') out.push(JSON.parse(line));
      else {
        const r = parseJson(line);
        out.push(r.ok ? r.value.value : null);
      }
    }
    at = end + 1;
  }
  return out;
}

const decoder = new TextDecoder();
/** A decoded copy of a range of shared bytes (TextDecoder refuses shared memory). */
function textOf(bytes: SharedArrayBuffer, from: number, to: number): string {
  return decoder.decode(new Uint8Array(bytes, from, to - from).slice());
}

/** A plain, cloneable form of the project's value model (Maps and number lexemes). */
function plain(v: JsonValue): unknown {
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) o[k] = plain(x);
    return o;
  }
  if (Array.isArray(v)) return v.map(plain);
  return v !== null && typeof v === 'object' ? { n: v.lexeme } : v;
}

interface Reply {
  readonly parseCpu: number;
  /** CPU the worker spent turning its reply into a message (sent after the reply). */
  readonly sendCpu?: number;
}

if (!isMainThread && parentPort !== null) {
  const s = workerData as Slice;
  const c0 = threadCpuMs();
  const values = parseLines(textOf(s.bytes, s.from, s.to), s.parser);
  const reply =
    s.reply === 'count'
      ? values.length
      : s.parser === 'own'
        ? values.map((v) => plain(v as JsonValue))
        : values;
  const c1 = threadCpuMs();
  parentPort.postMessage({ parseCpu: c1 - c0, reply });
  parentPort.postMessage({ parseCpu: c1 - c0, sendCpu: threadCpuMs() - c1 });
} else {
  const file = process.argv[2] ?? 'bench-data/claude-100mb.jsonl';
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  const bytes = new SharedArrayBuffer(size);
  const view = new Uint8Array(bytes);
  for (let done = 0; done < size;) done += readSync(fd, view, done, size - done, done);
  closeSync(fd);
  // The split point: the first line boundary after the middle.
  const mid = view.indexOf(10, size >> 1) + 1;
  const self = fileURLToPath(import.meta.url);

  const oneThread = (parser: Slice['parser']) => {
    const t0 = performance.now();
    const c0 = threadCpuMs();
    const n = parseLines(textOf(bytes, 0, size), parser).length;
    return { ms: performance.now() - t0, cpu: threadCpuMs() - c0, n };
  };
  const twoThreads = async (parser: Slice['parser'], reply: Slice['reply']) => {
    const t0 = performance.now();
    const c0 = threadCpuMs();
    const halves = await Promise.all(
      [
        [0, mid],
        [mid, size],
      ].map(
        ([from, to]) =>
          new Promise<Reply>((resolve, reject) => {
            const w = new Worker(self, { workerData: { bytes, from, to, reply, parser } });
            w.on('message', (m: Reply) => {
              if (m.sendCpu === undefined) return;
              resolve(m);
              void w.terminate();
            });
            w.once('error', reject);
          }),
      ),
    );
    // This thread's CPU meanwhile is mostly taking the replies off the port (deserialising).
    return {
      ms: performance.now() - t0,
      cpu: threadCpuMs() - c0,
      halves: halves.map((h) => `${h.parseCpu} + ${h.sendCpu ?? 0}`).join(', '),
    };
  };
  const line = (label: string, ms: number, extra: string) =>
    process.stdout.write(`${label.padEnd(42)} ${ms.toFixed(0).padStart(6)} ms wall; ${extra}\n`);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
  process.stdout.write(`${file}: ${(size / 1e6).toFixed(1)} MB (load ${load})\n`);
  for (const parser of ['native', 'own'] as const) {
    const one = oneThread(parser);
    line(`one thread, ${parser} parse, ${one.n} lines`, one.ms, `CPU ${one.cpu} ms`);
    for (const reply of ['count', 'values'] as const) {
      const two = await twoThreads(parser, reply);
      line(
        `two threads, ${parser} parse, reply ${reply}`,
        two.ms,
        `CPU: this thread ${two.cpu} ms; workers (parse + send) ${two.halves} ms`,
      );
    }
  }
}

/** The least of `runs` timings of `fn`. */
function best(runs: number, fn: () => void): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

interface ChatBody {
  readonly messages: readonly { tool_calls?: { function: { arguments: string } }[] }[];
}

if (isMainThread) {
  for (const chat of process.argv.slice(3)) {
    const text = readFileSync(chat, 'utf8');
    const args = (JSON.parse(text) as ChatBody).messages.flatMap((m) =>
      (m.tool_calls ?? []).map((c) => c.function.arguments),
    );
    const distinct = [...new Set(args)];
    const hashing = best(3, () => distinct.forEach((a) => hashArgumentsText(a)));
    const whole = best(3, () => {
      if (!importPrepared(text, {}).ok) throw new Error(`${chat}: no import`);
    });
    process.stdout.write(
      `${chat}: ${args.length} calls, ${distinct.length} distinct arguments: hashing them ` +
        `${hashing.toFixed(0)} ms of the import's ${whole.toFixed(0)} ms ` +
        `(${((100 * hashing) / whole).toFixed(1)} %)\n`,
    );
  }
}
