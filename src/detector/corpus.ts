/**
 * The corpus view's arithmetic: one transcript's verdict boiled down from its
 * report, the totals over many, and what a config did to the corpus against the defaults.
 * Pure: the corpus worker, the UI and the CLI all call these.
 */
import type { Report } from './report';

/** One transcript's verdict under one config: what the corpus table and diff need. */
export interface CorpusVerdict {
  readonly batches: number;
  /** Indices of the refused batches, ascending. */
  readonly refused: readonly number[];
  /** The reference's first refusal (batch index), or null. */
  readonly firstRefusal: number | null;
  readonly rescued: number;
}

/** One corpus row: a transcript that imported (with its verdict), or one that did not. */
export interface CorpusRow {
  readonly name: string;
  /** The format id, or null when the import failed. */
  readonly format: string | null;
  readonly messages: number;
  readonly warnings: readonly string[];
  /** Null when the import failed. */
  readonly verdict: CorpusVerdict | null;
  /** The one-line import error, or null. */
  readonly error: string | null;
}

/** The corpus's totals line. */
export interface CorpusTotals {
  readonly transcripts: number;
  /** Transcripts that could not be imported. */
  readonly failed: number;
  readonly messages: number;
  readonly batches: number;
  readonly refusals: number;
  /** Transcripts with at least one refusal. */
  readonly refusedTranscripts: number;
  readonly rescued: number;
  readonly warnings: number;
}

/** What a config did to the corpus against the defaults (batch by batch, per transcript). */
export interface CorpusDiff {
  /** Refusals under the defaults that the config no longer makes. */
  readonly removed: number;
  /** Transcripts losing at least one refusal. */
  readonly removedIn: number;
  /** Refusals the config makes that the defaults do not. */
  readonly added: number;
  /** Transcripts gaining at least one refusal. */
  readonly addedIn: number;
  /** "removes 14 refusals in 9 transcripts, adds 2 in 1 transcript", or "no change". */
  readonly sentence: string;
}

/** A transcript's verdict under the config and under the defaults. */
export interface VerdictPair {
  readonly current: CorpusVerdict;
  readonly defaults: CorpusVerdict;
}

/** Boils a report down to the corpus row's verdict. */
export function corpusVerdict(report: Report): CorpusVerdict {
  const refused: number[] = [];
  let rescued = 0;
  for (const b of report.batches) {
    if (b.refused) refused.push(b.index);
    if (b.rescued) rescued++;
  }
  return {
    batches: report.batches.length,
    refused,
    firstRefusal: report.firstRefusal?.batchIndex ?? null,
    rescued,
  };
}

/** Sums the rows; a failed row counts as a transcript and a failure, nothing else. */
export function corpusTotals(rows: readonly CorpusRow[]): CorpusTotals {
  let failed = 0;
  let messages = 0;
  let batches = 0;
  let refusals = 0;
  let refusedTranscripts = 0;
  let rescued = 0;
  let warnings = 0;
  for (const r of rows) {
    warnings += r.warnings.length;
    if (r.verdict === null) {
      failed++;
      continue;
    }
    messages += r.messages;
    batches += r.verdict.batches;
    refusals += r.verdict.refused.length;
    rescued += r.verdict.rescued;
    if (r.verdict.refused.length > 0) refusedTranscripts++;
  }
  return {
    transcripts: rows.length,
    failed,
    messages,
    batches,
    refusals,
    refusedTranscripts,
    rescued,
    warnings,
  };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Counts of the sorted `a` not in the sorted `b`. */
function missingFrom(a: readonly number[], b: readonly number[]): number {
  let n = 0;
  let j = 0;
  for (const x of a) {
    while (j < b.length && (b[j] as number) < x) j++;
    if (j >= b.length || b[j] !== x) n++;
  }
  return n;
}

/** The sentence for a diff's counts: what the config removes and adds, or "no change". */
export function corpusDiffSentence(d: Omit<CorpusDiff, 'sentence'>): string {
  const transcripts = (n: number) => plural(n, 'transcript');
  const parts: string[] = [];
  if (d.removed > 0) {
    parts.push(`removes ${plural(d.removed, 'refusal')} in ${transcripts(d.removedIn)}`);
  }
  if (d.added > 0) {
    // After "removes N refusals", the noun is understood: "…, adds 2 in 1 transcript".
    const what = parts.length > 0 ? String(d.added) : plural(d.added, 'refusal');
    parts.push(`adds ${what} in ${transcripts(d.addedIn)}`);
  }
  return parts.length === 0 ? 'no change' : parts.join(', ');
}

/**
 * What the config did to the corpus against the defaults. Batches are the same under every
 * config (a config changes verdicts, never the batches), so a transcript's refusals are
 * compared batch by batch: one refusal moved from batch 5 to batch 7 is one removed and one
 * added.
 */
export function diffCorpus(pairs: Iterable<VerdictPair>): CorpusDiff {
  let removed = 0;
  let removedIn = 0;
  let added = 0;
  let addedIn = 0;
  for (const { current, defaults } of pairs) {
    const gone = missingFrom(defaults.refused, current.refused);
    const fresh = missingFrom(current.refused, defaults.refused);
    removed += gone;
    added += fresh;
    if (gone > 0) removedIn++;
    if (fresh > 0) addedIn++;
  }
  const counts = { removed, removedIn, added, addedIn };
  return { ...counts, sentence: corpusDiffSentence(counts) };
}
