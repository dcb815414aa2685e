import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildModel,
  F_ANSWER_CHANGED,
  F_BREAK_USER,
  F_CEILING,
  F_CHANGED,
  F_FIRST_REFUSAL,
  F_REFUSED,
  F_RESCUED,
  F_UNKNOWN,
  toolLabel,
} from '../../../../src/ui/timeline/model';
import { batch, called, report } from './fixtures';

describe('buildModel', () => {
  it('flags each batch from its report fields', () => {
    const m = buildModel(
      report([
        batch(0),
        batch(1, { outcome: 'answer-changed', rescued: true, total: 3 }),
        batch(2, { answersKnown: false, breakBefore: 'user' }),
        batch(3, { count: 3, refused: true, reason: 'strikes' }),
        batch(4, { count: 4, refused: true, reason: 'strikes', exempt: true }),
      ]),
      new Set([4]),
    );
    const f = m.levels[0]!.flags;
    expect(f[1]! & (F_ANSWER_CHANGED | F_RESCUED)).toBe(F_ANSWER_CHANGED | F_RESCUED);
    expect(f[2]! & (F_UNKNOWN | F_BREAK_USER)).toBe(F_UNKNOWN | F_BREAK_USER);
    expect(f[3]! & (F_REFUSED | F_FIRST_REFUSAL)).toBe(F_REFUSED | F_FIRST_REFUSAL);
    expect(f[4]! & F_FIRST_REFUSAL).toBe(0);
    expect(f[4]! & F_CHANGED).toBe(F_CHANGED);
    expect(f[4]! & F_CEILING).toBe(0);
    expect(f[0]! & F_CEILING).toBe(F_CEILING);
    expect([...m.refusals]).toEqual([3, 4]);
    expect(m.firstRefusal).toBe(3);
  });

  it('numbers signatures and ranks them by frequency', () => {
    const m = buildModel(
      report([
        batch(0, called('grep', 'a')),
        batch(1, called('read_file', 'b')),
        batch(2, called('read_file', 'b')),
        batch(3, called('grep', 'c')),
        batch(4, called('read_file', 'b')),
      ]),
      new Set(),
    );
    expect(m.signatureCount).toBe(3);
    expect([0, 1, 2].map((id) => m.signatureAt(id)?.signature)).toEqual([
      'grep:a',
      'read_file:b',
      'grep:c',
    ]);
    expect(m.signatureAt(3)).toBeUndefined();
    expect([...m.sigId]).toEqual([0, 1, 1, 2, 1]);
    expect(Array.from(m.byFrequency)).toEqual([1, 0, 2]);
  });

  it('labels batches by their tool names', () => {
    const b = batch(0, {
      calls: [
        { id: 'a', name: 'grep', signature: 'grep:1' },
        { id: 'b', name: 'read_file', signature: 'read_file:2' },
        { id: 'c', name: 'read_file', signature: 'read_file:3' },
      ],
    });
    expect(toolLabel(b)).toBe('grep + read_file ×2');
    expect(toolLabel(batch(0, { calls: [] }))).toBe('(no calls)');
  });

  it('every pyramid block agrees with a brute-force pass over its batches', () => {
    const arb = fc.array(
      fc.record({
        count: fc.integer({ min: 1, max: 20 }),
        total: fc.integer({ min: 1, max: 40 }),
        threshold: fc.constantFrom(2, 15),
        exempt: fc.boolean(),
        refused: fc.boolean(),
        sig: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 1, maxLength: 70 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const m = buildModel(
          report(
            rows.map((r, i) =>
              batch(i, {
                ...called(`t${r.sig}`),
                count: r.count,
                total: r.total,
                threshold: r.threshold,
                exempt: r.exempt,
                refused: r.refused,
                reason: r.refused ? 'strikes' : null,
              }),
            ),
          ),
          new Set(),
        );
        m.levels.forEach((lv, level) => {
          const bs = 2 ** level;
          expect(lv.size).toBe(Math.ceil(rows.length / bs));
          for (let j = 0; j < lv.size; j++) {
            const part = rows.slice(j * bs, (j + 1) * bs);
            const counts = part.map((r) => r.count);
            const max = Math.max(...counts);
            expect(lv.maxCount[j]).toBe(max);
            expect(lv.argMax[j]).toBe(j * bs + counts.indexOf(max));
            expect(lv.maxTotal[j]).toBe(Math.max(...part.map((r) => r.total)));
            expect(lv.minThreshold[j]).toBe(Math.min(...part.map((r) => r.threshold)));
            expect(lv.maxThreshold[j]).toBe(Math.max(...part.map((r) => r.threshold)));
            const fr = part.findIndex((r) => r.refused);
            expect(lv.firstRefused[j]).toBe(fr < 0 ? -1 : j * bs + fr);
            expect(lv.refusedCount[j]).toBe(part.filter((r) => r.refused).length);
            const ceilings = part.filter((r) => !r.exempt);
            expect(lv.minCeiling[j]).toBe(ceilings.length === 0 ? -1 : 15);
          }
        });
        expect(m.levels[m.levels.length - 1]!.size).toBe(1);
      }),
      { numRuns: 60 },
    );
  });

  it('handles an empty report', () => {
    const m = buildModel(report([]), new Set());
    expect(m.n).toBe(0);
    expect(m.firstRefusal).toBeNull();
    expect(m.levels.length).toBe(1);
  });
});

describe('stagnation verdict', () => {
  it('sits before the first batch after its message', () => {
    // Batches are at messages 1, 3, 5, 7 (fixtures: index * 2 + 1).
    const base = report([batch(0), batch(1), batch(2), batch(3)]);
    const at = (messageIndex: number) =>
      buildModel(
        {
          ...base,
          referenceVerdict: {
            kind: 'stagnation',
            messageIndex,
            count: 6,
            maxSteps: 5,
            note: '',
            error400: '',
          },
        },
        new Set(),
      ).stagnation;
    expect(at(4)).toEqual({ at: 2, messageIndex: 4 });
    // On a batch's own message: after that batch.
    expect(at(3)).toEqual({ at: 2, messageIndex: 3 });
    expect(at(0)).toEqual({ at: 0, messageIndex: 0 });
    expect(at(99)).toEqual({ at: 4, messageIndex: 99 });
    expect(buildModel(base, new Set()).stagnation).toBeNull();
  });
});
