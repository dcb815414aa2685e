// The command line read into options, before the config file is read and merged.
import type { ReplayMode } from '../detector/config';
import { isGuardMode, type GuardMode } from '../detector/guardMode';
import { err, ok, type Result } from '../json/result';

/** What the command line asked for, before the config file is read and merged. */
export interface CliOptions {
  readonly help: boolean;
  readonly version: boolean;
  readonly json: boolean;
  /** A format id, or `auto`. */
  readonly format: string;
  /** `undefined` = not given on the command line (the config file or the default applies). */
  readonly mode: ReplayMode | undefined;
  readonly strikes: number | undefined;
  /** `null` = `--obs none` (unset); `undefined` = not given. */
  readonly obs: number | null | undefined;
  readonly patterns: readonly string[] | undefined;
  readonly configFile: string | undefined;
  /** The first of `inputs`: a path, or `-` for stdin; `undefined` only with --help, --version or --export-reference-settings. */
  readonly input: string | undefined;
  /** Every transcript named, in order (several make a corpus run). */
  readonly inputs: readonly string[];
  /** Print the config as the reference's settings instead of replaying anything. */
  readonly exportReferenceSettings: boolean;
  /** How to read Cline's text tool results (`--cline-results`); undefined = as sent. */
  readonly clineResults: 'user' | 'tool' | undefined;
  /** Follow the file as it grows (`--watch`). */
  readonly watch: boolean;
  /** Threads for a corpus run (`--jobs`); undefined = one per core. */
  readonly jobs: number | undefined;
  /** One JSON object a conversation, as each is done, then the totals (`--json-lines`). */
  readonly jsonLines: boolean;
  /** Read `--json-lines` outputs and print them as one run (`--merge`). */
  readonly merge: boolean;
  /** Print every measured time as 0, so that two runs' output compares byte for byte. */
  readonly noTiming: boolean;
  /** A corpus run exits 2 for a file skipped as no transcript too (`--strict`). */
  readonly strict: boolean;
  /** The summary lists the import notes too, not only the warnings (`--notes`). */
  readonly notes: boolean;
  /** `--guard-mode`: `loop_guard_mode` the verdicts are told for; undefined = not given. */
  readonly guardMode?: GuardMode;
  /** `--max-iterations`, `--max-parallel-tools`: the agent path's own limits, when given. */
  readonly agentLimits?: { readonly maxIterations?: number; readonly maxParallelTools?: number };
  /** `--sweep`: choose the thresholds across the marked transcripts (`marked`). */
  readonly sweep?: boolean;
  /** The transcripts named after `--honest` or `--loop`, in order. */
  readonly marked?: readonly MarkedPath[];
}

/** A path named after `--honest` or `--loop` (`PATH@N`: a loop to be stopped by its Nth repeat). */
export interface MarkedPath {
  readonly path: string;
  readonly mark: 'honest' | 'loop';
  /** For a loop: the repeat it must be stopped by, or null (stopped at all). */
  readonly by: number | null;
}

export const USAGE = `Usage: loopscope [options] <file | folder | -> [file…]

Replays gglib's tool-call loop detector over an agent transcript and reports every
batch it would refuse. Reads standard input when the file is "-".

With several files, a folder (every transcript under it: a Claude Code project folder, a
Codex sessions/ tree), or one file holding several conversations (a Claude Code session
with subagents, an Inspect log with several samples, a JSONL file with one whole
conversation a line) it prints one row per conversation (file, format, batches, refusals,
first refusal, error) and the totals; --json then prints {"schemaVersion": 1, "corpus":
[{"file", "line"?, "conversation"?, "report" | "error"}], "totals": {transcripts, failed,
messages, batches, refusals, refusedTranscripts, rescued, warnings, skipped,
skippedFiles}}. A file that cannot be read is a row with its error; the others still run.
In a folder, only names that say transcript are read (.json, .jsonl, .ndjson, .eval,
.traj, .har, .httprr, .mitm, .txtar, .sse, .yaml, .yml; nothing hidden, no *.meta.json), and one in which no conversation is
found (an unknown format, an empty file) is skipped and listed, not failed; a file named
on the command line is never skipped.

Options:
  --json                  print the report as JSON (default: a short human summary)
  --format <id|auto>      force an input format (default auto)
  --mode proxy|agent      replay mode (default proxy)
  --strikes <n>           max_repeated_batch_steps (default 2)
  --obs <n|none>          max_observation_steps (default 15; none = unset)
  --patterns <a,b,c>      observation_tools, comma-separated ("" = empty list)
  --guard-mode off|note|refuse
                          loop_guard_mode: what gglib's proxy does when the guard fires
                          (default note: forward with a note; refuse: HTTP 400; off:
                          forward untouched). The exit status is 1 whenever it fires
  --config <file.json>    a config or gglib settings file Loopscope wrote (its config
                          export, --export-reference-settings, a report); flags override it
  --max-iterations <n>    with --mode agent: max_iterations, responses per run (default 25;
                          gglib takes 1-50)
  --max-parallel-tools <n>
                          with --mode agent: max_parallel_tools, calls per batch (default 25;
                          gglib takes 1-50)
  --watch                 follow the file while an agent writes it: print each refusal as
                          its batch settles (with --json, every new batch as one JSON
                          object a line), until interrupted; the exit status as usual
  --jobs <n>              threads for several files or a folder (default: one per core);
                          the output is the same, row for row, whatever the number
  --json-lines            with several files or a folder: print one JSON object a
                          conversation as each is done ({"file", "line"?,
                          "conversation"?, "report" | "error"}), then {"totals": …}
  --merge                 read --json-lines outputs (files, or - for standard input) and
                          print them as one run over all their files would (--json: the
                          same document)
  --no-timing             print every measured time as 0, so runs compare byte for byte
  --notes                 list the import notes in the summary too (handling that changes
                          nothing the detector sees; --json always has them)
  --strict                with several files or a folder: exit 2 for a file skipped as no
                          transcript too, not only for one that cannot be read
  --cline-results user|tool
                          Cline / Roo Code results, stored as user text: read them as the
                          user turns they are sent as (user, the default: every run breaks),
                          or as the tool messages they stand for (tool: the loops show)
  --sweep --honest PATH… --loop PATH[@N]…
                          choose the thresholds across a corpus: every cell of strikes 0-10
                          × observation 1-30 or unset (mode and patterns as given) replayed
                          over each transcript; honest ones must not be stopped, loops must
                          be (by their Nth repeat with @N). Prints the grid and the best
                          cell (--json: the best cell as a config --config reads). A folder
                          marks every transcript under it. Exit 0 with a best cell, 1 when
                          no cell meets every mark (the conflicting transcripts named)
  --export-reference-settings
                          print the config as gglib's own settings (max_repeated_batch_steps,
                          max_observation_steps, observation_tools) with a note on where
                          they apply, and exit; needs no transcript
  -h, --help              show this help
  -v, --version           show the version

Exit status: 0 no refusal, 1 at least one refusal, 2 usage error or unreadable input
(with several files: 2 if any file is unreadable, or with --strict skipped, else 1 if
any refusal, else 0).
`;

