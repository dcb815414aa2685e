/**
 * The zoo finding to show first when the reference refuses nothing: the strongest mark of
 * any lane (a stop over a warning over an advice), the earliest batch among equals, and a
 * peer before an advisory lane at the same batch (a documented detector is the firmer claim).
 */
import type { ZooLane, ZooLevel, ZooMark, ZooResult } from './types';

const RANK: Record<ZooLevel, number> = { stop: 3, warn: 2, advice: 1 };

/** One mark with the detector that placed it. */
export interface ZooFinding {
  readonly detector: ZooLane;
  readonly mark: ZooMark;
}

/** The strongest finding over `results` (in `detectors` order), or null when no lane fired. */
export function strongestFinding(
  results: readonly ZooResult[],
  detectors: readonly ZooLane[],
): ZooFinding | null {
  let best: ZooFinding | null = null;
  for (const d of detectors) {
    const r = results.find((x) => x.id === d.id);
    for (const mark of r?.marks ?? []) {
      if (best === null || better(mark, d, best)) best = { detector: d, mark };
    }
  }
  return best;
}

function better(mark: ZooMark, d: ZooLane, best: ZooFinding): boolean {
  const rank = RANK[mark.level] - RANK[best.mark.level];
  if (rank !== 0) return rank > 0;
  if (mark.batchIndex !== best.mark.batchIndex) return mark.batchIndex < best.mark.batchIndex;
  return d.kind === 'peer' && best.detector.kind === 'advisory';
}
