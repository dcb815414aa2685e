/**
 * Settings chosen across a corpus (docs/detector.md §14.8): each transcript is marked honest (it
 * must not be stopped) or a loop (it must be stopped, optionally by its Nth repeat), the
 * threshold sweep's grid is run over every transcript's compacted walk, and the chooser names
 * the best cell, or says which transcripts conflict when no cell meets every mark.
 *
 * The chooser (`chooseCell`) is separate from the sweep so that its rule can be tested on
 * constructed cells; `sweepCorpus` feeds it the first refusal of each transcript in each cell.
 */
import { now } from '../detector/replayPrepare';
import { ordinal } from './marks';
import { SWEEP_OBSERVATION, SWEEP_STRIKES, sweepCell, type SweepInput } from './sweep';

/** What a transcript is marked: honest, or a loop to be stopped (by its `by`th repeat when set). */
export type CorpusMark =
  { readonly kind: 'honest' } | { readonly kind: 'loop'; readonly by: number | null };

/** Where a transcript is first stopped in one cell: the batch, and its position in its run. */
export interface FirstStop {
  /** The first refused batch's index. */
  readonly batch: number;
  /** The run's total there, the report's `total` ("the 8th … in a row"). */
  readonly position: number;
}

/** One cell of the grid with every transcript's first stop (null: never stopped). */
export interface GridCell {
  readonly strikes: number;
  readonly observation: number | null;
  /** Per transcript, in the marks' order. */
  readonly stops: readonly (FirstStop | null)[];
}

/** A cell judged against the marks; the lists hold transcript indices. */
export interface JudgedCell extends GridCell {
  /** Honest transcripts this cell stops. */
  readonly honestStopped: readonly number[];
  /** Loops this cell never stops. */
  readonly loopsThrough: readonly number[];
  /** Loops this cell stops, but after their Nth repeat. */
  readonly loopsLate: readonly number[];
  /** Every mark is met. */
  readonly meets: boolean;
  /** The loops' first stopped batches added up: how many looping batches went through first. */
  readonly loopBatches: number;
}

/** Why no cell meets every mark; indices are transcripts'. */
export type Conflict =
  /** Every cell of the grid stops this honest transcript. */
  | { readonly kind: 'honest-always'; readonly honest: number }
  /** No cell stops this loop (by its Nth repeat); `earliest` is its earliest position if any cell stops it. */
  | { readonly kind: 'loop-unstopped'; readonly loop: number; readonly earliest: number | null }
  /** Every cell that stops this loop in time also stops each of these honest transcripts. */
  | { readonly kind: 'honest-vs-loop'; readonly loop: number; readonly honest: readonly number[] }
  /** No cell stops these loops together, each in time. */
  | { readonly kind: 'loops-apart'; readonly loops: readonly number[] }
  /** Cells stop every loop in time, but each stops some honest transcript; the closest one's. */
  | {
      readonly kind: 'together';
      readonly strikes: number;
      readonly observation: number | null;
      readonly honest: readonly number[];
    };

export interface CellChoice {
  readonly cells: readonly JudgedCell[];
  /** Index into `cells` of the best cell, or null when none meets every mark. */
  readonly best: number | null;
  /** Empty when there is a best cell; else at least one. */
  readonly conflicts: readonly Conflict[];
}

/** Whether a loop's stop meets its mark: stopped, and by its Nth repeat when N is set. */
function inTime(mark: CorpusMark, stop: FirstStop | null): boolean {
  if (stop === null) return false;
  return mark.kind === 'loop' && (mark.by === null || stop.position <= mark.by);
}

/** Judges one cell against the marks. */
export function judgeCell(marks: readonly CorpusMark[], cell: GridCell): JudgedCell {
  const honestStopped: number[] = [];
  const loopsThrough: number[] = [];
  const loopsLate: number[] = [];
  let loopBatches = 0;
  marks.forEach((mark, i) => {
    const stop = cell.stops[i] ?? null;
    if (mark.kind === 'honest') {
      if (stop !== null) honestStopped.push(i);
    } else if (stop === null) loopsThrough.push(i);
    else {
      if (!inTime(mark, stop)) loopsLate.push(i);
      loopBatches += stop.batch;
    }
  });
  const meets = honestStopped.length === 0 && loopsThrough.length === 0 && loopsLate.length === 0;
  return { ...cell, honestStopped, loopsThrough, loopsLate, meets, loopBatches };
}

