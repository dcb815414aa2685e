// The detector lanes under the timeline: one thin row per zoo detector, sharing the
// main layout's scale so zoom and pan move them with the bars. Here their shapes, sizes and
// words; their layout (laneLayout.ts), drawing and pointer load with the lanes (laneCode.ts).
import type { ZooLevel, ZooMark } from '../../zoo/index';
import { MARK_LEVELS, markColumnsOf, type MarkColumns } from '../../report/zooPacked';
import { lowerBound } from '../sorted';

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

/** The first mark with `batchIndex >= index` (binary search; marks are sorted). */
export function firstMarkFrom(marks: readonly ZooMark[], index: number): number {
  return lowerBound(indexOf(marks).at, index);
}

/** A lane's marks indexed for block queries: batch indexes, and mark positions per level. */
export interface MarkIndex {
  readonly at: Int32Array;
  readonly byLevel: Readonly<Record<ZooLevel, Int32Array>>;
}

const markIndexes = new WeakMap<readonly ZooMark[], MarkIndex>();

export function indexOf(marks: readonly ZooMark[]): MarkIndex {
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

/** How a mark's level is said, in tooltips and read-outs. */
export const LEVEL_WORD: Readonly<Record<ZooLevel, string>> = {
  stop: 'stop',
  warn: 'warning',
  advice: 'advice',
};

/** The keys the lanes canvas takes (laneKeys.ts). */
export const LANE_KEYS = 'ArrowUp ArrowDown ArrowLeft ArrowRight Home End Enter Space';

/** Said after the lanes' summary. */
export const LANE_KEY_HELP =
  "Up and Down choose a lane, Left and Right step through its marks, Enter selects the mark's batch.";

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
