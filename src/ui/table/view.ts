// The rows the batch table shows: filtered, sorted positions into the report's batches.
import type { BatchReport, Report } from '../../detector/index';
import { BatchCursor } from '../../report/lazyReport';
import { columnsOf } from '../../report/reportColumns';
import type { BatchFilter } from './filter';
import { batchPredicate, isFilterActive } from './filter';
import type { SortSpec } from './sort';
import { sortKeysAt, sortPositions } from './sort';
import type { Tier } from './tier';

/**
 * The rows the table shows, as positions into `report.batches`, filtered (to `range` too, when
 * the filter asks) then sorted. The table
 * builds row objects only for the window it draws, so 100,000 batches cost one number array here
 * rather than 100,000 row objects.
 */
export function viewOrder(
  report: Report,
  tierOf: (b: BatchReport) => Tier,
  filter: BatchFilter,
  sort: SortSpec | null,
  range: { readonly first: number; readonly last: number } | null = null,
): readonly number[] {
  // A pass over every batch reads the packed columns through one cursor: the report's batch
  // objects are built only when read (lazyReport.ts), and a filter must not build 100k.
  const columns = columnsOf(report);
  const n = columns.transcript.batchCount;
  const cursor = new BatchCursor(columns);
  const unsorted = sort === null || (sort.id === 'index' && !sort.desc);
  const within = filter.inRange ? range : null;
  const others = isFilterActive(filter);
  if (!others && within === null && unsorted) return identityOf(n).order;
  let positions: number[];
  if (others || within !== null) {
    // The range bounds the pass: a range of ten batches reads ten.
    const lo = within === null ? 0 : Math.max(0, within.first);
    const hi = within === null ? n - 1 : Math.min(n - 1, within.last);
    const keep = others ? batchPredicate(filter, tierOf) : () => true;
    positions = [];
    for (let i = lo; i <= hi; i++) if (keep(cursor.at(i))) positions.push(i);
  } else {
    positions = new Array<number>(n);
    for (let i = 0; i < n; i++) positions[i] = i;
  }
  if (unsorted) return positions;
  const keys = sortKeysAt(sort.id, n, (i) => cursor.at(i), report, tierOf);
  return sortPositions(positions, sort, keys);
}

/**
 * The unfiltered, unsorted view of `n` batches (the default), shared: a config change re-renders
 * the table with a new report but the same order, and at 100k batches building it and its
 * positions again was two passes over every batch. Never mutated by its users.
 */
let identity: { n: number; order: readonly number[]; positions: Int32Array } | null = null;

function identityOf(n: number): { order: readonly number[]; positions: Int32Array } {
  if (identity === null || identity.n !== n) {
    const order = new Array<number>(n);
    const positions = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      order[i] = i;
      positions[i] = i;
    }
    identity = { n, order, positions };
  }
  return identity;
}

/** Where each batch sits in the view (-1 when filtered out), for selection and scrolling. */
export function viewPositions(order: readonly number[], batchCount: number): Int32Array {
  if (identity !== null && order === identity.order && batchCount === identity.n) {
    return identity.positions;
  }
  const at = new Int32Array(batchCount).fill(-1);
  for (let row = 0; row < order.length; row++) at[order[row] as number] = row;
  return at;
}
