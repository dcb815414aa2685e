/**
 * The zoo's runners in display order (`lanes.ts`, the same order, is what the page reads), and
 * running them over one transcript.
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
import { defaultZooParams } from './lanes';
import type { ZooDetector, ZooParams, ZooResult, ZooStep } from './types';

export type { ZooResult };

export { compareZoo, type ZooComparison } from './compare';

/** Every lane with its runner, in the order of `ZOO_LANES`. */
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
