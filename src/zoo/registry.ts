/**
 * The zoo's lanes in display order, and running them over one transcript.
 *
 * Peers first (documented behaviour of other projects' detectors, plus the reference's own
 * older session-wide tally), then the advisory lanes for the reference's blind spots.
 */
import { clockAnswers } from './advisory/clockAnswers';
import { cycles } from './advisory/cycles';
import { nearDuplicates } from './advisory/nearDuplicates';
import { pagingSweeps } from './advisory/pagingSweeps';
import { quietPolls } from './advisory/quietPolls';
import { cline } from './peers/cline';
import { geminiCli } from './peers/geminiCli';
import { goose } from './peers/goose';
import { openClaw } from './peers/openClaw';
import { openHands } from './peers/openHands';
import { qwenCode } from './peers/qwenCode';
import { rooCode } from './peers/rooCode';
import { sessionTally } from './peers/sessionTally';
import type { ZooDetector, ZooMark, ZooParams, ZooStep } from './types';

export { compareZoo, type ZooComparison } from './compare';

/** Every lane, peers first, then the advisory lanes. */
export const ZOO_DETECTORS: readonly ZooDetector[] = Object.freeze([
  geminiCli,
  openHands,
  cline,
  rooCode,
  goose,
  openClaw,
  qwenCode,
  sessionTally,
  cycles,
  quietPolls,
  clockAnswers,
  nearDuplicates,
  pagingSweeps,
]);

/** One lane's outcome over a transcript. */
export interface ZooResult {
  readonly id: string;
  readonly marks: readonly ZooMark[];
  /** The batch index of the first `stop` mark, or null. */
  readonly firstStop: number | null;
  /** How many `warn` and `advice` marks the lane placed. */
  readonly warnings: number;
}

/** The default value of every parameter of a detector. */
export function defaultZooParams(d: ZooDetector): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of d.params) out[p.id] = p.default;
  return out;
}

/**
 * Runs every lane (or the given ones) over the steps. `paramsById` overrides parameters per
 * detector id; missing values take their defaults and values are clamped to their ranges.
 */
export function runZoo(
  steps: readonly ZooStep[],
  paramsById: Readonly<Record<string, ZooParams>> = {},
  detectors: readonly ZooDetector[] = ZOO_DETECTORS,
): ZooResult[] {
  return detectors.map((d) => runLane(d, steps, paramsById));
}

/** One lane of `runZoo` (a worker runs them one at a time, answering other requests between). */
export function runLane(
  d: ZooDetector,
  steps: readonly ZooStep[],
  paramsById: Readonly<Record<string, ZooParams>> = {},
): ZooResult {
  const marks = d.run(steps, { ...defaultZooParams(d), ...(paramsById[d.id] ?? {}) });
  const stop = marks.find((m) => m.level === 'stop');
  return {
    id: d.id,
    marks,
    firstStop: stop === undefined ? null : stop.batchIndex,
    warnings: marks.filter((m) => m.level !== 'stop').length,
  };
}
