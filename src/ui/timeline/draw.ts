// Painting, after Excalidraw's renderStaticScene: a plain function of (context, layout, theme,
// state). No React, no DOM reads, no allocation per batch: it walks the layout's buckets.
import type { SignaturePalette } from '../colors';
import { paintBars } from './pixelBars';
import { fmt, type PendingMark } from './describe';
import { bucketOf, yOf, type Layout } from './layout';
import {
  crisp,
  drawBreaks,
  drawLabels,
  drawVerdicts,
  drawMarkerLane,
  drawSteps,
} from './drawMarkers';
import { timelineLabels } from './labels';
import { F_CHANGED, F_REFUSED } from './model';
import { indexToPx } from './scale';
import { drawSearchMarks } from './searchMarks';
import type { TimelineTheme } from './theme';

export interface DrawState {
  /** Device pixels per CSS pixel; the layout is in CSS pixels. */
  readonly pixelRatio: number;
  readonly selected: number | null;
  readonly hover: number | null;
  /** Colour per signature id (signatureColor for the current theme). */
  readonly sigColors: SignaturePalette;
  /** Shown instead of the chart when there is nothing to draw. */
  readonly emptyText: string | null;
  /** The search's matching batches, ascending (marked above the plot). */
  readonly matches?: ArrayLike<number>;
  /** A range of batches selected (shaded, edged), or null. */
  readonly range?: { readonly first: number; readonly last: number } | null;
  /** A watched file's batch still waiting for results: outlined after the last batch. */
  readonly pending?: PendingMark | null;
}

export function draw(
  ctx: CanvasRenderingContext2D,
  layout: Layout,
  theme: TimelineTheme,
  state: DrawState,
): void {
  const dpr = state.pixelRatio;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, layout.width, layout.height);
  ctx.fillStyle = theme.bg;
  ctx.fillRect(0, 0, layout.width, layout.height);
  ctx.textBaseline = 'middle';
  if (state.emptyText !== null) {
    ctx.fillStyle = theme.muted;
    ctx.font = `13px ${theme.fontSans}`;
    ctx.textAlign = 'center';
    ctx.fillText(state.emptyText, layout.width / 2, layout.height / 2);
    return;
  }
  drawYAxis(ctx, layout, theme, dpr);
  ctx.save();
  const { plot } = layout;
  // Marks may extend a little above the plot (refusal triangles); the clip keeps them off the axes.
  ctx.beginPath();
  ctx.rect(plot.x, 0, plot.w, layout.height);
  ctx.clip();
  drawColumns(ctx, layout, theme, state);
  drawRange(ctx, layout, theme, state.range ?? null, dpr);
  drawBreaks(ctx, layout, theme, dpr);
  drawBars(ctx, layout, theme, state);
  drawSteps(ctx, layout, theme, dpr);
  drawMarkerLane(ctx, layout, theme);
  drawLabels(ctx, timelineLabels(layout), theme);
  drawSelection(ctx, layout, theme, state);
  if (state.matches !== undefined) drawSearchMarks(ctx, layout, theme, state.matches);
  ctx.restore();
  drawXAxis(ctx, layout, theme, dpr);
  drawVerdicts(ctx, layout, theme, dpr);
  if (state.pending != null) drawPending(ctx, layout, theme, state.pending);
}

/**
 * The pending batch: a dashed outline at count 1 in the slot right of the plot (marginsFor
 * leaves it), never filled, with "answered/calls" above it. Its signature is not known until
 * its results come, so it is neutral; drawn only when the last batch is in view, since it
 * follows that one.
 */
function drawPending(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  p: PendingMark,
): void {
  const { plot, scale } = l;
  const end = plot.x + plot.w;
  // The view ends at the last batch (the pending one's index) unless zoomed away from it.
  if (scale.start + scale.span < p.index - 1e-6) return;
  const base = plot.y + plot.h;
  const w = Math.min(16, Math.max(6, (plot.w / scale.span) * 0.8));
  const x = end + 5;
  const top = Math.min(yOf(plot, l.yMax, 1), base - 10);
  ctx.strokeStyle = t.fg;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([3, 2]);
  ctx.strokeRect(x, top, w, base - top);
  ctx.setLineDash([]);
  ctx.font = `10px ${t.fontMono}`;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'center';
  ctx.fillText(`${fmt(p.answered)}/${fmt(p.calls.length)}`, x + w / 2, top - 8);
}

