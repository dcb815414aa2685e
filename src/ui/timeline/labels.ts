// Text on the timeline, placed so that nothing covers anything: each label is offered a few
// positions in order of preference and takes the first that meets no label already placed, no
// mark, and stays inside the plot; a label with no free position is left out (its value is in
// the tooltip, the table and the details). Pure: boxes in, boxes out.
import type { Layout } from './layout';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** What a label stands for: it picks the colour it is drawn in. */
export type LabelKind = 'threshold' | 'ceiling' | 'break' | 'refused' | 'rescued';

export interface LabelRequest {
  readonly text: string;
  readonly kind: LabelKind;
  readonly w: number;
  readonly h: number;
  /** Top-left corners to try, best first. */
  readonly at: readonly { readonly x: number; readonly y: number }[];
}

export interface PlacedLabel {
  readonly text: string;
  readonly kind: LabelKind;
  readonly box: Box;
}

/** Whether two boxes share any area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function inside(a: Box, bounds: Box): boolean {
  return (
    a.x >= bounds.x &&
    a.y >= bounds.y &&
    a.x + a.w <= bounds.x + bounds.w &&
    a.y + a.h <= bounds.y + bounds.h
  );
}

/**
 * Places `requests` in order (earlier ones win): each at its first position whose box lies in
 * `bounds` and meets no obstacle and no label placed before it. Greedy, as map labellers are:
 * O(requests × positions × placed), and the timeline offers a few dozen.
 */
export function placeLabels(
  requests: readonly LabelRequest[],
  obstacles: readonly Box[],
  bounds: Box,
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  for (const r of requests) {
    if (!(r.w > 0 && r.h > 0)) continue;
    for (const p of r.at) {
      const box = { x: p.x, y: p.y, w: r.w, h: r.h };
      if (!inside(box, bounds)) continue;
      if (obstacles.some((o) => intersects(box, o))) continue;
      if (placed.some((o) => intersects(box, o.box))) continue;
      placed.push({ text: r.text, kind: r.kind, box });
      break;
    }
  }
  return placed;
}

/** Label box height and an upper bound of the width per character of the 10.5 px label font. */
export const LABEL_H = 14;
const CHAR_W = 6.6;
const PAD = 6;

/** The width a label's box takes (a bound, not a measurement: the box never clips its text). */
export function labelWidth(text: string): number {
  return Math.ceil([...text].length * CHAR_W + PAD);
}

function request(text: string, kind: LabelKind, at: LabelRequest['at']): LabelRequest {
  return { text, kind, w: labelWidth(text), h: LABEL_H, at };
}

/** The boxes of the marks drawn on the plot, which no label may cover. */
export function markBoxes(l: Layout): Box[] {
  const boxes: Box[] = [];
  for (const m of l.refusalMarks) {
    // The triangle above the bar (drawMarks draws it 4 px above the top, r ≤ 5).
    boxes.push({ x: m.x - 6, y: m.top - 12, w: 12, h: 12 });
  }
  for (const m of l.rescueMarks) boxes.push({ x: m.x - 5, y: m.top - 12, w: 10, h: 10 });
  for (const f of [l.firstRefusal, l.stagnation]) {
    if (f !== null && f.where === 'visible') {
      boxes.push({ x: f.x - 2, y: l.plot.y, w: 4, h: l.plot.h });
    }
  }
  return boxes;
}

/**
 * The timeline's labels for a layout, placed: a threshold or ceiling above the axis at the top
 * edge, merged refusal counts, the threshold and ceiling values of the pieces and bands in view,
 * and the messages that break a run. Earlier kinds win where they compete.
 */
export function timelineLabels(l: Layout): PlacedLabel[] {
  const { plot } = l;
  const right = plot.x + plot.w;
  const top = plot.y + 2;
  const reqs: LabelRequest[] = [];
  // Above the axis: "↑ 15" at the top edge, right, else left.
  for (const [value, kind] of [
    [l.ceilingAbove, 'ceiling'],
    [l.thresholdAbove, 'threshold'],
  ] as const) {
    if (value === null) continue;
    const text = `↑ ${value} ${kind}`;
    const w = labelWidth(text);
    reqs.push(
      request(text, kind, [
        { x: right - w - 2, y: top },
        { x: right - 2 * w - 8, y: top },
        { x: plot.x + 2, y: top },
      ]),
    );
  }
  // Merged refusals: their count above the mark.
  // (Rescues stay rings without a number: a dense view's counts would be noise.)
  for (const [marks, kind] of [[l.refusalMarks, 'refused']] as const) {
    for (const m of marks) {
      if (m.count < 2) continue;
      const text = `×${m.count}`;
      const w = labelWidth(text);
      reqs.push(
        request(text, kind, [
          { x: m.x - w / 2, y: m.top - 12 - LABEL_H - 1 },
          { x: m.x + 7, y: m.top - 12 },
          { x: m.x - 7 - w, y: m.top - 12 },
        ]),
      );
    }
  }
  // Values of the step lines and bands: at the start of each piece wide enough, threshold
  // above its line and ceiling below it (where the lines coincide the two do not meet).
  const lines = [
    ['threshold', l.thresholdSteps, l.thresholdBands, -LABEL_H - 1] as const,
    ['ceiling', l.ceilingSteps, l.ceilingBands, 2] as const,
  ];
  for (const [kind, steps, bands, dy] of lines) {
    for (const s of steps) {
      const a = Math.max(plot.x, s.x0);
      const b = Math.min(right, s.x1);
      const text = `${kind} ${s.value}`;
      const w = labelWidth(text);
      if (b - a < w + 8) continue;
      reqs.push(
        request(text, kind, [
          { x: a + 4, y: s.y + dy },
          { x: b - w - 4, y: s.y + dy },
          { x: a + 4, y: s.y - dy - LABEL_H + (dy < 0 ? LABEL_H : 0) },
        ]),
      );
    }
    for (const band of bands) {
      const a = Math.max(plot.x, band.x0);
      const b = Math.min(right, band.x1);
      const text = `${kind} ${band.lo}–${band.hi}`;
      const w = labelWidth(text);
      if (b - a < w + 8) continue;
      reqs.push(
        request(text, kind, [
          { x: a + 4, y: band.yHi - LABEL_H - 1 },
          { x: a + 4, y: band.yLo + 2 },
          { x: b - w - 4, y: band.yHi - LABEL_H - 1 },
        ]),
      );
    }
  }
  // What broke a run, at the top of its rule; one word per 60 px at most (a word on every rule
  // of a dense view says nothing the dashed rules do not).
  let last = -Infinity;
  for (const br of l.breaks) {
    if (br.x < plot.x || br.x > right || br.x - last < 60) continue;
    last = br.x;
    const text = br.kind === 'other-role' ? 'other' : br.kind;
    reqs.push(request(text, 'break', [{ x: br.x + 2, y: top }]));
  }
  return placeLabels(reqs, markBoxes(l), plot);
}