/**
 * Strictness order: > 0 when `a` is less strict than `b`. More strikes is less strict; then a
 * higher observation limit; unset counts as the strictest observation value, as it takes away
 * the read-only tier's leniency (its own limit and the waived ceiling).
 */
export function lessStrict(
  a: Pick<GridCell, 'strikes' | 'observation'>,
  b: Pick<GridCell, 'strikes' | 'observation'>,
): number {
  if (a.strikes !== b.strikes) return a.strikes - b.strikes;
  return (a.observation ?? -1) - (b.observation ?? -1);
}

/**
 * The rule: a cell qualifies when it stops no honest transcript and every loop (by its Nth repeat
 * when one is given). Among those, the best stops the loops earliest: the fewest batches before
 * the loops' first refusals, added up over the loops (so a cell that stops every loop at least as
 * early as another, and one earlier, always wins). Ties go to the least strict cell.
 */
export function chooseCell(marks: readonly CorpusMark[], grid: readonly GridCell[]): CellChoice {
  const cells = grid.map((c) => judgeCell(marks, c));
  let best: number | null = null;
  cells.forEach((c, i) => {
    if (!c.meets) return;
    const b = best === null ? null : (cells[best] as JudgedCell);
    if (
      b === null ||
      c.loopBatches < b.loopBatches ||
      (c.loopBatches === b.loopBatches && lessStrict(c, b) > 0)
    ) {
      best = i;
    }
  });
  return { cells, best, conflicts: best === null ? conflictsOf(marks, cells) : [] };
}

function indicesOf(marks: readonly CorpusMark[], kind: CorpusMark['kind']): number[] {
  const out: number[] = [];
  marks.forEach((m, i) => {
    if (m.kind === kind) out.push(i);
  });
  return out;
}

/** Why no cell meets every mark, from the most specific reason to the most general. */
function conflictsOf(marks: readonly CorpusMark[], cells: readonly JudgedCell[]): Conflict[] {
  const out: Conflict[] = [];
  const honest = indicesOf(marks, 'honest');
  const loops = indicesOf(marks, 'loop');
  const always = new Set(honest.filter((h) => cells.every((c) => c.stops[h] != null)));
  for (const h of always) out.push({ kind: 'honest-always', honest: h });
  /** Per loop: the cells that stop it in time. */
  const stopping = new Map<number, JudgedCell[]>();
  for (const l of loops) {
    const mark = marks[l] as CorpusMark;
    const inTimeCells = cells.filter((c) => inTime(mark, c.stops[l] ?? null));
    stopping.set(l, inTimeCells);
    if (inTimeCells.length === 0) {
      let earliest: number | null = null;
      for (const c of cells) {
        const p = c.stops[l]?.position;
        if (p !== undefined && (earliest === null || p < earliest)) earliest = p;
      }
      out.push({ kind: 'loop-unstopped', loop: l, earliest });
      continue;
    }
    const blocked = honest.filter(
      (h) => !always.has(h) && inTimeCells.every((c) => c.stops[h] != null),
    );
    if (blocked.length > 0) out.push({ kind: 'honest-vs-loop', loop: l, honest: blocked });
  }
  if (out.length > 0) return out;
  // Every loop can be stopped in time, and no one loop forces an honest transcript out.
  const together = cells.filter((c) => c.loopsThrough.length === 0 && c.loopsLate.length === 0);
  if (together.length === 0) {
    for (let i = 0; i < loops.length; i++) {
      for (let j = i + 1; j < loops.length; j++) {
        const a = stopping.get(loops[i] as number) as JudgedCell[];
        const b = new Set(stopping.get(loops[j] as number));
        if (!a.some((c) => b.has(c))) {
          out.push({ kind: 'loops-apart', loops: [loops[i] as number, loops[j] as number] });
        }
      }
    }
    // No two loops are apart, yet no cell stops them all: name them all.
    if (out.length === 0) out.push({ kind: 'loops-apart', loops });
    return out;
  }
  let closest = together[0] as JudgedCell;
  for (const c of together) {
    const fewer = c.honestStopped.length - closest.honestStopped.length;
    if (fewer < 0 || (fewer === 0 && lessStrict(c, closest) > 0)) closest = c;
  }
  out.push({
    kind: 'together',
    strikes: closest.strikes,
    observation: closest.observation,
    honest: closest.honestStopped,
  });
  return out;
}

