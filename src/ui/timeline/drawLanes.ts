// Painting the detector lanes: labels and kind badges in the left gutter, one row per lane,
// marks by level. Colour is never the only cue: a stop is a square, a warning a triangle,
// advice a hollow diamond; an aggregate also gets a tinted band over its block.
import type { ZooLevel } from '../../zoo/index';
import { crisp } from './drawMarkers';
import type { LaneBucket, LanesLayout } from './lanes';
import type { TimelineTheme } from './theme';

/** The colour of a level in a theme. */
export function levelColour(t: TimelineTheme, level: ZooLevel): string {
  return level === 'stop' ? t.refused : level === 'warn' ? t.warn : t.accent;
}

export function drawLanes(
  ctx: CanvasRenderingContext2D,
  l: LanesLayout,
  t: TimelineTheme,
  dpr: number,
  hover: { row: number; bucket: LaneBucket } | null,
): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, l.width, l.height);
  ctx.fillStyle = t.bg;
  ctx.fillRect(0, 0, l.width, l.height);
  ctx.textBaseline = 'middle';
  l.rows.forEach((row, k) => {
    const mid = row.y + row.h / 2;
    if (k % 2 === 1) {
      ctx.fillStyle = t.panel;
      ctx.fillRect(0, row.y, l.width, row.h);
    }
    drawGutter(ctx, l, t, row.lane.label, row.lane.kind, mid);
  });
  ctx.strokeStyle = t.border;
  ctx.lineWidth = 1 / dpr;
  ctx.beginPath();
  ctx.moveTo(crisp(l.plotX, dpr), 0);
  ctx.lineTo(crisp(l.plotX, dpr), l.height);
  ctx.stroke();
  ctx.save();
  ctx.beginPath();
  ctx.rect(l.plotX, 0, l.plotW, l.height);
  ctx.clip();
  const levels: readonly ZooLevel[] = ['stop', 'warn', 'advice'];
  let hovered: { level: ZooLevel; x: number; y: number } | null = null;
  l.rows.forEach((row, k) => {
    const mid = row.y + row.h / 2;
    if (row.lane.pending === true) {
      ctx.font = `italic 11px ${t.fontSans}`;
      ctx.textAlign = 'left';
      ctx.fillStyle = t.muted;
      ctx.fillText('computing…', l.plotX + 8, mid + 0.5);
      return;
    }
    // Aggregate bands first, then the marks: one path per level, painted once (a fill() per
    // mark made rasterising the lanes cost more than the marks at 100k batches).
    ctx.globalAlpha = 0.22;
    for (const level of levels) {
      ctx.fillStyle = levelColour(t, level);
      for (const b of row.buckets) {
        if (b.count > 1 && b.level === level) {
          ctx.fillRect(b.x0, row.y + 2, Math.max(1, b.x1 - b.x0), row.h - 4);
        }
      }
    }
    ctx.globalAlpha = 1;
    for (const level of levels) {
      ctx.beginPath();
      let any = false;
      for (const b of row.buckets) {
        if (b.level !== level) continue;
        if (hover !== null && hover.row === k && hover.bucket.from === b.from) {
          hovered = { level, x: b.cx, y: mid };
          continue;
        }
        markPath(ctx, level, b.cx, mid, 4);
        any = true;
      }
      if (any) paintMark(ctx, level, levelColour(t, level), t.bg);
    }
  });
  // The hovered mark last and larger, over its neighbours.
  const h = hovered as { level: ZooLevel; x: number; y: number } | null;
  if (h !== null) drawMark(ctx, h.level, h.x, h.y, 5.5, levelColour(t, h.level), t.bg);
  ctx.restore();
}

function drawGutter(
  ctx: CanvasRenderingContext2D,
  l: LanesLayout,
  t: TimelineTheme,
  label: string,
  kind: 'peer' | 'advisory',
  mid: number,
): void {
  const badge = kind === 'peer' ? 'peer' : 'adv';
  ctx.font = `600 9px ${t.fontSans}`;
  const bw = ctx.measureText(badge).width + 6;
  const bx = l.plotX - 6 - bw;
  ctx.fillStyle = kind === 'peer' ? t.border : t.panel;
  ctx.strokeStyle = t.border;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.roundRect(bx, mid - 5.5, bw, 11, 3);
  ctx.fill();
  ctx.stroke();
  // Muted text on the peer badge's border fill is below 4.5:1 in both themes; fg is over 10:1.
  ctx.fillStyle = kind === 'peer' ? t.fg : t.muted;
  ctx.textAlign = 'center';
  ctx.fillText(badge, bx + bw / 2, mid + 0.5);
  ctx.font = `11px ${t.fontSans}`;
  ctx.textAlign = 'left';
  ctx.fillStyle = t.fg;
  ctx.fillText(fitText(ctx, label, bx - 10), 6, mid + 0.5);
}

/** fitText's answers by font, width and text: the gutter is repainted every frame. */
const fitted = new Map<string, string>();

/** The text, shortened with an ellipsis to fit `max` pixels. */
function fitText(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  const key = `${ctx.font}\u0000${max}\u0000${text}`;
  const hit = fitted.get(key);
  if (hit !== undefined) return hit;
  let s = text;
  if (ctx.measureText(text).width > max) {
    while (s.length > 1 && ctx.measureText(`${s}…`).width > max) s = s.slice(0, -1);
    s = `${s}…`;
  }
  if (fitted.size > 500) fitted.clear();
  fitted.set(key, s);
  return s;
}

/** Adds one mark's outline to the current path: square (stop), triangle (warn), diamond (advice). */
function markPath(
  ctx: CanvasRenderingContext2D,
  level: ZooLevel,
  x: number,
  y: number,
  r: number,
): void {
  if (level === 'stop') {
    ctx.rect(x - r, y - r, 2 * r, 2 * r);
  } else if (level === 'warn') {
    ctx.moveTo(x, y - r - 1);
    ctx.lineTo(x + r + 0.5, y + r);
    ctx.lineTo(x - r - 0.5, y + r); // filled only: fill() closes it
  } else {
    ctx.moveTo(x, y - r);
    ctx.lineTo(x + r, y);
    ctx.lineTo(x, y + r);
    ctx.lineTo(x - r, y);
    ctx.closePath();
  }
}

/** Paints the current path as marks of `level`: filled, or hollow (advice). */
function paintMark(
  ctx: CanvasRenderingContext2D,
  level: ZooLevel,
  colour: string,
  bg: string,
): void {
  if (level === 'advice') {
    ctx.fillStyle = bg;
    ctx.fill();
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1.6;
    ctx.stroke();
  } else {
    ctx.fillStyle = colour;
    ctx.fill();
  }
}

/** One mark: square (stop), triangle (warn), hollow diamond (advice). */
export function drawMark(
  ctx: CanvasRenderingContext2D,
  level: ZooLevel,
  x: number,
  y: number,
  r: number,
  colour: string,
  bg: string,
): void {
  ctx.beginPath();
  markPath(ctx, level, x, y, r);
  paintMark(ctx, level, colour, bg);
}
