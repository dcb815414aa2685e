// Where the lanes' marks go. Like the main layout, marks are grouped into aligned blocks of
// batches (so panning does not make them shimmer), here blocks at least MIN_MARK_PX wide, so
// marks never pile up on one pixel: a block shows its strongest mark and how many it holds.
import type { ZooLevel, ZooMark } from '../../zoo/index';
import type { TooltipContent } from './describe';
import { fmt } from './describe';
import {
  firstMarkFrom,
  indexOf,
  LANE_HEIGHT,
  LANES_TOP,
  lanesHeight,
  LEVEL_WORD,
  MIN_MARK_PX,
  type LaneBucket,
  type LaneInput,
  type LaneRow,
  type LanesLayout,
} from './lanes';
import { lowerBound } from '../sorted';
import { indexToPx, type Scale } from './scale';

/**
 * Batches per lane block: the smallest power of two, at least `minBlock` (the main layout's
 * block), whose block is at least MIN_MARK_PX wide.
 */
export function laneBlockSize(pxPerBatch: number, minBlock = 1): number {
  let b = Math.max(1, minBlock);
  while (b * pxPerBatch < MIN_MARK_PX && b < 2 ** 30) b *= 2;
  return b;
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
