/**
 * Plain-language sentences about one batch, derived from the report (never stored in it):
 * one for the details panel and tooltips, one for the CLI summary.
 */
import { observationPatternFor } from './classify';
import type { BatchReport, ReportConfig } from './report';

function ordinal(n: number): string {
  const mod100 = n % 100;
  const suffix = mod100 >= 11 && mod100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return String(n) + suffix;
}

/** The batch's distinct tool names, in backticks, joined with ` + `. */
function batchNames(b: Pick<BatchReport, 'calls'>): string {
  const names = Array.from(new Set(b.calls.map((c) => c.name)));
  return names.map((n) => '`' + n + '`').join(' + ');
}

function thresholdName(b: BatchReport): string {
  return b.observation ? 'observation threshold' : 'strike threshold';
}

/** Why the batch got its threshold: which call is not read-only, or that all are. */
function classification(b: BatchReport, config: ReportConfig): string {
  if (b.observation) {
    return b.exempt
      ? 'every call matches an observation pattern and none is costly, so the ceiling is waived'
      : b.costly
        ? 'every call matches an observation pattern, but the batch is costly'
        : 'every call matches an observation pattern';
  }
  if (config.observationTools.length === 0) return 'the observation pattern list is empty';
  const miss = b.calls.find((c) => observationPatternFor(c.name, config.observationTools) === null);
  return miss ? '`' + miss.name + '` matches no observation pattern' : 'the batch is not read-only';
}

/**
 * One sentence: "Refused: count 3 exceeds the strike threshold 2; `write_file` matches no
 * observation pattern", or a "Rescued: …" / "Passed: …" counterpart.
 */
export function explainBatch(b: BatchReport, config: ReportConfig): string {
  const why = classification(b, config);
  if (b.refused && b.reason === 'strikes') {
    return `Refused: count ${b.count} exceeds the ${thresholdName(b)} ${b.threshold}; ${why}${b.outcome === 'answer-changed' ? `. ${LATE_RESCUE}` : ''}`;
  }
  if (b.refused) {
    return `Refused: total ${b.total} exceeds the ceiling ${b.ceiling} although the answers changed; ${why}`;
  }
  if (b.rescued) {
    return `Rescued: total ${b.total} exceeds the ${thresholdName(b)} ${b.threshold}, but the answers changed, so the count is only ${b.count}; ${why}`;
  }
  return `Passed: count ${b.count} is within the ${thresholdName(b)} ${b.threshold}; ${why}`;
}

/** Why a refused batch whose answers changed was refused anyway (docs/detector.md §6.3). */
export const LATE_RESCUE =
  'Its answers changed, but the reference checks a batch before its answers are known, so the change resets the count only from the next occurrence on: the rescue comes a turn late';

/** How a refused batch's own answers compared with the previous occurrence's. */
function answersPhrase(b: BatchReport): string {
  switch (b.outcome) {
    case 'answer-repeated':
      return 'with the same answer';
    case 'answer-changed':
      return 'although its answer changed (checked before the answer was known: the rescue comes a turn late)';
    case 'not-comparable':
      return b.answersKnown
        ? 'whose answers could not be compared with the previous ones'
        : 'whose answers could not be joined';
    case 'not-the-current-run':
      return 'whose answers were not compared';
  }
}

/**
 * The CLI's summary of a refusal: "refused: 3rd identical `write_file` batch with the same
 * answer; strike threshold 2".
 */
export function describeRefusal(b: BatchReport): string {
  const names = batchNames(b);
  if (b.reason === 'ceiling') {
    return `refused: ${ordinal(b.total)} identical ${names} batch in a row, answers changing; ceiling ${b.ceiling}`;
  }
  return `refused: ${ordinal(b.count)} identical ${names} batch ${answersPhrase(b)}; ${thresholdName(b)} ${b.threshold}`;
}

/**
 * Where a batch stands in its run, as a person counts it: "the 8th `get_build_status` in a
 * row" (`total`, all occurrences of the run so far); null for the first of a run. For the
 * details, the table and the headline, beside the batch number.
 */
export function runPosition(b: Pick<BatchReport, 'total' | 'calls'>): string | null {
  if (b.total < 2) return null;
  return `the ${ordinal(b.total)} ${batchNames(b)} in a row`;
}
