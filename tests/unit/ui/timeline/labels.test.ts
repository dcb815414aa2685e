import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  intersects,
  labelWidth,
  placeLabels,
  timelineLabels,
  type Box,
  type LabelRequest,
} from '../../../../src/ui/timeline/labels';
import { computeLayout } from '../../../../src/ui/timeline/layout';
import { buildModel } from '../../../../src/ui/timeline/model';
import { fitViewport } from '../../../../src/ui/timeline/scale';
import { batch, report } from './fixtures';

const box = fc.record({
  x: fc.integer({ min: -50, max: 900 }),
  y: fc.integer({ min: -20, max: 300 }),
  w: fc.integer({ min: 1, max: 120 }),
  h: fc.integer({ min: 1, max: 30 }),
});

const requestArb: fc.Arbitrary<LabelRequest> = fc.record({
  text: fc.string({ maxLength: 12 }),
  kind: fc.constantFrom('threshold', 'ceiling', 'break', 'refused', 'rescued'),
  w: fc.integer({ min: 1, max: 120 }),
  h: fc.integer({ min: 1, max: 20 }),
  at: fc.array(
    fc.record({ x: fc.integer({ min: -50, max: 900 }), y: fc.integer({ min: -20, max: 300 }) }),
    { minLength: 1, maxLength: 4 },
  ),
});

const within = (a: Box, b: Box) =>
  a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;

describe('placeLabels', () => {
  it('never places two labels that intersect, nor one over a mark or outside the plot', () => {
    fc.assert(
      fc.property(
        fc.array(requestArb, { maxLength: 40 }),
        fc.array(box, { maxLength: 20 }),
        (reqs, obstacles) => {
          const bounds = { x: 0, y: 0, w: 800, h: 260 };
          const placed = placeLabels(reqs, obstacles, bounds);
          for (let i = 0; i < placed.length; i++) {
            const p = placed[i]!;
            expect(within(p.box, bounds)).toBe(true);
            for (const o of obstacles) expect(intersects(p.box, o)).toBe(false);
            for (let j = i + 1; j < placed.length; j++) {
              expect(intersects(p.box, placed[j]!.box)).toBe(false);
            }
          }
        },
      ),
    );
  });

  it('places a label at its first free position, and every label that has one', () => {
    const bounds = { x: 0, y: 0, w: 200, h: 100 };
    const a: LabelRequest = { text: 'a', kind: 'break', w: 50, h: 10, at: [{ x: 0, y: 0 }] };
    const b: LabelRequest = {
      text: 'b',
      kind: 'break',
      w: 50,
      h: 10,
      at: [
        { x: 10, y: 5 },
        { x: 60, y: 0 },
      ],
    };
    const placed = placeLabels([a, b], [], bounds);
    expect(placed.map((p) => [p.text, p.box.x])).toEqual([
      ['a', 0],
      ['b', 60],
    ]);
    // An obstacle over every position of a label leaves it out.
    expect(placeLabels([a], [{ x: 0, y: 0, w: 5, h: 5 }], bounds)).toEqual([]);
  });
});

describe('timelineLabels', () => {
  it('on a dense alternating transcript, labels neither overlap nor cover the marks', () => {
    // Every other batch is an observation (threshold 15), every tenth refused: the view of
    // the zigzag and repeated labels.
    const rows = Array.from({ length: 400 }, (_, i) =>
      batch(i, {
        threshold: i % 2 === 0 ? 2 : 15,
        count: (i % 4) + 1,
        refused: i % 10 === 3,
        reason: i % 10 === 3 ? 'strikes' : null,
        breakBefore: i % 3 === 0 ? 'user' : null,
      }),
    );
    const m = buildModel(report(rows), new Set());
    const l = computeLayout(m, fitViewport(400, 900), 960, 300);
    const labels = timelineLabels(l);
    expect(labels.length).toBeGreaterThan(0);
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) {
        expect(intersects(labels[i]!.box, labels[j]!.box)).toBe(false);
      }
    }
    // One threshold label at most per band, never one per batch.
    expect(labels.filter((x) => x.kind === 'threshold').length).toBeLessThanOrEqual(3);
    expect(labels.some((x) => x.text === '↑ 15 threshold')).toBe(true);
    expect(labelWidth('↑ 15 threshold')).toBeGreaterThan(0);
  });
});
