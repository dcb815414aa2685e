// The batch table's columns and the grid tracks every row shares.
import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { BatchRow } from './rows';
import type { SortColumn } from './sort';

// Sorting state and header toggles come from the table; the ordering itself is done by
// `viewOrder` over all batches (manualSorting), because the table only ever holds the drawn window.
export const batchTableFeatures = tableFeatures({ rowSortingFeature });

const col = createColumnHelper<typeof batchTableFeatures, BatchRow>();

export const batchColumns = col.columns([
  col.accessor('index', {
    id: 'index',
    header: '#',
    cell: (c) => <span title={c.row.original.run ?? undefined}>{c.row.original.index}</span>,
  }),
  col.accessor('messageIndex', {
    id: 'message',
    header: 'Message',
    cell: (c) => c.row.original.messageIndex,
  }),
  col.accessor('tools', {
    id: 'tools',
    header: 'Tools',
    cell: (c) => <span className="bt-full">{c.row.original.tools}</span>,
  }),
  col.accessor('signature', {
    id: 'signature',
    header: 'Signature',
    cell: (c) => (
      <>
        <span
          className="bt-swatch"
          aria-hidden="true"
          style={{ backgroundColor: c.row.original.color }}
        />
        <span className="bt-mono bt-full">{c.row.original.signature}</span>
      </>
    ),
  }),
  col.accessor('tierLabel', {
    id: 'tier',
    header: 'Tier',
    cell: (c) => (
      <>
        {c.row.original.tier}
        {c.row.original.costly ? <span className="bt-flag bt-flag-costly">costly</span> : null}
      </>
    ),
  }),
  col.accessor('count', { id: 'count', header: 'Count', cell: (c) => c.row.original.count }),
  col.accessor('total', {
    id: 'total',
    header: 'Total',
    cell: (c) => <span title={c.row.original.run ?? undefined}>{c.row.original.total}</span>,
  }),
  col.accessor('threshold', {
    id: 'threshold',
    header: 'Threshold',
    cell: (c) => {
      const r = c.row.original;
      const ceiling = r.exempt ? 'ceiling waived' : `ceiling ${r.ceiling}`;
      return <span title={`threshold ${r.threshold}, ${ceiling}`}>{r.threshold}</span>;
    },
  }),
  col.accessor('answersLabel', {
    id: 'answers',
    header: 'Answers',
    cell: (c) => (
      <span className={c.row.original.answersKnown ? undefined : 'bt-unknown'}>
        {c.row.original.answersLabel}
      </span>
    ),
  }),
  col.accessor('outcomeLabel', {
    id: 'outcome',
    header: 'Outcome',
    cell: (c) => c.row.original.outcomeLabel,
  }),
  col.accessor('verdictLabel', {
    id: 'verdict',
    header: 'Verdict',
    cell: (c) => (
      <span
        className={`bt-verdict bt-verdict-${c.row.original.verdict}`}
        title={c.row.original.explanation}
      >
        {c.row.original.verdictLabel}
      </span>
    ),
  }),
]);

/** Column widths for the CSS grid every row shares (rows are absolutely placed, not table-laid). */
const COLUMN_TRACKS: Record<SortColumn, string> = {
  index: '3.75rem',
  message: '4.75rem',
  tools: 'minmax(6rem, 1fr)',
  signature: 'minmax(7rem, 1.8fr)',
  tier: '7.5rem',
  count: '3.75rem',
  total: '3.5rem',
  threshold: '5.5rem',
  answers: '5.25rem',
  outcome: '7.5rem',
  verdict: '11rem',
};

/**
 * Columns a narrow table (the 1280-wide window's) leaves out, so that tool names and
 * signatures keep their room instead of the grid scrolling sideways. The details panel
 * spells all four out for the selected batch.
 */
export const NARROW_HIDDEN: ReadonlySet<SortColumn> = new Set([
  'total',
  'threshold',
  'answers',
  'outcome',
]);

/** The CSS grid tracks of the wide table and of the narrow one. */
export function gridTemplates(ids: readonly string[]): { wide: string; narrow: string } {
  const track = (id: string) => COLUMN_TRACKS[id as SortColumn] ?? 'minmax(4rem, 1fr)';
  return {
    wide: ids.map(track).join(' '),
    narrow: ids
      .filter((id) => !NARROW_HIDDEN.has(id as SortColumn))
      .map((id) => (id === 'index' ? '3.25rem' : id === 'verdict' ? '10.75rem' : track(id)))
      .map((t) =>
        t.replace('minmax(6rem,', 'minmax(4.5rem,').replace('minmax(7rem,', 'minmax(5.5rem,'),
      )
      .join(' '),
  };
}
