// The detector lanes under the timeline: one thin row per zoo detector, sharing the
// main layout's scale so zoom and pan move them with the bars. Like the main layout, marks are
// grouped into aligned blocks of batches (so panning does not make them shimmer), here blocks
// at least MIN_MARK_PX wide, so marks never pile up on one pixel: a block shows its strongest
// mark and how many it holds.
import type { ZooLevel, ZooMark } from '../../zoo/index';
import { MARK_LEVELS, markColumnsOf, type MarkColumns } from '../../report/zooPacked';
import type { TooltipContent } from './describe';
import { lowerBound } from '../sorted';
import { fmt } from './describe';
import { indexToPx, type Scale } from './scale';

/** One lane to draw. */
export interface LaneInput {
  readonly id: string;
  readonly label: string;
  readonly kind: 'peer' | 'advisory';
  /** Ordered by batch, at most one per batch (the zoo's contract). */
  readonly marks: readonly ZooMark[];
  /** The worker is still computing this lane: drawn as an empty row that says so. */
  readonly pending?: boolean;
}

/** Marks sharing one aligned block of batches. */
export interface LaneBucket {
  /** The block's extent in CSS pixels, and where the mark is drawn. */
  readonly x0: number;
  readonly x1: number;
  readonly cx: number;
  readonly level: ZooLevel;
  readonly count: number;
  /** Indexes into the lane's `marks`: the first in the block, one past the last, the strongest. */
  readonly from: number;
  readonly to: number;
  readonly strongest: number;
}

export interface LaneRow {
  readonly lane: LaneInput;
  /** Top of the row and its height. */
  readonly y: number;
  readonly h: number;
  readonly buckets: readonly LaneBucket[];
}

export interface LanesLayout {
  readonly width: number;
  readonly height: number;
  readonly plotX: number;
  readonly plotW: number;
  /** Batches per block. */
  readonly blockSize: number;
  readonly rows: readonly LaneRow[];
}

/** Row height of one lane. */
export const LANE_HEIGHT = 12;
/** Space above the first lane. */
export const LANES_TOP = 3;
/** The left gutter for lane labels (the longest, "Reference, old session tally", whole at
 * 11px beside its badge); the main timeline uses the same left margin when lanes show. */
export const LANE_GUTTER = 212;
/** Marks closer than this are aggregated into one. */
export const MIN_MARK_PX = 7;

/** The canvas height for `count` lanes. */
export function lanesHeight(count: number): number {
  return count === 0 ? 0 : LANES_TOP * 2 + count * LANE_HEIGHT;
}

/**
 * Batches per lane block: the smallest power of two, at least `minBlock` (the main layout's
 * block), whose block is at least MIN_MARK_PX wide.
 */
export function laneBlockSize(pxPerBatch: number, minBlock = 1): number {
  let b = Math.max(1, minBlock);
  while (b * pxPerBatch < MIN_MARK_PX && b < 2 ** 30) b *= 2;
  return b;
}

/** The first mark with `batchIndex >= index` (binary search; marks are sorted). */
export function firstMarkFrom(marks: readonly ZooMark[], index: number): number {
  return lowerBound(indexOf(marks).at, index);
}

/** A lane's marks indexed for block queries: batch indexes, and mark positions per level. */
interface MarkIndex {
  readonly at: Int32Array;
  readonly byLevel: Readonly<Record<ZooLevel, Int32Array>>;
}

const markIndexes = new WeakMap<readonly ZooMark[], MarkIndex>();

function indexOf(marks: readonly ZooMark[]): MarkIndex {
  let ix = markIndexes.get(marks);
  if (ix === undefined) {
    ix = fromColumns(markColumnsOf(marks) ?? columnsFromObjects(marks));
    markIndexes.set(marks, ix);
  }
  return ix;
}

/** Batch indexes and level codes of marks that did not come packed (tests, built in place). */
function columnsFromObjects(marks: readonly ZooMark[]): MarkColumns {
  const batchIndex = new Int32Array(marks.length);
  const level = new Uint8Array(marks.length);
  marks.forEach((m, i) => {
    batchIndex[i] = m.batchIndex;
    level[i] = MARK_LEVELS.indexOf(m.level);
  });
  return { batchIndex, level };
}

/** Mark positions per level, from level codes (a pass over bytes, no objects). */
function fromColumns(c: MarkColumns): MarkIndex {
  const n = c.level.length;
  const counts = [0, 0, 0];
  for (let i = 0; i < n; i++) (counts[c.level[i] as number] as number)++;
  const lists = counts.map((k) => new Int32Array(k));
  const fill = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const code = c.level[i] as number;
    (lists[code] as Int32Array)[(fill[code] as number)++] = i;
  }
  const byLevel = {} as Record<ZooLevel, Int32Array>;
  MARK_LEVELS.forEach((level, code) => (byLevel[level] = lists[code] as Int32Array));
  return { at: c.batchIndex, byLevel };
}

const BY_STRENGTH: readonly ZooLevel[] = ['stop', 'warn', 'advice'];

/**
 * Groups one lane's marks in the visible window into blocks of `blockSize` batches. Each block
 * costs two binary searches, not a step per mark: a lane can hold a mark on every one of 100k
 * batches, and walking them all on every zoomed-out frame was milliseconds per lane.
 */
