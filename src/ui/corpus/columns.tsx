import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import type { CorpusRowState } from '../../state/slices/corpus';
import type { CorpusSortColumn } from './model';
import { notesLabel } from './model';

// Header toggles and sorting state come from the table; the order itself is sortCorpusRows
// (manualSorting), as in the batch table.
export const corpusTableFeatures = tableFeatures({ rowSortingFeature });

const col = createColumnHelper<typeof corpusTableFeatures, CorpusRowState>();

const dash = <span className="muted">–</span>;

export const corpusColumns = col.columns([
  col.accessor('name', {
    id: 'name',
    header: 'Transcript',
    cell: (c) => {
      const { name, conversationLabel: label } = c.row.original;
      // A file of several conversations has a row for each: the label tells them apart.
      return label === null ? (
        <span title={name}>{name}</span>
      ) : (
        <span title={`${name} · ${label}`}>
          {name} <span className="muted">· {label}</span>
        </span>
      );
    },
  }),
  col.accessor('formatLabel', {
    id: 'format',
    header: 'Format',
    cell: (c) => {
      const r = c.row.original;
      return r.formatLabel === null ? (
        dash
      ) : (
        <span title={`${r.formatLabel} (${r.format ?? ''})`}>{r.formatLabel}</span>
      );
    },
  }),
  col.accessor('messages', {
    id: 'messages',
    header: 'Messages',
    cell: (c) => (c.row.original.verdict === null ? dash : c.row.original.messages),
  }),
  col.accessor((r) => r.verdict?.batches ?? -1, {
    id: 'batches',
    header: 'Batches',
    cell: (c) => c.row.original.verdict?.batches ?? dash,
  }),
  col.accessor((r) => r.verdict?.refused.length ?? -1, {
    id: 'refusals',
    header: 'Refusals',
    cell: (c) => {
      const v = c.row.original.verdict;
      if (v === null) return dash;
      return (
        <span className={v.refused.length > 0 ? 'ct-refused' : undefined}>{v.refused.length}</span>
      );
    },
  }),
  col.accessor((r) => r.verdict?.firstRefusal ?? -1, {
    id: 'first',
    header: 'First refusal',
    cell: (c) => {
      const first = c.row.original.verdict?.firstRefusal ?? null;
      return first === null ? dash : `batch ${first}`;
    },
  }),
  col.accessor((r) => notesLabel(r), {
    id: 'notes',
    header: 'Warnings / error',
    cell: (c) => {
      const r = c.row.original;
      const text = notesLabel(r);
      const title = r.error ?? r.warnings.join('\n');
      return (
        <span className={r.error !== null ? 'ct-error' : 'muted'} title={title}>
          {text}
        </span>
      );
    },
  }),
]);

/** Column widths for the grid every row shares. */
export const CORPUS_TRACKS: Record<CorpusSortColumn, string> = {
  name: 'minmax(10rem, 2fr)',
  format: 'minmax(8rem, 1.2fr)',
  messages: '5.5rem',
  batches: '5rem',
  refusals: '5rem',
  first: '6.5rem',
  notes: 'minmax(8rem, 2fr)',
};
