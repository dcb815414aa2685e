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
import { formatCount } from '../format';

export type CorpusSortColumn =
  'name' | 'format' | 'messages' | 'batches' | 'refusals' | 'first' | 'notes';

interface CorpusSortSpec {
  readonly id: CorpusSortColumn;
  readonly desc: boolean;
}

/** The detector's row shape, for the totals. */
function toCorpusRow(r: CorpusRowState): CorpusRow {
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

/**
 * The rows in table order: as added, or sorted (stable, so ties keep the added order), failed
 * rows last in every sort.
 */
export function sortCorpusRows(
  rows: readonly CorpusRowState[],
  spec: CorpusSortSpec | null,
): readonly CorpusRowState[] {
  if (spec === null) return rows;
  const dir = spec.desc ? -1 : 1;
  return rows
    .map((row, i) => ({ row, i, k: key(row, spec.id) }))
    .sort((a, b) => {
      // A failed row has nothing to sort by: after the others, whichever the direction.
      const failed = Number(a.row.error !== null) - Number(b.row.error !== null);
      if (failed !== 0) return failed;
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
  return formatCount(r.warnings.length, 'warning');
}

/** How a row's name is shown: the name, and what tells it from rows of the same file name. */
export interface RowName {
  readonly main: string;
  /** The folder, when another row has the same file name elsewhere; a copy number for a repeat. */
  readonly where: string | null;
}

const baseName = (name: string): string => name.slice(name.lastIndexOf('/') + 1);

/**
 * The names rows are shown by. A file name that another row shares (two `session.jsonl` of two
 * folders) leads, with its folder after it: a long path cut at the cell's end would hide the
 * one part that differs. The same file added twice gets "copy 2", "copy 3".
 */
export function rowNames(rows: readonly CorpusRowState[]): ReadonlyMap<string, RowName> {
  // Distinct names per file name: the conversations of one file share theirs.
  const perBase = new Map<string, Set<string>>();
  for (const r of rows) {
    const base = baseName(r.name);
    perBase.set(base, (perBase.get(base) ?? new Set<string>()).add(r.name));
  }
  const seen = new Map<string, number>();
  const out = new Map<string, RowName>();
  for (const r of rows) {
    const base = baseName(r.name);
    const shared = (perBase.get(base)?.size ?? 0) > 1 && base !== r.name;
    const key = `${r.name}\u0000${r.conversationLabel ?? ''}`;
    const copy = (seen.get(key) ?? 0) + 1;
    seen.set(key, copy);
    const parts = [shared ? r.name.slice(0, r.name.length - base.length - 1) : null];
    if (copy > 1) parts.push(`copy ${copy}`);
    const where = parts.filter((x): x is string => x !== null).join(' · ');
    out.set(r.rowId, { main: shared ? base : r.name, where: where === '' ? null : where });
  }
  return out;
}

/** Refusals under the defaults and now, when the config moved them; else null. */
export function refusalChange(r: CorpusRowState): { before: number; after: number } | null {
  const now = r.verdict;
  const then = r.defaultVerdict;
  if (now === null || then === null) return null;
  const same =
    now.refused.length === then.refused.length &&
    now.refused.every((b, i) => b === then.refused[i]);
  return same ? null : { before: then.refused.length, after: now.refused.length };
}
