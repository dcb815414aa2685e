/**
 * Threads for a corpus run: `worker_threads`, each reading and replaying whole files (a file's
 * bytes never cross threads). Outcomes come back in the order of the jobs, with a bounded
 * number waiting ahead, so memory stays flat however many files a folder holds.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { replayFile, type CorpusTask, type FileJob, type FileOutcome } from './corpus';
import type { FilePool } from './corpusRun';

/** What the main thread sends a pool thread: a file, numbered in the run's order. */
interface JobMessage {
  readonly n: number;
  readonly job: FileJob;
}

interface OutcomeMessage {
  readonly n: number;
  readonly outcome: FileOutcome;
}

const MARK = 'loopscope-corpus-thread';

/**
 * Jobs handed out ahead of the oldest one not yet printed, per thread. A thread's slow file
 * must not stall the others: with a short window the main thread soon waits on it.
 */
const AHEAD_PER_THREAD = 16;
/** Printed text (UTF-16 units) held for outcomes that wait on an older one, at most. */
const HELD_TEXT = 32 * 1024 * 1024;
/** Jobs a pool thread holds at once, so it never waits on the main thread for the next. */
const QUEUED_PER_THREAD = 4;

/** Lets the event loop deliver the pool threads' outcomes and send them their next jobs. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Replays with `threads` threads in all: the main thread, which also prints, and `threads - 1`
 * threads of `script`. The main thread takes a job itself whenever the pool threads have all
 * they can hold and nothing is ready to print, so no core idles and its already-compiled code
 * is used; between its own files it lets the pool threads' outcomes in.
 */
export function threadPool(
  script: string,
  task: CorpusTask,
  threads: number,
  read: (file: string) => Uint8Array,
): FilePool {
  const workers = Array.from(
    { length: Math.max(0, threads - 1) },
    () => new Worker(script, { workerData: { [MARK]: task } }),
  );
  const local = (job: FileJob) => replayFile(job, read, task, () => performance.now());
  return {
    run: (jobs) => inOrder(workers, jobs[Symbol.iterator](), local),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

async function* inOrder(
  workers: readonly Worker[],
  jobs: Iterator<FileJob>,
  local: (job: FileJob) => FileOutcome,
): AsyncGenerator<FileOutcome> {
  const done = new Map<number, FileOutcome>();
  const queued = new Map<Worker, number>(workers.map((w) => [w, 0]));
  let sent = 0;
  let printed = 0;
  let exhausted = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  let held = 0;
  const textOf = (o: FileOutcome) => o.settled.reduce((n, s) => n + s.text.length, 0);
  const window = (workers.length + 1) * AHEAD_PER_THREAD;

  const keep = (n: number, o: FileOutcome) => {
    done.set(n, o);
    held += textOf(o);
  };
  const onMessage = (w: Worker) => (m: OutcomeMessage) => {
    keep(m.n, m.outcome);
    queued.set(w, (queued.get(w) ?? 1) - 1);
    wake?.();
  };
  const onError = (e: unknown) => {
    failure = e;
    wake?.();
  };
  const listeners = workers.map((w) => [w, onMessage(w)] as const);
  for (const [w, l] of listeners) {
    w.on('message', l);
    w.on('error', onError);
  }
  const take = (): FileJob | null => {
    if (exhausted || sent - printed >= window || held > HELD_TEXT) return null;
    const next = jobs.next();
    if (next.done !== true) return next.value;
    exhausted = true;
    return null;
  };
  const dispatch = () => {
    for (const w of workers) {
      while ((queued.get(w) ?? 0) < QUEUED_PER_THREAD) {
        const job = take();
        if (job === null) return;
        queued.set(w, (queued.get(w) ?? 0) + 1);
        w.postMessage({ n: sent++, job } satisfies JobMessage);
      }
    }
  };
  try {
    for (;;) {
      dispatch();
      if (failure !== null) throw failure;
      const outcome = done.get(printed);
      if (outcome !== undefined) {
        done.delete(printed);
        held -= textOf(outcome);
        printed++;
        yield outcome;
        continue;
      }
      // Nothing to print yet: work on the next file here rather than wait.
      const job = take();
      if (job !== null) {
        keep(sent++, local(job));
        if (workers.length > 0) await turn();
        continue;
      }
      if (exhausted && printed === sent) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  } finally {
    for (const [w, l] of listeners) {
      w.off('message', l);
      w.off('error', onError);
    }
  }
}

/**
 * In a pool thread, serves jobs until the main thread ends it; returns false in the main
 * thread (or a thread that is not the pool's), which then runs the command.
 */
export function servePoolThread(): boolean {
  if (isMainThread || parentPort === null) return false;
  const data = workerData as Record<string, CorpusTask | undefined> | null;
  const task = data?.[MARK];
  if (task === undefined) return false;
  const port = parentPort;
  port.on('message', (m: JobMessage) => {
    const outcome = replayFile(
      m.job,
      (f) => readFileSync(f),
      task,
      () => performance.now(),
    );
    port.postMessage({ n: m.n, outcome } satisfies OutcomeMessage);
  });
  return true;
}
