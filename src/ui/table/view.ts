import type { BatchReport, Report } from '../../detector/index';
import type { BatchFilter } from './filter';
import { batchPredicate, isFilterActive } from './filter';
import type { SortSpec } from './sort';
import { sortKeys, sortPositions } from './sort';
import type { Tier } from './tier';

/**
 * The rows the table shows, as positions into `report.batches`, filtered then sorted. The table
 * builds row objects only for the window it draws, so 100,000 batches cost one number array here
 * rather than 100,000 row objects.
 */
export function viewOrder(
  report: Pick<Report, 'batches' | 'firstRefusal'>,
  tierOf: (b: BatchReport) => Tier,
  filter: BatchFilter,
  sort: SortSpec | null,
): number[] {
  const { batches } = report;
  let positions: number[];
  if (isFilterActive(filter)) {
    const keep = batchPredicate(filter, tierOf);
    positions = [];
    for (let i = 0; i < batches.length; i++) if (keep(batches[i] as BatchReport)) positions.push(i);
  } else {
    positions = new Array<number>(batches.length);
    for (let i = 0; i < batches.length; i++) positions[i] = i;
  }
  if (sort === null || (sort.id === 'index' && !sort.desc)) return positions;
  return sortPositions(positions, sort, sortKeys(sort.id, batches, report, tierOf));
}

/** Where each batch sits in the view (-1 when filtered out), for selection and scrolling. */
export function viewPositions(order: readonly number[], batchCount: number): Int32Array {
  const at = new Int32Array(batchCount).fill(-1);
  for (let row = 0; row < order.length; row++) at[order[row] as number] = row;
  return at;
}
