import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BatchReport, Report } from '../../../../src/detector/report';
import { keyToAction } from '../../../../src/ui/timeline/keys';
import { extendRange, rangeFromPixels, sameRange } from '../../../../src/ui/timeline/range';
import { rangeSummary, rangeSummaryText } from '../../../../src/ui/timeline/rangeSummary';
import { makeScale, pxToIndex } from '../../../../src/ui/timeline/scale';
import { batch, called, report } from './fixtures';

describe('rangeFromPixels', () => {
  // Ten batches over 100 px from x = 10: batch i is [10 + 10i, 20 + 10i).
  const scale = makeScale({ start: 0, span: 10 }, 10, 100);

  it('covers the batches under both ends, whichever way the drag went', () => {
    expect(rangeFromPixels(scale, 10, 15, 48)).toEqual({ first: 0, last: 3 });
    expect(rangeFromPixels(scale, 10, 48, 15)).toEqual({ first: 0, last: 3 });
    expect(rangeFromPixels(scale, 10, 20, 20)).toEqual({ first: 1, last: 1 });
  });

  it('clamps a drag past the plot to the first and last batch', () => {
    expect(rangeFromPixels(scale, 10, -50, 500)).toEqual({ first: 0, last: 9 });
    expect(rangeFromPixels(makeScale({ start: 2, span: 4 }, 0, 40), 10, 5, 35)).toEqual({
      first: 2,
      last: 5,
    });
    expect(rangeFromPixels(scale, 0, 15, 48)).toBeNull();
  });

  it('holds the batch under each end, in order, inside the transcript', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.double({ min: -200, max: 1200, noNaN: true }),
        fc.double({ min: -200, max: 1200, noNaN: true }),
        (n, startFrac, spanFrac, a, b) => {
          const span = Math.max(1, spanFrac * n);
          const s = makeScale({ start: startFrac * (n - span), span }, 0, 1000);
          const r = rangeFromPixels(s, n, a, b);
          expect(r).not.toBeNull();
          if (r === null) return;
          expect(0 <= r.first && r.first <= r.last && r.last <= n - 1).toBe(true);
          for (const x of [a, b]) {
            const at = Math.min(n - 1, Math.max(0, Math.floor(pxToIndex(s, x))));
            expect(r.first <= at && at <= r.last).toBe(true);
          }
        },
      ),
    );
  });
});

describe('extendRange', () => {
  const grow = (
    range: { first: number; last: number } | null,
    selected: number | null,
    step: 'next' | 'prev' | 'first' | 'last',
  ) => extendRange(range, selected, 0, step, 10)?.range ?? null;

  it('starts at the selected batch and moves the other end, as a text selection grows', () => {
    let r = grow(null, 5, 'next');
    expect(r).toEqual({ first: 5, last: 6 });
    r = grow(r, 5, 'next');
    expect(r).toEqual({ first: 5, last: 7 });
    r = grow(r, 5, 'prev');
    r = grow(r, 5, 'prev');
    expect(r).toEqual({ first: 5, last: 5 });
    r = grow(r, 5, 'prev');
    expect(r).toEqual({ first: 4, last: 5 });
    // The selection is the last batch now: the first end moves.
    r = grow(r, 5, 'next');
    expect(r).toEqual({ first: 5, last: 5 });
  });

  it('goes to either end, and stops at them', () => {
    expect(grow(null, 3, 'first')).toEqual({ first: 0, last: 3 });
    expect(grow(null, 3, 'last')).toEqual({ first: 3, last: 9 });
    expect(grow({ first: 0, last: 3 }, 3, 'prev')).toEqual({ first: 0, last: 3 });
    expect(grow({ first: 7, last: 9 }, 7, 'next')).toEqual({ first: 7, last: 9 });
  });

  it('without a selection starts at the first batch in view; without batches, nothing', () => {
    expect(extendRange(null, null, 4, 'next', 10)).toEqual({
      range: { first: 4, last: 5 },
      head: 5,
    });
    expect(extendRange(null, null, 4, 'next', 0)).toBeNull();
  });

  it('says which end moved, to bring it into view', () => {
    expect(extendRange({ first: 2, last: 6 }, 6, 0, 'prev', 10)?.head).toBe(1);
  });

  it('compares ranges by value', () => {
    expect(sameRange({ first: 1, last: 2 }, { first: 1, last: 2 })).toBe(true);
    expect(sameRange({ first: 1, last: 2 }, { first: 1, last: 3 })).toBe(false);
    expect(sameRange(null, null)).toBe(true);
    expect(sameRange(null, { first: 0, last: 0 })).toBe(false);
  });
});

describe('keyToAction with Shift', () => {
  it.each([
    ['ArrowRight', 'extend-next'],
    ['ArrowLeft', 'extend-prev'],
    ['Home', 'extend-first'],
    ['End', 'extend-last'],
  ])('Shift+%s → %s', (key, action) => {
    expect(keyToAction({ key, shiftKey: true })).toBe(action);
  });

  it('leaves the other keys as they are with Shift', () => {
    expect(keyToAction({ key: 'W', shiftKey: true })).toBe('zoom-in');
    expect(keyToAction({ key: 'Escape', shiftKey: true })).toBe('clear-selection');
    expect(keyToAction({ key: 'ArrowRight', shiftKey: true, ctrlKey: true })).toBeNull();
  });
});

