// The corpus table's columns and grid tracks.
import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { markKey, type CorpusRowState } from '../../state/slices/corpus';
import { MarkSelect } from './MarkSelect';
import type { CorpusSortColumn, RowName } from './model';
import { notesLabel, refusalChange } from './model';

/** A row with the name it is shown by (`rowNames`). */
export type CorpusViewRow = CorpusRowState & { readonly shownName?: RowName };

// Header toggles and sorting state come from the table; the order itself is sortCorpusRows
// (manualSorting), as in the batch table.
export const corpusTableFeatures = tableFeatures({ rowSortingFeature });

const col = createColumnHelper<typeof corpusTableFeatures, CorpusViewRow>();

const dash = <span className="muted">–</span>;

export const corpusColumns = col.columns([
  col.accessor('name', {
    id: 'name',
    header: 'Transcript',
    cell: (c) => {
      const { name, conversationLabel: label, shownName } = c.row.original;
      const where = shownName?.where ?? null;
      const file = shownName?.main ?? name;
      // A file of several conversations has a row for each: the conversation's own name (a
      // subagent's, a sample's id) leads, as the file name is the same on each.
      const tail = [label === null ? null : file, where]
        .filter((x): x is string => x !== null)
        .join(' · ');
      return (
        <span title={label === null ? name : `${label} · ${name}`}>
          {label === null ? file : <span className="corpus__conversation">{label}</span>}
          {tail === '' ? null : <span className="muted"> · {tail}</span>}
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
      const moved = refusalChange(c.row.original);
      const cls = v.refused.length > 0 ? 'ct-refused' : undefined;
      if (moved === null) return <span className={cls}>{v.refused.length}</span>;
      return (
        <span
          className="ct-moved"
          title={`${moved.before} under the defaults, ${moved.after} under this config`}
        >
          <span className="muted">{moved.before}</span>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> under the defaults, now </span>
          <span className={cls}>{moved.after}</span>
        </span>
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
  col.display({
    id: 'mark',
    header: 'Mark',
    enableSorting: false,
    cell: (c) => {
      const r = c.row.original;
      if (r.verdict === null) return dash;
      const key = markKey(r);
      return <MarkSelect markKey={key} label={key} />;
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
