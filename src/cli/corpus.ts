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
import type { CorpusPart } from '../import/corpus';
import { importConversations, type ImportError, type ImportOptions } from '../import/index';
import { reportSource } from '../pipeline/index';
import { oneLine } from './oneLine';
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
export function resultName(r: CorpusResult): string {
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

export function totalsOf(results: readonly CorpusResult[]): CorpusTotals {
  return corpusTotals(results.map(toRow));
}

/** The `--json` document of a corpus run. */
export function corpusJson(results: readonly CorpusResult[]): string {
  const doc = {
    schemaVersion: 1,
    corpus: results.map((r) => ({
      file: r.file,
      ...(r.line === null ? {} : { line: r.line }),
      ...(r.conversation === undefined ? {} : { conversation: r.conversation }),
      ...('error' in r ? { error: r.error } : { report: r.report }),
    })),
    totals: totalsOf(results),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const HEAD = ['file', 'format', 'batches', 'refusals', 'first refusal', 'error'] as const;
/** Right-aligned columns (the counts). */
const NUMERIC = new Set([2, 3]);

/** The human table of a corpus run: one row per transcript, then the totals. */
export function formatCorpusTable(
  results: readonly CorpusResult[],
  configLine: string,
  paint: Paint = PLAIN,
): string {
  const cells: string[][] = results.map((r) => {
    const row = toRow(r);
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
  results.forEach((r, i) => {
    const text = render(cells[i] ?? []);
    if ('error' in r) lines.push(paint.yellow(text));
    else if (r.report.batches.some((b) => b.refused)) lines.push(paint.red(text));
    else lines.push(text);
  });
  const t = totalsOf(results);
  lines.push('');
  const failed = t.failed > 0 ? ` (${t.failed} failed)` : '';
  lines.push(
    `totals: ${plural(t.transcripts, 'transcript')}${failed}, ${plural(t.batches, 'batch', 'batches')}, ${plural(t.refusals, 'refusal')} in ${plural(t.refusedTranscripts, 'transcript')}, ${t.rescued} rescued`,
  );
  lines.push(`config: ${configLine}`);
  return `${lines.join('\n')}\n`;
}

/** 2 if any transcript failed, else 1 if any refusal, else 0. */
export function corpusExitStatus(results: readonly CorpusResult[]): 0 | 1 | 2 {
  if (results.some((r) => 'error' in r)) return 2;
  return results.some((r) => 'report' in r && r.report.batches.some((b) => b.refused)) ? 1 : 0;
}
