import { describe, expect, it } from 'vitest';
import { keyToAction } from '../../../../src/ui/timeline/keys';
import { buildModel } from '../../../../src/ui/timeline/model';
import {
  applyAction,
  nextRefusal,
  nextSameSignature,
  wheelViewport,
} from '../../../../src/ui/timeline/navigate';
import { fitViewport } from '../../../../src/ui/timeline/scale';
import { batch, bigReport, called, report } from './fixtures';

describe('keyToAction', () => {
  it.each([
    ['w', 'zoom-in'],
    ['W', 'zoom-in'],
    ['s', 'zoom-out'],
    ['a', 'pan-left'],
    ['D', 'pan-right'],
    ['f', 'fit'],
    ['n', 'next-refusal'],
    ['P', 'prev-refusal'],
    [']', 'next-same-signature'],
    ['[', 'prev-same-signature'],
    ['ArrowRight', 'next-batch'],
    ['ArrowLeft', 'prev-batch'],
    ['Home', 'first-batch'],
    ['End', 'last-batch'],
    ['Escape', 'clear-selection'],
    ['+', 'zoom-in'],
    ['-', 'zoom-out'],
  ])('%s → %s', (key, action) => {
    expect(keyToAction({ key })).toBe(action);
  });

  it('leaves modified keys and unknown keys to the browser', () => {
    expect(keyToAction({ key: 'w', ctrlKey: true })).toBeNull();
    expect(keyToAction({ key: 'f', metaKey: true })).toBeNull();
    expect(keyToAction({ key: 'n', altKey: true })).toBeNull();
    expect(keyToAction({ key: 'x' })).toBeNull();
    expect(keyToAction({ key: 'Tab' })).toBeNull();
    expect(keyToAction({ key: 'ArrowUp' })).toBeNull();
  });
});

describe('applyAction', () => {
  const n = 10_000;
  const width = 1000;
  const m = buildModel(bigReport(n, [100, 5_000, 9_000]), new Set());
  const fit = fitViewport(n, width);

  it('N selects the next refusal and scrolls it into view', () => {
    const vp = { start: 0, span: 200 };
    const a = applyAction('next-refusal', { viewport: vp, selected: null }, m, width);
    expect(a.selected).toBe(100);
    expect(a.viewport).toBe(vp);
    const b = applyAction('next-refusal', a, m, width);
    expect(b.selected).toBe(5_000);
    expect(b.viewport.start).toBeLessThanOrEqual(5_000);
    expect(b.viewport.start + b.viewport.span).toBeGreaterThan(5_000);
    expect(b.viewport.span).toBe(200);
    const c = applyAction('next-refusal', { viewport: b.viewport, selected: 9_000 }, m, width);
    expect(c).toEqual({ viewport: b.viewport, selected: 9_000 });
  });

  it('P goes back, from the end when nothing is selected', () => {
    expect(applyAction('prev-refusal', { viewport: fit, selected: null }, m, width).selected).toBe(
      9_000,
    );
    expect(applyAction('prev-refusal', { viewport: fit, selected: 5_000 }, m, width).selected).toBe(
      100,
    );
    expect(applyAction('prev-refusal', { viewport: fit, selected: 50 }, m, width).selected).toBe(
      50,
    );
  });

  it('] and [ move between occurrences of the selected signature', () => {
    const s = buildModel(
      report([
        batch(0, called('a')),
        batch(1, called('b')),
        batch(2, called('a')),
        batch(3, called('b')),
        batch(4, called('b')),
      ]),
      new Set(),
    );
    const vp = fitViewport(5, width);
    expect(
      applyAction('next-same-signature', { viewport: vp, selected: 1 }, s, width).selected,
    ).toBe(3);
    expect(
      applyAction('prev-same-signature', { viewport: vp, selected: 4 }, s, width).selected,
    ).toBe(3);
    expect(
      applyAction('next-same-signature', { viewport: vp, selected: 2 }, s, width).selected,
    ).toBe(2);
    expect(
      applyAction('next-same-signature', { viewport: vp, selected: null }, s, width).selected,
    ).toBeNull();
    expect(nextSameSignature(s, 0, 1)).toBe(2);
    expect(nextSameSignature(s, 0, -1)).toBeNull();
  });

  it('arrows, Home and End move the selection and keep it visible', () => {
    const vp = { start: 0, span: 100 };
    expect(applyAction('next-batch', { viewport: vp, selected: 41 }, m, width).selected).toBe(42);
    expect(applyAction('prev-batch', { viewport: vp, selected: 0 }, m, width).selected).toBe(0);
    expect(
      applyAction('next-batch', { viewport: { start: 30, span: 100 }, selected: null }, m, width)
        .selected,
    ).toBe(30);
    const end = applyAction('last-batch', { viewport: vp, selected: 3 }, m, width);
    expect(end.selected).toBe(n - 1);
    expect(end.viewport.start + end.viewport.span).toBe(n);
    const home = applyAction('first-batch', end, m, width);
    expect(home.selected).toBe(0);
    expect(home.viewport.start).toBe(0);
    expect(applyAction('clear-selection', home, m, width).selected).toBeNull();
  });

  it('zooms around the selected batch, pans by a quarter, fits', () => {
    const vp = { start: 1000, span: 1000 };
    const z = applyAction('zoom-in', { viewport: vp, selected: 1200 }, m, width);
    expect(z.viewport.span).toBeCloseTo(1000 / 1.5, 6);
    const before = (1200.5 - vp.start) / vp.span;
    const after = (1200.5 - z.viewport.start) / z.viewport.span;
    expect(after).toBeCloseTo(before, 9);
    const out = applyAction('zoom-out', { viewport: vp, selected: null }, m, width);
    expect(out.viewport.start + out.viewport.span / 2).toBeCloseTo(1500, 6);
    expect(
      applyAction('pan-right', { viewport: vp, selected: null }, m, width).viewport.start,
    ).toBe(1250);
    expect(applyAction('pan-left', { viewport: vp, selected: null }, m, width).viewport.start).toBe(
      750,
    );
    expect(applyAction('fit', { viewport: vp, selected: 7 }, m, width)).toEqual({
      viewport: fit,
      selected: 7,
    });
  });

  it('does nothing to an empty transcript', () => {
    const e = buildModel(report([]), new Set());
    const state = { viewport: fitViewport(0, width), selected: null };
    expect(applyAction('next-refusal', state, e, width)).toBe(state);
    expect(applyAction('last-batch', state, e, width)).toBe(state);
  });
});

