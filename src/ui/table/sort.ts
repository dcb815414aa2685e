// The batch table's sort: keys per column, compared without building rows.
import type { BatchReport, Report } from '../../detector/index';
import { outcomeRank, toolsLabel, verdictKind, verdictRank } from './labels';
import type { Tier } from './tier';
import { tierRank } from './tier';

/** The sortable columns, by column id. */
export type SortColumn =
  | 'index'
  | 'message'
  | 'tools'
  | 'signature'
  | 'tier'
  | 'count'
  | 'total'
  | 'threshold'
  | 'answers'
  | 'outcome'
  | 'verdict';

export interface SortSpec {
  readonly id: SortColumn;
  readonly desc: boolean;
}

type Key = number | string;

/**
 * One sort key per batch for a column. Keys are computed once per sort rather than inside the
 * comparator, which runs about n·log2(n) ≈ 1.7 million times for 100,000 batches.
 */
export function sortKeys(
  id: SortColumn,
  batches: readonly BatchReport[],
  report: Pick<Report, 'firstRefusal'>,
  tierOf: (b: BatchReport) => Tier,
): Key[] {
  return sortKeysAt(id, batches.length, (i) => batches[i] as BatchReport, report, tierOf);
}

/** `sortKeys` over `n` batches read by position (a cursor over packed columns, say). */
export function sortKeysAt(
  id: SortColumn,
  n: number,
  batchAt: (i: number) => BatchReport,
  report: Pick<Report, 'firstRefusal'>,
  tierOf: (b: BatchReport) => Tier,
): Key[] {
  const key = (b: BatchReport): Key => {
    switch (id) {
      case 'index':
        return b.index;
      case 'message':
        return b.messageIndex;
      case 'tools':
        return toolsLabel(b);
      case 'signature':
        return b.signature;
      case 'tier':
        return tierRank(tierOf(b), b.costly);
      case 'count':
        return b.count;
      case 'total':
        return b.total;
      case 'threshold':
        return b.threshold;
      case 'answers':
        return (b.answersKnown ? 0 : 4) + outcomeRank(b.outcome);
      case 'outcome':
        return outcomeRank(b.outcome);
      case 'verdict':
        return verdictRank(verdictKind(b, report));
    }
  };
  const keys = new Array<Key>(n);
  for (let i = 0; i < n; i++) keys[i] = key(batchAt(i));
  return keys;
}

/** Ascending comparison of two keys; strings by UTF-16 code units, which is stable and fast. */
export function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/**
 * Orders the given batch positions (indices into `batches`) by one column. Ties always fall back
 * to batch order ascending, so a descending sort keeps equal rows in transcript order.
 */
export function sortPositions(positions: number[], spec: SortSpec, keys: readonly Key[]): number[] {
  const sign = spec.desc ? -1 : 1;
  return positions.sort((a, b) => {
    const c = compareKeys(keys[a] as Key, keys[b] as Key);
    return c !== 0 ? sign * c : a - b;
  });
}
