/**
 * `loopscope a.json b.json …` and `loopscope DIR`: every conversation of every transcript
 * replayed under one config, printed as one table (or one JSON document) with the totals. A
 * file that cannot be read or imported is a row with its error; the others still run.
 */
import {
  corpusTotals,
  corpusVerdict,
  evaluateReplay,
  prepareReplay,
  type CorpusRow,
  type CorpusTotals,
  type DetectorConfig,
  type Report,
} from '../detector/index';
import { corpusParts, type CorpusPart } from '../import/corpus';
import { fileCount } from '../import/folder';
import { importConversations, type ImportError, type ImportOptions } from '../import/index';
import { reportSource } from '../pipeline/index';
import { oneLine } from './oneLine';
import { readFailure } from './readFailure';
import { PLAIN, type Paint } from './summary';

/** Where a corpus row's transcript stands: its file, a line of it, a conversation in it. */
interface RowPlace {
  readonly file: string;
  readonly line: number | null;
  /** The conversation's label when the file holds several (a subagent, a sample). */
  readonly conversation?: string;
}

/** One transcript of a corpus run: its report, or why there is none. */
export type CorpusResult =
  | (RowPlace & { readonly report: Report })
  | (RowPlace & { readonly error: string; readonly kind?: ImportError['kind'] });

/** A transcript's name in the table: the file, `file:line`, and the conversation after `#`. */
function resultName(r: CorpusResult): string {
  const at = r.line === null ? r.file : `${r.file}:${r.line}`;
  return r.conversation === undefined ? at : `${at} # ${r.conversation}`;
}

/** The error text for a row: the position first for a syntax error, as compilers print it. */
export function importErrorText(e: ImportError): string {
  if (e.kind === 'syntax') {
    const msg = oneLine(e.message).replace(` at line ${e.line}, column ${e.column}`, '');
    return `${e.line}:${e.column}: ${msg}`;
  }
  return oneLine(e.message);
}

/** Imports and replays one part of a corpus file: one result per conversation it holds. */
export function replayPart(
  file: string,
  part: CorpusPart,
  config: DetectorConfig,
  opts: Pick<ImportOptions, 'format' | 'clineResults'>,
  now: () => number,
): CorpusResult[] {
  const t0 = now();
  const imported = importConversations(part.input, opts);
  if (!imported.ok) {
    return [
      {
        file,
        line: part.line,
        error: importErrorText(imported.error),
        kind: imported.error.kind,
      },
    ];
  }
  const importMs = now() - t0;
  const several = imported.value.length > 1;
  return imported.value.map((value) => {
    const report = evaluateReplay(prepareReplay(value.messages), config, reportSource(value), {
      importMs,
    });
    const label = value.conversations[value.conversation]?.label;
    return several && label !== undefined
      ? { file, line: part.line, conversation: label, report }
      : { file, line: part.line, report };
  });
}

function toRow(r: CorpusResult): CorpusRow {
  const name = resultName(r);
  if ('error' in r) {
    return { name, format: null, messages: 0, warnings: [], verdict: null, error: r.error };
  }
  return {
    name,
    format: r.report.source.format,
    messages: r.report.source.messages,
    warnings: r.report.source.warnings,
    verdict: corpusVerdict(r.report),
    error: null,
  };
}

/** How a corpus run prints: the table, one JSON document, or one JSON object a line. */
export type Render = 'table' | 'json' | 'json-lines';

/**
 * One conversation of a corpus run, settled into what printing needs: its row (for the table,
 * the totals and the exit status), its stderr line if it failed, and its JSON text. A worker
 * settles its own conversations, so the thread that prints only concatenates.
 */
export interface Settled {
  readonly row: CorpusRow;
  /** `file[:line]: error`, or null when it imported. */
  readonly failure: string | null;
  /** The entry as `--json` nests it in `corpus`, or as one `--json-lines` line; '' for the table. */
  readonly text: string;
}

/** The object `--json` lists under `corpus` and `--json-lines` prints a line each. */
function entryOf(r: CorpusResult): object {
  return {
    file: r.file,
    ...(r.line === null ? {} : { line: r.line }),
    ...(r.conversation === undefined ? {} : { conversation: r.conversation }),
    ...('error' in r ? { error: r.error } : { report: r.report }),
  };
}

// `--json` prints the whole document with a two-space indent; an entry sits two levels deep.
// Indenting an entry printed alone gives the same bytes, since JSON text never holds a raw
// newline inside a string.
const ENTRY_INDENT = '    ';

