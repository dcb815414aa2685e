/**
 * The zoo's lanes as the page lists them, in display order: peers first (documented behaviour
 * of other projects' detectors, plus the reference's own older session-wide tally), then the
 * advisory lanes for the reference's blind spots. Words and parameters only: the runners
 * (`registry.ts`) run in the worker, and the page never loads them.
 */
import {
  clockAnswersLane,
  cyclesLane,
  nearDuplicatesLane,
  pagingSweepsLane,
  quietPollsLane,
} from './advisory/lanes';
import {
  clineLane,
  geminiCliLane,
  gooseLane,
  openClawLane,
  openHandsLane,
  qwenCodeLane,
  rooCodeLane,
  sessionTallyLane,
} from './peers/lanes';
import type { ZooLane } from './types';

/** Every lane, peers first, then the advisory lanes. */
export const ZOO_LANES: readonly ZooLane[] = [
  geminiCliLane,
  openHandsLane,
  clineLane,
  rooCodeLane,
  gooseLane,
  openClawLane,
  qwenCodeLane,
  sessionTallyLane,
  cyclesLane,
  quietPollsLane,
  clockAnswersLane,
  nearDuplicatesLane,
  pagingSweepsLane,
];

/** The default value of every parameter of a lane. */
export function defaultZooParams(d: ZooLane): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of d.params) out[p.id] = p.default;
  return out;
}
