import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pixelOf,
  rasterBars,
  type BarLayer,
  type PixelGrid,
} from '../../../../src/ui/timeline/pixelBars';
import { barLayout } from './fixtures';

const plot = { x: 2, y: 0, w: 4, h: 4 }; // baseline at y = 4; grid 4 × 4 device px at dpr 1

const layout = (bars: readonly [x0: number, x1: number, sig: number][]) => barLayout(bars, plot);

/** The grid as rows of characters: '.' empty, else the colour's letter (lower case: faint). */
function picture(px: Uint32Array, width: number): string[] {
  const names = new Map<number, string>([
    [0, '.'],
    [pixelOf(0xaa0000, 255), 'A'],
    [pixelOf(0xaa0000, 66), 'a'],
    [pixelOf(0x00bb00, 255), 'B'],
    [pixelOf(0x00bb00, 66), 'b'],
    [pixelOf(0x777777, 255), 'F'],
  ]);
  const rows: string[] = [];
  for (let y = 0; y < px.length / width; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += names.get(px[y * width + x] as number) ?? '?';
    rows.push(row);
  }
  return rows;
}

const colours = ['#aa0000', '#00bb00', ''];
const pack = (c: string, a: number) => pixelOf(parseInt(c.slice(1), 16), a);

describe('rasterBars', () => {
  it('fills each bucket’s device columns from its top to the baseline, later layers on top', () => {
    const px = new Uint32Array(16).fill(123); // cleared first
    rasterBars(
      px,
      { width: 4, height: 4, left: 2, dpr: 1 },
      layout([
        [2, 3, 0],
        [3, 4, 1],
        [4, 5, 2], // no colour: the fallback
        [5, 6, 0],
      ]),
      [
        { tops: Float32Array.from([0, 1, 4, 4]), minHeight: 0, alpha: 66 / 255 },
        { tops: Float32Array.from([2, 3, 4, 4]), minHeight: 1, alpha: 1 },
      ],
      pack,
      (id) => colours[id] ?? '',
      '#777777',
    );
    expect(picture(px, 4)).toEqual([
      'a...', // the faint total of bucket 0 reaches the top
      'ab..',
      'Ab..', // counts replace the totals they cover
      'ABFA', // a count of 0 is still minHeight (1 px) tall
    ]);
  });

  it('scales by the pixel ratio, keeps sub-pixel buckets one pixel wide and clips to the grid', () => {
    const px = new Uint32Array(8 * 8);
    rasterBars(
      px,
      { width: 8, height: 8, left: 4, dpr: 2 },
      layout([
        [1, 2.2, 0], // left of the plot: clipped to its first column
        [3, 3.1, 1], // narrower than 0.75 px: widened to 0.75 px
        [5.5, 9, 0], // runs past the right edge
      ]),
      [{ tops: Float32Array.from([3, 2, 3.5]), minHeight: 0, alpha: 1 }],
      pack,
      (id) => colours[id] ?? '',
      '#777777',
    );
    expect(picture(px, 8)).toEqual([
      '........',
      '........',
      '........',
      '........',
      '..BB....', // 0.75 px at dpr 2: [6, 7.5) rounds to device columns 2–3
      '..BB....',
      'A.BB....',
      'A.BB...A',
    ]);
  });
});

/**
 * The definition, one store per pixel: clear, then each layer's buckets in order, each from
 * its top down to the baseline (later writes win). rasterBars must draw exactly this.
 */
function naiveBars(
  px: Uint32Array,
  grid: PixelGrid,
  l: ReturnType<typeof layout>,
  layers: readonly BarLayer[],
): void {
  const { width: W, height: H, left: X0, dpr } = grid;
  const base = l.plot.y + l.plot.h;
  px.fill(0);
  for (const layer of layers) {
    const a = Math.round(layer.alpha * 255);
    for (let j = 0; j < l.bucketCount; j++) {
      const value = pack(colours[l.sig[j] as number] || '#777777', a);
      const x0 = l.x0[j] as number;
      const w = Math.max(0.75, (l.x1[j] as number) - x0);
      const xa = Math.max(0, Math.round(x0 * dpr) - X0);
      const xb = Math.min(W, Math.max(xa + 1, Math.round((x0 + w) * dpr) - X0));
      const top = Math.min(layer.tops[j] ?? base, base - layer.minHeight);
      const ya = Math.max(0, Math.min(H, Math.round(top * dpr)));
      for (let y = ya; y < H; y++) for (let x = xa; x < xb; x++) px[y * W + x] = value;
    }
  }
}

describe('rasterBars against the one-store-per-pixel definition', () => {
  // Overlapping, out-of-order, sub-pixel and off-grid buckets; tops above, inside and below.
  const bar = fc.tuple(
    fc.double({ min: -2, max: 14, noNaN: true }),
    fc.double({ min: -1, max: 4, noNaN: true }),
    fc.integer({ min: 0, max: 2 }),
  );
  const arbitrary = fc.record({
    bars: fc.array(bar, { maxLength: 12 }),
    dpr: fc.constantFrom(1, 1.5, 2),
    tops: fc.array(
      fc.array(fc.double({ min: -3, max: 12, noNaN: true }), { minLength: 12, maxLength: 12 }),
      { minLength: 1, maxLength: 3 },
    ),
    minHeights: fc.array(fc.constantFrom(0, 1, 1.5), { minLength: 3, maxLength: 3 }),
    alphas: fc.array(fc.constantFrom(66 / 255, 1), { minLength: 3, maxLength: 3 }),
  });

  it('writes the same pixels for any buckets and layers', () => {
    fc.assert(
      fc.property(arbitrary, ({ bars, dpr, tops, minHeights, alphas }) => {
        const p = { x: 1, y: 1, w: 10, h: 8 };
        const grid = {
          width: Math.round(10 * dpr),
          height: Math.round(9 * dpr),
          left: Math.round(dpr),
          dpr,
        };
        const l = barLayout(
          bars.map(([x0, w, sig]) => [x0, x0 + w, sig] as [number, number, number]),
          p,
        );
        const layers: BarLayer[] = tops.map((t, k) => ({
          tops: Float32Array.from(t),
          minHeight: minHeights[k] ?? 0,
          alpha: alphas[k] ?? 1,
        }));
        const fast = new Uint32Array(grid.width * grid.height).fill(7);
        const slow = new Uint32Array(grid.width * grid.height);
        rasterBars(fast, grid, l, layers, pack, (id) => colours[id] ?? '', '#777777');
        naiveBars(slow, grid, l, layers);
        expect(Array.from(fast)).toEqual(Array.from(slow));
      }),
      { numRuns: 400 },
    );
  });
});
