/**
 * The advisory lanes as the page shows them: name, the blind spot each one marks, and its
 * parameters. Apart from the runners, so the page has the words without the code that runs
 * in the worker.
 */
import type { ZooLane } from '../types';

/** Answers that differ only by a clock, duration, counter or id. */
export const clockAnswersLane: ZooLane = {
  id: 'clock-answers',
  label: 'Clock-only changes',
  kind: 'advisory',
  description:
    'A repeated batch whose answers differ only in timestamps, durations (0.31s, 12ms), counters or ids: the reference treats that as progress and lets it run to 16.',
  params: [
    { id: 'minRun', label: 'Occurrences in the run before flagging', min: 2, max: 50, default: 3 },
  ],
};

/** Batch cycles of period 2–5 repeated at least 3 times. */
export const cyclesLane: ZooLane = {
  id: 'cycles',
  label: 'Cycles (period ≥ 2)',
  kind: 'advisory',
  description:
    'Batch signatures repeating with period 2–5 for at least 3 cycles (A,B,A,B,A,B or A,A,B ×3): the reference never catches these.',
  params: [
    { id: 'maxPeriod', label: 'Longest period', min: 2, max: 10, default: 5 },
    { id: 'minCycles', label: 'Repetitions of the cycle', min: 2, max: 20, default: 3 },
  ],
};

/** Same tool, slightly different arguments, same outcome. */
export const nearDuplicatesLane: ZooLane = {
  id: 'near-duplicates',
  label: 'Near-duplicate arguments',
  kind: 'advisory',
  description:
    'The same tool called with arguments that differ in one field or a few characters, getting the same answer each time: a retry loop that exact signatures miss.',
  params: [
    { id: 'maxEdit', label: 'Largest edit distance of the arguments', min: 1, max: 40, default: 6 },
    { id: 'minRun', label: 'Calls in a near-duplicate chain', min: 2, max: 50, default: 3 },
    {
      id: 'sameAnswer',
      label: 'Require the same (normalised) answer (1 = on)',
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
  description:
    'The same tool called again and again with one numeric argument (offset, page, line) going up: a sweep no repeat detector counts.',
  params: [{ id: 'minCalls', label: 'Calls in a sweep', min: 3, max: 100, default: 5 }],
};

/** Read-only batches repeated with identical answers. */
export const quietPollsLane: ZooLane = {
  id: 'quiet-polls',
  label: 'Quiet polls',
  kind: 'advisory',
  description:
    'A read-only-looking batch repeated with an unchanged answer N times in a row: a wait the reference treats as a loop (refused at 16).',
  params: [{ id: 'minRepeats', label: 'Identical answers in a row', min: 2, max: 50, default: 4 }],
};
