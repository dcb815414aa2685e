import { describe, expect, it } from 'vitest';
import { pixelOf, rasterBars } from '../../../src/ui/timeline/pixelBars';
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
