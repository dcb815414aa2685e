// The bars as pixels. A fillRect per bucket costs little in JavaScript, but each one sets a
// new fill colour (a CSS colour parse) and is rasterised on its own, which at 100k batches
// (two layers of ~1,000 coloured rectangles) is a large share of a frame. Written straight into
// an ImageData (row by row from one template row, see rasterBars), put on a scratch canvas and
// drawn over the plot with one drawImage, the same bars cost a small fraction of that
// (docs/benchmarks.md §5). No library draws bars into an ImageData, and the loop is short.
// Edges snap to device pixels (fillRect anti-aliased fractional edges), which keeps 1-px marks
// crisp.
import type { SignaturePalette } from '../colors';
import { fillBars } from './fillBars';
import type { Layout } from './layout';

/** One layer of bars: tops per bucket, a minimum height and an opacity. */
export interface BarLayer {
  readonly tops: Float32Array;
  readonly minHeight: number;
  readonly alpha: number;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** An RGB colour (0xrrggbb) and an alpha as the pixel value ImageData's bytes hold. */
export function pixelOf(rgb: number, alpha: number): number {
  const r = (rgb >> 16) & 0xff;
  const g = (rgb >> 8) & 0xff;
  const b = rgb & 0xff;
  return LITTLE_ENDIAN
    ? ((alpha << 24) | (b << 16) | (g << 8) | r) >>> 0
    : ((r << 24) | (g << 16) | (b << 8) | alpha) >>> 0;
}

const packedCache = new Map<string, number>();

/** `#rgb`/`#rrggbb` (or any CSS colour, read back once) as an RGBA pixel with `alpha` 0..255. */
export function packed(colour: string, alpha: number, probe: CanvasRenderingContext2D): number {
  let rgb = packedCache.get(colour);
  if (rgb === undefined) {
    let r: number;
    let g: number;
    let b: number;
    const m = /^#([0-9a-f]{6})$/i.exec(colour) ?? /^#([0-9a-f]{3})$/i.exec(colour);
    if (m !== null) {
      const hex = (m[1] as string).length === 3 ? (m[1] as string).replace(/./g, '$&$&') : m[1];
      const v = parseInt(hex as string, 16);
      r = (v >> 16) & 0xff;
      g = (v >> 8) & 0xff;
      b = v & 0xff;
    } else {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = colour;
      probe.fillRect(0, 0, 1, 1);
      const d = probe.getImageData(0, 0, 1, 1).data;
      r = d[0] ?? 0;
      g = d[1] ?? 0;
      b = d[2] ?? 0;
    }
    rgb = (r << 16) | (g << 8) | b;
    if (packedCache.size > 8192) packedCache.clear();
    packedCache.set(colour, rgb);
  }
  return pixelOf(rgb, alpha);
}

/** The pixel grid bars are written into: device pixels, `left` = the plot's left edge. */
export interface PixelGrid {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly dpr: number;
}

/**
 * Writes bar layers into `px` (row-major, `grid.width` × `grid.height`, every pixel written):
 * for each bucket, the device columns under [x0, x0 + max(0.75, x1 − x0)) from its top (at
 * least `minHeight` above the baseline, the grid's bottom edge) down. Where bars overlap, the
 * later layer wins, then the later bucket. `pack` turns a colour and an alpha (0–255) into a
 * pixel value. Exported for tests: no canvas needed.
 *
 * Bars only grow downwards, so each row is the row above plus the bars that start on it. The
 * rows are built that way in one template row and copied out with the native `set`: the
 * JavaScript work is a few stores per bucket, not one per pixel. (A store per pixel was
 * ~600k stores a frame at 100k batches, run by still unoptimised code in a new report's
 * first frame.)
 */
export function rasterBars(
  px: Uint32Array,
  grid: PixelGrid,
  l: Pick<Layout, 'bucketCount' | 'x0' | 'x1' | 'sig' | 'plot'>,
  layers: readonly BarLayer[],
  pack: (colour: string, alpha: number) => number,
  sigColors: SignaturePalette,
  fallback: string,
): void {
  const { width: W, height: H, left: X0, dpr } = grid;
  const base = l.plot.y + l.plot.h;
  const n = l.bucketCount;
  // One event per (layer, bucket): its columns, pixel value, priority and first row, in a
  // counting sort by first row (rows H and beyond draw nothing).
  const total = layers.length * n;
  const evXa = new Int32Array(total);
  const evXb = new Int32Array(total);
  const evValue = new Uint32Array(total);
  const evRow = new Int32Array(total);
  const firstAt = new Int32Array(H + 2);
  let count = 0;
  for (let k = 0; k < layers.length; k++) {
    const layer = layers[k] as BarLayer;
    const a = Math.round(layer.alpha * 255);
    let lastColour = '';
    let value = 0;
    for (let j = 0; j < n; j++) {
      const e = k * n + j;
      evRow[e] = H;
      const colour = sigColors(l.sig[j] ?? 0) || fallback;
      if (colour !== lastColour) {
        value = pack(colour, a);
        lastColour = colour;
      }
      const x0 = l.x0[j] ?? 0;
      const w = Math.max(0.75, (l.x1[j] ?? 0) - x0);
      const xa = Math.max(0, Math.round(x0 * dpr) - X0);
      const xb = Math.min(W, Math.max(xa + 1, Math.round((x0 + w) * dpr) - X0));
      if (xb <= xa) continue;
      const top = Math.min(layer.tops[j] ?? base, base - layer.minHeight);
      const ya = Math.max(0, Math.min(H, Math.round(top * dpr)));
      evXa[e] = xa;
      evXb[e] = xb;
      evValue[e] = value;
      evRow[e] = ya;
      if (ya < H) {
        firstAt[ya + 1] = (firstAt[ya + 1] as number) + 1;
        count++;
      }
    }
  }
  for (let y = 1; y <= H + 1; y++) firstAt[y] = (firstAt[y] ?? 0) + (firstAt[y - 1] ?? 0);
  const byRow = new Int32Array(count);
  const fill = firstAt.slice();
  // Ascending event order within a row keeps (layer, bucket) order: the priority below.
  for (let e = 0; e < total; e++) {
    const y = evRow[e] as number;
    if (y < H) byRow[(fill[y] as number)++] = e;
  }
  const row = new Uint32Array(W);
  /** The priority (event index) of what each column shows; -1: nothing yet. */
  const owner = new Int32Array(W).fill(-1);
  for (let y = 0; y < H; y++) {
    for (let i = firstAt[y] as number, end = firstAt[y + 1] as number; i < end; i++) {
      const e = byRow[i] as number;
      const v = evValue[e] as number;
      for (let x = evXa[e] as number, xb = evXb[e] as number; x < xb; x++) {
        // A bar that started higher up but comes later (layer, then bucket) stays in front.
        if ((owner[x] as number) < e) {
          owner[x] = e;
          row[x] = v;
        }
      }
    }
    px.set(row, y * W);
  }
}

interface Scratch {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  image: ImageData | null;
  pixels: Uint32Array | null;
}

const scratches = new WeakMap<CanvasRenderingContext2D, Scratch>();

function scratchFor(target: CanvasRenderingContext2D, w: number, h: number): Scratch | null {
  let s = scratches.get(target);
  if (s === undefined) {
    if (typeof document === 'undefined') return null;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (ctx === null) return null;
    s = { canvas, ctx, image: null, pixels: null };
    scratches.set(target, s);
  }
  if (s.image === null || s.image.width !== w || s.image.height !== h) {
    s.canvas.width = w;
    s.canvas.height = h;
    s.image = s.ctx.createImageData(w, h);
    s.pixels = new Uint32Array(s.image.data.buffer);
  }
  return s;
}

/**
 * Paints bar layers (in order, each over the last) for the layout's buckets between the
 * plot's left and right edges, down to the baseline, in their signatures' colours (`fallback`
 * when none). Falls back to fillRect (`fillBars`) where there is no DOM canvas to draw into.
 */
export function paintBars(
  ctx: CanvasRenderingContext2D,
  l: Pick<Layout, 'bucketCount' | 'x0' | 'x1' | 'sig' | 'plot'>,
  layers: readonly BarLayer[],
  sigColors: SignaturePalette,
  fallback: string,
  dpr: number,
): void {
  const X0 = Math.round(l.plot.x * dpr);
  const W = Math.round((l.plot.x + l.plot.w) * dpr) - X0;
  const H = Math.round((l.plot.y + l.plot.h) * dpr);
  const s = W > 0 && H > 0 ? scratchFor(ctx, W, H) : null;
  if (s === null || s.pixels === null || s.image === null) {
    for (const layer of layers) {
      ctx.globalAlpha = layer.alpha;
      fillBars(ctx, l, layer.tops, layer.minHeight, sigColors, fallback);
    }
    ctx.globalAlpha = 1;
    return;
  }
  rasterBars(
    s.pixels,
    { width: W, height: H, left: X0, dpr },
    l,
    layers,
    (colour, alpha) => packed(colour, alpha, s.ctx),
    sigColors,
    fallback,
  );
  s.ctx.putImageData(s.image, 0, 0);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.drawImage(s.canvas, X0, 0);
  ctx.restore();
}