function drawYAxis(ctx: CanvasRenderingContext2D, l: Layout, t: TimelineTheme, dpr: number): void {
  const { plot } = l;
  ctx.font = `10.5px ${t.fontMono}`;
  ctx.textAlign = 'right';
  ctx.lineWidth = 1 / dpr;
  for (const tick of l.yTicks) {
    const y = crisp(tick.pos, dpr);
    ctx.strokeStyle = t.border;
    ctx.globalAlpha = tick.value === 0 ? 1 : 0.6;
    ctx.beginPath();
    ctx.moveTo(plot.x, y);
    ctx.lineTo(plot.x + plot.w, y);
    ctx.stroke();
    ctx.globalAlpha = 1;
    ctx.fillStyle = t.muted;
    ctx.fillText(String(tick.value), plot.x - 6, tick.pos);
  }
  ctx.save();
  ctx.translate(11, plot.y + plot.h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'center';
  ctx.font = `10.5px ${t.fontSans}`;
  ctx.fillText('run count', 0, 0);
  ctx.restore();
}

function drawXAxis(ctx: CanvasRenderingContext2D, l: Layout, t: TimelineTheme, dpr: number): void {
  const { plot } = l;
  const base = plot.y + plot.h;
  ctx.strokeStyle = t.muted;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  ctx.moveTo(plot.x, crisp(base, dpr));
  ctx.lineTo(plot.x + plot.w, crisp(base, dpr));
  ctx.stroke();
  ctx.font = `10.5px ${t.fontMono}`;
  ctx.fillStyle = t.muted;
  ctx.textAlign = 'center';
  const y = l.height - 9;
  for (const tick of l.xTicks) {
    if (tick.pos < plot.x - 1 || tick.pos > plot.x + plot.w + 1) continue;
    const x = crisp(tick.pos, dpr);
    ctx.beginPath();
    ctx.moveTo(x, base + 14);
    ctx.lineTo(x, base + 18);
    ctx.stroke();
    ctx.fillText(fmt(tick.value), tick.pos, y);
  }
  ctx.textAlign = 'left';
  ctx.fillText('batch', 2, y);
}

/** Column tints: batches whose verdict changed against the defaults, the hovered and the selected column. */
function drawColumns(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  s: DrawState,
): void {
  const { plot } = l;
  ctx.fillStyle = t.changed;
  ctx.globalAlpha = t.name === 'dark' ? 0.22 : 0.14;
  for (let j = 0; j < l.bucketCount; j++) {
    if (((l.flags[j] ?? 0) & F_CHANGED) === 0) continue;
    const x0 = l.x0[j] ?? 0;
    ctx.fillRect(x0 - 1, plot.y, Math.max(2, (l.x1[j] ?? 0) - x0 + 2), plot.h);
  }
  ctx.globalAlpha = 1;
  // A changed batch also gets a solid tick on the top edge so it reads without colour contrast.
  ctx.fillStyle = t.changed;
  for (let j = 0; j < l.bucketCount; j++) {
    if (((l.flags[j] ?? 0) & F_CHANGED) === 0) continue;
    const x0 = l.x0[j] ?? 0;
    ctx.fillRect(x0, plot.y, Math.max(1.5, (l.x1[j] ?? 0) - x0), 3);
  }
  for (const [index, colour, alpha] of [
    [s.hover, t.fg, 0.06],
    [s.selected, t.accent, 0.12],
  ] as const) {
    if (index === null) continue;
    const x0 = indexToPx(l.scale, index);
    const w = Math.max(3, indexToPx(l.scale, index + 1) - x0);
    ctx.globalAlpha = alpha;
    ctx.fillStyle = colour;
    ctx.fillRect(x0 + (indexToPx(l.scale, index + 1) - x0 - w) / 2, plot.y, w, plot.h);
  }
  ctx.globalAlpha = 1;
}

function drawBars(ctx: CanvasRenderingContext2D, l: Layout, t: TimelineTheme, s: DrawState): void {
  const base = l.plot.y + l.plot.h;
  paintBars(
    ctx,
    l,
    [
      // Totals first, faint, so the counts sit in front of them.
      { tops: l.totalY, minHeight: 0, alpha: t.name === 'dark' ? 0.32 : 0.26 },
      // Never thinner than 1.5 px: a count of 1 must stay visible on a tall axis.
      { tops: l.countY, minHeight: 1.5, alpha: 1 },
    ],
    s.sigColors,
    t.muted,
    s.pixelRatio,
  );
  for (let j = 0; j < l.bucketCount; j++) {
    if ((l.totalClipped[j] ?? 0) === 1) {
      const x0 = l.x0[j] ?? 0;
      drawClipMark(ctx, x0, (l.x1[j] ?? 0) - x0, l.plot.y, t);
    }
  }
  // Refused: a red cap on the bar and a triangle above it; rescued: a ring above it. Each
  // kind of mark is one path painted once (per-mark fill() calls dominate the raster cost).
  ctx.fillStyle = t.refused;
  for (let j = 0; j < l.bucketCount; j++) {
    if (((l.flags[j] ?? 0) & F_REFUSED) === 0) continue;
    const x0 = l.x0[j] ?? 0;
    const top = Math.min(l.countY[j] ?? base, base - 1.5);
    ctx.fillRect(x0, top, Math.max(1.5, (l.x1[j] ?? 0) - x0), Math.min(3, base - top));
  }
  // One triangle per merged mark (neighbours closer than a mark's width share one; its
  // count is a placed label), so a dense view shows separate marks, not a red smear.
  const r = 4.5;
  ctx.beginPath();
  for (const m of l.refusalMarks) {
    ctx.moveTo(m.x - r, m.top - 4 - r * 1.4);
    ctx.lineTo(m.x + r, m.top - 4 - r * 1.4);
    ctx.lineTo(m.x, m.top - 4);
    // No closePath(): fill() closes each subpath, and closePath() on a path with hundreds of
    // subpaths is a measurable share of a frame at 100k batches.
  }
  ctx.fill();
  ctx.strokeStyle = t.rescued;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (const m of l.rescueMarks) {
    ctx.moveTo(m.x + 3, m.top - 7);
    ctx.arc(m.x, m.top - 7, 3, 0, Math.PI * 2);
  }
  ctx.stroke();
}

/** A selected range of batches: a tint over its columns, edged by two rules. */
function drawRange(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  range: { readonly first: number; readonly last: number } | null,
  dpr: number,
): void {
  if (range === null) return;
  const { plot } = l;
  const x0 = Math.max(plot.x - 1, indexToPx(l.scale, range.first));
  const x1 = Math.min(plot.x + plot.w + 1, indexToPx(l.scale, range.last + 1));
  if (x1 <= x0) return;
  ctx.fillStyle = t.accent;
  ctx.globalAlpha = 0.1;
  ctx.fillRect(x0, plot.y, x1 - x0, plot.h);
  ctx.globalAlpha = 0.8;
  ctx.strokeStyle = t.accent;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const x of [x0, x1]) {
    ctx.moveTo(crisp(x, dpr), plot.y);
    ctx.lineTo(crisp(x, dpr), plot.y + plot.h);
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** Two slanted cuts at the top of a total that is taller than the axis. */
function drawClipMark(
  ctx: CanvasRenderingContext2D,
  x0: number,
  w: number,
  top: number,
  t: TimelineTheme,
): void {
  if (w < 3) return;
  ctx.strokeStyle = t.bg;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (const dy of [6, 10]) {
    ctx.moveTo(x0 - 1, top + dy + 2);
    ctx.lineTo(x0 + w + 1, top + dy - 2);
  }
  ctx.stroke();
}

function drawSelection(
  ctx: CanvasRenderingContext2D,
  l: Layout,
  t: TimelineTheme,
  s: DrawState,
): void {
  if (s.selected === null) return;
  const j = bucketOf(l, s.selected);
  if (j < 0) return;
  const base = l.plot.y + l.plot.h;
  const sx0 = indexToPx(l.scale, s.selected);
  const sx1 = indexToPx(l.scale, s.selected + 1);
  // In an aggregated pixel the outline is widened around the batch's own position to stay visible.
  const w = Math.max(6, sx1 - sx0);
  const x = (sx0 + sx1) / 2 - w / 2;
  const top = Math.min(l.countY[j] ?? base, l.totalY[j] ?? base, base - 1.5) - 3;
  ctx.strokeStyle = t.fg;
  ctx.lineWidth = 2;
  ctx.strokeRect(x - 1, top, w + 2, base - top + 1);
}
