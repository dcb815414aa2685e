/**
 * Advisory: answers that changed only in a clock or counter, the reference's third stated
 * blind spot (docs/detector.md §12.3): a changed answer restarts the
 * strike count, so `finished in 0.31s` carries a mutating batch from 3 occurrences to 16.
 *
 * Within a run of one batch signature, flags each occurrence (from the `minRun`-th on) whose
 * raw answers differ from the previous occurrence's while the answers with timestamps,
 * durations, counters and ids normalised are identical: the reference counted it as
 * "answer changed". A different batch or a user/other non-assistant turn ends the run.
 */
import { answered, MarkSink, ordinal, param, sameAnswers, tick } from '../marks';
import type { ZooBatch, ZooDetector, ZooParams, ZooStep } from '../types';
import { clockAnswersLane } from './lanes';
import { normaliseVolatile } from './volatile';

const PARAMS = clockAnswersLane.params;

function run(steps: readonly ZooStep[], values: ZooParams) {
  const minRun = param(PARAMS, values, 'minRun');
  const sink = new MarkSink();
  let sig: string | null = null;
  let prevDone = false;
  let prevStep: ZooBatch | null = null;
  let total = 0;
  for (const step of steps) {
    if (step.kind === 'user' || step.kind === 'system') {
      sig = null;
      continue;
    }
    if (step.kind !== 'batch') continue;
    total = step.signature === sig ? total + 1 : 1;
    const done = answered(step);
    // Normalise only when it can matter: a repeat whose raw answers moved.
    const clockOnly =
      total > 1 &&
      done &&
      prevStep !== null &&
      prevDone &&
      !sameAnswers(step, prevStep) &&
      sameAnswers(step, prevStep, normaliseVolatile);
    sig = step.signature;
    prevDone = done;
    prevStep = step;
    if (!clockOnly || total < minRun) continue;
    const names = Array.from(new Set(step.calls.map((c) => tick(c.name)))).join(', ');
    sink.add(
      step,
      'advice',
      `Clock-only change: the ${ordinal(total)} ${names} batch in a row got answers that differ only in times, durations, counters or ids; the reference counted that as a changed answer`,
    );
  }
  return sink.marks();
}

/** Answers that differ only by a clock, duration, counter or id. */
export const clockAnswers: ZooDetector = { ...clockAnswersLane, run };
