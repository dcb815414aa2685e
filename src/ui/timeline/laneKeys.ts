// The detector lanes from the keyboard: every mark a pointer can hover, a key can reach.
// Up/Down choose a lane (keeping the place in the transcript), Left/Right step through its
// marks, Home/End jump to its first and last, Enter or Space selects the mark's batch.
import { fmt } from './describe';
import type { LaneHover } from './lanePointer';
import { firstMarkFrom, LEVEL_WORD, type LaneInput, type LanesLayout } from './lanes';

/**
 * The lane (row), the mark in it (an index into its `marks`, -1 when it has none) and the
 * batch it stands at (the mark's; kept across a lane without marks).
 */
export interface LaneFocus {
  readonly row: number;
  readonly mark: number;
  readonly at: number;
}

export { LANE_KEY_HELP, LANE_KEYS } from './lanes';

/** In row `row`, the mark at or after batch `at`, else its last; none when it has none. */
function near(lanes: readonly LaneInput[], row: number, at: number): LaneFocus {
  const marks = (lanes[row] as LaneInput).marks;
  if (marks.length === 0) return { row, mark: -1, at };
  return onMark(lanes, row, Math.min(marks.length - 1, firstMarkFrom(marks, Math.max(0, at))));
}

/** Row `row`, mark `mark` (which exists). */
function onMark(lanes: readonly LaneInput[], row: number, mark: number): LaneFocus {
  return { row, mark, at: (lanes[row] as LaneInput).marks[mark]?.batchIndex ?? 0 };
}

/** The batch a focus stands on, or null (no mark). */
export function focusBatch(lanes: readonly LaneInput[], f: LaneFocus): number | null {
  return lanes[f.row]?.marks[f.mark]?.batchIndex ?? null;
}

/**
 * Where `key` moves the focus. From no focus, any key lands on the first lane, at the first
 * mark at or after `anchor` (the selected batch, or the view's first). Null: not a lane key.
 */
export function laneKeyTarget(
  lanes: readonly LaneInput[],
  focus: LaneFocus | null,
  key: string,
  anchor: number,
): LaneFocus | null {
  if (lanes.length === 0) return null;
  const moves = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!moves.includes(key)) return null;
  if (focus === null || focus.row >= lanes.length) return near(lanes, 0, anchor);
  const { row } = focus;
  const last = (lanes[row] as LaneInput).marks.length - 1;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const to = Math.max(0, Math.min(lanes.length - 1, row + (key === 'ArrowUp' ? -1 : 1)));
    return near(lanes, to, focus.at);
  }
  if (last < 0) return focus;
  const mark = Math.min(last, Math.max(0, focus.mark));
  if (key === 'ArrowLeft') return onMark(lanes, row, Math.max(0, mark - 1));
  if (key === 'ArrowRight') return onMark(lanes, row, Math.min(last, mark + 1));
  return onMark(lanes, row, key === 'Home' ? 0 : last);
}

/** What a screen reader hears for a focus (plain text; messages quote tool names). */
export function laneFocusText(lanes: readonly LaneInput[], f: LaneFocus): string {
  const lane = lanes[f.row];
  if (lane === undefined) return '';
  const name = `${lane.label} (${lane.kind})`;
  if (lane.pending === true) return `${name}: being computed.`;
  const m = lane.marks[f.mark];
  if (m === undefined) return `${name}: no marks.`;
  return `${name}, mark ${fmt(f.mark + 1)} of ${fmt(lane.marks.length)}: batch #${fmt(m.batchIndex)}, ${LEVEL_WORD[m.level]}: ${m.message}`;
}

/** The drawn mark (bucket) that holds the focused mark, to highlight; null when not in view. */
export function focusedBucket(layout: LanesLayout | null, f: LaneFocus | null): LaneHover | null {
  if (layout === null || f === null || f.mark < 0) return null;
  const row = layout.rows[f.row];
  const bucket = row?.buckets.find((b) => b.from <= f.mark && f.mark < b.to);
  return bucket === undefined ? null : { row: f.row, bucket };
}
