import { describe, expect, it } from 'vitest';
import { fillBars, type BarContext } from '../../../../src/ui/timeline/fillBars';
import { barLayout } from './fixtures';

const plot = { x: 10, y: 2, w: 20, h: 8 }; // baseline at y = 10

const layout = (bars: readonly [x0: number, x1: number, sig: number][]) => barLayout(bars, plot);

/** A context that records what is painted. */
function recorder() {
  const log: string[] = [];
  let style = '';
  const ctx: BarContext = {
    get fillStyle() {
      return style;
    },
    set fillStyle(v) {
      style = String(v);
      log.push(`style ${style}`);
    },
    fillRect: (x, y, w, h) => log.push(`rect ${x} ${y} ${w} ${h}`),
  };
  return { ctx, log };
}

describe('fillBars', () => {
  it('fills one rectangle per bucket down to the baseline, setting a colour only when it changes', () => {
    const { ctx, log } = recorder();
    const colours = ['#aa0000', '#00bb00', ''];
    fillBars(
      ctx,
      layout([
        [10, 12, 0],
        [12, 13, 0],
        [13, 14, 1],
        [14, 15, 2],
        [15, 15.25, 2],
      ]),
      Float32Array.from([6, 9, 4, 10, 2]),
      1.5,
      (id) => colours[id] ?? '',
      '#777777',
    );
    expect(log).toEqual([
      'style #aa0000',
      'rect 10 6 2 4',
      'rect 12 8.5 1 1.5', // at least minHeight tall
      'style #00bb00',
      'rect 13 4 1 6',
      'style #777777', // no signature colour: the fallback
      'rect 14 8.5 1 1.5',
      'rect 15 2 0.75 8', // at least 0.75 px wide
    ]);
  });

  it('paints nothing without buckets', () => {
    const { ctx, log } = recorder();
    fillBars(ctx, layout([]), new Float32Array(0), 0, () => '#000000', '#777777');
    expect(log).toEqual([]);
  });
});
