import type { BatchReport, Report } from '../../detector/index';
import { BatchCursor } from '../../worker/lazyReport';
import { columnsOf } from '../../worker/reportColumns';
import type { BatchFilter } from './filter';
import { batchPredicate, isFilterActive } from './filter';
import type { SortSpec } from './sort';
import { sortKeysAt, sortPositions } from './sort';
import type { Tier } from './tier';

/**
 * The rows the table shows, as positions into `report.batches`, filtered then sorted. The table
 * builds row objects only for the window it draws, so 100,000 batches cost one number array here
 * rather than 100,000 row objects.
 */
export function viewOrder(
  report: Report,
  tierOf: (b: BatchReport) => Tier,
  filter: BatchFilter,
  sort: SortSpec | null,
): number[] {
  // A pass over every batch reads the packed columns through one cursor: the report's batch
  // objects are built only when read (lazyReport.ts), and a filter must not build 100k.
  const columns = columnsOf(report);
  const n = columns.transcript.batchCount;
  const cursor = new BatchCursor(columns);
  let positions: number[];
  if (isFilterActive(filter)) {
    const keep = batchPredicate(filter, tierOf);
    positions = [];
    for (let i = 0; i < n; i++) if (keep(cursor.at(i))) positions.push(i);
  } else {
    positions = new Array<number>(n);
    for (let i = 0; i < n; i++) positions[i] = i;
  }
  if (sort === null || (sort.id === 'index' && !sort.desc)) return positions;
  const keys = sortKeysAt(sort.id, n, (i) => cursor.at(i), report, tierOf);
  return sortPositions(positions, sort, keys);
}

/** Where each batch sits in the view (-1 when filtered out), for selection and scrolling. */
export function viewPositions(order: readonly number[], batchCount: number): Int32Array {
  const at = new Int32Array(batchCount).fill(-1);
  for (let row = 0; row < order.length; row++) at[order[row] as number] = row;
  return at;
}
