/**
 * The corpus table's view model: rows in the chosen order, the totals and the diff against
 * the defaults, all derived from the slice's rows (never stored beside them).
 */
import {
  corpusTotals,
  diffCorpus,
  type CorpusDiff,
  type CorpusRow,
  type CorpusTotals,
  type VerdictPair,
} from '../../detector/index';
import type { CorpusRowState } from '../../state/slices/corpus';

export type CorpusSortColumn =
  'name' | 'format' | 'messages' | 'batches' | 'refusals' | 'first' | 'notes';

export interface CorpusSortSpec {
  readonly id: CorpusSortColumn;
  readonly desc: boolean;
}

/** The detector's row shape, for the totals. */
export function toCorpusRow(r: CorpusRowState): CorpusRow {
  return {
    name: r.name,
    format: r.format,
    messages: r.messages,
    warnings: r.warnings,
    verdict: r.verdict,
    error: r.error,
  };
}

export function totalsOf(rows: readonly CorpusRowState[]): CorpusTotals {
  return corpusTotals(rows.map(toCorpusRow));
}

/** What the current config did to the corpus against the defaults (failed rows left out). */
export function diffOf(rows: readonly CorpusRowState[]): CorpusDiff {
  const pairs: VerdictPair[] = [];
  for (const r of rows) {
    if (r.verdict !== null && r.defaultVerdict !== null) {
      pairs.push({ current: r.verdict, defaults: r.defaultVerdict });
    }
  }
  return diffCorpus(pairs);
}

/** A sort key; failed rows (no verdict) sort after every number. */
function key(r: CorpusRowState, id: CorpusSortColumn): string | number {
  switch (id) {
    case 'name':
      return r.name;
    case 'format':
      return r.formatLabel ?? '\uffff';
    case 'messages':
      return r.verdict === null ? Infinity : r.messages;
    case 'batches':
      return r.verdict?.batches ?? Infinity;
    case 'refusals':
      return r.verdict?.refused.length ?? Infinity;
    case 'first':
      return r.verdict?.firstRefusal ?? Infinity;
    case 'notes':
      return r.error !== null ? Infinity : r.warnings.length;
  }
}

/** The rows in table order: as added, or sorted (stable, so ties keep the added order). */
export function sortCorpusRows(
  rows: readonly CorpusRowState[],
  spec: CorpusSortSpec | null,
): readonly CorpusRowState[] {
  if (spec === null) return rows;
  const dir = spec.desc ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i, k: key(row, spec.id) }))
    .sort((a, b) => {
      const c =
        typeof a.k === 'string' && typeof b.k === 'string'
          ? a.k.localeCompare(b.k, 'en', { numeric: true })
          : (a.k as number) === (b.k as number)
            ? 0
            : (a.k as number) < (b.k as number)
              ? -1
              : 1;
      return c !== 0 ? c * dir : a.i - b.i;
    })
    .map((x) => x.row);
}

/** The notes cell: the one-line error, or the warnings count. */
export function notesLabel(r: CorpusRowState): string {
  if (r.error !== null) return r.error;
  if (r.warnings.length === 0) return '';
  return r.warnings.length === 1 ? '1 warning' : `${r.warnings.length} warnings`;
}
