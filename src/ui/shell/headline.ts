/**
 * The header's headline for a loop the reference lets through: nothing is refused, but a
 * detector lane fires. One sentence of the loop itself: which tools, how many times, and why
 * the guard does not refuse it. A cycle is the clearest finding when it fires: it says what
 * the agent does over and over, where an old tally rule only says that a count was reached.
 */
import type { BatchReport, Report } from '../../detector/index';
import type { ZooLane, ZooResult } from '../../zoo/index';
import { strongestFinding } from '../../zoo/strongest';
import { formatCount, formatNumber } from '../format';

export interface Headline {
  readonly batchIndex: number;
  readonly text: string;
}

/** What the headline says when the lanes ran and none fired. */
export const NO_LOOP = 'No loop found by any detector.';

const CYCLES = 'cycles';
const MAX_PERIOD = 5;
/** Names listed before "and n more". */
const MAX_NAMES = 4;

type Batches = Pick<Report, 'batches'>['batches'];

function sig(batches: Batches, i: number): string | undefined {
  return (batches[i] as BatchReport | undefined)?.signature;
}

/** `a`, `a` and `b`, `a`, `b` and `c` (names in backticks, at most a few). */
function nameList(names: readonly string[]): string {
  const shown = names.slice(0, MAX_NAMES).map((n) => `\`${n || '(no name)'}\``);
  if (names.length > MAX_NAMES) shown.push(`${formatNumber(names.length - MAX_NAMES)} more`);
  if (shown.length === 1) return shown[0] as string;
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1] as string}`;
}

/** The tools of a batch, each once, in order. */
function toolsOf(b: BatchReport): string[] {
  return [...new Set(b.calls.map((c) => c.name))];
}

/**
 * The cycle through batch `at`: its period (the shortest, 2 to 5), its first and last batch,
 * and how many whole times it went round. Null when the batches there repeat no cycle.
 */
function cycleAt(
  batches: Batches,
  at: number,
): { period: number; first: number; last: number; rounds: number } | null {
  for (let p = 2; p <= MAX_PERIOD; p++) {
    if (at - p < 0 || sig(batches, at) !== sig(batches, at - p)) continue;
    // A period-p cycle whose batches are all one signature is a plain repeat, not a cycle.
    let first = at - p;
    while (first > 0 && sig(batches, first - 1) === sig(batches, first - 1 + p)) first--;
    let last = at;
    while (last + 1 < batches.length && sig(batches, last + 1) === sig(batches, last + 1 - p)) {
      last++;
    }
    const distinct = new Set<string | undefined>();
    for (let k = first; k < first + p; k++) distinct.add(sig(batches, k));
    if (distinct.size < 2) continue;
    return { period: p, first, last, rounds: Math.floor((last - first + 1) / p) };
  }
  return null;
}

function cycleHeadline(batches: Batches, at: number): Headline | null {
  const c = cycleAt(batches, at);
  if (c === null) return null;
  const round: string[] = [];
  for (let k = c.first; k < c.first + c.period; k++) {
    for (const t of toolsOf(batches[k] as BatchReport)) round.push(t);
  }
  const names = [...new Set(round)];
  const times = formatCount(c.rounds, 'time');
  const where = `#${formatNumber(c.first)}–${formatNumber(c.last)}`;
  const what =
    names.length === 1
      ? `${nameList(names)} goes round ${c.period} different calls ${times} (${where})`
      : names.length === 2 && c.period === 2
        ? `${nameList(names)} alternate ${times} (${where})`
        : `${nameList(names)} repeat in turn ${times} (${where})`;
  // The batch the lane marked: its details name the finding.
  return {
    batchIndex: at,
    text: `${what}; the guard never refuses, because it counts only back-to-back repeats of one batch.`,
  };
}

/** The headline, null when something is refused or the lanes have not run, else a sentence. */
export function findingHeadline(
  report: Pick<Report, 'firstRefusal' | 'batches'>,
  results: readonly ZooResult[] | null,
  detectors: readonly ZooLane[],
): Headline | null {
  if (report.firstRefusal !== null || results === null) return null;
  const cycle = results.find((r) => r.id === CYCLES)?.marks[0];
  if (cycle !== undefined) {
    const h = cycleHeadline(report.batches, cycle.batchIndex);
    if (h !== null) return h;
  }
  const f = strongestFinding(results, detectors);
  if (f === null) return { batchIndex: -1, text: NO_LOOP };
  const b = report.batches[f.mark.batchIndex];
  if (b === undefined) return null;
  const rule = f.detector.label;
  const verdict =
    f.detector.kind === 'peer' && f.mark.level === 'stop'
      ? `${rule} would stop it there`
      : `${rule} flags it`;
  // Repeated back to back but not past the threshold, or repeated apart, which it never counts.
  const why =
    b.count > 1
      ? `the guard does not refuse, because this back-to-back run of ${formatNumber(b.count)} is within its threshold ${formatNumber(b.threshold)}`
      : 'the guard does not refuse, because it counts only back-to-back repeats of one batch';
  return {
    batchIndex: b.index,
    text: `${nameList(toolsOf(b))} at #${formatNumber(b.index)}: ${verdict}; ${why}.`,
  };
}
