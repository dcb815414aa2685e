// The annotation layers of the timeline: threshold/ceiling step lines, run-breaking messages,
// the marker lane under the baseline, the first-refusal flag and the placed labels.
import { fmt } from './describe';
import { packed } from './pixelBars';
import type { PlacedLabel } from './labels';
import type { Layout, StepBand, StepSegment } from './layout';
import { F_ANSWER_CHANGED, F_UNKNOWN } from './model';
import type { TimelineTheme } from './theme';

/** Snap a coordinate to the middle of a device pixel so 1-px lines stay sharp. */
export function crisp(v: number, dpr: number): number {
  return (Math.round(v * dpr - 0.5) + 0.5) / dpr;
}

export function drawSteps(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  dpr: number,
): void {
  fillBands(ctx, l.ceilingBands, t.ceiling, dpr);
  fillBands(ctx, l.thresholdBands, t.threshold, dpr);
  strokeSteps(ctx, l.ceilingSteps, t.ceiling, [5, 4], dpr);
  strokeSteps(ctx, l.thresholdSteps, t.threshold, [], dpr);
  drawAboveStubs(ctx, l, t);
}

function strokeSteps(
  ctx: CanvasRenderingContext2D,
  steps: readonly StepSegment[],
  colour: string,
  dash: number[],
  dpr: number,
): void {
  if (steps.length === 0) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.5;
  ctx.setLineDash(dash);
  ctx.beginPath();
  for (const s of steps) {
    const y = crisp(s.y, dpr);
    // Adjacent pieces join with a vertical riser: a step line, not separate dashes.
    if (s.riser === true) ctx.lineTo(s.x0, y);
    else ctx.moveTo(s.x0, y);
    ctx.lineTo(s.x1, y);
  }
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * Where the line changes value faster than it can be read, a translucent band from its lowest
 * to its highest value, edged at both, instead of a zigzag.
 */
function fillBands(
  ctx: CanvasRenderingContext2D,
  bands: readonly StepBand[],
  colour: string,
  dpr: number,
): void {
  if (bands.length === 0) return;
  ctx.fillStyle = colour;
  ctx.globalAlpha = 0.16;
  for (const b of bands) ctx.fillRect(b.x0, b.yHi, b.x1 - b.x0, Math.max(1, b.yLo - b.yHi));
  ctx.globalAlpha = 0.7;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const b of bands) {
    for (const y of [crisp(b.yHi, dpr), crisp(b.yLo, dpr)]) {
      ctx.moveTo(b.x0, y);
      ctx.lineTo(b.x1, y);
    }
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** A threshold or ceiling above the axis: a stub on the top edge (its "↑ 15" label is placed). */
function drawAboveStubs(ctx: CanvasRenderingContext2D, l: Layout, t: TimelineTheme): void {
  const y = l.plot.y + 0.75;
  for (const [value, colour, dash] of [
    [l.ceilingAbove, t.ceiling, [5, 4]],
    [l.thresholdAbove, t.threshold, [2, 3]],
  ] as const) {
    if (value === null) continue;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([...dash]);
    ctx.beginPath();
    ctx.moveTo(l.plot.x, y);
    ctx.lineTo(l.plot.x + l.plot.w, y);
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/** The placed labels (labels.ts), each on a backing so that it reads over bars and lines. */
export function drawLabels(
  ctx: CanvasRenderingContext2D,
  labels: readonly PlacedLabel[],
  t: TimelineTheme,
): void {
  const colour: Record<PlacedLabel['kind'], string> = {
    threshold: t.threshold,
    ceiling: t.ceiling,
    break: t.muted,
    refused: t.refused,
    rescued: t.rescued,
  };
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (const p of labels) {
    const { x, y, w, h } = p.box;
    ctx.globalAlpha = 0.85;
    ctx.fillStyle = t.bg;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    ctx.font = p.kind === 'break' ? `10px ${t.fontSans}` : `600 10.5px ${t.fontSans}`;
    ctx.fillStyle = colour[p.kind];
    ctx.fillText(p.text, x + 3, y + h / 2);
  }
}

/** Break rules closer than this on average are drawn as ticks on the top edge only. */
export const BREAK_DENSE_PX = 12;

/**
 * Break rules are dashed 1-px verticals (3 on, 3 off), hundreds of them in a view at 100k
 * batches. Stroking them dashed, or filling them with a dash pattern, made Skia's software
 * rasteriser the largest part of a frame. They share one dash phase, so one dash period of
 * every rule (a canvas-wide, 6-px-tall tile with a column set per rule) repeated down the plot
 * by a single rectangle fill draws them all at the cost of one rectangle.
 */
function breakTile(
  l: Layout,
  colour: string,
  dpr: number,
  deviceWidth: number,
  reuse: HTMLCanvasElement | null,
): HTMLCanvasElement | null {
  if (typeof document === 'undefined') return null;
  const period = Math.max(2, Math.round(6 * dpr));
  const on = Math.max(1, Math.round(3 * dpr));
  const lineW = Math.max(1, Math.round(dpr));
  const width = Math.max(1, deviceWidth);
  const tile = reuse ?? document.createElement('canvas');
  if (tile.width !== width) tile.width = width;
  if (tile.height !== period) tile.height = period;
  const tctx = tile.getContext('2d');
  if (tctx === null) return null;
  // Pixels written directly: one putImageData instead of a fillRect per rule.
  const img = tctx.createImageData(width, period);
  const px = new Uint32Array(img.data.buffer);
  const rgba = packed(colour, 255, tctx);
  let last = -1;
  for (const b of l.breaks) {
    // The device column under crisp(b.x), widened to one CSS pixel.
    const col = Math.round(b.x * dpr - 0.5) - ((lineW - 1) >> 1);
    if (col === last) continue;
    last = col;
    for (let c = Math.max(0, col); c < Math.min(width, col + lineW); c++) {
      for (let r = 0; r < on; r++) px[r * width + c] = rgba;
    }
  }
  tctx.putImageData(img, 0, 0);
  return tile;
}

/** The last break tile, reused while the layout, colour and size are unchanged. */
let lastTile: {
  l: Layout;
  colour: string;
  dpr: number;
  w: number;
  tile: HTMLCanvasElement | null;
  pattern: CanvasPattern | null;
} | null = null;

export function drawBreaks(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  dpr: number,
): void {
  if (l.breaks.length === 0) return;
  const top = l.plot.y;
  const bottom = l.plot.y + l.plot.h;
  const w = ctx.canvas.width;
  if (
    lastTile === null ||
    lastTile.l !== l ||
    lastTile.colour !== t.fg ||
    lastTile.dpr !== dpr ||
    lastTile.w !== w
  ) {
    const tile = breakTile(l, t.fg, dpr, w, lastTile?.tile ?? null);
    const pattern = tile === null ? null : ctx.createPattern(tile, 'repeat-y');
    lastTile = { l, colour: t.fg, dpr, w, tile, pattern };
  }
  const pattern = lastTile.pattern;
  // Rules closer than BREAK_DENSE_PX apart on average would hatch the plot: then each is a
  // short tick on the top edge, and zooming in brings back the full-height rules.
  const dense = l.breaks.length * BREAK_DENSE_PX > l.plot.w;
  ctx.globalAlpha = l.blockSize > 1 || dense ? 0.3 : 0.55;
  if (pattern !== null) {
    // Device space, the tile's first row on the plot's top edge (the dashes' phase).
    const y0 = Math.round(top * dpr);
    const h = dense ? Math.round(6 * dpr) : Math.round(bottom * dpr) - y0;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, y0);
    ctx.fillStyle = pattern;
    ctx.fillRect(0, 0, w, h);
    ctx.restore();
  } else {
    ctx.strokeStyle = t.fg;
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    for (const b of l.breaks) {
      const x = crisp(b.x, dpr);
      ctx.moveTo(x, top);
      ctx.lineTo(x, bottom);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.globalAlpha = 1;
}

/**
 * Under the baseline: ◆ answer changed (the count reset), □ answers unknown. Each kind is one
 * path filled or stroked once: hundreds of separate fill() calls per frame cost more to
 * rasterise than the marks themselves.
 */
export function drawMarkerLane(ctx: CanvasRenderingContext2D, l: Layout, t: TimelineTheme): void {
  const base = l.plot.y + l.plot.h;
  const rowChanged = base + 5;
  const rowUnknown = base + 11;
  const pass = (flag: number, paint: (x0: number, w: number, cx: number) => void): void => {
    for (let j = 0; j < l.bucketCount; j++) {
      if (((l.flags[j] ?? 0) & flag) === 0) continue;
      const x0 = l.x0[j] ?? 0;
      const w = (l.x1[j] ?? 0) - x0;
      paint(x0, w, x0 + w / 2);
    }
  };
  // Answer changed: diamonds, or 5-px ticks where a mark is narrower than a diamond.
  ctx.fillStyle = t.accent;
  pass(F_ANSWER_CHANGED, (x0, w) => {
    if (w < 6) ctx.fillRect(x0, rowChanged - 2.5, Math.max(1, w), 5);
  });
  ctx.beginPath();
  pass(F_ANSWER_CHANGED, (_x0, w, cx) => {
    if (w >= 6) {
      ctx.moveTo(cx, rowChanged - 3);
      ctx.lineTo(cx + 3, rowChanged);
      ctx.lineTo(cx, rowChanged + 3);
      ctx.lineTo(cx - 3, rowChanged); // fill() closes it (closePath() is slow on long paths)
    }
  });
  ctx.fill();
  // Answers unknown: hollow squares, or solid ticks where narrow.
  ctx.fillStyle = t.unknown;
  pass(F_UNKNOWN, (x0, w) => {
    if (w < 6) ctx.fillRect(x0, rowUnknown - 2.5, Math.max(1, w), 5);
  });
  ctx.strokeStyle = t.unknown;
  ctx.lineWidth = 1.25;
  ctx.beginPath();
  pass(F_UNKNOWN, (_x0, w, cx) => {
    if (w >= 6) ctx.rect(cx - 2.5, rowUnknown - 2.5, 5, 5);
  });
  ctx.stroke();
}

interface Flag {
  readonly x: number;
  readonly where: 'visible' | 'left' | 'right';
  readonly text: string;
  readonly colour: string;
}

/** The reference's verdicts: the first refusal, and a stagnation verdict when there is one. */
export function drawVerdicts(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  dpr: number,
): void {
  let taken: readonly [number, number] | null = null;
  const fr = l.firstRefusal;
  if (fr !== null) {
    const text = `First refusal #${fmt(fr.index)}`;
    taken = drawFlag(ctx, l, t, dpr, { ...fr, text, colour: t.firstRefusal }, null);
  }
  const st = l.stagnation;
  if (st !== null) {
    const text = `Stagnation · message ${fmt(st.messageIndex)}`;
    drawFlag(ctx, l, t, dpr, { ...st, text, colour: t.warn }, taken);
  }
}

/**
 * A full-height rule with a labelled flag, or an edge chip when the position is off screen.
 * The flag flies right of its pole unless that leaves the canvas or covers `avoid`.
 * Returns the flag's horizontal extent.
 */
function drawFlag(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  dpr: number,
  f: Flag,
  avoid: readonly [number, number] | null,
): readonly [number, number] {
  const { plot } = l;
  const base = plot.y + plot.h;
  ctx.font = `600 11px ${t.fontSans}`;
  ctx.textAlign = 'left';
  if (f.where === 'visible') {
    const w = ctx.measureText(f.text).width + 12;
    const x = crisp(f.x, dpr);
    ctx.strokeStyle = f.colour;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, 4);
    ctx.lineTo(x, base);
    ctx.stroke();
    const overlaps = (a: number): boolean =>
      avoid !== null && a < avoid[1] + 4 && a + w > avoid[0] - 4;
    let fx = x + w > l.width - 2 || (overlaps(x) && !overlaps(x - w)) ? x - w : x;
    // Both sides taken: slide the flag clear of the other one (the pole stays where it belongs).
    if (overlaps(fx) && avoid !== null) {
      fx = avoid[1] + 4 + w <= l.width - 2 ? avoid[1] + 4 : Math.max(0, avoid[0] - 4 - w);
    }
    ctx.fillStyle = f.colour;
    ctx.fillRect(fx, 4, w, 17);
    ctx.fillStyle = t.bg;
    ctx.fillText(f.text, fx + 6, 12.5);
    return [fx, fx + w];
  }
  const text = f.where === 'left' ? `◀ ${f.text}` : `${f.text} ▶`;
  const w = ctx.measureText(text).width + 12;
  let x = f.where === 'left' ? plot.x : plot.x + plot.w - w;
  // Two chips on the same edge sit side by side.
  if (avoid !== null && x < avoid[1] + 4 && x + w > avoid[0] - 4) {
    x = f.where === 'left' ? avoid[1] + 6 : avoid[0] - w - 6;
  }
  ctx.fillStyle = t.bg;
  ctx.fillRect(x, 4, w, 17);
  ctx.strokeStyle = f.colour;
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, 4.5, w - 1, 16);
  ctx.fillStyle = f.colour;
  ctx.fillText(text, x + 6, 12.5);
  return [x, x + w];
}
