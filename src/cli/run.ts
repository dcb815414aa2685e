// The `loopscope` command itself: arguments to reports, one file, a corpus or a watched file, with
// every effect passed in as `CliIo`.
import {
  describeRefusal,
  evaluateReplay,
  unknownKeysWarning,
  formatReferenceSettings,
  proxyAppliesLine,
  type DetectorConfig,
  type Report,
} from '../detector/index';
import { corpusParts, type CorpusPart } from '../import/corpus';
import { FORMATS, type FormatId, type ImportError } from '../import/index';
import { importPrepared, reportSource } from '../pipeline/index';
import { parseArgs, USAGE, type CliOptions } from './args';
import { parseConfigFile, resolveConfig, type ConfigOverrides } from './configFile';
import { asPrinted, replayPart, untimed, type CorpusResult, type CorpusTask } from './corpus';
import { corpusPrinter, printResults, runCorpus, type CorpusIo } from './corpusRun';
import { MergeFailure, mergeRuns } from './merge';
import { readFailure } from './readFailure';
import { oneLine } from './oneLine';
import { runSweep } from './sweep';
import { watchFile, type WatchIo } from './watch';
import { choosePaint, describeConfig, exitStatusFor, formatSummary } from './summary';

export { oneLine, readFailure };

/**
 * Everything the command touches outside itself, so tests can run it in-process: what a corpus
 * run needs (corpusRun.ts), and what only the single run and `--watch` use.
 */
export interface CliIo extends CorpusIo {
  /** What `--watch` polls the file with; absent where watching is not possible. */
  readonly watch?: Omit<WatchIo, 'stdout' | 'stderr'>;
  readonly version: string;
  /** The threads a corpus run uses by default (the machine's cores). */
  readonly cores?: number;
}

/** The agent path's own limits from the command line; they mean nothing to the proxy. */
function withAgentLimits(config: DetectorConfig, opts: CliOptions): DetectorConfig {
  const limits = opts.agentLimits ?? {};
  if (limits.maxIterations === undefined && limits.maxParallelTools === undefined) return config;
  if (config.mode !== 'agent') {
    throw new CliFailure(
      '--max-iterations and --max-parallel-tools apply to the agent path: add --mode agent',
    );
  }
  return {
    ...config,
    ...(limits.maxIterations === undefined ? {} : { maxIterations: limits.maxIterations }),
    ...(limits.maxParallelTools === undefined ? {} : { maxParallelTools: limits.maxParallelTools }),
  };
}

/** A failure the command reports as its one stderr line, exiting with status 2. */
class CliFailure {
  constructor(readonly line: string) {}
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
  if (parsed.ok) {
    const warning = unknownKeysWarning(parsed.value);
    if (warning !== null) io.stderr(`loopscope: ${file}: ${warning}\n`);
    return parsed.value.config;
  }
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
  const config = withAgentLimits(resolveConfig(loadConfig(io, opts.configFile), opts), opts);
  if (opts.exportReferenceSettings) {
    io.stdout(formatReferenceSettings(config));
    return 0;
  }
  if (opts.sweep === true) {
    return runSweep(opts.marked ?? [], config, importOptions(opts), opts.json, io);
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
  if (opts.merge) return mergeRuns(opts.inputs, opts, configLines(config), io);
  const task: CorpusTask = {
    config,
    importOpts: importOptions(opts),
    render: opts.jsonLines ? 'json-lines' : opts.json ? 'json' : 'table',
    noTiming: opts.noTiming,
  };
  const printer = () => corpusPrinter(opts, configLines(config), io);
  if (
    opts.jsonLines ||
    opts.inputs.length > 1 ||
    (input !== '-' && io.listFolder(input) !== null)
  ) {
    return runCorpus(opts.inputs, task, opts.jobs ?? io.cores ?? 1, printer(), io);
  }
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
    const results = parts.flatMap((p) => replayPart(display, p, config, importOpts, io.now));
    return printResults(
      printer(),
      task.render,
      results.map((r) => asPrinted(r, opts.noTiming)),
    );
  }

  const t0 = io.now();
  // No `name`: it is used only in messages, and every error line already starts with the file.
  // The prepare step takes each message as the import reads it (no whole parsed tree).
  const whole = parts[0] as CorpusPart;
  const imported = importPrepared(whole.input, importOpts);
  if (!imported.ok) throw new CliFailure(importFailure(display, imported.error));
  const importMs = io.now() - t0;
  const { value } = imported;
  // A file of several conversations (subagents, samples) prints one row for each.
  if (value.conversations.length > 1) {
    const results: CorpusResult[] = replayPart(display, whole, config, importOpts, io.now);
    return printResults(
      printer(),
      task.render,
      results.map((r) => asPrinted(r, opts.noTiming)),
    );
  }
  const { prepared } = value;
  const replayed: Report = evaluateReplay(prepared, config, reportSource(value), { importMs });
  const report = opts.noTiming ? untimed(replayed) : replayed;

  if (opts.json) {
    io.stdout(JSON.stringify(report, null, 2) + '\n');
  } else {
    io.stdout(
      formatSummary(
        {
          report,
          file: display,
          formatLabel: value.formatLabel,
          describeRefusal,
          notes: opts.notes,
        },
        choosePaint(io.stdoutIsTTY, io.env),
      ),
    );
  }
  return exitStatusFor(report);
}

function importOptions(opts: CliOptions) {
  return { format: opts.format as FormatId | 'auto', clineResults: opts.clineResults };
}

/** The corpus table's config line, and where it applies when the proxy cannot be given it. */
function configLines(config: DetectorConfig): string {
  const applies = proxyAppliesLine(config);
  return applies === null
    ? describeConfig(config)
    : `${describeConfig(config)}\napplies: ${applies}`;
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
    } else if (e instanceof MergeFailure) {
      io.stderr(`loopscope: ${e.message}\n`);
    } else {
      // A bug, not bad input: still one line, so a CI log stays readable.
      const why = e instanceof Error ? e.message : String(e);
      io.stderr(`loopscope: internal error: ${oneLine(why)}\n`);
    }
    return 2;
  }
}
