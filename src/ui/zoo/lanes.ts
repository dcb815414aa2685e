/** Which zoo lanes the timeline draws, in the zoo's order (pure, for the component and tests). */
import { ZOO_DETECTORS, type ZooResult } from '../../detector/zoo/index';
import type { LaneInput } from '../timeline/lanes';

/** The lanes to draw: every detector with a result, minus the hidden ones. */
export function visibleLanes(
  results: readonly ZooResult[] | null,
  visible: boolean,
  hidden: readonly string[],
): LaneInput[] {
  if (!visible || results === null) return [];
  const byId = new Map(results.map((r) => [r.id, r]));
  const out: LaneInput[] = [];
  for (const d of ZOO_DETECTORS) {
    const r = byId.get(d.id);
    if (r === undefined || hidden.includes(d.id)) continue;
    out.push({ id: d.id, label: d.label, kind: d.kind, marks: r.marks });
  }
  return out;
}
