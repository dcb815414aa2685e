// The `loopscope` entry: wires the real process into run() (src/cli/run.ts) and sets the exit
// status. Kept thin so everything it calls can be tested without spawning a process.
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../../package.json';
import { isHiddenName } from '../import/folder';
import { servePoolThread, threadPool } from './pool';
import { run } from './run';

/**
 * Every file under a folder, depth first, sorted, hidden folders left out; null when the path
 * is not a folder. Walked as it is read, one folder's names at a time, so a folder of 100,000
 * files is never a list.
 */
function listFolder(path: string): Iterable<string> | null {
  try {
    if (!statSync(path).isDirectory()) return null;
  } catch {
    return null;
  }
  function* walk(dir: string): Generator<string> {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const e of entries) {
      const p = join(dir, e.name);
      // A hidden folder (`.git`, `.cache`) is never a corpus's: not entered at all.
      if (e.isDirectory()) {
        if (!isHiddenName(e.name)) yield* walk(p);
      } else if (e.isFile()) yield p;
    }
  }
  return walk(path);
}

/** Polling a file for `--watch`: its size, a range of its bytes, a wait Ctrl-C cuts short. */
function watchIo() {
  let stop = false;
  let wake: (() => void) | null = null;
  process.once('SIGINT', () => {
    stop = true;
    wake?.();
  });
  return {
    size(path: string): number | null {
      try {
        return statSync(path).size;
      } catch {
        return null;
      }
    },
    read(path: string, from: number, to: number): Uint8Array {
      const out = new Uint8Array(Math.max(0, to - from));
      const fd = openSync(path, 'r');
      try {
        let done = 0;
        while (done < out.length) {
          const n = readSync(fd, out, done, out.length - done, from + done);
          if (n === 0) break;
          done += n;
        }
        return out.subarray(0, done);
      } finally {
        closeSync(fd);
      }
    },
    wait(ms: number): Promise<void> {
      if (stop) return Promise.resolve();
      return new Promise((resolve) => {
        const t = setTimeout(() => {
          wake = null;
          resolve();
        }, ms);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
    },
    stopped: () => stop,
  };
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function write(stream: NodeJS.WriteStream, text: string): void {
  stream.write(text);
}

// `loopscope --json big.json | head` closes the pipe early: that is the reader's choice, not an
// error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    process.exit(e.code === 'EPIPE' ? (process.exitCode ?? 0) : 2);
  });
}

// A corpus run's threads run the smaller thread bundle built beside this one, or, where it is
// missing, this same script: then they serve files, not the command.
if (!servePoolThread()) main();

/** The script a pool thread runs. */
function threadScript(): string {
  const self = fileURLToPath(import.meta.url);
  const apart = join(dirname(self), 'loopscope-thread.mjs');
  return existsSync(apart) ? apart : self;
}

function main(): void {
  run(process.argv.slice(2), {
    readFile: (path) => readFileSync(path),
    listFolder,
    ...(process.argv.includes('--watch') ? { watch: watchIo() } : {}),
    readStdin,
    stdout: (text) => write(process.stdout, text),
    stderr: (text) => write(process.stderr, text),
    stdoutIsTTY: process.stdout.isTTY === true,
    env: process.env,
    now: () => performance.now(),
    version,
    cores: availableParallelism(),
    pool: (task, threads) => threadPool(threadScript(), task, threads, (f) => readFileSync(f)),
  }).then(
    (status) => {
      process.exitCode = status;
    },
    () => {
      // run() never rejects; this guards against the impossible without printing a stack.
      process.stderr.write('loopscope: internal error\n');
      process.exitCode = 2;
    },
  );
}
