/**
 * A corpus run's flow: the files of each input (a folder walked lazily, or the files named),
 * replayed in order by a pool of threads or in this one, and printed as they settle. Only the
 * table holds its rows to the end (it needs their widths); `--json` and `--json-lines` stream,
 * so their memory does not grow with the number of files.
 */
import { isTranscriptName } from '../import/folder';
import type { CorpusTotals } from '../detector/index';
import {
  corpusExitStatus,
  formatCorpusTable,
  replayFile,
  RunningTotals,
  settle,
  type CorpusResult,
  type CorpusTask,
  type FileJob,
  type FileOutcome,
  type Render,
  type Settled,
} from './corpus';
import { choosePaint, type Paint } from './summary';

/** A pool of threads replaying the files of a corpus; outcomes come back in the jobs' order. */
export interface FilePool {
  readonly run: (jobs: Iterable<FileJob>) => AsyncIterable<FileOutcome>;
  readonly close: () => Promise<void>;
}

/** What a corpus run needs of the process. */
export interface CorpusIo {
  readonly readFile: (path: string) => Uint8Array;
  /**
   * Every file under a folder, as paths, sorted (walked lazily), hidden folders not entered
   * (`isHiddenName` of src/import/folder.ts); null when the path is not a folder.
   */
  readonly listFolder: (path: string) => Iterable<string> | null;
  readonly readStdin: () => Promise<Uint8Array>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdoutIsTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => number;
  /** Starts `threads` threads that replay files with `task`; absent where there are none. */
  readonly pool?: (task: CorpusTask, threads: number) => FilePool;
}

/** What a corpus run's printer is told of the options. */
export interface PrintOptions {
  readonly json: boolean;
  readonly jsonLines: boolean;
  /** A file skipped as no transcript fails the run too (`--strict`). */
  readonly strict?: boolean;
}

/** The totals a corpus run prints: the detector's, and the files skipped as no transcript. */
export type PrintedTotals = CorpusTotals & {
  readonly skipped: number;
  readonly skippedFiles: readonly string[];
};

/** `1 file that is`, `2 files that are`. */
function filesThat(n: number): string {
  return n === 1 ? '1 file that is' : `${n} files that are`;
}

/** Prints settled conversations as the chosen render wants them, and keeps the totals. */
export class CorpusPrinter {
  private readonly running = new RunningTotals();
  private readonly rows: Settled['row'][] = [];
  /** Every skipped file's name: the totals list them all (a name is small beside a report). */
  private readonly skipped: string[] = [];
  private entries = 0;

  constructor(
    private readonly render: Render,
    private readonly io: Pick<CorpusIo, 'stdout' | 'stderr'>,
    private readonly configLine: string,
    private readonly paint: Paint,
    private readonly strict = false,
  ) {
    if (render === 'json') io.stdout('{\n  "schemaVersion": 1,\n  "corpus": [');
  }

  add(s: Settled): void {
    this.running.add(s.row);
    if (this.render === 'table') this.rows.push(s.row);
    else if (this.render === 'json') {
      this.io.stdout(`${this.entries === 0 ? '\n' : ',\n'}${s.text}`);
    } else this.io.stdout(`${s.text}\n`);
    this.entries++;
    // Each failure gets its stderr line, naming the file, as a single run prints it.
    if (s.failure !== null) this.io.stderr(`loopscope: ${s.failure}\n`);
  }

  skip(file: string): void {
    this.skipped.push(file);
  }

  /** Prints what comes after the last conversation, and returns the exit status. */
  finish(): number {
    const n = this.skipped.length;
    const totals: PrintedTotals = {
      ...this.running.totals,
      skipped: n,
      skippedFiles: [...this.skipped],
    };
    if (this.render === 'table') {
      this.io.stdout(formatCorpusTable(this.rows, this.configLine, this.paint, this.skipped));
    } else if (this.render === 'json') {
      const t = JSON.stringify(totals, null, 2).replaceAll('\n', '\n  ');
      this.io.stdout(`${this.entries === 0 ? ']' : '\n  ]'},\n  "totals": ${t}\n}\n`);
    } else this.io.stdout(`${JSON.stringify({ totals })}\n`);
    if (n > 0 && this.render !== 'table') {
      // The table lists them in its summary; beside JSON, a person reads them here.
      const named = this.skipped.slice(0, 5).join(', ');
      const more = n > 5 ? ` and ${n - 5} more` : '';
      this.io.stderr(`loopscope: skipped ${filesThat(n)} not a transcript: ${named}${more}\n`);
    }
    const status = this.render === 'table' ? corpusExitStatus(this.rows) : this.running.status;
    return this.strict && n > 0 ? 2 : status;
  }
}