/** Settles one result for printing in `render`. */
export function settle(r: CorpusResult, render: Render): Settled {
  const failure =
    'error' in r ? `${r.line === null ? r.file : `${r.file}:${r.line}`}: ${r.error}` : null;
  let text = '';
  if (render === 'json') {
    text = ENTRY_INDENT + JSON.stringify(entryOf(r), null, 2).replaceAll('\n', `\n${ENTRY_INDENT}`);
  } else if (render === 'json-lines') {
    text = JSON.stringify(entryOf(r));
  }
  return { row: toRow(r), failure, text };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const HEAD = ['file', 'format', 'batches', 'refusals', 'first refusal', 'error'] as const;
/** Right-aligned columns (the counts). */
const NUMERIC = new Set([2, 3]);

/**
 * The human table of a corpus run: one row per transcript, then the totals, and the files
 * skipped as no transcript, every one named.
 */
export function formatCorpusTable(
  rows: readonly CorpusRow[],
  configLine: string,
  paint: Paint = PLAIN,
  skipped: readonly string[] = [],
): string {
  const cells: string[][] = rows.map((row) => {
    const v = row.verdict;
    return [
      row.name,
      row.format ?? '-',
      v === null ? '-' : String(v.batches),
      v === null ? '-' : String(v.refused.length),
      v === null || v.firstRefusal === null ? '-' : `batch ${v.firstRefusal}`,
      row.error ?? '',
    ];
  });
  const widths = HEAD.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c]?.length ?? 0)));
  const render = (row: readonly string[]) =>
    row
      .map((cell, c) => {
        if (c === row.length - 1) return cell;
        const w = widths[c] ?? 0;
        return NUMERIC.has(c) ? cell.padStart(w) : cell.padEnd(w);
      })
      .join('  ')
      .trimEnd();
  const lines = [paint.bold(render(HEAD))];
  rows.forEach((row, i) => {
    const text = render(cells[i] ?? []);
    if (row.verdict === null) lines.push(paint.yellow(text));
    else if (row.verdict.refused.length > 0) lines.push(paint.red(text));
    else lines.push(text);
  });
  const t = corpusTotals(rows);
  lines.push('');
  const failed = t.failed > 0 ? ` (${t.failed} failed)` : '';
  const skip = skipped.length > 0 ? `, ${skipped.length} skipped` : '';
  lines.push(
    `totals: ${plural(t.transcripts, 'transcript')}${failed}${skip}, ${plural(t.batches, 'batch', 'batches')}, ${plural(t.refusals, 'refusal')} in ${plural(t.refusedTranscripts, 'transcript')}, ${t.rescued} rescued`,
  );
  if (skipped.length > 0) {
    lines.push(`skipped (not a transcript): ${skipped.join(', ')}`);
  }
  lines.push(`config: ${configLine}`);
  return `${lines.join('\n')}\n`;
}

/** 2 if any transcript failed, else 1 if any refusal, else 0. */
export function corpusExitStatus(rows: readonly CorpusRow[]): 0 | 1 | 2 {
  if (rows.some((r) => r.verdict === null)) return 2;
  return rows.some((r) => r.verdict !== null && r.verdict.refused.length > 0) ? 1 : 0;
}

/**
 * The exit status and totals of a corpus, kept as it streams: nothing per conversation is
 * held, so `--json-lines` runs in memory that does not grow with the number of files.
 */
export class RunningTotals {
  private readonly sum = corpusTotals([]);
  private refused = false;
  private failed = false;

  add(row: CorpusRow): void {
    const one = corpusTotals([row]);
    const t = this.sum as { -readonly [K in keyof CorpusTotals]: number };
    for (const k of Object.keys(t) as (keyof CorpusTotals)[]) t[k] += one[k];
    if (row.verdict === null) this.failed = true;
    else if (row.verdict.refused.length > 0) this.refused = true;
  }

  get totals(): CorpusTotals {
    return { ...this.sum };
  }

  get status(): 0 | 1 | 2 {
    return this.failed ? 2 : this.refused ? 1 : 0;
  }
}

/** One file of a corpus run, and whether it was found in a folder (not named by the user). */
export interface FileJob {
  readonly file: string;
  readonly inFolder: boolean;
}

/**
 * A file's conversations, settled, or that it was skipped as no transcript (a file a folder
 * held that has no conversation in it: `fileCount` of src/import/folder.ts).
 */
export interface FileOutcome {
  readonly file: string;
  readonly settled: readonly Settled[];
  readonly skipped: boolean;
}

/** What every file of a corpus run is replayed with: the same on every thread. */
export interface CorpusTask {
  readonly config: DetectorConfig;
  readonly importOpts: Pick<ImportOptions, 'format' | 'clineResults'>;
  readonly render: Render;
  /** Every measured time printed as 0 (`--no-timing`). */
  readonly noTiming: boolean;
}

/** The report with its measured times as 0, so that two runs print the same bytes. */
export function untimed(report: Report): Report {
  return { ...report, timing: { importMs: 0, replayMs: 0 } };
}

/** A result as the task prints it: untimed under `--no-timing`. */
export function asPrinted(r: CorpusResult, noTiming: boolean): CorpusResult {
  return noTiming && 'report' in r ? { ...r, report: untimed(r.report) } : r;
}

/**
 * Reads, imports and replays one file of a corpus: its parts (one whole conversation a JSONL
 * line), each part's conversations. A file found in a folder that is no transcript at all is
 * skipped, not a failure: folders hold other files too.
 */
export function replayFile(
  job: FileJob,
  read: (file: string) => Uint8Array,
  task: CorpusTask,
  now: () => number,
): FileOutcome {
  let bytes: Uint8Array;
  try {
    bytes = read(job.file);
  } catch (e) {
    const why = readFailure(job.file, e).slice(job.file.length + 2);
    return {
      file: job.file,
      settled: [settle({ file: job.file, line: null, error: why }, task.render)],
      skipped: false,
    };
  }
  const parts = corpusParts(bytes, job.file).map((part) =>
    replayPart(job.file, part, task.config, task.importOpts, now),
  );
  const errors = parts.map((rows) => {
    const first = rows[0];
    return rows.length === 1 && first !== undefined && 'error' in first && first.kind !== undefined
      ? { kind: first.kind }
      : null;
  });
  if (fileCount(errors, job.inFolder) === 'skipped') {
    return { file: job.file, settled: [], skipped: true };
  }
  const settled = parts.flat().map((r) => settle(asPrinted(r, task.noTiming), task.render));
  return { file: job.file, settled, skipped: false };
}