/** Batches of `spec`: a letter per batch (its tool), `!` after it when refused, digits for more calls. */
function batchesOf(spec: readonly string[]): BatchReport[] {
  return spec.map((s, i) => {
    const name = `tool_${s[0] ?? 'a'}`;
    const calls = Number(s.replace(/\D/g, '') || '1');
    const one = called(name);
    return batch(i, {
      ...one,
      calls: Array.from({ length: calls }, (_, k) => ({ id: `c${i}.${k}`, name, signature: '' })),
      refused: s.includes('!'),
      reason: s.includes('!') ? 'strikes' : null,
      breakBefore: i === 0 ? 'start' : null,
    });
  });
}

/** A report of `spec` with refused loops counted as the replay counts them. */
function withCost(spec: readonly string[], mode: 'proxy' | 'agent', episodes: number[][]): Report {
  const r = report(batchesOf(spec));
  return {
    ...r,
    config: { ...r.config, mode },
    loopCost: {
      calls: 0,
      answerBytes: 0,
      tokens: episodes.reduce((t, e) => t + (e[2] ?? 0), 0),
      tokensEstimate: 'utf8-bytes/4',
      refusals: episodes.map(([batchIndex = 0, batches = 0, tokens = 0]) => ({
        batchIndex,
        signature: '',
        batches,
        calls: 0,
        answerBytes: tokens * 4,
        tokens,
      })),
    },
  };
}

describe('rangeSummary', () => {
  const spec = ['a', 'b2', 'b2', 'b2!', 'b2', 'b2', 'c', 'c3!', 'c3', 'a'];

  it('counts batches, refusals, calls and distinct signatures', () => {
    const r = withCost(spec, 'proxy', []);
    expect(rangeSummary(r, { first: 1, last: 4 })).toMatchObject({
      batches: 4,
      refusals: 1,
      calls: 8,
      signatures: 1,
    });
    expect(rangeSummary(r, { first: 0, last: 9 })).toMatchObject({
      batches: 10,
      refusals: 2,
      calls: 19,
      signatures: 3,
    });
    // Clamped to the transcript; nothing left, null.
    expect(rangeSummary(r, { first: 8, last: 40 })).toMatchObject({ last: 9, batches: 2 });
    expect(rangeSummary(r, { first: 10, last: 12 })).toBeNull();
  });

  it('equals a count over the batches themselves, for any range', () => {
    const r = withCost(spec, 'proxy', []);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (a, b) => {
        const first = Math.min(a, b);
        const last = Math.max(a, b);
        const inside = r.batches.slice(first, last + 1);
        expect(rangeSummary(r, { first, last })).toMatchObject({
          batches: inside.length,
          refusals: inside.filter((x) => x.refused).length,
          calls: inside.reduce((k, x) => k + x.calls.length, 0),
          signatures: new Set(inside.map((x) => x.signature)).size,
        });
      }),
    );
  });

  it('counts the loop cost after the refused batch in proxy mode, from it in agent mode', () => {
    // Refused loops at 3 (batches 4 and 5 counted) and 7 (batch 8 counted).
    const proxy = withCost(spec, 'proxy', [
      [3, 2, 40],
      [7, 1, 25],
    ]);
    expect(rangeSummary(proxy, { first: 0, last: 9 })?.loopCost).toEqual({
      calls: 7,
      tokens: 65,
      partial: false,
    });
    expect(rangeSummary(proxy, { first: 3, last: 3 })?.loopCost).toEqual({
      calls: 0,
      tokens: 0,
      partial: false,
    });
    // Half of the first loop: its calls in range, its tokens left out.
    expect(rangeSummary(proxy, { first: 5, last: 9 })?.loopCost).toEqual({
      calls: 5,
      tokens: 25,
      partial: true,
    });
    // Agent mode counts the refused batch too: 3..4 and 7..7.
    const agent = withCost(spec, 'agent', [
      [3, 2, 40],
      [7, 1, 25],
    ]);
    expect(rangeSummary(agent, { first: 3, last: 7 })?.loopCost).toEqual({
      calls: 7,
      tokens: 65,
      partial: false,
    });
  });

  it('says it in one line, with the singular for one', () => {
    const r = withCost(spec, 'proxy', [[3, 2, 40]]);
    const at = (first: number, last: number) => {
      const s = rangeSummary(r, { first, last });
      return s === null ? '' : rangeSummaryText(s);
    };
    expect(at(0, 0)).toBe('#0–0 · 1 batch · 0 refusals · 1 call · 1 signature · no loop cost');
    expect(at(3, 6)).toBe(
      '#3–6 · 4 batches · 1 refusal · 7 calls · 2 signatures · loop cost 4 calls, ≈40 tokens',
    );
    expect(at(5, 5)).toBe(
      '#5–5 · 1 batch · 0 refusals · 2 calls · 1 signature · loop cost 2 calls (tokens of whole loops only)',
    );
  });
});