const VALUE_FLAGS = new Set([
  '--format',
  '--mode',
  '--strikes',
  '--obs',
  '--patterns',
  '--config',
  '--cline-results',
  '--jobs',
  '--guard-mode',
  '--max-iterations',
  '--max-parallel-tools',
]);

/** A non-negative integer written in plain decimal digits, or null. */
export function parseCount(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * `--patterns` value: comma-separated, each entry trimmed, empty entries dropped, so `""` is the
 * empty list (no batch is read-only). An empty pattern would match every name, which nobody
 * means by a stray comma; a config file can still say `[""]` deliberately.
 */
export function parsePatterns(text: string): string[] {
  return text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * Parses the command line (without `node` and the script). Returns a one-line usage error
 * instead of throwing. `formats` lists the known format ids for `--format`.
 */
export function parseArgs(
  argv: readonly string[],
  formats: readonly string[],
): Result<CliOptions, string> {
  let help = false;
  let version = false;
  let json = false;
  let format = 'auto';
  let mode: ReplayMode | undefined;
  let strikes: number | undefined;
  let obs: number | null | undefined;
  let patterns: string[] | undefined;
  let configFile: string | undefined;
  let exportReferenceSettings = false;
  let clineResults: 'user' | 'tool' | undefined;
  let watch = false;
  let jobs: number | undefined;
  let jsonLines = false;
  let merge = false;
  let noTiming = false;
  let strict = false;
  let notes = false;
  let guardMode: GuardMode | undefined;
  const agentLimits: { maxIterations?: number; maxParallelTools?: number } = {};
  const positional: string[] = [];
  let sweep = false;
  /** Paths after `--honest` or `--loop` take that mark, until the next one. */
  let marking: MarkedPath['mark'] | null = null;
  let unmarked = 0;
  const marked: MarkedPath[] = [];
  const take = (arg: string): string | null => {
    positional.push(arg);
    if (marking === null) {
      unmarked++;
      return null;
    }
    const m = marking === 'loop' ? /^(.*)@(\d+)$/s.exec(arg) : null;
    if (m === null) {
      marked.push({ path: arg, mark: marking, by: null });
      return null;
    }
    const by = parseCount(m[2] ?? '');
    if (by === null || by === 0) return `--loop ${arg}: the repeat after @ must be 1 or more`;
    positional[positional.length - 1] = m[1] ?? '';
    marked.push({ path: m[1] ?? '', mark: 'loop', by });
    return null;
  };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      for (const rest of argv.slice(i + 1)) {
        const e = take(rest);
        if (e !== null) return err(e);
      }
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      const e = take(arg);
      if (e !== null) return err(e);
      continue;
    }
    if (arg === '--honest' || arg === '--loop') {
      marking = arg === '--honest' ? 'honest' : 'loop';
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    let value: string | undefined;
    if (VALUE_FLAGS.has(flag)) {
      if (eq > 0 && arg.startsWith('--')) value = arg.slice(eq + 1);
      else {
        value = argv[i + 1];
        i++;
        if (value === undefined) return err(`${flag} needs a value`);
      }
    } else if (eq > 0) {
      return err(`${flag} takes no value`);
    }
    switch (flag) {
      case '-h':
      case '--help':
        help = true;
        break;
      case '-v':
      case '--version':
        version = true;
        break;
      case '--json':
        json = true;
        break;
      case '--sweep':
        sweep = true;
        break;
      case '--watch':
        watch = true;
        break;
      case '--json-lines':
        jsonLines = true;
        break;
      case '--merge':
        merge = true;
        break;
      case '--no-timing':
        noTiming = true;
        break;
      case '--strict':
        strict = true;
        break;
      case '--notes':
        notes = true;
        break;
      case '--jobs': {
        const n = parseCount(value ?? '');
        if (n === null || n === 0)
          return err(`--jobs must be a whole number of 1 or more, not "${value ?? ''}"`);
        jobs = n;
        break;
      }
      case '--export-reference-settings':
        exportReferenceSettings = true;
        break;
      case '--format': {
        const v = value ?? '';
        if (v !== 'auto' && !formats.includes(v)) {
          return err(`unknown format "${v}" for --format; supported: auto, ${formats.join(', ')}`);
        }
        format = v;
        break;
      }
      case '--mode':
        if (value !== 'proxy' && value !== 'agent') {
          return err(`--mode must be proxy or agent, not "${value ?? ''}"`);
        }
        mode = value;
        break;
      case '--strikes': {
        const n = parseCount(value ?? '');
        if (n === null)
          return err(`--strikes must be a whole number of 0 or more, not "${value ?? ''}"`);
        strikes = n;
        break;
      }
      case '--obs': {
        if (value === 'none') {
          obs = null;
          break;
        }
        const n = parseCount(value ?? '');
        if (n === null) {
          return err(`--obs must be a whole number of 0 or more, or none, not "${value ?? ''}"`);
        }
        obs = n;
        break;
      }
      case '--patterns':
        patterns = parsePatterns(value ?? '');
        break;
      case '--config':
        if (!value) return err('--config needs a file name');
        configFile = value;
        break;
      case '--max-iterations':
      case '--max-parallel-tools': {
        const n = parseCount(value ?? '');
        if (n === null)
          return err(`${flag} must be a whole number of 0 or more, not "${value ?? ''}"`);
        agentLimits[flag === '--max-iterations' ? 'maxIterations' : 'maxParallelTools'] = n;
        break;
      }
      case '--cline-results':
        if (value !== 'user' && value !== 'tool') {
          return err(`--cline-results must be user or tool, not "${value ?? ''}"`);
        }
        clineResults = value;
        break;
      case '--guard-mode':
        if (!isGuardMode(value)) {
          return err(`--guard-mode must be off, note or refuse, not "${value ?? ''}"`);
        }
        guardMode = value;
        break;
      default:
        return err(`unknown option ${flag}`);
    }
  }

  const options: CliOptions = {
    help,
    version,
    json,
    format,
    mode,
    strikes,
    obs,
    patterns,
    configFile,
    input: positional[0],
    inputs: positional,
    exportReferenceSettings,
    clineResults,
    watch,
    jobs,
    jsonLines,
    merge,
    noTiming,
    strict,
    notes,
    ...(guardMode === undefined ? {} : { guardMode }),
    ...limitsGiven(agentLimits),
    ...(sweep || marked.length > 0 ? { sweep, marked } : {}),
  };
  // Help, version and the settings export need no transcript.
  if (help || version || exportReferenceSettings) return ok(options);
  if (sweep || marked.length > 0) {
    const e = sweepUsage(sweep, unmarked, marked, { watch, jsonLines, merge });
    if (e !== null) return err(e);
    return ok(options);
  }
  if (positional.length === 0) return err('missing the transcript file (or - for standard input)');
  if (positional.filter((p) => p === '-').length > 1) {
    return err('standard input (-) can be read only once');
  }
  if (watch && (positional.length !== 1 || positional[0] === '-')) {
    return err('--watch follows one file (not standard input)');
  }
  if (watch && (jsonLines || merge))
    return err('--watch cannot be used with --json-lines or --merge');
  return ok(options);
}

function limitsGiven(limits: CliOptions['agentLimits']): Pick<CliOptions, 'agentLimits'> {
  return limits !== undefined && Object.keys(limits).length > 0 ? { agentLimits: limits } : {};
}

/** What `--sweep` cannot be given, or null when its arguments hold together. */
function sweepUsage(
  sweep: boolean,
  unmarked: number,
  marked: readonly MarkedPath[],
  other: { readonly watch: boolean; readonly jsonLines: boolean; readonly merge: boolean },
): string | null {
  if (!sweep) return '--honest and --loop mark the transcripts of --sweep: add --sweep';
  if (unmarked > 0 || marked.length === 0) {
    return '--sweep needs each transcript marked: --honest PATH… --loop PATH[@N]…';
  }
  if (marked.some((m) => m.path === '-'))
    return '--sweep reads files and folders, not standard input';
  if (other.watch || other.jsonLines || other.merge) {
    return '--sweep cannot be used with --watch, --json-lines or --merge';
  }
  return null;
}
