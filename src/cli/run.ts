// The `loopscope` command itself: arguments to reports, one file, a corpus or a watched file, with
// every effect passed in as `CliIo`.
import {
  describeRefusal,
  evaluateReplay,
  formatReferenceSettings,
  type DetectorConfig,
  type Report,
} from '../detector/index';
import { corpusParts, isTranscriptName } from '../import/corpus';
import { FORMATS, type FormatId, type ImportError } from '../import/index';
import { importPrepared, reportSource } from '../pipeline/index';
import { parseArgs, USAGE, type CliOptions } from './args';
import { parseConfigFile, resolveConfig, type ConfigOverrides } from './configFile';
import {
  corpusExitStatus,
  corpusJson,
  formatCorpusTable,
  replayPart,
  type CorpusResult,
} from './corpus';
import { oneLine } from './oneLine';
import { watchFile, type WatchIo } from './watch';
import { choosePaint, describeConfig, exitStatusFor, formatSummary } from './summary';

export { oneLine };

/** Everything the command touches outside itself, so tests can run it in-process. */
export interface CliIo {
  readonly readFile: (path: string) => Uint8Array;
  /** What `--watch` polls the file with; absent where watching is not possible. */
  readonly watch?: Omit<WatchIo, 'stdout' | 'stderr'>;
  /** Every file under a folder, as paths, sorted; null when the path is not a folder. */
  readonly listFolder: (path: string) => string[] | null;
  readonly readStdin: () => Promise<Uint8Array>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stdoutIsTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => number;
  readonly version: string;
}

/** A failure the command reports as its one stderr line, exiting with status 2. */
class CliFailure {
  constructor(readonly line: string) {}
}

/** `file: why` for a file that could not be read (a Node fs error, or anything else). */
export function readFailure(file: string, e: unknown): string {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'is a directory, not a file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : `cannot be read${code ? ` (${code})` : ''}`;
  return `${file}: ${why}`;
}

/**
 * The one stderr line for an input the importer refused: `file:line:column: message` for a
 * syntax error (the position moved to the front, as compilers print it), `file: message` else.
 */
export function importFailure(file: string, e: ImportError): string {
  switch (e.kind) {
    case 'syntax': {
      const msg = oneLine(e.message).replace(` at line ${e.line}, column ${e.column}`, '');
      return `${file}:${e.line}:${e.column}: ${msg}`;
    }
    case 'unknown-format':
      return `${file}: ${oneLine(e.message)} Ids for --format: ${e.supported.map((f) => f.id).join(', ')}.`;
    default:
      return `${file}: ${oneLine(e.message)}`;
  }
}

function read(io: CliIo, file: string): Uint8Array {
  try {
    return io.readFile(file);
  } catch (e) {
    throw new CliFailure(readFailure(file, e));
  }
}

function loadConfig(io: CliIo, file: string | undefined): ConfigOverrides {
  if (file === undefined) return {};
  const text = new TextDecoder('utf-8').decode(read(io, file));
  const parsed = parseConfigFile(text);
  if (parsed.ok) return parsed.value;
  const { line, column, message } = parsed.error;
  const where = line !== undefined && column !== undefined ? `${file}:${line}:${column}` : file;
  throw new CliFailure(`${where}: ${oneLine(message)}`);
}

async function analyse(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(
    argv,
    FORMATS.map((f) => f.id),
  );
  if (!args.ok) throw new CliFailure(`${args.error} (see loopscope --help)`);
  const opts = args.value;
  if (opts.help) {
    io.stdout(USAGE);
    return 0;
  }
  if (opts.version) {
    io.stdout(`loopscope ${io.version}\n`);
    return 0;
  }
  const config = resolveConfig(loadConfig(io, opts.configFile), opts);
  if (opts.exportReferenceSettings) {
    io.stdout(formatReferenceSettings(config));
    return 0;
  }
  const input = opts.input ?? '-';
  if (opts.watch) {
    if (io.watch === undefined) throw new CliFailure('--watch is not available here');
    if (io.listFolder(input) !== null)
      throw new CliFailure(`${input}: --watch follows a file, not a folder`);
    if (io.watch.size(input) === null) throw new CliFailure(readFailure(input, { code: 'ENOENT' }));
    return watchFile(
      input,
      { ...io.watch, stdout: io.stdout, stderr: io.stderr },
      config,
      importOptions(opts),
      opts.json,
    );
  }
  if (opts.inputs.length > 1 || (input !== '-' && io.listFolder(input) !== null))
    return analyseCorpus(opts, config, io);
  const display = input === '-' ? '<stdin>' : input;
  let bytes: Uint8Array;
  if (input === '-') {
    try {
      bytes = await io.readStdin();
    } catch (e) {
      throw new CliFailure(readFailure(display, e));
    }
  } else {
    bytes = read(io, input);
  }
  const importOpts = importOptions(opts);
  // One JSONL file with a whole conversation a line is a corpus of its own.
  const parts = corpusParts(bytes, display);
  if (parts.length > 1) {
    return printCorpus(
      opts,
      config,
      io,
      parts.flatMap((p) => replayPart(display, p, config, importOpts, io.now)),
      [],
    );
  }

  const t0 = io.now();
  // No `name`: it is used only in messages, and every error line already starts with the file.
  // The prepare step takes each message as the import reads it (no whole parsed tree).
  const imported = importPrepared(bytes, importOpts);
  if (!imported.ok) throw new CliFailure(importFailure(display, imported.error));
  const importMs = io.now() - t0;
  const { value } = imported;
  // A file of several conversations (subagents, samples) prints one row for each.
  if (value.conversations.length > 1) {
    const whole = { name: display, line: null, input: bytes };
    return printCorpus(
      opts,
      config,
      io,
      replayPart(display, whole, config, importOpts, io.now),
      [],
    );
  }
  const { prepared } = value;
  const report: Report = evaluateReplay(prepared, config, reportSource(value), { importMs });

  if (opts.json) {
    io.stdout(JSON.stringify(report, null, 2) + '\n');
  } else {
    io.stdout(
      formatSummary(
        { report, file: display, formatLabel: value.formatLabel, describeRefusal },
        choosePaint(io.stdoutIsTTY, io.env),
      ),
    );
  }
  return exitStatusFor(report);
}

