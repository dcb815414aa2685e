/**
 * Threads for a corpus run: `worker_threads` running this same script, each reading and
 * replaying whole files (a file's bytes never cross threads). Outcomes come back in the order
 * of the jobs, with at most a few per thread waiting ahead, so memory stays flat however many
 * files a folder holds.
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

/** Jobs handed out ahead of the oldest one not yet printed, per thread. */
const AHEAD_PER_THREAD = 4;

/** Starts `threads` threads of `script` (this bundled command) replaying with `task`. */
export function threadPool(script: string, task: CorpusTask, threads: number): FilePool {
  const workers = Array.from(
    { length: threads },
    () => new Worker(script, { workerData: { [MARK]: task } }),
  );
  return {
    run: (jobs) => inOrder(workers, jobs[Symbol.iterator]()),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

async function* inOrder(
  workers: readonly Worker[],
  jobs: Iterator<FileJob>,
): AsyncGenerator<FileOutcome> {
  const done = new Map<number, FileOutcome>();
  const idle = [...workers];
  let sent = 0;
  let printed = 0;
  let exhausted = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const window = workers.length * AHEAD_PER_THREAD;

  const onMessage = (w: Worker) => (m: OutcomeMessage) => {
    done.set(m.n, m.outcome);
    idle.push(w);
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
  const dispatch = () => {
    while (!exhausted && idle.length > 0 && sent - printed < window) {
      const next = jobs.next();
      if (next.done === true) {
        exhausted = true;
        break;
      }
      const w = idle.pop();
      w?.postMessage({ n: sent++, job: next.value } satisfies JobMessage);
    }
  };
  try {
    for (;;) {
      dispatch();
      if (failure !== null) throw failure;
      const outcome = done.get(printed);
      if (outcome !== undefined) {
        done.delete(printed);
        printed++;
        yield outcome;
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
