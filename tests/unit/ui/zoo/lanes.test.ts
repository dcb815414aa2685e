import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZooLevel, ZooMark } from '../../../../src/zoo/index';
import {
  firstMarkFrom,
  lanesHeight,
  lanesSummary,
  LANE_HEIGHT,
  LANES_TOP,
  MIN_MARK_PX,
  type LaneInput,
} from '../../../../src/ui/timeline/lanes';
import {
  laneBlockSize,
  laneBuckets,
  laneHit,
  laneTooltip,
  layoutLanes,
} from '../../../../src/ui/timeline/laneLayout';
import { indexToPx, makeScale } from '../../../../src/ui/timeline/scale';
import { foldedLanesSummary, visibleLanes } from '../../../../src/ui/zoo/lanes';
import { comparisonRows } from '../../../../src/ui/zoo/comparison';
import { ZOO_DETECTORS, type ZooResult } from '../../../../src/zoo/index';
import { markColumnsOf, packLanes, unpackLanes } from '../../../../src/report/zooPacked';

const mark = (
  batchIndex: number,
  level: ZooLevel = 'warn',
  message = `m${batchIndex}`,
): ZooMark => ({
  batchIndex,
  messageIndex: batchIndex * 2,
  level,
  message,
});

/** The plain walk over every visible mark that `laneBuckets` must agree with. */
function naiveBuckets(
  marks: readonly ZooMark[],
  start: number,
  span: number,
  size: number,
  n: number,
) {
  const rank = { advice: 0, warn: 1, stop: 2 } as const;
  const out: [number, number, number, number][] = [];
  const end = Math.min(n, start + span);
  let i = 0;
  while (i < marks.length && (marks[i] as ZooMark).batchIndex < Math.floor(start / size) * size)
    i++;
  while (i < marks.length && (marks[i] as ZooMark).batchIndex < end) {
    const blockEnd = (Math.floor((marks[i] as ZooMark).batchIndex / size) + 1) * size;
    const from = i;
    let strongest = i;
    for (i++; i < marks.length && (marks[i] as ZooMark).batchIndex < blockEnd; i++) {
      if (rank[(marks[i] as ZooMark).level] > rank[(marks[strongest] as ZooMark).level]) {
        strongest = i;
      }
    }
    out.push([from, i, strongest, i - from]);
  }
  return out;
}

/** Up to 120 marks on distinct batches below 500, sorted, of any level. */
const sortedMarks = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 0, max: 499 }), { maxLength: 120 }),
    fc.array(fc.constantFrom<ZooLevel>('advice', 'warn', 'stop'), {
      minLength: 120,
      maxLength: 120,
    }),
  )
  .map(([at, lv]) => [...at].sort((a, b) => a - b).map((b, k) => mark(b, lv[k])));

