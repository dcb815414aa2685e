/**
 * Where a freshly loaded transcript opens: on the point of it. The first refusal, else the
 * strongest finding of the detector lanes (the loops the reference lets through), else the
 * first batch, so the details panel always explains something.
 */
import type { Report } from '../detector/index';
import type { ZooResult } from '../zoo/index';
import { ZOO_LANES } from '../zoo/lanes';
import { strongestFinding } from '../zoo/strongest';

/** The batch to select when `report` first shows; `results` are its lanes, null until known. */
export function landingBatch(
  report: Pick<Report, 'firstRefusal' | 'batches'>,
  results: readonly ZooResult[] | null,
): number | null {
  if (report.firstRefusal != null) return report.firstRefusal.batchIndex;
  const finding = results === null ? null : strongestFinding(results, ZOO_LANES);
  if (finding !== null && finding.mark.batchIndex < report.batches.length) {
    return finding.mark.batchIndex;
  }
  return report.batches.length > 0 ? 0 : null;
}
