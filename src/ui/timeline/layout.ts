// Where everything goes for one viewport and canvas size. Work is proportional to the number of
// buckets (at most about one per pixel), never to the number of batches: when several batches
// share a pixel, the bucket is one aligned block of 2^level batches read straight from the model's
// pyramid, so panning does not make marks shimmer and refusals survive any zoom (their flags are
// OR-ed up the pyramid).
import {
  F_BREAK_DEVELOPER,
  F_BREAK_OTHER,
  F_BREAK_SYSTEM,
  F_BREAK_USER,
  F_REFUSED,
  F_RESCUED,
  type PyramidLevel,
  type TimelineModel,
} from './model';
import { indexToPx, makeScale, niceStep, type Scale, type Viewport } from './scale';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Margins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/** A horizontal piece of a step line: one value held over [x0, x1). */
export interface StepSegment {
  readonly x0: number;
  readonly x1: number;
  readonly value: number;
  readonly y: number;
  /** Joined to the previous piece by a vertical riser (only between pieces wide enough to read). */
  readonly riser?: boolean;
}

/** What the axis must show of the batches in view (per-bucket extremes, already reduced). */
export interface AxisInput {
  readonly maxCount: number;
  readonly maxTotal: number;
  /** The largest threshold applying to a batch in view. */
  readonly maxThreshold: number;
  /** The smallest ceiling applying in view (-1 when every batch in view is exempt). */
  readonly minCeiling: number;
  /** The largest total among the batches the ceiling applies to. */
  readonly maxCappedTotal: number;
}

/** A piece of step line narrower than this joins its neighbours without a riser. */
export const RISER_MIN_PX = 4;

/**
 * Step pieces narrower than this (a tier change every batch or two at this zoom) are drawn as
 * one band from their lowest to their highest value instead of a zigzag.
 */
export const BAND_MAX_PX = 8;

/** A band of a step line: the values over [x0, x1) lie between `lo` and `hi`. */
export interface StepBand {
  readonly x0: number;
  readonly x1: number;
  readonly lo: number;
  readonly hi: number;
  /** Pixel rows of `hi` and `lo` (top and bottom of the band; clamped to the plot). */
  readonly yHi: number;
  readonly yLo: number;
}

/**
 * Refusal or rescue marks of neighbouring buckets merged into one: marks closer than
 * MARK_MERGE_PX would overlap, so one mark stands for all of them, with their count.
 */
export interface MergedMark {
  /** Centre of the mark and the top of the tallest bar under it. */
  readonly x: number;
  readonly top: number;
  /** Batches it stands for, and the batch range they lie in. */
  readonly count: number;
  readonly first: number;
  readonly end: number;
}

/** Marks whose centres are closer than this share one mark. */
export const MARK_MERGE_PX = 16;

export type BreakKind = 'user' | 'system' | 'developer' | 'other-role';

export interface BreakRule {
  readonly x: number;
  /** First batch of the bucket holding the break (the batch itself when not aggregated). */
  readonly index: number;
  readonly kind: BreakKind;
}

export interface Tick {
  readonly value: number;
  readonly pos: number;
}

