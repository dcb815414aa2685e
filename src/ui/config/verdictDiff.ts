/**
 * How the verdicts under the current config differ from the reference defaults, for the
 * config panel ("2 fewer refusals; batches 14 and 15 no longer refused") and for the
 * timeline/table highlight. Derived from the two reports, never stored.
 */
import type { BatchReport, Report } from '../../detector/index';

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

/** Compares two reports of the same transcript (a report against the defaults' report). */
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
  const changed = new Set<number>();
  const newlyRefused: number[] = [];
  const noLongerRefused: number[] = [];
  const newlyRescued: number[] = [];
  const noLongerRescued: number[] = [];
  let refusedNow = 0;
  let refusedBefore = 0;
  report.batches.forEach((b, i) => {
    const d = defaults.batches[i];
    if (d === undefined) return;
    const now = verdictOf(b);
    const before = verdictOf(d);
    if (now === 'refused') refusedNow++;
    if (before === 'refused') refusedBefore++;
    if (now === before) return;
    changed.add(b.index);
    if (now === 'refused') newlyRefused.push(b.index);
    if (before === 'refused') noLongerRefused.push(b.index);
    if (now === 'rescued') newlyRescued.push(b.index);
    if (before === 'rescued') noLongerRescued.push(b.index);
  });

  const parts: string[] = [];
  const delta = refusedNow - refusedBefore;
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
