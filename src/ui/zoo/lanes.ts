/** Which zoo lanes the timeline draws, in the zoo's order (pure, for the component and tests). */
import type { ZooLane, ZooResult } from '../../zoo/index';
import { ZOO_LANES } from '../../zoo/lanes';
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
  for (const d of ZOO_LANES) {
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

/** How many lanes the folded summary names before "+N more". */
const SUMMARY_ITEMS = 3;

/**
 * The folded lanes in one line: "Cycles (period ≥ 2): 1 finding · Gemini CLI: would stop at
 * #7". Advisory lanes first (the loops the reference never counts), then peers that would stop.
 */
export function foldedLanesSummary(
  results: readonly ZooResult[] | null,
  detectors: readonly ZooLane[] = ZOO_LANES,
): string {
  if (results === null) return 'running the detector zoo…';
  const byId = new Map(results.map((r) => [r.id, r]));
  const items: string[] = [];
  for (const kind of ['advisory', 'peer'] as const) {
    for (const d of detectors) {
      const r = byId.get(d.id);
      if (d.kind !== kind || r === undefined || r.marks.length === 0) continue;
      const n = r.marks.length;
      items.push(
        d.kind === 'peer' && r.firstStop !== null
          ? `${d.label}: would stop at #${r.firstStop}`
          : `${d.label}: ${n} ${n === 1 ? 'finding' : 'findings'}`,
      );
    }
  }
  if (items.length === 0) return 'no lane fires on this transcript';
  const shown = items.slice(0, SUMMARY_ITEMS).join(' · ');
  return items.length > SUMMARY_ITEMS ? `${shown} · +${items.length - SUMMARY_ITEMS} more` : shown;
}
