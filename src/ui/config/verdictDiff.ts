/**
 * How the verdicts under the current config differ from the reference defaults, for the
 * config panel ("2 fewer refusals; batches 14 and 15 no longer refused") and for the
 * timeline/table highlight. Derived from the two reports, never stored.
 */
import type { BatchReport, Report } from '../../detector/index';
import { IndexSet } from '../../worker/indexSet';
import { FLAG_REFUSED, FLAG_RESCUED } from '../../worker/packedColumns';
import { columnsOf } from '../../worker/reportColumns';
import type { PackedDiff } from '../../worker/packedReport';

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
const PASSED = 0;
const REFUSED = 1;
const RESCUED = 2;

/** `verdictOf` over a batch's packed flag bits. */
function verdictOfFlags(f: number): number {
  if ((f & FLAG_REFUSED) !== 0) return REFUSED;
  if ((f & FLAG_RESCUED) !== 0) return RESCUED;
  return PASSED;
}

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
  const packed = columnsOf(report).verdicts;
  if (packed.diff !== undefined) return fromPacked(packed.diff, packed.tally.refused);
  const marks = new Uint8Array(report.batches.length);
  const newlyRefused: number[] = [];
  const noLongerRefused: number[] = [];
  const newlyRescued: number[] = [];
  const noLongerRescued: number[] = [];
  let refusedNow = 0;
  let refusedBefore = 0;
  let changedCount = 0;
  // Over the packed flags: no batch object is read unless its verdict changed.
  const flagsNow = columnsOf(report).verdicts.flags;
  const flagsBefore = columnsOf(defaults).verdicts.flags;
  for (let i = 0; i < flagsNow.length; i++) {
    const now = verdictOfFlags(flagsNow[i] as number);
    const before = verdictOfFlags(flagsBefore[i] as number);
    if (now === REFUSED) refusedNow++;
    if (before === REFUSED) refusedBefore++;
    if (now === before) continue;
    // Batch i sits at position i; reading the batch object would build it (lazyReport.ts).
    const index = i;
    marks[index] = 1;
    changedCount++;
    if (now === REFUSED) newlyRefused.push(index);
    if (before === REFUSED) noLongerRefused.push(index);
    if (now === RESCUED) newlyRescued.push(index);
    if (before === RESCUED) noLongerRescued.push(index);
  }

  return summarise(
    new IndexSet(marks, changedCount),
    { newlyRefused, noLongerRefused, newlyRescued, noLongerRescued },
    refusedNow - refusedBefore,
  );
}

/** The diff the worker packed against the defaults (packedReport.ts): no pass over batches. */
function fromPacked(d: PackedDiff, refusedNow: number): VerdictDiff {
  return summarise(
    new IndexSet(d.marks, d.count),
    {
      newlyRefused: Array.from(d.newlyRefused),
      noLongerRefused: Array.from(d.noLongerRefused),
      newlyRescued: Array.from(d.newlyRescued),
      noLongerRescued: Array.from(d.noLongerRescued),
    },
    refusedNow - d.refusedBefore,
  );
}

type Lists = Pick<
  VerdictDiff,
  'newlyRefused' | 'noLongerRefused' | 'newlyRescued' | 'noLongerRescued'
>;

function summarise(changed: IndexSet, lists: Lists, delta: number): VerdictDiff {
  const { newlyRefused, noLongerRefused, newlyRescued, noLongerRescued } = lists;
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
