/**
 * The sweep heat map's pure parts: cell labels, colour intensity per view, the summary and
 * keyboard movement over the grid.
 */
import { sweepCellFor, type Sweep, type SweepCell } from '../../zoo/sweep';
import type { SweepView } from '../../state/slices/sweep';
import { formatCount, formatNumber } from '../format';

/** "strikes 3, observation 12: 2 refusals, first at batch 14". */
export function cellLabel(c: SweepCell): string {
  const obs = c.observation === null ? 'unset' : String(c.observation);
  const what =
    c.refusals === 0
      ? 'no refusals'
      : `${formatCount(c.refusals, 'refusal')}, first at batch ${formatNumber(c.firstRefusal ?? 0)}`;
  return `strikes ${c.strikes}, observation ${obs}: ${what}`;
}

/**
 * A cell's accessible name, starting with what the cell shows (speech input says what it
 * sees): "2 refusals, first at batch 14: strikes 3, observation 12" in the count view,
 * "14, the first refused batch (2 refusals): strikes 3, observation 12" in the other.
 */
export function cellName(c: SweepCell, view: SweepView): string {
  const where = `strikes ${c.strikes}, observation ${c.observation === null ? 'unset' : String(c.observation)}`;
  const n = formatCount(c.refusals, 'refusal');
  if (view === 'count') {
    return `${n}${c.firstRefusal === null ? '' : `, first at batch ${c.firstRefusal}`}: ${where}`;
  }
  if (c.firstRefusal === null) return `no refusals: ${where}`;
  return `${c.firstRefusal}, the first refused batch (${n}): ${where}`;
}

/** The text inside a cell for a view: the count, or the first refusal's batch ("–" for none). */
export function cellText(c: SweepCell, view: SweepView): string {
  if (view === 'count') return String(c.refusals);
  return c.firstRefusal === null ? '–' : String(c.firstRefusal);
}

/** The largest refusal count of the sweep (at least 1, so scales never divide by zero). */
export function maxRefusals(sweep: Sweep): number {
  let m = 1;
  for (const c of sweep.cells) if (c.refusals > m) m = c.refusals;
  return m;
}

/**
 * How strongly a cell is tinted, 0–1. Count: square-root scale up to the sweep's maximum, so
 * one refusal already shows. First refusal: earlier is stronger; none is 0.
 */
export function intensity(c: SweepCell, view: SweepView, max: number, batchCount: number): number {
  if (c.refusals === 0) return 0;
  if (view === 'count') return 0.2 + 0.8 * Math.sqrt(c.refusals / max);
  const pos = (c.firstRefusal ?? 0) / Math.max(1, batchCount - 1);
  return 0.2 + 0.8 * (1 - Math.min(1, pos));
}

/** The sentence the heat map is described by. */
export function sweepSummary(
  sweep: Sweep,
  current: { strikes: number; observation: number | null },
): string {
  const total = sweep.cells.length;
  const clean = sweep.cells.filter((c) => c.refusals === 0).length;
  const here = sweepCellFor(sweep, current.strikes, current.observation);
  const cur =
    here === null
      ? `The current config (strikes ${current.strikes}, observation ${current.observation ?? 'unset'}) is outside the sweep.`
      : `Current config: ${cellLabel(here)}.`;
  return (
    `${sweep.strikes.length} strike thresholds by ${sweep.observation.length} observation settings ` +
    `over ${formatCount(sweep.batchCount, 'batch')} (${sweep.mode} mode). ${formatNumber(clean)} of ${formatCount(total, 'configuration')} ` +
    `refuse nothing. ${cur} Arrow keys move between cells, Enter applies one.`
  );
}

/** Where a key moves the focus in a rows × cols grid, or null when the key is not a move. */
export function moveFocus(
  pos: { row: number; col: number },
  key: string,
  rows: number,
  cols: number,
): { row: number; col: number } | null {
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(pos.row - 1, rows), col: pos.col };
    case 'ArrowDown':
      return { row: clamp(pos.row + 1, rows), col: pos.col };
    case 'ArrowLeft':
      return { row: pos.row, col: clamp(pos.col - 1, cols) };
    case 'ArrowRight':
      return { row: pos.row, col: clamp(pos.col + 1, cols) };
    case 'Home':
      return { row: pos.row, col: 0 };
    case 'End':
      return { row: pos.row, col: cols - 1 };
    case 'PageUp':
      return { row: clamp(pos.row - 5, rows), col: pos.col };
    case 'PageDown':
      return { row: clamp(pos.row + 5, rows), col: pos.col };
    default:
      return null;
  }
}
