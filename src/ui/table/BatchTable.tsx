// The batch table: one row per batch, sortable and filterable, virtualised, the timeline's text
// form.
import { useTheme } from '../../state/appStore';
import type { SortingState } from '@tanstack/react-table';
import { useTable } from '@tanstack/react-table';
import type { CSSProperties, KeyboardEvent } from 'react';
import { memo, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Report } from '../../detector/index';
import { explainBatch } from '../../detector/index';
import { signaturePalette } from '../colors';
import { columnsOf } from '../../report/reportColumns';
import { batchColumns, batchTableFeatures, gridTemplates, NARROW_HIDDEN } from './columns';
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
import { isMatch } from '../search/matches';
import { viewOrder, viewPositions } from './view';
import './BatchTable.css';

interface BatchTableProps {
  report: Report;
  selectedIndex: number | null;
  onSelect: (index: number) => void;
  changedBatches: ReadonlySet<number>;
  /** The search's matching batches, ascending: their rows are highlighted. */
  matches?: ArrayLike<number>;
  /** The table still shows an earlier result while it catches up with the current one. */
  busy?: boolean;
  /** The range of batches selected on the timeline: the "In range" filter keeps them. */
  range?: { readonly first: number; readonly last: number } | null;
}

/** The grid's id (one batch table per page): the timeline canvas points at it as its text form. */
export const BATCH_TABLE_ID = 'loopscope-batches';

/** Fixed row height: rows are never measured, so 100,000 of them cost one multiplication. */
const ROW_HEIGHT = 28;

// Both templates ride on the table as custom properties; a container query picks one, so
// the header and every row switch together without a render.
const TEMPLATES = gridTemplates(batchColumns.map((c) => c.id ?? ''));
const TABLE_STYLE = {
  '--bt-cols-wide': TEMPLATES.wide,
  '--bt-cols-narrow': TEMPLATES.narrow,
} as CSSProperties;
const GRID_TEMPLATE = 'var(--bt-cols)';

const rowId = (row: BatchRow) => String(row.index);
const NO_MATCHES: ArrayLike<number> = [];

const narrowClass = (id: string) =>
  NARROW_HIDDEN.has(id as SortColumn) ? 'bt-narrow-hidden' : undefined;

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
  busy = false,
  range = null,
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
        range,
      ),
    [report, tierOf, activeFilter, sortId, sortDesc, range],
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
    // Keys pressed on a header's sort button belong to that button; a focused cell hands
    // navigation back to the grid, whose active descendant then follows the selection.
    const cell = e.target instanceof HTMLElement ? e.target : null;
    const onCell = cell?.getAttribute('role') === 'gridcell';
    if (e.target !== e.currentTarget && !onCell) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      // Across the selected row's cells that may be cut, and back to the grid from the first.
      const cells = [
        ...(scrollRef.current?.querySelectorAll<HTMLElement>(
          '.bt-selected [role="gridcell"][tabindex]',
        ) ?? []),
      ];
      const at = onCell && cell !== null ? cells.indexOf(cell) : -1;
      const to = at + (e.key === 'ArrowRight' ? 1 : -1);
      e.preventDefault();
      if (to < 0) e.currentTarget.focus();
      else cells[Math.min(to, cells.length - 1)]?.focus();
      return;
    }
    const viewport = scrollRef.current?.clientHeight ?? ROW_HEIGHT * 10;
    const next = rowForKey(e.key, selectedRow, order.length, Math.floor(viewport / ROW_HEIGHT) - 2);
    if (next === null) return;
    e.preventDefault();
    if (onCell) e.currentTarget.focus();
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
        range={range === null ? null : `#${range.first}–${range.last}`}
      />
      <div className="bt-scroll" ref={scrollRef}>
        <table
          role="grid"
          id={BATCH_TABLE_ID}
          aria-label="Batches"
          aria-busy={busy}
          aria-rowcount={order.length + 1}
          aria-multiselectable="false"
          aria-activedescendant={activeDescendant}
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="grid-table bt-table"
          style={TABLE_STYLE}
        >
          <SortableHead
            table={table}
            gridTemplate={GRID_TEMPLATE}
            prefix="bt"
            headClass={narrowClass}
          />
          <tbody
            className="grid-table-body"
            role="rowgroup"
            style={{ height: virtualizer.totalSize }}
          >
            {rows.map((row, k) => {
              // The window's k-th row is the view's row `from + k`.
              const at = from + k;
              const b = row.original;
              const selected = b.index === selectedIndex;
              const changed = changedBatches.has(b.index);
              const matched = isMatch(matches, b.index);
              const classes = ['grid-table-row', 'bt-row', `bt-row-${b.verdict}`];
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
                  {row.getAllCells().map((cell) => {
                    const id = cell.column.id;
                    const full = id === 'tools' ? b.tools : id === 'signature' ? b.signature : null;
                    return (
                      <td
                        key={cell.id}
                        role="gridcell"
                        className={`bt-cell bt-col-${id} ${narrowClass(id) ?? ''}`}
                        // The cells whose text may be cut: the whole text on hover (title) and,
                        // the selected row's being focusable, on keyboard focus (CSS).
                        title={full ?? undefined}
                        tabIndex={full === null ? undefined : selected ? 0 : -1}
                      >
                        <table.FlexRender cell={cell} />
                        {cell.column.id === 'index' && changed ? (
                          <span
                            className="bt-changed-mark"
                            title="Verdict differs from the defaults"
                          >
                            <span aria-hidden="true">Δ</span>
                            <span className="sr-only">, verdict changed</span>
                          </span>
                        ) : null}
                        {cell.column.id === 'index' && matched ? (
                          <span className="sr-only">, matches the search</span>
                        ) : null}
                      </td>
                    );
                  })}
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
