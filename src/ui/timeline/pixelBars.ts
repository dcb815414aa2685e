import type { SignaturePalette } from '../colors';
import { fillBars } from './fillBars';
import type { Layout } from './layout';

// The bars as pixels. A fillRect per bucket costs little in JavaScript, but each one sets a
// new fill colour (a CSS colour parse) and is rasterised on its own: at 100k batches, two
// layers of ~1,000 coloured rectangles were 10–25 ms of every frame. Written straight into an
// ImageData (a typed-array fill per column), put on a scratch canvas and drawn over the plot
// with one drawImage, the same bars cost about a millisecond after the first frame. No library
// draws bars into an ImageData, and the loop is a dozen lines. Edges snap to device pixels
// (fillRect anti-aliased fractional edges), which keeps 1-px marks crisp.

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
 * Writes bar layers into `px` (row-major, `grid.width` × `grid.height`, cleared first): for
 * each bucket, the device columns under [x0, x0 + max(0.75, x1 − x0)) from its top (at least
 * `minHeight` above the baseline, the grid's bottom edge) down. A later layer replaces the
 * pixels it covers, so layers after the first should be opaque. `pack` turns a colour and an
 * alpha (0–255) into a pixel value. Exported for tests: no canvas needed.
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
  px.fill(0);
  for (const layer of layers) {
    const a = Math.round(layer.alpha * 255);
    let lastColour = '';
    let value = 0;
    for (let j = 0; j < l.bucketCount; j++) {
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
      if (xb - xa <= 8) {
        // Narrow (the usual case when zoomed out): plain stores beat a fill() call per row.
        for (let y = ya; y < H; y++) {
          const row = y * W;
          for (let x = xa; x < xb; x++) px[row + x] = value;
        }
      } else {
        for (let y = ya; y < H; y++) px.fill(value, y * W + xa, y * W + xb);
      }
    }
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
