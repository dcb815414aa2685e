// A grid table's column header that sorts on click, shared by both grid tables.
import type { ReactTable, RowData } from '@tanstack/react-table';
import type { batchTableFeatures } from './columns';
import './gridTable.css';

/** Both grid tables use exactly the row-sorting feature. */
type SortingFeatures = typeof batchTableFeatures;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

interface SortableHeadProps<TData extends RowData> {
  readonly table: ReactTable<SortingFeatures, TData, unknown>;
  /** CSS grid tracks shared with the body rows, so header and cells line up. */
  readonly gridTemplate: string;
  /** Class prefix of the owning table (`bt`, `ct`): `<prefix>-head`, `<prefix>-sort`, `<prefix>-sort-mark`. */
  readonly prefix: string;
  /** An extra class for a column's header cell (the columns a narrow table leaves out). */
  readonly headClass?: (columnId: string) => string | undefined;
}

/**
 * The header row of a virtualized grid table: each column header is a button that cycles its
 * sort, with `aria-sort` kept in step. Shared by the batch table and the corpus table.
 */
export function SortableHead<TData extends RowData>({
  table,
  gridTemplate,
  prefix,
  headClass,
}: SortableHeadProps<TData>) {
  return (
    <thead className={`grid-table-head ${prefix}-head`} role="rowgroup">
      {table.getHeaderGroups().map((group) => (
        <tr
          key={group.id}
          role="row"
          aria-rowindex={1}
          style={{ gridTemplateColumns: gridTemplate }}
        >
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <th
                key={header.id}
                role="columnheader"
                scope="col"
                className={headClass?.(header.column.id)}
                aria-sort={sorted === false ? 'none' : ARIA_SORT[sorted]}
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    className={`grid-table-sort ${prefix}-sort`}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    <table.FlexRender header={header} />
                    <span className={`${prefix}-sort-mark`} aria-hidden="true">
                      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    </span>
                  </button>
                ) : (
                  // A column that does not sort gets no button that would do nothing.
                  <span className={`grid-table-sort ${prefix}-sort`}>
                    <table.FlexRender header={header} />
                  </span>
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