export function laneBuckets(
  marks: readonly ZooMark[],
  scale: Scale,
  blockSize: number,
  n: number,
): LaneBucket[] {
  const out: LaneBucket[] = [];
  const { at, byLevel } = indexOf(marks);
  const startBlock = Math.max(0, Math.floor(scale.start / blockSize));
  const endIndex = Math.min(n, scale.start + scale.span);
  let i = firstMarkFrom(marks, startBlock * blockSize);
  while (i < marks.length) {
    const batchIndex = at[i] as number;
    if (batchIndex >= endIndex) break;
    const block = Math.floor(batchIndex / blockSize);
    const blockEnd = (block + 1) * blockSize;
    const from = i;
    const to = Math.max(from + 1, lowerBound(at, blockEnd));
    // The strongest mark: the first of the highest level present in [from, to).
    let strongest = from;
    for (const level of BY_STRENGTH) {
      const list = byLevel[level];
      const p = list[lowerBound(list, from)];
      if (p !== undefined && p < to) {
        strongest = p;
        break;
      }
    }
    const x0 = indexToPx(scale, block * blockSize);
    const x1 = indexToPx(scale, Math.min(n, blockEnd));
    const count = to - from;
    // A single mark sits on its own batch; an aggregate in the middle of its block.
    const cx = count === 1 ? indexToPx(scale, batchIndex + 0.5) : (x0 + x1) / 2;
    out.push({
      x0,
      x1,
      cx,
      level: (marks[strongest] as ZooMark).level,
      count,
      from,
      to,
      strongest,
    });
    i = to;
  }
  return out;
}

/** Lays out every lane for the main layout's scale and block size. */
export function layoutLanes(
  lanes: readonly LaneInput[],
  scale: Scale,
  mainBlockSize: number,
  n: number,
  width: number,
): LanesLayout {
  const blockSize = laneBlockSize(scale.width / scale.span, mainBlockSize);
  const rows = lanes.map((lane, k) => ({
    lane,
    y: LANES_TOP + k * LANE_HEIGHT,
    h: LANE_HEIGHT,
    buckets: laneBuckets(lane.marks, scale, blockSize, n),
  }));
  return {
    width,
    height: lanesHeight(lanes.length),
    plotX: scale.x0,
    plotW: scale.width,
    blockSize,
    rows,
  };
}

/** The lane and bucket under (x, y), within a few pixels of a mark; null elsewhere. */
export function laneHit(
  layout: LanesLayout,
  x: number,
  y: number,
): { row: LaneRow; bucket: LaneBucket } | null {
  if (x < layout.plotX || x > layout.plotX + layout.plotW) return null;
  const row = layout.rows.find((r) => y >= r.y && y < r.y + r.h);
  if (row === undefined) return null;
  let best: LaneBucket | null = null;
  let bestDist = Infinity;
  for (const b of row.buckets) {
    const inside = x >= b.x0 && x <= b.x1;
    const d = inside ? 0 : Math.abs(x - b.cx);
    if (d < bestDist && (inside || d <= MIN_MARK_PX / 2 + 2)) {
      best = b;
      bestDist = d;
    }
  }
  return best === null ? null : { row, bucket: best };
}

/** How a mark's level is said, in tooltips and read-outs. */
export const LEVEL_WORD: Readonly<Record<ZooLevel, string>> = {
  stop: 'stop',
  warn: 'warning',
  advice: 'advice',
};

/** How many messages an aggregated tooltip lists. */
const TIP_MESSAGES = 4;

/** The hover text of a lane bucket (plain text; the messages quote transcript tool names). */
export function laneTooltip(lane: LaneInput, bucket: LaneBucket): TooltipContent {
  const marks = lane.marks.slice(bucket.from, bucket.to);
  const first = marks[0] as ZooMark;
  const last = marks[marks.length - 1] as ZooMark;
  const where =
    marks.length === 1
      ? `batch #${fmt(first.batchIndex)}`
      : `batches #${fmt(first.batchIndex)}–${fmt(last.batchIndex)}, ${fmt(marks.length)} marks`;
  const shown = [marks[bucket.strongest - bucket.from] as ZooMark];
  for (const m of marks) {
    if (shown.length >= TIP_MESSAGES) break;
    if (m !== shown[0]) shown.push(m);
  }
  const rows: [string, string][] = shown.map((m) => [
    `#${fmt(m.batchIndex)} ${LEVEL_WORD[m.level]}`,
    m.message,
  ]);
  if (marks.length > shown.length) rows.push(['', `and ${fmt(marks.length - shown.length)} more`]);
  return { title: `${lane.label} (${lane.kind}) · ${where}`, rows };
}

/** One sentence per lane for screen readers. */
export function lanesSummary(lanes: readonly LaneInput[]): string {
  if (lanes.length === 0) return 'No detector lanes are shown.';
  if (lanes.every((l) => l.pending === true)) return 'The detector lanes are being computed.';
  return lanes
    .map((l) => {
      // Counted from the lane's mark index: a lane can hold a mark for most of 100k batches.
      const { at, byLevel } = indexOf(l.marks);
      const stops = byLevel.stop.length;
      const warns = byLevel.warn.length;
      const firstStop = stops > 0 ? (at[byLevel.stop[0] as number] as number) : -1;
      const advice = l.marks.length - stops - warns;
      const parts: string[] = [];
      if (stops > 0)
        parts.push(`${stops} stop${stops === 1 ? '' : 's'}, first at batch ${firstStop}`);
      if (warns > 0) parts.push(`${warns} warning${warns === 1 ? '' : 's'}`);
      if (advice > 0) parts.push(`${advice} advisory mark${advice === 1 ? '' : 's'}`);
      return `${l.label} (${l.kind}): ${parts.length === 0 ? 'no marks' : parts.join(', ')}.`;
    })
    .join(' ');
}