export interface Layout {
  readonly width: number;
  readonly height: number;
  readonly plot: Rect;
  readonly scale: Scale;
  readonly yMax: number;
  /** The ceiling in view when it lies above the axis: marked at the top edge with its value. */
  readonly ceilingAbove: number | null;
  /** Pyramid level of the buckets; each bucket is an aligned block of `blockSize` = 2^level batches. */
  readonly level: number;
  readonly blockSize: number;
  /** Block number of bucket 0. */
  readonly firstBlock: number;
  readonly bucketCount: number;
  /** First batch index of each bucket, and one past its last. */
  readonly first: Int32Array;
  readonly end: Int32Array;
  /** Bar extent (after the gap between bars when zoomed in). */
  readonly x0: Float32Array;
  readonly x1: Float32Array;
  /** Top of the count bar and of the total bar (y grows downwards). */
  readonly countY: Float32Array;
  readonly totalY: Float32Array;
  /** 1 when the total is taller than the axis and drawn clipped. */
  readonly totalClipped: Uint8Array;
  /** Signature id that colours the bucket (the batch with the largest count). */
  readonly sig: Int32Array;
  readonly flags: Uint16Array;
  readonly refusedCount: Int32Array;
  /** Threshold and ceiling pieces wide enough to read, on the axis. */
  readonly thresholdSteps: readonly StepSegment[];
  readonly ceilingSteps: readonly StepSegment[];
  /** Where pieces are too narrow to read, the range of values they take, as bands. */
  readonly thresholdBands: readonly StepBand[];
  readonly ceilingBands: readonly StepBand[];
  /** The largest threshold in view when it lies above the axis: marked at the top edge. */
  readonly thresholdAbove: number | null;
  /** Refused and rescued buckets as marks, neighbours merged with a count. */
  readonly refusalMarks: readonly MergedMark[];
  readonly rescueMarks: readonly MergedMark[];
  readonly breaks: readonly BreakRule[];
  readonly yTicks: readonly Tick[];
  readonly xTicks: readonly Tick[];
  readonly firstRefusal: {
    readonly index: number;
    readonly x: number;
    readonly where: 'visible' | 'left' | 'right';
  } | null;
  /** The reference's stagnation verdict (between batches), when it has one. */
  readonly stagnation: {
    readonly messageIndex: number;
    readonly x: number;
    readonly where: 'visible' | 'left' | 'right';
  } | null;
}

/** A bar is drawn at most this wide, centred in its slot. */
export const MAX_BAR_WIDTH = 64;

export const DEFAULT_MARGINS: Margins = { top: 30, right: 14, bottom: 36, left: 44 };
export const COMPACT_MARGINS: Margins = { top: 2, right: 0, bottom: 2, left: 0 };

/**
 * The y-axis top for the batches in view: their largest count, with headroom. A threshold
 * joins it only when it lies within half again of that count (a line near the top is read
 * against the bars); one further up is marked at the top edge instead, so a short run is never
 * drawn as a sliver under a threshold of 15. The ceiling joins once a capped run's total nears
 * it (within 25 %). Totals above the top are drawn clipped.
 */
export function viewAxisMax(a: AxisInput): number {
  let core = Math.max(1, a.maxCount);
  if (a.maxThreshold <= Math.max(2, core * 1.5)) core = Math.max(core, a.maxThreshold);
  const top = ceilingInRange(a) ? Math.max(core, a.minCeiling, a.maxCappedTotal) : core;
  // Counts are whole numbers: no tick between 0 and 1.
  const step = Math.max(1, niceStep(top, 4));
  return Math.max(step, Math.ceil((top * 1.15) / step) * step);
}

/** Whether the ceiling takes part in the decisions in view (a capped total within 25 % of it). */
export function ceilingInRange(a: AxisInput): boolean {
  return a.minCeiling >= 0 && a.maxCappedTotal * 1.25 >= a.minCeiling;
}

/** The axis input over buckets `from`..`to` (exclusive) of one pyramid level. */
export function axisInputOf(lv: PyramidLevel, from: number, to: number): AxisInput {
  let maxCount = 0;
  let maxTotal = 0;
  let maxThreshold = 0;
  let minCeiling = -1;
  let maxCappedTotal = 0;
  for (let b = from; b < to; b++) {
    maxCount = Math.max(maxCount, lv.maxCount[b] ?? 0);
    const total = lv.maxTotal[b] ?? 0;
    maxTotal = Math.max(maxTotal, total);
    maxThreshold = Math.max(maxThreshold, lv.minThreshold[b] ?? 0);
    const c = lv.minCeiling[b] ?? -1;
    if (c >= 0) {
      minCeiling = minCeiling < 0 ? c : Math.min(minCeiling, c);
      maxCappedTotal = Math.max(maxCappedTotal, total);
    }
  }
  return { maxCount, maxTotal, maxThreshold, minCeiling, maxCappedTotal };
}

/** Marks which pieces join their predecessor with a riser: both must be wide enough to read. */
export function withRisers(steps: readonly StepSegment[]): StepSegment[] {
  return steps.map((s, i) => {
    const prev = steps[i - 1];
    const joined =
      prev !== undefined &&
      Math.abs(prev.x1 - s.x0) < 0.5 &&
      prev.x1 - prev.x0 >= RISER_MIN_PX &&
      s.x1 - s.x0 >= RISER_MIN_PX;
    return { ...s, riser: joined };
  });
}

