/**
 * The advisory lanes as the page shows them: name and parameters. Apart from the runners, so
 * the page has them without the code that runs in the worker; the blind spot each one marks,
 * in words, is in ../laneWords.ts.
 */
import type { ZooLane } from '../types';

/** Answers that differ only by a clock, duration, counter or id. */
export const clockAnswersLane: ZooLane = {
  id: 'clock-answers',
  label: 'Clock-only changes',
  kind: 'advisory',
  params: [{ id: 'minRun', min: 2, max: 50, default: 3 }],
};

/** Batch cycles of period 2–5 repeated at least 3 times. */
export const cyclesLane: ZooLane = {
  id: 'cycles',
  label: 'Cycles (period ≥ 2)',
  kind: 'advisory',
  params: [
    { id: 'maxPeriod', min: 2, max: 10, default: 5 },
    { id: 'minCycles', min: 2, max: 20, default: 3 },
  ],
};

/** Same tool, slightly different arguments, same outcome. */
export const nearDuplicatesLane: ZooLane = {
  id: 'near-duplicates',
  label: 'Near-duplicate arguments',
  kind: 'advisory',
  params: [
    { id: 'maxEdit', min: 1, max: 40, default: 6 },
    { id: 'minRun', min: 2, max: 50, default: 3 },
    {
      id: 'sameAnswer',
      min: 0,
      max: 1,
      default: 1,
    },
  ],
};

/** Same tool, one numeric argument increasing call after call. */
export const pagingSweepsLane: ZooLane = {
  id: 'paging-sweeps',
  label: 'Paging sweeps',
  kind: 'advisory',
  params: [{ id: 'minCalls', min: 3, max: 100, default: 5 }],
};

/** Read-only batches repeated with identical answers. */
export const quietPollsLane: ZooLane = {
  id: 'quiet-polls',
  label: 'Quiet polls',
  kind: 'advisory',
  params: [{ id: 'minRepeats', min: 2, max: 50, default: 4 }],
};
