/** The comparison table's rows (pure): the reference first, then the zoo in its order. */
import type { ZooComparison, ZooLane } from '../../zoo/index';
import type { ZooResponse } from '../../worker/zoo/protocol';

/** How many "only it flags" batches a row lists before "and N more". */
export const ONLY_HERE_SHOWN = 8;

interface ComparisonRow {
  readonly row: ZooComparison;
  readonly label: string;
  readonly kind: 'reference' | 'peer' | 'advisory';
}

export function comparisonRows(
  zoo: Pick<ZooResponse, 'comparison' | 'reference'>,
  detectors: readonly Pick<ZooLane, 'id' | 'label' | 'kind'>[],
): ComparisonRow[] {
  const byId = new Map(zoo.comparison.map((c) => [c.id, c]));
  const rows: ComparisonRow[] = [
    { row: zoo.reference, label: 'Reference (current config)', kind: 'reference' },
  ];
  for (const d of detectors) {
    const row = byId.get(d.id);
    if (row !== undefined) rows.push({ row, label: d.label, kind: d.kind });
  }
  return rows;
}
