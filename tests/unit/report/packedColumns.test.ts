import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BatchReport } from '../../../src/detector/report';
import { batchColor, signatureColor, signaturePalette } from '../../../src/ui/colors';
import {
  F_ANSWER_CHANGED,
  F_BREAK_USER,
  F_CEILING,
  F_CHANGED,
  F_FIRST_REFUSAL,
  F_REFUSED,
  F_RESCUED,
  F_UNKNOWN,
  rankByFrequency,
  signatureColumns,
  withChanged,
} from '../../../src/report/packedColumns';
import {
  codeUnits,
  packReport,
  packTranscript,
  transferablesOf,
  unitsToString,
} from '../../../src/report/packedReport';
import { unpackReport, unpackTranscript } from '../../../src/report/lazyReport';
import { columnsOf, registerColumns, transcriptColumns } from '../../../src/report/reportColumns';
import { toolNamesOf } from '../../../src/report/patternWarnings';
import { batch, report } from '../ui/timeline/fixtures';
import type { TranscriptColumns } from '../../../src/report/reportColumns';

/** Every signature text of a transcript's columns, by id. */
const texts = (t: TranscriptColumns): string[] =>
  Array.from({ length: t.sigCount }, (_, id) => t.sigTextOf(id));

const now = () => Promise.resolve();

/** What the timeline's flags were when they were computed from the batch objects. */
function expectedFlags(b: BatchReport, first: boolean): number {
  let f = 0;
  if (b.refused) f |= F_REFUSED;
  if (first) f |= F_FIRST_REFUSAL;
  if (b.rescued) f |= F_RESCUED;
  if (b.outcome === 'answer-changed') f |= F_ANSWER_CHANGED;
  if (!b.answersKnown) f |= F_UNKNOWN;
  if (!b.exempt) f |= F_CEILING;
  if (b.breakBefore === 'user') f |= F_BREAK_USER;
  return f;
}

const arbBatch = (i: number) =>
  fc
    .record({
      sig: fc.integer({ min: 0, max: 5 }),
      count: fc.integer({ min: 0, max: 9 }),
      total: fc.integer({ min: 0, max: 30 }),
      threshold: fc.integer({ min: 1, max: 9 }),
      ceiling: fc.integer({ min: 1, max: 30 }),
      exempt: fc.boolean(),
      refused: fc.boolean(),
      rescued: fc.boolean(),
      answersKnown: fc.boolean(),
      changedAnswer: fc.boolean(),
      userBreak: fc.boolean(),
    })
    .map((r) =>
      batch(i, {
        signature: `tool${r.sig}:${r.sig}`,
        calls: [{ id: `c${i}`, name: `tool${r.sig}`, signature: `tool${r.sig}:${r.sig}` }],
        count: r.count,
        total: r.total,
        threshold: r.threshold,
        ceiling: r.ceiling,
        exempt: r.exempt,
        refused: r.refused,
        reason: r.refused ? 'strikes' : null,
        rescued: r.rescued,
        answersKnown: r.answersKnown,
        outcome: r.changedAnswer ? 'answer-changed' : 'answer-repeated',
        breakBefore: r.userBreak ? 'user' : null,
      }),
    );
const arbBatches = fc
  .integer({ min: 0, max: 70 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbBatch(i))));

describe('rankByFrequency', () => {
  it('orders ids by occurrences, most first, ties in id order', () => {
    const order = rankByFrequency(Int32Array.from([1, 3, 2, 3, 1]), 10);
    expect([...order]).toEqual([1, 3, 2, 0, 4]);
  });

  it('agrees with a stable comparison sort', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }), (occ) => {
        const expected = occ.map((_, i) => i).sort((a, b) => occ[b]! - occ[a]! || a - b);
        expect([...rankByFrequency(Int32Array.from(occ), 20)]).toEqual(expected);
      }),
    );
  });
});

describe('signatureColumns', () => {
  it('numbers keys by first appearance and counts them', () => {
    const s = signatureColumns(Int32Array.from([7, 2, 2, 7, 2, 0]), 8);
    expect([...s.sigId]).toEqual([0, 1, 1, 0, 1, 2]);
    expect([...s.sigFirst]).toEqual([0, 1, 5]);
    expect([...s.sigOccurrences]).toEqual([2, 3, 1]);
    expect([...s.byFrequency]).toEqual([1, 0, 2]);
  });
});

