// The `loopscope` entry: wires the real process into run() (src/cli/run.ts) and sets the exit
// status. Kept thin so everything it calls can be tested without spawning a process.
import { readFileSync } from 'node:fs';
import { version } from '../../package.json';
import { run } from './run';

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

run(process.argv.slice(2), {
  readFile: (path) => readFileSync(path),
  readStdin,
  stdout: (text) => write(process.stdout, text),
  stderr: (text) => write(process.stderr, text),
  stdoutIsTTY: process.stdout.isTTY === true,
  env: process.env,
  now: () => performance.now(),
  version,
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
