// Pixel → batch. A batch owns its whole slot [i, i+1), gap included, so the pointer never falls
// "between" bars and the tooltip does not flicker. When a pixel holds several batches, it answers
// the one a person most likely wants: the first refusal, else the first refused batch, else the
// tallest (the one whose colour the pixel shows). O(1): the pyramid already knows all three.
import type { Layout } from './layout';
import type { TimelineModel } from './model';
import { pxToIndex } from './scale';

/** Height below the plot still counted as the column (the marker lane under the baseline). */
export const MARKER_LANE = 14;

/** The batch under (x, y) in canvas CSS pixels, or null outside the plot or past the transcript. */
export function hitTest(
  layout: Layout,
  model: TimelineModel,
  x: number,
  y?: number,
): number | null {
  const { plot } = layout;
  if (x < plot.x || x >= plot.x + plot.w) return null;
  if (y !== undefined && (y < 0 || y > plot.y + plot.h + MARKER_LANE)) return null;
  const i = Math.floor(pxToIndex(layout.scale, x));
  if (i < 0 || i >= model.n) return null;
  if (layout.blockSize === 1) return i;
  return representative(model, layout.level, Math.floor(i / layout.blockSize));
}

/** The batch that stands for an aggregated block (see the file comment for the order). */
export function representative(model: TimelineModel, level: number, block: number): number {
  const lv = model.levels[level];
  if (lv === undefined) return 0;
  const bs = 2 ** level;
  const first = block * bs;
  const fr = model.firstRefusal;
  if (fr !== null && fr >= first && fr < first + bs) return fr;
  const refused = lv.firstRefused[block] ?? -1;
  if (refused >= 0) return refused;
  return lv.argMax[block] ?? first;
}