function importOptions(opts: CliOptions) {
  return { format: opts.format as FormatId | 'auto', clineResults: opts.clineResults };
}

/**
 * Several files, or folders: each file read, split into its conversations and replayed; one
 * row each. A file found in a folder that is no transcript at all is skipped and named on
 * stderr, not counted as a failure: folders hold other files too.
 */
async function analyseCorpus(opts: CliOptions, config: DetectorConfig, io: CliIo): Promise<number> {
  const importOpts = importOptions(opts);
  const results: CorpusResult[] = [];
  const skipped: string[] = [];
  for (const input of opts.inputs) {
    const folder = input === '-' ? null : io.listFolder(input);
    const files = folder === null ? [input] : folder.filter(isTranscriptName);
    const before = results.length;
    for (const file of files) {
      const display = file === '-' ? '<stdin>' : file;
      let bytes: Uint8Array;
      try {
        bytes = file === '-' ? await io.readStdin() : io.readFile(file);
      } catch (e) {
        const why = readFailure(display, e).slice(display.length + 2);
        results.push({ file: display, line: null, error: why });
        continue;
      }
      for (const part of corpusParts(bytes, display)) {
        const rows = replayPart(display, part, config, importOpts, io.now);
        const first = rows[0];
        const notTranscript =
          folder !== null &&
          rows.length === 1 &&
          first !== undefined &&
          'error' in first &&
          (first.kind === 'unknown-format' || first.kind === 'empty');
        if (notTranscript) skipped.push(display);
        else results.push(...rows);
      }
    }
    // A folder that gave no transcript at all is a failure, not a clean run.
    if (folder !== null && results.length === before) {
      results.push({ file: input, line: null, error: 'the folder holds no transcript file' });
    }
  }
  return printCorpus(opts, config, io, results, skipped);
}

function printCorpus(
  opts: CliOptions,
  config: DetectorConfig,
  io: CliIo,
  results: readonly CorpusResult[],
  skipped: readonly string[],
): number {
  if (opts.json) io.stdout(corpusJson(results));
  else {
    io.stdout(
      formatCorpusTable(results, describeConfig(config), choosePaint(io.stdoutIsTTY, io.env)),
    );
  }
  // Each failure still gets its stderr line, naming the file, as a single run prints it.
  for (const r of results) {
    if ('error' in r) {
      const where = r.line === null ? r.file : `${r.file}:${r.line}`;
      io.stderr(`loopscope: ${where}: ${r.error}\n`);
    }
  }
  if (skipped.length > 0) {
    const shown = skipped.slice(0, 5).join(', ');
    const more = skipped.length > 5 ? ` and ${skipped.length - 5} more` : '';
    io.stderr(
      `loopscope: skipped ${skipped.length} ${skipped.length === 1 ? 'file' : 'files'} that ${skipped.length === 1 ? 'is' : 'are'} not a transcript: ${shown}${more}\n`,
    );
  }
  return corpusExitStatus(results);
}

/**
 * Runs `loopscope` with the given arguments (without `node` and the script) and returns the
 * exit status: 0 no refusal, 1 at least one refusal, 2 usage error or unreadable input. It
 * never throws: every failure becomes one line on stderr.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await analyse(argv, io);
  } catch (e) {
    if (e instanceof CliFailure) {
      io.stderr(`loopscope: ${e.line}\n`);
    } else {
      // A bug, not bad input: still one line, so a CI log stays readable.
      const why = e instanceof Error ? e.message : String(e);
      io.stderr(`loopscope: internal error: ${oneLine(why)}\n`);
    }
    return 2;
  }
}
