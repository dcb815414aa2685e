import type { SortingState } from '@tanstack/react-table';
import { useTable } from '@tanstack/react-table';
import type { KeyboardEvent } from 'react';
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Report } from '../../detector/index';
import { explainBatch } from '../../detector/index';
import { signaturePalette } from '../colors';
import { columnsOf } from '../../worker/reportColumns';
import { batchColumns, batchTableFeatures, COLUMN_TRACKS } from './columns';
import type { BatchFilter } from './filter';
import { NO_FILTER } from './filter';
import { BatchFilters } from './BatchFilters';
import { useFixedRows } from './fixedRows';
import { rowForKey } from './keyboard';
import type { BatchRow, RowContext } from './rows';
import { windowRows } from './rows';
import type { SortColumn, SortSpec } from './sort';
import { makeTierClassifier } from './tier';
import { SortableHead } from './SortableHead';
import { useTheme } from './useTheme';
import { isMatch } from '../search/matches';
import { viewOrder, viewPositions } from './view';
import './BatchTable.css';

export interface BatchTableProps {
  report: Report;
  selectedIndex: number | null;
  onSelect: (index: number) => void;
  changedBatches: ReadonlySet<number>;
  /** The search's matching batches, ascending: their rows are highlighted. */
  matches?: ArrayLike<number>;
}

/** Fixed row height: rows are never measured, so 100,000 of them cost one multiplication. */
const ROW_HEIGHT = 28;

const GRID_TEMPLATE = batchColumns
  .map((c) => COLUMN_TRACKS[c.id as SortColumn] ?? 'minmax(4rem, 1fr)')
  .join(' ');

const rowId = (row: BatchRow) => String(row.index);
const NO_MATCHES: ArrayLike<number> = [];

function sortSpecOf(sorting: SortingState): SortSpec | null {
  const first = sorting[0];
  return first === undefined ? null : { id: first.id as SortColumn, desc: first.desc };
}

/**
 * Every batch of the report as a virtualized, sortable, filterable grid. Selection is owned by
 * the caller: a click or a navigation key calls `onSelect`, and a `selectedIndex` set elsewhere
 * (the timeline) scrolls its row into view.
 */