/** One marked transcript, compacted for sweeping (`prepareSweep`). */
export interface MarkedTranscript {
  readonly name: string;
  readonly mark: CorpusMark;
  readonly input: SweepInput;
}

export interface CorpusSweep extends CellChoice {
  readonly transcripts: readonly { readonly name: string; readonly mark: CorpusMark }[];
  readonly strikes: readonly number[];
  readonly observation: readonly (number | null)[];
  /** Milliseconds spent evaluating the cells. */
  readonly ms: number;
}

/**
 * Sweeps every transcript over `strikes` × `observation` (cells row-major, one row per
 * observation value, as `sweepThresholds` lays them out) and chooses the best cell. Each cell
 * needs only each transcript's first refusal, so its walk stops there.
 */
export function sweepCorpus(
  transcripts: readonly MarkedTranscript[],
  strikes: readonly number[] = SWEEP_STRIKES,
  observation: readonly (number | null)[] = SWEEP_OBSERVATION,
): CorpusSweep {
  const started = now();
  const grid: GridCell[] = [];
  for (const o of observation) {
    for (const s of strikes) {
      const stops = transcripts.map((t): FirstStop | null => {
        const r = sweepCell(t.input, s, o, true);
        return r.firstRefusal === null || r.firstTotal === null
          ? null
          : { batch: r.firstRefusal, position: r.firstTotal };
      });
      grid.push({ strikes: s, observation: o, stops });
    }
  }
  const marks = transcripts.map((t) => t.mark);
  const choice = chooseCell(marks, grid);
  return {
    ...choice,
    transcripts: transcripts.map(({ name, mark }) => ({ name, mark })),
    strikes: strikes.slice(),
    observation: observation.slice(),
    ms: now() - started,
  };
}

function names(list: readonly number[], of: (i: number) => string): string {
  const shown = list.map((i) => `"${of(i)}"`);
  return shown.length <= 1
    ? (shown[0] ?? '')
    : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** "observation 7" or "observation unset". */
export function cellLabel(c: Pick<GridCell, 'strikes' | 'observation'>): string {
  return `strikes ${c.strikes}, observation ${c.observation === null ? 'unset' : c.observation}`;
}

/** One sentence for a conflict, naming its transcripts with `nameOf`. */
export function describeConflict(
  c: Conflict,
  marks: readonly CorpusMark[],
  nameOf: (i: number) => string,
): string {
  const by = (l: number) => {
    const m = marks[l];
    return m?.kind === 'loop' && m.by !== null ? ` by its ${ordinal(m.by)} repeat` : '';
  };
  switch (c.kind) {
    case 'honest-always':
      return `honest ${names([c.honest], nameOf)} is stopped by every cell`;
    case 'loop-unstopped': {
      const late =
        c.earliest === null
          ? ''
          : ` (the earliest any cell stops it is its ${ordinal(c.earliest)} repeat)`;
      return `loop ${names([c.loop], nameOf)} is stopped${by(c.loop)} by no cell${late}`;
    }
    case 'honest-vs-loop':
      return `every cell that stops loop ${names([c.loop], nameOf)}${by(c.loop)} also stops honest ${names(c.honest, nameOf)}`;
    case 'loops-apart':
      return `no cell stops loops ${names(c.loops, nameOf)} together, each in time`;
    case 'together':
      return `every cell that stops all the loops stops an honest transcript; the closest, ${cellLabel(c)}, stops ${names(c.honest, nameOf)}`;
  }
}