describe('nextRefusal', () => {
  const m = buildModel(bigReport(100, [3, 50, 51]), new Set());
  it('binary-searches the refusals in both directions', () => {
    expect(nextRefusal(m, -1, 1)).toBe(3);
    expect(nextRefusal(m, 3, 1)).toBe(50);
    expect(nextRefusal(m, 50, 1)).toBe(51);
    expect(nextRefusal(m, 51, 1)).toBeNull();
    expect(nextRefusal(m, 51, -1)).toBe(50);
    expect(nextRefusal(m, 40, -1)).toBe(3);
    expect(nextRefusal(m, 3, -1)).toBeNull();
  });
});

describe('zooming with a selection at the edge', () => {
  it('keeps the selected batch wholly in view through repeated zooms', () => {
    const n = 100_000;
    const width = 1192;
    const m = buildModel(bigReport(n, [12]), new Set());
    let state = { viewport: fitViewport(n, width), selected: 12 as number | null };
    for (let i = 0; i < 16; i++) {
      state = applyAction('zoom-in', state, m, width);
      expect(state.viewport.start).toBeLessThanOrEqual(12);
      expect(state.viewport.start + state.viewport.span).toBeGreaterThanOrEqual(13);
    }
    expect(state.viewport.span).toBeLessThan(200);
  });
});

describe('wheelViewport', () => {
  const n = 10_000;
  const width = 1000;
  const vp = { start: 4000, span: 1000 };
  const wheel = (deltaX: number, deltaY: number, deltaMode = 0, shiftKey = false) => ({
    deltaX,
    deltaY,
    deltaMode,
    shiftKey,
  });

  it('zooms in on wheel up around the pointer, out on wheel down', () => {
    const zin = wheelViewport(vp, n, width, wheel(0, -100), 0.25, 300);
    expect(zin.span).toBeLessThan(vp.span);
    expect(zin.start + 0.25 * zin.span).toBeCloseTo(vp.start + 0.25 * vp.span, 6);
    const zout = wheelViewport(vp, n, width, wheel(0, 100), 0.25, 300);
    expect(zout.span).toBeGreaterThan(vp.span);
  });

  it('treats line-mode deltas as 16 px', () => {
    const lines = wheelViewport(vp, n, width, wheel(0, -3, 1), 0.5, 300);
    const px = wheelViewport(vp, n, width, wheel(0, -48), 0.5, 300);
    expect(lines).toEqual(px);
  });

  it('pans on horizontal swipes and on Shift+wheel', () => {
    expect(wheelViewport(vp, n, width, wheel(100, 10), 0.5, 300)).toEqual({
      start: 4100,
      span: 1000,
    });
    expect(wheelViewport(vp, n, width, wheel(0, 100, 0, true), 0.5, 300)).toEqual({
      start: 4100,
      span: 1000,
    });
  });
});