function BatchTableImpl({
  report,
  selectedIndex,
  onSelect,
  changedBatches,
  matches = NO_MATCHES,
}: BatchTableProps) {
  const [filter, setFilter] = useState<BatchFilter>(NO_FILTER);
  // Typing a tool name re-filters every batch; deferring keeps the text field responsive.
  const activeFilter = useDeferredValue(filter);
  const [sorting, setSorting] = useState<SortingState>([]);
  const theme = useTheme();
  const idBase = useId();
  const scrollRef = useRef<HTMLDivElement>(null);

  const { batches, config } = report;
  const tierOf = useMemo(
    () => makeTierClassifier(config.observationTools),
    [config.observationTools],
  );
  const sortSpec = sortSpecOf(sorting);
  const sortId = sortSpec?.id ?? null;
  const sortDesc = sortSpec?.desc ?? false;
  const order = useMemo(
    () =>
      viewOrder(
        report,
        tierOf,
        activeFilter,
        sortId === null ? null : { id: sortId, desc: sortDesc },
      ),
    [report, tierOf, activeFilter, sortId, sortDesc],
  );
  const positions = useMemo(() => viewPositions(order, batches.length), [order, batches.length]);

  const virtualizer = useFixedRows(scrollRef, order.length, ROW_HEIGHT, 8);
  const { from, to, scrollToIndex, scrollToOffset } = virtualizer;

  const ctx = useMemo<RowContext>(() => {
    const palette = signaturePalette(report, theme);
    const sigId = columnsOf(report).transcript.sigId;
    return {
      report,
      tierOf,
      colorOf: (b) => palette(sigId[b.index] ?? 0),
      explain: (b) => explainBatch(b, config),
    };
  }, [report, tierOf, theme, config]);
  const data = useMemo(
    () => windowRows(batches, order, from, to, ctx),
    [batches, order, from, to, ctx],
  );

  const table = useTable({
    features: batchTableFeatures,
    columns: batchColumns,
    data,
    getRowId: rowId,
    state: { sorting },
    onSortingChange: setSorting,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
  });
  const rows = table.getRowModel().rows;

  const selectedRow = selectedIndex === null ? -1 : (positions[selectedIndex] ?? -1);
  // Keep the selected row in view when it moves (selection elsewhere, a new sort or filter);
  // when a filter or sort hides it, start from the top rather than at a stale offset.
  useEffect(() => {
    if (selectedRow >= 0) scrollToIndex(selectedRow);
    else scrollToOffset(0);
  }, [selectedRow, activeFilter, sortId, sortDesc, scrollToIndex, scrollToOffset]);

  const rowDomId = (index: number) => `${idBase}-batch-${index}`;
  const activeDescendant =
    selectedIndex !== null && selectedRow >= from && selectedRow <= to
      ? rowDomId(selectedIndex)
      : undefined;

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    // Keys pressed on a header's sort button belong to that button.
    if (e.target !== e.currentTarget) return;
    const viewport = scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10;
    const next = rowForKey(e.key, selectedRow, order.length, Math.floor(viewport / ROW_HEIGHT) - 2);
    if (next === null) return;
    e.preventDefault();
    const batch = batches[order[next] as number];
    if (batch === undefined) return;
    onSelect(batch.index);
    virtualizer.scrollToIndex(next);
  };

  return (
    <div className="batch-table">
      <BatchFilters
        filter={filter}
        onChange={setFilter}
        shown={order.length}
        total={batches.length}
      />
      <div className="bt-scroll" ref={scrollRef}>
        <table
          role="grid"
          aria-label="Batches"
          aria-rowcount={order.length + 1}
          aria-colcount={batchColumns.length}
          aria-multiselectable="false"
          aria-activedescendant={activeDescendant}
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="bt-table"
        >
          <SortableHead table={table} gridTemplate={GRID_TEMPLATE} prefix="bt" />
          <tbody className="bt-body" role="rowgroup" style={{ height: virtualizer.totalSize }}>
            {rows.map((row, k) => {
              // The window's k-th row is the view's row `from + k`.
              const at = from + k;
              const b = row.original;
              const selected = b.index === selectedIndex;
              const changed = changedBatches.has(b.index);
              const matched = isMatch(matches, b.index);
              const classes = ['bt-row', `bt-row-${b.verdict}`];
              if (selected) classes.push('bt-selected');
              if (changed) classes.push('bt-changed');
              if (matched) classes.push('bt-match');
              return (
                <tr
                  key={row.id}
                  id={rowDomId(b.index)}
                  role="row"
                  aria-rowindex={at + 2}
                  aria-selected={selected}
                  className={classes.join(' ')}
                  onClick={() => onSelect(b.index)}
                  style={{
                    gridTemplateColumns: GRID_TEMPLATE,
                    height: ROW_HEIGHT,
                    transform: `translateY(${at * ROW_HEIGHT}px)`,
                  }}
                >
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      role="gridcell"
                      className={`bt-cell bt-col-${cell.column.id}`}
                    >
                      <table.FlexRender cell={cell} />
                      {cell.column.id === 'index' && changed ? (
                        <span className="bt-changed-mark" title="Verdict differs from the defaults">
                          <span aria-hidden="true">Δ</span>
                          <span className="bt-sr-only">, verdict changed</span>
                        </span>
                      ) : null}
                      {cell.column.id === 'index' && matched ? (
                        <span className="bt-sr-only">, matches the search</span>
                      ) : null}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {order.length === 0 ? (
          <p className="bt-empty">
            {batches.length === 0
              ? 'This transcript has no tool-call batches.'
              : 'No batch matches the filters.'}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Memoised: the parent re-renders on every status change; equal props skip this subtree. */
export const BatchTable = memo(BatchTableImpl);