describe('lane layout', () => {
  it('finds the same blocks, counts and strongest marks as a walk over every mark', () => {
    fc.assert(
      fc.property(
        sortedMarks,
        fc.integer({ min: 0, max: 480 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(1, 2, 4, 16, 64),
        (marks, start, span, size) => {
          const scale = makeScale({ start, span }, 0, 500);
          const got = laneBuckets(marks, scale, size, 500).map((b) => [
            b.from,
            b.to,
            b.strongest,
            b.count,
          ]);
          expect(got).toEqual(naiveBuckets(marks, start, span, size, 500));
        },
      ),
    );
  });

  it('reads marks that crossed from the worker packed the same as plain ones', () => {
    fc.assert(
      fc.property(
        sortedMarks,
        fc.integer({ min: 0, max: 480 }),
        fc.constantFrom(1, 4, 64),
        (plain, start, size) => {
          const result: ZooResult = { id: 'x', marks: plain, firstStop: null, warnings: 0 };
          const [unpacked] = unpackLanes(packLanes([result]));
          const marks = (unpacked as ZooResult).marks;
          expect(markColumnsOf(marks)).toBeDefined();
          expect(markColumnsOf(plain)).toBeUndefined();
          const scale = makeScale({ start, span: 100 }, 0, 500);
          const lane = (m: readonly ZooMark[]): LaneInput => ({
            id: 'x',
            label: 'X',
            kind: 'peer',
            marks: m,
          });
          expect(laneBuckets(marks, scale, size, 500)).toEqual(
            laneBuckets(plain, scale, size, 500),
          );
          expect(lanesSummary([lane(marks)])).toBe(lanesSummary([lane(plain)]));
          expect(firstMarkFrom(marks, start)).toBe(firstMarkFrom(plain, start));
        },
      ),
    );
  });

  it('keeps one mark per batch when zoomed in, centred on its batch slot', () => {
    const scale = makeScale({ start: 0, span: 10 }, 100, 500); // 50 px per batch
    const b = laneBuckets([mark(2), mark(3, 'stop')], scale, 1, 10);
    expect(b).toHaveLength(2);
    expect(b[0]).toMatchObject({ count: 1, level: 'warn', cx: indexToPx(scale, 2.5) });
    expect(b[1]).toMatchObject({ count: 1, level: 'stop', x0: indexToPx(scale, 3) });
  });

  it('aggregates marks sharing a block, showing the strongest', () => {
    const scale = makeScale({ start: 0, span: 1000 }, 0, 500); // half a pixel per batch
    const size = laneBlockSize(0.5, 1);
    expect(size * 0.5).toBeGreaterThanOrEqual(MIN_MARK_PX);
    expect(size).toBe(16);
    const b = laneBuckets(
      [mark(0, 'advice'), mark(5, 'stop'), mark(15, 'warn'), mark(16)],
      scale,
      size,
      1000,
    );
    expect(b.map((x) => [x.count, x.level, x.from, x.to, x.strongest])).toEqual([
      [3, 'stop', 0, 3, 1],
      [1, 'warn', 3, 4, 3],
    ]);
    // An aggregate sits in the middle of its block.
    expect(b[0]?.cx).toBeCloseTo((indexToPx(scale, 0) + indexToPx(scale, 16)) / 2);
  });

  it('never uses smaller blocks than the main layout', () => {
    expect(laneBlockSize(100, 4)).toBe(4);
    expect(laneBlockSize(100, 1)).toBe(1);
    expect(laneBlockSize(3, 1)).toBe(4);
  });

  it('lays out only the visible window', () => {
    const marks = [mark(1), mark(50), mark(60), mark(99)];
    const scale = makeScale({ start: 40, span: 30 }, 0, 600);
    expect(laneBuckets(marks, scale, 1, 100).map((b) => b.from)).toEqual([1, 2]);
    expect(firstMarkFrom(marks, 51)).toBe(2);
    expect(firstMarkFrom(marks, 100)).toBe(4);
    expect(firstMarkFrom([], 3)).toBe(0);
  });

  it('stacks lanes in rows and hit-tests marks within a few pixels', () => {
    const lanes: LaneInput[] = [
      { id: 'a', label: 'A', kind: 'peer', marks: [mark(2)] },
      { id: 'b', label: 'B', kind: 'advisory', marks: [mark(5, 'advice')] },
    ];
    const scale = makeScale({ start: 0, span: 10 }, 100, 500);
    const l = layoutLanes(lanes, scale, 1, 10, 600);
    expect(l.height).toBe(lanesHeight(2));
    expect(lanesHeight(0)).toBe(0);
    expect(l.rows[1]?.y).toBe(LANES_TOP + LANE_HEIGHT);
    const y1 = LANES_TOP + LANE_HEIGHT + 3;
    const cx = indexToPx(scale, 5.5);
    expect(laneHit(l, cx, y1)?.row.lane.id).toBe('b');
    expect(laneHit(l, cx, LANES_TOP + 3)).toBeNull(); // lane A has no mark there
    expect(laneHit(l, 50, y1)).toBeNull(); // in the label gutter
    expect(laneHit(l, cx, 1000)).toBeNull();
  });
});

describe('lane text', () => {
  const lane: LaneInput = {
    id: 'cycles',
    label: 'Cycles',
    kind: 'advisory',
    marks: [mark(3, 'advice', 'cycle a'), mark(4, 'stop', 'stop <b>x</b>'), mark(5)],
  };

  it('names a single mark and its message as plain text', () => {
    const t = laneTooltip(lane, {
      x0: 0,
      x1: 1,
      cx: 0,
      level: 'stop',
      count: 1,
      from: 1,
      to: 2,
      strongest: 1,
    });
    expect(t.title).toBe('Cycles (advisory) · batch #4');
    expect(t.rows).toEqual([['#4 stop', 'stop <b>x</b>']]);
  });

  it('summarises an aggregate, strongest first', () => {
    const t = laneTooltip(lane, {
      x0: 0,
      x1: 1,
      cx: 0,
      level: 'stop',
      count: 3,
      from: 0,
      to: 3,
      strongest: 1,
    });
    expect(t.title).toBe('Cycles (advisory) · batches #3–5, 3 marks');
    expect(t.rows.map((r) => r[0])).toEqual(['#4 stop', '#3 advice', '#5 warning']);
  });

  it('describes every lane for screen readers', () => {
    expect(lanesSummary([lane])).toBe(
      'Cycles (advisory): 1 stop, first at batch 4, 1 warning, 1 advisory mark.',
    );
    expect(lanesSummary([])).toBe('No detector lanes are shown.');
  });
});

describe('which lanes show, and the comparison rows', () => {
  const results: ZooResult[] = ZOO_DETECTORS.map((d) => ({
    id: d.id,
    marks: [],
    firstStop: null,
    warnings: 0,
  }));

  it('follows the zoo order, minus hidden lanes, and nothing when turned off', () => {
    const shown = visibleLanes(results, true, ['cline']);
    expect(shown).toHaveLength(ZOO_DETECTORS.length - 1);
    expect(shown[0]?.id).toBe(ZOO_DETECTORS[0]?.id);
    expect(shown.some((l) => l.id === 'cline')).toBe(false);
    expect(visibleLanes(results, false, [])).toEqual([]);
    expect(visibleLanes(null, true, [])).toEqual([]);
  });

  it('keeps the rows of pending lanes, empty, so the timeline does not resize when they land', () => {
    const pending = visibleLanes(null, true, ['cline'], true);
    const landed = visibleLanes(results, true, ['cline'], true);
    expect(pending.map((l) => l.id)).toEqual(landed.map((l) => l.id));
    expect(pending.every((l) => l.pending === true && l.marks.length === 0)).toBe(true);
    expect(landed.some((l) => l.pending === true)).toBe(false);
    expect(lanesSummary(pending)).toBe('The detector lanes are being computed.');
    expect(visibleLanes(null, false, [], true)).toEqual([]);
  });

  it('puts the reference first, then the detectors with their labels', () => {
    const row = (id: string) => ({
      id,
      firstStop: null,
      warnings: 0,
      stops: 0,
      flagged: 0,
      onlyHere: [],
    });
    const rows = comparisonRows(
      { reference: row('reference'), comparison: ZOO_DETECTORS.map((d) => row(d.id)) },
      ZOO_DETECTORS,
    );
    expect(rows[0]).toMatchObject({ kind: 'reference', label: 'Reference (current config)' });
    expect(rows.slice(1).map((r) => r.label)).toEqual(ZOO_DETECTORS.map((d) => d.label));
  });
});

describe('foldedLanesSummary: the lanes in one line', () => {
  const result = (id: string, batches: number[], firstStop: number | null = null): ZooResult => ({
    id,
    marks: batches.map((batchIndex) => ({
      batchIndex,
      messageIndex: 0,
      level: firstStop === batchIndex ? 'stop' : 'advice',
      message: 'm',
    })),
    firstStop,
    warnings: 0,
  });

  it('names advisory findings first, then the peers that would stop', () => {
    const text = foldedLanesSummary([result('gemini-cli', [7], 7), result('cycles', [3])]);
    expect(text).toBe('Cycles (period ≥ 2): 1 finding · Gemini CLI: would stop at #7');
  });

  it('counts findings, caps the list and says how many more', () => {
    const text = foldedLanesSummary([
      result('cycles', [1, 2]),
      result('quiet-polls', [3]),
      result('cline', [4]),
      result('goose', [5], 5),
    ]);
    expect(text).toBe(
      'Cycles (period ≥ 2): 2 findings · Quiet polls: 1 finding · Cline: 1 finding · +1 more',
    );
  });

  it('says when no lane fires, and while they run', () => {
    expect(foldedLanesSummary([result('cycles', [])])).toBe('no lane fires on this transcript');
    expect(foldedLanesSummary(null)).toBe('running the detector zoo…');
  });
});
