import { describe, expect, it } from 'vitest';
import type { ZooMark } from '../../../../src/zoo/index';
import {
  focusBatch,
  focusedBucket,
  laneFocusText,
  laneKeyTarget,
  type LaneFocus,
} from '../../../../src/ui/timeline/laneKeys';
import { layoutLanes } from '../../../../src/ui/timeline/laneLayout';
import type { LaneInput } from '../../../../src/ui/timeline/lanes';
import { makeScale } from '../../../../src/ui/timeline/scale';

const mark = (batchIndex: number, level: ZooMark['level'] = 'warn'): ZooMark =>
  ({ batchIndex, level, message: `m${batchIndex}` }) as ZooMark;

const lane = (id: string, batches: number[], extra: Partial<LaneInput> = {}): LaneInput => ({
  id,
  label: id.toUpperCase(),
  kind: 'peer',
  marks: batches.map((b) => mark(b)),
  ...extra,
});

const lanes = [lane('a', [2, 5, 9]), lane('b', []), lane('c', [1, 6, 7, 20])];
const go = (f: LaneFocus | null, ...keys: string[]) =>
  keys.reduce<LaneFocus | null>((acc, k) => laneKeyTarget(lanes, acc, k, 4), f);
/** Row `row`, mark `mark`, at that mark's batch (or at `at` in a lane without marks). */
const f = (row: number, mark: number, at?: number): LaneFocus => ({
  row,
  mark,
  at: at ?? (lanes[row]?.marks[mark]?.batchIndex as number),
});

describe('laneKeyTarget', () => {
  it('starts on the first lane at the first mark from the anchor, whatever the key', () => {
    for (const k of ['ArrowRight', 'ArrowDown', 'Home', 'End']) {
      expect(laneKeyTarget(lanes, null, k, 4)).toEqual(f(0, 1));
    }
    // Past the last mark: the last one.
    expect(laneKeyTarget(lanes, null, 'ArrowRight', 99)).toEqual(f(0, 2));
  });

  it('steps through a lane and stops at its ends', () => {
    expect(go(f(0, 1), 'ArrowRight', 'ArrowRight', 'ArrowRight')).toEqual(f(0, 2));
    expect(go(f(0, 1), 'ArrowLeft', 'ArrowLeft')).toEqual(f(0, 0));
    expect(go(f(2, 1), 'End')).toEqual(f(2, 3));
    expect(go(f(2, 3), 'Home')).toEqual(f(2, 0));
    // Left and Right in a lane without marks stay put.
    expect(go(f(1, -1, 5), 'ArrowRight', 'End')).toEqual(f(1, -1, 5));
  });

  it('keeps the place in the transcript across lanes, through a lane without marks', () => {
    // From batch 5 in lane a: lane b has none, lane c's first mark at or after 5 is batch 6.
    expect(go(f(0, 1), 'ArrowDown')).toEqual(f(1, -1, 5));
    expect(go(f(0, 1), 'ArrowDown', 'ArrowDown')).toEqual(f(2, 1));
    // From batch 20 up through lane b: lane a has nothing at or after 20, so its last mark.
    expect(go(f(2, 3), 'ArrowUp', 'ArrowUp')).toEqual(f(0, 2));
    expect(go(f(0, 0), 'ArrowUp')).toEqual(f(0, 0));
    expect(go(f(2, 0), 'ArrowDown')).toEqual(f(2, 0));
  });

  it('ignores other keys and empty lane lists, and restarts when the lanes shrank', () => {
    expect(laneKeyTarget(lanes, f(0, 0), 'a', 0)).toBeNull();
    expect(laneKeyTarget(lanes, f(0, 0), 'Enter', 0)).toBeNull();
    expect(laneKeyTarget([], null, 'ArrowRight', 0)).toBeNull();
    expect(laneKeyTarget(lanes, { row: 7, mark: 0, at: 0 }, 'ArrowLeft', 4)).toEqual(f(0, 1));
  });
});

describe('lane focus text and highlight', () => {
  it('reads the mark, its place in the lane and its message', () => {
    expect(laneFocusText(lanes, f(2, 1))).toBe('C (peer), mark 2 of 4: batch #6, warning: m6');
    expect(laneFocusText(lanes, f(1, -1, 0))).toBe('B (peer): no marks.');
    const pending = [lane('p', [], { pending: true })];
    expect(laneFocusText(pending, { row: 0, mark: -1, at: 0 })).toBe('P (peer): being computed.');
    expect(focusBatch(lanes, f(2, 1))).toBe(6);
    expect(focusBatch(lanes, f(1, -1, 0))).toBeNull();
  });

  it('finds the drawn mark that holds the focused one, and none out of view', () => {
    // 30 batches over 300 px: each mark its own block.
    const wide = layoutLanes(lanes, makeScale({ start: 0, span: 30 }, 0, 300), 1, 30, 300);
    const hit = focusedBucket(wide, f(2, 2));
    expect(hit?.row).toBe(2);
    expect(hit?.bucket.from).toBeLessThanOrEqual(2);
    expect(hit?.bucket.to).toBeGreaterThan(2);
    // Zoomed to batches 0-9: lane c's mark at batch 20 is not drawn.
    const near = layoutLanes(lanes, makeScale({ start: 0, span: 10 }, 0, 300), 1, 30, 300);
    expect(focusedBucket(near, f(2, 3))).toBeNull();
    expect(focusedBucket(near, f(1, -1, 0))).toBeNull();
    expect(focusedBucket(null, f(0, 0))).toBeNull();
  });
});
