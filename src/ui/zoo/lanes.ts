/** Which zoo lanes the timeline draws, in the zoo's order (pure, for the component and tests). */
import { ZOO_DETECTORS, type ZooResult } from '../../detector/zoo/index';
import type { LaneInput } from '../timeline/lanes';

/**
 * The lanes to draw: every detector with a result, minus the hidden ones. While the results
 * are `pending` (the worker is computing them), the same rows without marks: the timeline
 * keeps its size from the load to the lanes' arrival, so neither moves the page nor clears
 * and reallocates its canvases (a resize did both, in the frame that painted 100k batches).
 */
export function visibleLanes(
  results: readonly ZooResult[] | null,
  visible: boolean,
  hidden: readonly string[],
  pending = false,
): LaneInput[] {
  if (!visible || (results === null && !pending)) return [];
  const byId = results === null ? null : new Map(results.map((r) => [r.id, r]));
  const out: LaneInput[] = [];
  for (const d of ZOO_DETECTORS) {
    if (hidden.includes(d.id)) continue;
    const base = { id: d.id, label: d.label, kind: d.kind };
    if (byId === null) {
      out.push({ ...base, marks: [], pending: true });
      continue;
    }
    const r = byId.get(d.id);
    if (r !== undefined) out.push({ ...base, marks: r.marks });
  }
  return out;
}
