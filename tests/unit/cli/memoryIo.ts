// run() in-process on files held in memory: the fake filesystem and streams the CLI suites
// share, so a suite states only its files and its arguments.
import { run, type CliIo } from '../../../src/cli/run';

/**
 * A filesystem of `files` (a folder lists the paths under it, sorted; a missing file throws
 * ENOENT), stdin holding `stdin`, and the streams caught in `out` and `errs`.
 */
export function memoryIo(files: Record<string, string>, stdin = '') {
  const out: string[] = [];
  const errs: string[] = [];
  const io: CliIo = {
    listFolder: (path) => {
      const under = Object.keys(files)
        .filter((f) => f.startsWith(`${path}/`))
        .sort();
      return under.length > 0 ? under : null;
    },
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return new TextEncoder().encode(text);
    },
    readStdin: async () => new TextEncoder().encode(stdin),
    stdout: (t) => out.push(t),
    stderr: (t) => errs.push(t),
    stdoutIsTTY: false,
    env: {},
    now: () => 0,
    version: '9.9.9',
  };
  return { io, out, errs };
}

/** Runs the CLI on `files` and returns its status and what it printed. */
export async function runInMemory(argv: string[], files: Record<string, string>) {
  const { io, out, errs } = memoryIo(files);
  const status = await run(argv, io);
  return { status, stdout: out.join(''), stderr: errs.join('') };
}
