/**
 * How the verdicts under the current config differ from the reference defaults, for the
 * config panel ("2 fewer refusals; batches 14 and 15 no longer refused") and for the
 * timeline/table highlight. Derived from the two reports, never stored.
 */
import type { BatchReport, Report } from '../../detector/index';
import { IndexSet } from '../../report/indexSet';
import { columnsOf } from '../../report/reportColumns';
import { diffFlags, type PackedDiff } from '../../report/packedReport';

export type Verdict = 'refused' | 'rescued' | 'passed';

export interface VerdictDiff {
  /** Batches whose verdict differs from the defaults'. */
  readonly changed: ReadonlySet<number>;
  readonly newlyRefused: readonly number[];
  readonly noLongerRefused: readonly number[];
  readonly newlyRescued: readonly number[];
  readonly noLongerRescued: readonly number[];
  /** One plain sentence. */
  readonly sentence: string;
}

/** The verdict a batch gets in the table and on the timeline. */
export function verdictOf(b: BatchReport): Verdict {
  if (b.refused) return 'refused';
  if (b.rescued) return 'rescued';
  return 'passed';
}

const LIST_LIMIT = 6;

/** "batch 3", "batches 14 and 15", "batches 1, 2, 3, 4, 5, 6 and 4 more". */
export function batchList(indices: readonly number[]): string {
  const shown = indices.slice(0, LIST_LIMIT).map(String);
  const rest = indices.length - shown.length;
  if (indices.length === 1) return `batch ${shown[0]}`;
  if (rest > 0) return `batches ${shown.join(', ')} and ${rest} more`;
  return `batches ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const EMPTY: ReadonlySet<number> = new Set();

/**
 * Compares two reports of the same transcript (a report against the defaults' report). A
 * report the worker sent carries that comparison already (`PackedReport.diff`, made against
 * the defaults of its transcript) and it is used as is.
 */
export function diffVerdicts(report: Report, defaults: Report): VerdictDiff {
  if (report.batches.length !== defaults.batches.length) {
    return {
      changed: EMPTY,
      newlyRefused: [],
      noLongerRefused: [],
      newlyRescued: [],
      noLongerRescued: [],
      sentence: 'The default analysis is for another transcript; no comparison.',
    };
  }
  // A report the worker sent carries its diff; any other is compared here the same way.
  const now = columnsOf(report).verdicts;
  const diff = now.diff ?? diffFlags(now.flags, columnsOf(defaults).verdicts.flags);
  return fromPacked(diff, now.tally.refused);
}

/** A packed diff (packedReport.ts) as the config panel and the views read it. */
function fromPacked(d: PackedDiff, refusedNow: number): VerdictDiff {
  const changed = new IndexSet(d.marks, d.count);
  const newlyRefused = Array.from(d.newlyRefused);
  const noLongerRefused = Array.from(d.noLongerRefused);
  const newlyRescued = Array.from(d.newlyRescued);
  const noLongerRescued = Array.from(d.noLongerRescued);
  const delta = refusedNow - d.refusedBefore;
  const parts: string[] = [];
  if (delta < 0) parts.push(`${plural(-delta, 'fewer refusal', 'fewer refusals')}`);
  if (delta > 0) parts.push(`${plural(delta, 'more refusal', 'more refusals')}`);
  if (noLongerRefused.length > 0) parts.push(`${batchList(noLongerRefused)} no longer refused`);
  if (newlyRefused.length > 0) parts.push(`${batchList(newlyRefused)} now refused`);
  if (newlyRescued.length > 0) parts.push(`${batchList(newlyRescued)} now rescued`);
  if (noLongerRescued.length > 0) parts.push(`${batchList(noLongerRescued)} no longer rescued`);
  const text = parts.join('; ');
  const sentence =
    parts.length === 0
      ? 'Same verdicts as the defaults.'
      : `${text.charAt(0).toUpperCase()}${text.slice(1)} (against the defaults).`;
  return { changed, newlyRefused, noLongerRefused, newlyRescued, noLongerRescued, sentence };
}