/** The printer for a run's options. */
export function corpusPrinter(
  opts: PrintOptions,
  configLine: string,
  io: Pick<CorpusIo, 'stdout' | 'stderr' | 'stdoutIsTTY' | 'env'>,
): CorpusPrinter {
  const render: Render = opts.jsonLines ? 'json-lines' : opts.json ? 'json' : 'table';
  return new CorpusPrinter(
    render,
    io,
    configLine,
    choosePaint(io.stdoutIsTTY, io.env),
    opts.strict === true,
  );
}

/** Prints conversations already replayed (one file holding several) as a corpus. */
export function printResults(
  printer: CorpusPrinter,
  render: Render,
  results: readonly CorpusResult[],
): number {
  for (const r of results) printer.add(settle(r, render));
  return printer.finish();
}

/** The inputs in runs that may go to the pool together: a folder alone, named files together. */
function* groups(
  inputs: readonly string[],
  io: CorpusIo,
): Generator<{
  readonly folder: string | null;
  readonly jobs: Iterable<FileJob>;
}> {
  let named: FileJob[] = [];
  for (const input of inputs) {
    const listed = input === '-' ? null : io.listFolder(input);
    if (listed === null) {
      named.push({ file: input, inFolder: false });
      continue;
    }
    if (named.length > 0) yield { folder: null, jobs: named };
    named = [];
    yield { folder: input, jobs: filterNames(listed) };
  }
  if (named.length > 0) yield { folder: null, jobs: named };
}

/** A folder's candidates (`isFolderCandidate`: its walk has already left hidden folders out). */
function* filterNames(files: Iterable<string>): Generator<FileJob> {
  for (const file of files) if (isTranscriptName(file)) yield { file, inFolder: true };
}

async function* inThisThread(
  jobs: Iterable<FileJob>,
  task: CorpusTask,
  io: CorpusIo,
): AsyncGenerator<FileOutcome> {
  for (const job of jobs) {
    if (job.file === '-') {
      let bytes: Uint8Array | null = null;
      let failure: unknown = null;
      try {
        bytes = await io.readStdin();
      } catch (e) {
        failure = e;
      }
      const read = () => {
        if (bytes === null) throw failure;
        return bytes;
      };
      yield replayFile({ file: '<stdin>', inFolder: false }, read, task, io.now);
    } else yield replayFile(job, io.readFile, task, io.now);
  }
}

/**
 * Several files, or folders: each file read, split into its conversations and replayed, with
 * `threads` threads when the process can start them; one row each, in the order a single
 * thread gives. A folder that gave no transcript at all is a failure, not a clean run.
 */
export async function runCorpus(
  inputs: readonly string[],
  task: CorpusTask,
  threads: number,
  printer: CorpusPrinter,
  io: CorpusIo,
): Promise<number> {
  // Standard input can be read only here, so a run that reads it stays in this thread.
  const pool =
    threads > 1 && io.pool !== undefined && !inputs.includes('-') ? io.pool(task, threads) : null;
  try {
    for (const group of groups(inputs, io)) {
      let conversations = 0;
      const outcomes = pool === null ? inThisThread(group.jobs, task, io) : pool.run(group.jobs);
      for await (const outcome of outcomes) {
        for (const s of outcome.settled) printer.add(s);
        conversations += outcome.settled.length;
        // The pool keeps the order of the jobs, so the skipped are listed in folder order.
        if (outcome.skipped) printer.skip(outcome.file);
      }
      if (group.folder !== null && conversations === 0) {
        const row: CorpusResult = {
          file: group.folder,
          line: null,
          error: 'the folder holds no transcript file',
        };
        printer.add(settle(row, task.render));
      }
    }
  } finally {
    await pool?.close();
  }
  return printer.finish();
}