export function plotRect(width: number, height: number, m: Margins): Rect {
  return {
    x: m.left,
    y: m.top,
    w: Math.max(1, width - m.left - m.right),
    h: Math.max(1, height - m.top - m.bottom),
  };
}

/** The y pixel of a value on the layout's axis. */
export function yOf(plot: Rect, yMax: number, value: number): number {
  return plot.y + plot.h - (Math.min(value, yMax) / yMax) * plot.h;
}

/** Pyramid level for a zoom: the smallest block of batches at least one pixel wide. */
export function levelFor(pxPerBatch: number, levelCount: number): number {
  if (pxPerBatch >= 1) return 0;
  // The epsilon keeps 0.5 px/batch at level 1 despite floating-point noise in the log.
  const level = Math.ceil(Math.log2(1 / pxPerBatch) - 1e-9);
  return Math.min(Math.max(0, level), Math.max(0, levelCount - 1));
}

export function computeLayout(
  model: TimelineModel,
  vp: Viewport,
  width: number,
  height: number,
  margins: Margins = DEFAULT_MARGINS,
): Layout {
  const plot = plotRect(width, height, margins);
  const scale = makeScale(vp, plot.x, plot.w);
  const ppb = plot.w / vp.span;
  const level = levelFor(ppb, model.levels.length);
  const lv = model.levels[level] as PyramidLevel;
  const bs = 2 ** level;
  const firstBlock = Math.max(0, Math.floor(vp.start / bs));
  const endBlock = Math.min(lv.size, Math.ceil((vp.start + vp.span) / bs));
  const axis = axisInputOf(lv, firstBlock, endBlock);
  const yMax = viewAxisMax(axis);
  const ceilingAbove = axis.minCeiling > yMax ? axis.minCeiling : null;
  let thresholdAbove: number | null = null;
  const count = Math.max(0, endBlock - firstBlock);
  const out = {
    first: new Int32Array(count),
    end: new Int32Array(count),
    x0: new Float32Array(count),
    x1: new Float32Array(count),
    countY: new Float32Array(count),
    totalY: new Float32Array(count),
    totalClipped: new Uint8Array(count),
    sig: new Int32Array(count),
    flags: new Uint16Array(count),
    refusedCount: new Int32Array(count),
  };
  // Gaps separate bars only once they are wide enough to read as separate marks.
  const gap = level === 0 && ppb >= 4 ? Math.min(8, Math.max(1, ppb * 0.2)) : 0;
  const thresholdSteps: RawStep[] = [];
  const ceilingSteps: RawStep[] = [];
  const breaks: BreakRule[] = [];
  for (let j = 0; j < count; j++) {
    const block = firstBlock + j;
    const first = block * bs;
    const end = Math.min(model.n, first + bs);
    const sx0 = indexToPx(scale, first);
    const sx1 = indexToPx(scale, end);
    out.first[j] = first;
    out.end[j] = end;
    const inset = Math.max(gap / 2, (sx1 - sx0 - MAX_BAR_WIDTH) / 2);
    out.x0[j] = sx0 + inset;
    out.x1[j] = sx1 - inset;
    out.countY[j] = yOf(plot, yMax, lv.maxCount[block] ?? 0);
    const total = lv.maxTotal[block] ?? 0;
    out.totalY[j] = yOf(plot, yMax, total);
    out.totalClipped[j] = total > yMax ? 1 : 0;
    out.sig[j] = model.sigId[lv.argMax[block] ?? 0] ?? 0;
    const flags = lv.flags[block] ?? 0;
    out.flags[j] = flags;
    out.refusedCount[j] = lv.refusedCount[block] ?? 0;
    // A threshold above the axis is marked at its edge, not drawn as if it were the top.
    const tLo = lv.minThreshold[block] ?? 0;
    const tHi = lv.maxThreshold[block] ?? tLo;
    if (tHi > yMax) thresholdAbove = Math.max(thresholdAbove ?? 0, tHi);
    if (tLo <= yMax) pushStep(thresholdSteps, sx0, sx1, tLo, plot, yMax, tHi);
    const ceiling = lv.minCeiling[block] ?? -1;
    if (ceiling >= 0 && ceiling <= yMax) pushStep(ceilingSteps, sx0, sx1, ceiling, plot, yMax);
    const kind = breakKind(flags);
    if (kind !== null) breaks.push({ x: sx0, index: first, kind });
  }
  const thr = splitBands(thresholdSteps, plot, yMax);
  const ceil = splitBands(ceilingSteps, plot, yMax);
  const side = (x: number): 'visible' | 'left' | 'right' =>
    x < plot.x ? 'left' : x > plot.x + plot.w ? 'right' : 'visible';
  const fr = model.firstRefusal;
  let firstRefusal: Layout['firstRefusal'] = null;
  if (fr !== null) {
    const x = indexToPx(scale, fr + 0.5);
    firstRefusal = { index: fr, x, where: side(x) };
  }
  let stagnation: Layout['stagnation'] = null;
  if (model.stagnation !== null) {
    const x = indexToPx(scale, model.stagnation.at);
    stagnation = { messageIndex: model.stagnation.messageIndex, x, where: side(x) };
  }
  return {
    width,
    height,
    plot,
    scale,
    yMax,
    ceilingAbove,
    level,
    blockSize: bs,
    firstBlock,
    bucketCount: count,
    ...out,
    thresholdSteps: withRisers(thr.steps),
    thresholdBands: thr.bands,
    ceilingSteps: withRisers(ceil.steps),
    ceilingBands: ceil.bands,
    thresholdAbove,
    refusalMarks: mergeMarks(out, F_REFUSED, 0, plot, (j) => out.refusedCount[j] ?? 0),
    rescueMarks: mergeMarks(out, F_RESCUED, F_REFUSED, plot, (j) =>
      countFlagged(model.levels[0] as PyramidLevel, out.first[j] ?? 0, out.end[j] ?? 0, F_RESCUED),
    ),
    breaks,
    yTicks: yTicks(plot, yMax),
    xTicks: xTicks(scale, model.n),
    firstRefusal,
    stagnation,
  };
}

