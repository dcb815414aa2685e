import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BatchReport, Report } from '../../../src/detector/report';
import {
  BatchCursor,
  indexKey,
  lazyBatches,
  unpackReport,
  unpackTranscript,
} from '../../../src/report/lazyReport';
import { packReport, packTranscript } from '../../../src/report/packedReport';
import { columnsOf, type ReportColumns } from '../../../src/report/reportColumns';
import { batch, report } from '../ui/timeline/fixtures';

const now = () => Promise.resolve();

const arbBatches = fc
  .array(
    fc.record({
      tools: fc.array(fc.constantFrom('read', 'write', 'grep', 'run'), { maxLength: 3 }),
      observation: fc.boolean(),
      costly: fc.boolean(),
      threshold: fc.integer({ min: 1, max: 9 }),
      ceiling: fc.integer({ min: 1, max: 30 }),
      exempt: fc.boolean(),
      count: fc.integer({ min: 0, max: 9 }),
      total: fc.integer({ min: 0, max: 30 }),
      answersKnown: fc.boolean(),
      outcome: fc.constantFrom(
        'not-comparable',
        'answer-repeated',
        'answer-changed',
        'not-the-current-run',
      ),
      refused: fc.boolean(),
      reason: fc.constantFrom(null, 'strikes', 'ceiling'),
      rescued: fc.boolean(),
      identicalResultRepeat: fc.boolean(),
      repeatNotEvaluated: fc.boolean(),
      breakBefore: fc.constantFrom(null, 'signature', 'user', 'system', 'developer', 'other-role'),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map(({ tools, ...over }, i) => {
      const calls = tools.map((name, k) => ({ id: `c${i}-${k}`, name, signature: `${name}:${k}` }));
      return batch(i, {
        ...(over as Partial<BatchReport>),
        calls,
        signature: calls.map((c) => c.signature).join('|'),
        breakBefore: i === 0 ? 'start' : (over.breakBefore as BatchReport['breakBefore']),
      });
    }),
  );

async function rebuilt(r: Report): Promise<Report> {
  const t = await unpackTranscript(packTranscript(r), now);
  return unpackReport(packReport(r), t, now);
}

describe('lazy reports', () => {
  it('export byte-identical JSON and equal batches', async () => {
    await fc.assert(
      fc.asyncProperty(arbBatches, async (batches) => {
        const r = report(batches);
        const lazy = await rebuilt(r);
        expect(JSON.stringify(lazy, null, 2)).toBe(JSON.stringify(r, null, 2));
        expect(lazy.batches).toEqual(r.batches);
      }),
      { numRuns: 60 },
    );
  });

  it('behave like a plain array', async () => {
    const r = report([batch(0), batch(1, { refused: true, reason: 'strikes' }), batch(2)]);
    const b = (await rebuilt(r)).batches;
    expect(Array.isArray(b)).toBe(true);
    expect(b.length).toBe(3);
    expect(b.map((x) => x.index)).toEqual([0, 1, 2]);
    expect(b.filter((x) => x.refused).map((x) => x.index)).toEqual([1]);
    expect([...b].map((x) => x.index)).toEqual([0, 1, 2]);
    expect(b.slice(1).map((x) => x.index)).toEqual([1, 2]);
    expect(Object.keys(b)).toEqual(['0', '1', '2']);
    expect(1 in b).toBe(true);
    expect(3 in b).toBe(false);
    expect(b[3]).toBeUndefined();
    expect(b[-1]).toBeUndefined();
    expect(b.at(-1)?.index).toBe(2);
    expect(b[1]).toBe(b[1]);
    expect(() => {
      (b as BatchReport[])[0] = batch(9);
    }).toThrow(TypeError);
    expect(b[0]?.index).toBe(0);
  });

  it('build a batch only when it is read', () => {
    const r = report(Array.from({ length: 50 }, (_, i) => batch(i)));
    const real = columnsOf(r);
    const read: number[] = [];
    const c: ReportColumns = {
      verdicts: real.verdicts,
      transcript: {
        ...real.transcript,
        callsOf: (i) => {
          read.push(i);
          return real.transcript.callsOf(i);
        },
      },
    };
    const b = lazyBatches(c);
    expect(b.length).toBe(50);
    expect(read).toEqual([]);
    expect(b[7]?.messageIndex).toBe(15);
    expect(b[7]).toBe(b[7]);
    expect(read).toEqual([7]);
  });

  it('read every field through a cursor as the batch objects hold it', () => {
    fc.assert(
      fc.property(arbBatches, (batches) => {
        const r = report(batches);
        const cursor = new BatchCursor(columnsOf(r));
        for (const b of batches) {
          const at = cursor.at(b.index);
          for (const key of Object.keys(b) as (keyof BatchReport)[]) {
            expect([key, at[key]]).toEqual([key, b[key]]);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a report of another transcript', async () => {
    const t = await unpackTranscript(packTranscript(report([batch(0)])), now);
    await expect(unpackReport(packReport(report([batch(0), batch(1)])), t)).rejects.toThrow(
      /2 batches/,
    );
  });

  it('reads only canonical array indexes from property keys', () => {
    expect(indexKey('0', 5)).toBe(0);
    expect(indexKey('4', 5)).toBe(4);
    expect(indexKey('5', 5)).toBe(-1);
    expect(indexKey('01', 5)).toBe(-1);
    expect(indexKey('-1', 5)).toBe(-1);
    expect(indexKey('1.5', 5)).toBe(-1);
    expect(indexKey('', 5)).toBe(-1);
    expect(indexKey('length', 5)).toBe(-1);
    expect(indexKey(Symbol.iterator, 5)).toBe(-1);
    expect(indexKey('12345678901', 1e12)).toBe(-1);
  });
});
