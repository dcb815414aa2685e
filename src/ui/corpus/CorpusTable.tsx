// The corpus table: one row per transcript of the corpus, sortable, virtualised past a few hundred
// rows.
import type { SortingState } from '@tanstack/react-table';
import { useTable } from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import { useMemo, useRef, useState } from 'react';
import type { CorpusRowState } from '../../state/slices/corpus';
import { CORPUS_TRACKS, corpusColumns, corpusTableFeatures, type CorpusViewRow } from './columns';
import type { CorpusSortColumn } from './model';
import { rowNames, sortCorpusRows } from './model';
import { useFixedRows } from '../table/fixedRows';
import { SortableHead } from '../table/SortableHead';

const ROW_HEIGHT = 30;
/** Up to this many rows are all drawn; beyond it only the visible window is. */
const VIRTUALIZE_ABOVE = 200;

/** The mark column (not sortable) holds a select and, for a loop, its repeat. */
const MARK_TRACK = '9.5rem';

const GRID_TEMPLATE = corpusColumns
  .map((c) =>
    c.id === 'mark' ? MARK_TRACK : (CORPUS_TRACKS[c.id as CorpusSortColumn] ?? 'minmax(4rem, 1fr)'),
  )
  .join(' ');

interface CorpusTableProps {
  rows: readonly CorpusRowState[];
  onOpen: (rowId: string) => void;
}

/** Every transcript of the corpus; a click (or Enter) on a row opens it in the debugger. */
export function CorpusTable({ rows, onOpen }: CorpusTableProps) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const first = sorting[0];
  const sortId = (first?.id ?? null) as CorpusSortColumn | null;
  const sortDesc = first?.desc ?? false;
  const ordered = useMemo(
    () => sortCorpusRows(rows, sortId === null ? null : { id: sortId, desc: sortDesc }),
    [rows, sortId, sortDesc],
  );
  const names = useMemo(() => rowNames(rows), [rows]);
  const virtual = ordered.length > VIRTUALIZE_ABOVE;

  // Rows of one height, as in the batch table: the window is two divisions. A small corpus
  // is drawn whole (so every row is in the page); a big one is windowed.
  const rowsView = useFixedRows(
    scrollRef,
    ordered.length,
    ROW_HEIGHT,
    virtual ? 10 : VIRTUALIZE_ABOVE,
  );
  const { from, to } = rowsView;
  const data = useMemo(
    () =>
      ordered.slice(from, to + 1).map((r): CorpusViewRow => {
        const shownName = names.get(r.rowId);
        return shownName === undefined ? r : { ...r, shownName };
      }),
    [ordered, from, to, names],
  );

  const table = useTable({
    features: corpusTableFeatures,
    columns: corpusColumns,
    data: data as CorpusViewRow[],
    getRowId: (r) => r.rowId,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const tableRows = table.getRowModel().rows;

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, rowId: string) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(rowId);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next =
        e.key === 'ArrowDown'
          ? e.currentTarget.nextElementSibling
          : e.currentTarget.previousElementSibling;
      if (next instanceof HTMLElement) next.focus();
    }
  };

  return (
    <div className="ct-scroll" ref={scrollRef}>
      <table
        role="grid"
        aria-label="Corpus transcripts"
        aria-rowcount={ordered.length + 1}
        className="grid-table ct-table"
      >
        <SortableHead table={table} gridTemplate={GRID_TEMPLATE} prefix="ct" />
        <tbody className="grid-table-body" role="rowgroup" style={{ height: rowsView.totalSize }}>
          {tableRows.map((row, i) => {
            const index = from + i;
            const r = row.original;
            const classes = ['grid-table-row', 'ct-row'];
            if (r.error !== null) classes.push('ct-row-error');
            else if ((r.verdict?.refused.length ?? 0) > 0) classes.push('ct-row-refused');
            return (
              <tr
                key={row.id}
                role="row"
                aria-rowindex={index + 2}
                tabIndex={0}
                className={classes.join(' ')}
                title={`Open ${r.name} in the debugger`}
                onClick={() => onOpen(r.rowId)}
                onKeyDown={(e) => onRowKey(e, r.rowId)}
                style={{
                  gridTemplateColumns: GRID_TEMPLATE,
                  height: ROW_HEIGHT,
                  transform: `translateY(${index * ROW_HEIGHT}px)`,
                }}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} role="gridcell" className={`ct-cell ct-col-${cell.column.id}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
