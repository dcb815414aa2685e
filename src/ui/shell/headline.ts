/**
 * The header's headline for a loop the reference lets through: nothing is refused, but a
 * detector lane fires. One line: what fired, where, and why the reference does not count it.
 */
import type { Report } from '../../detector/index';
import { strongestFinding, type ZooDetector, type ZooResult } from '../../zoo/index';

export interface Headline {
  readonly batchIndex: number;
  readonly text: string;
}

/** The headline, or null when something is refused or no lane fires. */
export function findingHeadline(
  report: Pick<Report, 'firstRefusal' | 'batches'>,
  results: readonly ZooResult[] | null,
  detectors: readonly ZooDetector[],
): Headline | null {
  if (report.firstRefusal !== null || results === null) return null;
  const f = strongestFinding(results, detectors);
  if (f === null) return null;
  const b = report.batches[f.mark.batchIndex];
  if (b === undefined) return null;
  const what =
    f.detector.kind === 'peer' && f.mark.level === 'stop'
      ? `${f.detector.label} would stop this loop at #${b.index}`
      : `${f.detector.label} flags a loop at #${b.index}`;
  // The reference only counts one batch repeated back to back (with the same answers).
  const why = `it counts only back-to-back repeats of one batch, and there the count is ${b.count} against threshold ${b.threshold}`;
  return {
    batchIndex: b.index,
    text: `Not refused, but ${what}: the reference lets it through, as ${why}.`,
  };
}