describe('the pyramid packed in the worker', () => {
  it('matches the batches at level 0 and aggregates every block above', () => {
    fc.assert(
      fc.property(arbBatches, (batches) => {
        const r = report(batches);
        const p = packReport(r).pyramid;
        const first = r.firstRefusal?.batchIndex ?? -1;
        const base = p.levels[0]!;
        expect(base.size).toBe(batches.length);
        batches.forEach((b, i) => {
          expect(base.flags[i]).toBe(expectedFlags(b, i === first));
          expect(base.maxCount[i]).toBe(b.count);
          expect(base.minCeiling[i]).toBe(b.exempt ? -1 : b.ceiling);
        });
        expect([...p.refusals]).toEqual(batches.filter((b) => b.refused).map((b) => b.index));
        // Each level's block j covers batches [j·2^k, (j+1)·2^k).
        p.levels.forEach((level, k) => {
          const w = 2 ** k;
          for (let j = 0; j < level.size; j++) {
            const block = batches.slice(j * w, (j + 1) * w);
            expect(level.maxCount[j]).toBe(Math.max(...block.map((b) => b.count)));
            expect(level.refusedCount[j]).toBe(block.filter((b) => b.refused).length);
            const orFlags = block.reduce((f, b) => f | expectedFlags(b, b.index === first), 0);
            expect(level.flags[j]).toBe(orFlags);
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it('marks changed batches and the blocks above them without touching the input', () => {
    const r = report(Array.from({ length: 9 }, (_, i) => batch(i)));
    const levels = packReport(r).pyramid.levels;
    const marked = withChanged(levels, new Set([5, 99, -1]));
    const hits = marked.map((l) =>
      [...l.flags].flatMap((f, j) => ((f & F_CHANGED) !== 0 ? [j] : [])),
    );
    expect(hits).toEqual([[5], [2], [1], [0], [0]]);
    for (const l of levels) expect([...l.flags].some((f) => (f & F_CHANGED) !== 0)).toBe(false);
    expect(withChanged(levels, new Set())).toBe(levels);
  });

  it('transfers every buffer, the pyramid and signature columns included', () => {
    const r = report([batch(0), batch(1), batch(2)]);
    const t = packTranscript(r);
    const p = packReport(r);
    const buffers = transferablesOf(t, p);
    for (const level of p.pyramid.levels) expect(buffers).toContain(level.flags.buffer);
    expect(buffers).toContain(p.pyramid.refusals.buffer);
    expect(buffers).toContain(t.signatures.byFrequency.buffer);
    expect(buffers).toContain(p.flags.buffer);
  });
});

describe('report columns', () => {
  const sigs = ['c:3', 'a:1', 'b:2', 'a:1', 'd:4', 'b:2', 'a:1', 'e:5'];
  const r = report(
    sigs.map((signature, i) =>
      batch(i, { signature, calls: [{ id: `c${i}`, name: signature[0]!, signature }] }),
    ),
  );

  it('derives signature ids, texts and ranks for a report the client did not register', () => {
    const t = columnsOf(r).transcript;
    expect([...t.sigId]).toEqual([0, 1, 2, 1, 3, 2, 1, 4]);
    expect(texts(t)).toEqual(['c:3', 'a:1', 'b:2', 'd:4', 'e:5']);
    expect([...t.rank]).toEqual([2, 0, 1, 3, 4]);
    expect(columnsOf(r)).toBe(columnsOf(r));
  });

  it('gives the registered columns of a report rebuilt from packed data', async () => {
    const packedT = packTranscript(r);
    const unpacked = await unpackTranscript(packedT, now);
    const packed = packReport(r);
    const rebuilt = await unpackReport(packed, unpacked, now);
    expect(columnsOf(rebuilt).verdicts).toBe(packed);
    expect(columnsOf(rebuilt).transcript).toBe(unpacked);
    expect(texts(unpacked)).toEqual(texts(columnsOf(r).transcript));
    const t = transcriptColumns(
      packedT,
      (i) => r.batches[i]!.signature,
      (i) => r.batches[i]!.calls,
    );
    registerColumns(rebuilt, { transcript: t, verdicts: packed });
    expect(columnsOf(rebuilt).transcript).toBe(t);
  });

  it('colours by id exactly as signatureColor does with the report', () => {
    for (const theme of ['light', 'dark'] as const) {
      const palette = signaturePalette(r, theme);
      const t = columnsOf(r).transcript;
      texts(t).forEach((sig, id) => expect(palette(id)).toBe(signatureColor(sig, theme, r)));
      sigs.forEach((sig, i) => expect(batchColor(r, i, theme)).toBe(signatureColor(sig, theme, r)));
      expect(signaturePalette(r, theme)).toBe(palette);
    }
  });
});

describe('codeUnits / unitsToString (the packed string table)', () => {
  it('round-trips any string, lone surrogates included, one byte a unit when they fit', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { maxLength: 8 }), (parts) => {
        const joined = parts.join('');
        const units = codeUnits(joined);
        expect(units instanceof Uint8Array).toBe(
          [...joined].every((ch) => ch.charCodeAt(0) <= 0xff),
        );
        let at = 0;
        for (const p of parts) {
          expect(unitsToString(units, at, at + p.length)).toBe(p);
          at += p.length;
        }
      }),
    );
    const long = 'é\ud800'.repeat(20_000);
    expect(unitsToString(codeUnits(long), 0, long.length)).toBe(long);
  });
});

describe('packReport tally', () => {
  it('counts refused, rescued and answer-changed batches as the batches say', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            refused: fc.boolean(),
            rescued: fc.boolean(),
            changed: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (flags) => {
          const r = report(
            flags.map((f, i) =>
              batch(i, {
                refused: f.refused,
                rescued: f.rescued && !f.refused,
                outcome: f.changed ? 'answer-changed' : 'answer-repeated',
              }),
            ),
          );
          expect(packReport(r).tally).toEqual({
            refused: r.batches.filter((b) => b.refused).length,
            rescued: r.batches.filter((b) => b.rescued).length,
            answerChanged: r.batches.filter((b) => b.outcome === 'answer-changed').length,
          });
        },
      ),
    );
  });
});

describe('tool names off the packed name column', () => {
  const call = (name: string, i: number) => ({ id: `c${i}`, name, signature: `${name}:${i}` });
  const named = (names: readonly (readonly string[])[]) =>
    report(
      names.map((ns, i) =>
        batch(i, {
          calls: ns.map((n) => call(n, i)),
          signature: ns.map((n) => `${n}:${i}`).join('|'),
        }),
      ),
    );

  it('lists each tool once, in order of first call, without building any call list', async () => {
    const r = named([['read'], ['write', 'read'], ['grep'], ['write'], ['ls', 'grep']]);
    const packedT = packTranscript(r);
    const calls: number[] = [];
    const t = transcriptColumns(
      packedT,
      (i) => r.batches[i]!.signature,
      (i) => (calls.push(i), r.batches[i]!.calls),
    );
    const rebuilt = await unpackReport(packReport(r), await unpackTranscript(packedT, now), now);
    registerColumns(rebuilt, { transcript: t, verdicts: columnsOf(rebuilt).verdicts });
    expect(toolNamesOf(rebuilt)).toEqual(['read', 'write', 'grep', 'ls']);
    expect(toolNamesOf(r)).toEqual(['read', 'write', 'grep', 'ls']);
    expect(calls).toEqual([]);
  });

  it('reads the same names from a rebuilt report as from the batches, for any transcript', async () => {
    const names = fc.array(
      fc.array(fc.constantFrom('a', 'b', 'é', 'c d', '工具'), { minLength: 1, maxLength: 3 }),
      { minLength: 1, maxLength: 30 },
    );
    await fc.assert(
      fc.asyncProperty(names, async (ns) => {
        const r = named(ns);
        const expected = [...new Set(ns.flat())];
        const unpacked = await unpackTranscript(packTranscript(r), now);
        const rebuilt = await unpackReport(packReport(r), unpacked, now);
        expect(toolNamesOf(rebuilt)).toEqual(expected);
        expect(toolNamesOf(r)).toEqual(expected);
      }),
    );
  });
});