/** The bucket holding batch `index`, or -1 when it is outside the laid-out range. */
export function bucketOf(layout: Layout, index: number): number {
  const j = Math.floor(index / layout.blockSize) - layout.firstBlock;
  return j >= 0 && j < layout.bucketCount ? j : -1;
}

/** A step piece while laid out: `hi` is the largest value inside it (a bucket of mixed tiers). */
export type RawStep = StepSegment & { readonly hi: number };

function pushStep(
  steps: RawStep[],
  x0: number,
  x1: number,
  value: number,
  plot: Rect,
  yMax: number,
  hi = value,
): void {
  const last = steps[steps.length - 1];
  // Merge with the previous piece when it holds the same value and touches this one.
  if (
    last !== undefined &&
    last.value === value &&
    last.hi === hi &&
    Math.abs(last.x1 - x0) < 0.01
  ) {
    steps[steps.length - 1] = { ...last, x1 };
    return;
  }
  steps.push({ x0, x1, value, hi, y: yOf(plot, yMax, value) });
}

/**
 * Splits laid-out pieces into the step line (pieces wide enough to read, of one value) and
 * bands: a run of neighbouring pieces narrower than BAND_MAX_PX, or a piece whose bucket mixes
 * values, is one band from the lowest to the highest value in it.
 */
