// The overview strip: the whole transcript at a glance with the visible window outlined.
// It reuses the main layout at "fit" zoom, so it costs O(width) like the main view.
import type { SignaturePalette } from '../colors';
import { paintBars } from './pixelBars';
import { COMPACT_MARGINS, computeLayout, type Layout } from './layout';
import { F_FIRST_REFUSAL, F_REFUSED, type TimelineModel } from './model';
import { centerOn, fitViewport, indexToPx, pxToIndex, type Viewport } from './scale';
import type { TimelineTheme } from './theme';

export function overviewLayout(model: TimelineModel, width: number, height: number): Layout {
  return computeLayout(model, fitViewport(model.n, width), width, height, COMPACT_MARGINS);
}

/** The window's pixel extent on the overview, at least 4 px wide so it can be seen and grabbed. */
export function windowRect(ov: Layout, vp: Viewport): { x0: number; x1: number } {
  const a = indexToPx(ov.scale, vp.start);
  const b = indexToPx(ov.scale, vp.start + vp.span);
  if (b - a >= 4) return { x0: a, x1: b };
  const mid = (a + b) / 2;
  return { x0: mid - 2, x1: mid + 2 };
}

/** Where a click or drag at `px` on the overview moves the window: centred on that batch. */
export function viewportFromOverview(
  ov: Layout,
  vp: Viewport,
  n: number,
  mainPlotWidth: number,
  px: number,
): Viewport {
  return centerOn(vp, n, mainPlotWidth, pxToIndex(ov.scale, px) - 0.5);
}

interface StaticStrip {
  readonly ov: Layout;
  readonly theme: TimelineTheme;
  readonly sigColors: SignaturePalette;
  readonly width: number;
  readonly height: number;
  readonly canvas: HTMLCanvasElement;
}

/**
 * The strip's bars and refusal ticks depend on the transcript, the size and the theme, never
 * on the viewport: they are painted once into an offscreen canvas and copied each frame, so a
 * zoom or pan repaints only the window (about 1,500 fewer rectangles a frame at 100k batches).
 */
const strips = new WeakMap<CanvasRenderingContext2D, StaticStrip>();

function paintStatic(
  ctx: CanvasRenderingContext2D,
  ov: Layout,
  theme: TimelineTheme,
  sigColors: SignaturePalette,
  pixelRatio: number,
): void {
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.clearRect(0, 0, ov.width, ov.height);
  ctx.fillStyle = theme.panel;
  ctx.fillRect(0, 0, ov.width, ov.height);
  paintBars(
    ctx,
    ov,
    [{ tops: ov.countY, minHeight: 1, alpha: 0.75 }],
    sigColors,
    theme.muted,
    pixelRatio,
  );
  // Refusals are thin ticks (a marker, not a bar); the first refusal runs the full height so
  // one refusal in 100,000 batches is still found at a glance.
  for (let j = 0; j < ov.bucketCount; j++) {
    const flags = ov.flags[j] ?? 0;
    if ((flags & F_REFUSED) === 0) continue;
    const first = (flags & F_FIRST_REFUSAL) !== 0;
    const x0 = ov.x0[j] ?? 0;
    const bw = (ov.x1[j] ?? 0) - x0;
    const w = Math.min(first ? 2 : 3, Math.max(1, bw));
    ctx.fillStyle = first ? theme.firstRefusal : theme.refused;
    ctx.fillRect(x0 + (bw - w) / 2, 0, w, first ? ov.height : 6);
  }
}

/** The static strip for this target, repainted only when what it shows changed. */
function staticStrip(
  ctx: CanvasRenderingContext2D,
  ov: Layout,
  theme: TimelineTheme,
  sigColors: SignaturePalette,
  pixelRatio: number,
): HTMLCanvasElement | null {
  const { width, height } = ctx.canvas;
  const s = strips.get(ctx);
  if (
    s !== undefined &&
    s.ov === ov &&
    s.theme === theme &&
    s.sigColors === sigColors &&
    s.width === width &&
    s.height === height
  ) {
    return s.canvas;
  }
  const canvas = s?.canvas ?? document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const sctx = canvas.getContext('2d');
  if (sctx === null) return null;
  paintStatic(sctx, ov, theme, sigColors, pixelRatio);
  strips.set(ctx, { ov, theme, sigColors, width, height, canvas });
  return canvas;
}

export function drawOverview(
  ctx: CanvasRenderingContext2D,
  ov: Layout,
  theme: TimelineTheme,
  vp: Viewport,
  sigColors: SignaturePalette,
  pixelRatio: number,
  range: { readonly first: number; readonly last: number } | null = null,
): void {
  const strip = staticStrip(ctx, ov, theme, sigColors, pixelRatio);
  if (strip === null) paintStatic(ctx, ov, theme, sigColors, pixelRatio);
  else {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, strip.width, strip.height);
    ctx.drawImage(strip, 0, 0);
  }
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  const w = windowRect(ov, vp);
  ctx.fillStyle = theme.bg;
  ctx.globalAlpha = 0.55;
  ctx.fillRect(0, 0, Math.max(0, w.x0), ov.height);
  ctx.fillRect(w.x1, 0, Math.max(0, ov.width - w.x1), ov.height);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = theme.accent;
  ctx.lineWidth = 1.5;
  ctx.strokeRect(w.x0 + 0.75, 0.75, Math.max(1, w.x1 - w.x0 - 1.5), ov.height - 1.5);
  if (range !== null) {
    // The selected range: a band along the strip's foot, over the whole transcript's scale.
    const r = windowRect(ov, { start: range.first, span: range.last - range.first + 1 });
    ctx.fillStyle = theme.accent;
    ctx.globalAlpha = 0.7;
    ctx.fillRect(r.x0, ov.height - 4, Math.max(2, r.x1 - r.x0), 4);
    ctx.globalAlpha = 1;
  }
}