export function splitBands(
  raw: readonly RawStep[],
  plot: Rect,
  yMax: number,
): { steps: StepSegment[]; bands: StepBand[] } {
  const steps: StepSegment[] = [];
  const bands: StepBand[] = [];
  let band: { x0: number; x1: number; lo: number; hi: number } | null = null;
  const close = (): void => {
    if (band === null) return;
    const { x0, x1, lo, hi } = band;
    band = null;
    if (lo === hi) {
      steps.push({ x0, x1, value: lo, y: yOf(plot, yMax, lo) });
      return;
    }
    bands.push({ x0, x1, lo, hi, yHi: yOf(plot, yMax, hi), yLo: yOf(plot, yMax, lo) });
  };
  for (const p of raw) {
    const narrow = p.x1 - p.x0 < BAND_MAX_PX;
    if (!narrow && p.hi === p.value) {
      close();
      steps.push({ x0: p.x0, x1: p.x1, value: p.value, y: p.y });
      continue;
    }
    if (band !== null && Math.abs(band.x1 - p.x0) < 0.5) {
      band.x1 = p.x1;
      band.lo = Math.min(band.lo, p.value);
      band.hi = Math.max(band.hi, p.hi);
    } else {
      close();
      band = { x0: p.x0, x1: p.x1, lo: p.value, hi: p.hi };
    }
  }
  close();
  return { steps, bands };
}

/** How many batches in [first, end) carry `flag` (level 0 of the pyramid: one per batch). */
function countFlagged(lv0: PyramidLevel, first: number, end: number, flag: number): number {
  let k = 0;
  for (let i = first; i < end; i++) if (((lv0.flags[i] ?? 0) & flag) !== 0) k++;
  return k;
}

/**
 * The marks of buckets flagged `flag` (and not `unless`), neighbours closer than
 * MARK_MERGE_PX merged: each stands for the batches of its buckets, `countOf(j)` of bucket j.
 */
export function mergeMarks(
  l: Pick<Layout, 'x0' | 'x1' | 'countY' | 'flags' | 'first' | 'end'>,
  flag: number,
  unless: number,
  plot: Rect,
  countOf: (j: number) => number,
): MergedMark[] {
  const out: MergedMark[] = [];
  const base = plot.y + plot.h;
  let cur: {
    x: number;
    x0: number;
    top: number;
    count: number;
    first: number;
    end: number;
  } | null = null;
  const n = l.flags.length;
  for (let j = 0; j < n; j++) {
    const f = l.flags[j] ?? 0;
    if ((f & flag) === 0 || (f & unless) !== 0) continue;
    const x0 = l.x0[j] ?? 0;
    const cx = x0 + Math.max(1.5, (l.x1[j] ?? 0) - x0) / 2;
    const top = Math.min(l.countY[j] ?? base, base - 1.5);
    const count = Math.max(1, countOf(j));
    if (cur !== null && cx - cur.x0 < MARK_MERGE_PX) {
      cur.top = Math.min(cur.top, top);
      cur.count += count;
      cur.end = l.end[j] ?? cur.end;
      cur.x = (cur.x0 + cx) / 2;
    } else {
      if (cur !== null)
        out.push({ x: cur.x, top: cur.top, count: cur.count, first: cur.first, end: cur.end });
      cur = { x: cx, x0: cx, top, count, first: l.first[j] ?? 0, end: l.end[j] ?? 0 };
    }
  }
  if (cur !== null)
    out.push({ x: cur.x, top: cur.top, count: cur.count, first: cur.first, end: cur.end });
  return out;
}

function breakKind(flags: number): BreakKind | null {
  if (flags & F_BREAK_USER) return 'user';
  if (flags & F_BREAK_SYSTEM) return 'system';
  if (flags & F_BREAK_DEVELOPER) return 'developer';
  if (flags & F_BREAK_OTHER) return 'other-role';
  return null;
}

function yTicks(plot: Rect, yMax: number): Tick[] {
  const step = Math.max(1, niceStep(yMax, Math.max(2, Math.min(5, Math.floor(plot.h / 40)))));
  const ticks: Tick[] = [];
  for (let v = 0; v <= yMax + 1e-9; v += step) ticks.push({ value: v, pos: yOf(plot, yMax, v) });
  return ticks;
}

function xTicks(scale: Scale, n: number): Tick[] {
  const step = Math.max(1, niceStep(scale.span, scale.width / 90));
  const ticks: Tick[] = [];
  const lo = Math.max(0, Math.ceil(scale.start / step) * step);
  const hi = Math.min(n - 1, scale.start + scale.span);
  for (let i = lo; i <= hi; i += step) ticks.push({ value: i, pos: indexToPx(scale, i + 0.5) });
  return ticks;
}
