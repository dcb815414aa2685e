/**
 * The reference's own older rule: a session-wide tally of batch signatures.
 *
 * Source: docs/detector.md §13 and §14.3, and §7.4 for the scan that stops at the first trip.
 * A signature's count ran over the whole session and was never reset, neither by a different
 * signature nor by a user turn; a batch was refused once its signature had occurred
 * more than `max_repeated_batch_steps` (2) times anywhere, or `max_observation_steps` (15) for
 * an all-read-only batch. Because an agentic client replays the whole history every turn and
 * the scan stops at the first trip, every later request of the conversation was refused too:
 * "a session-wide tally made any long conversation terminal". Run, edit, run, edit, run is
 * refused on the third run. This lane marks the first trip and every batch after it.
 */
import { DEFAULT_OBSERVATION_TOOLS, isObservationBatch } from '../../detector/index';
import { MarkSink, ordinal, param, tick } from '../marks';
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { sessionTallyLane } from './lanes';

const PARAMS = sessionTallyLane.params;

function run(steps: readonly ZooStep[], values: ZooParams) {
  const maxRepeated = param(PARAMS, values, 'maxRepeated');
  const maxObservation = param(PARAMS, values, 'maxObservation');
  const sink = new MarkSink();
  const tally = new Map<string, number>();
  let trip: { batchIndex: number } | null = null;
  for (const step of steps) {
    if (step.kind !== 'batch') continue;
    if (trip !== null) {
      sink.add(
        step,
        'stop',
        `Session tally: still refused, the replayed history holds the trip at batch ${trip.batchIndex}`,
      );
      continue;
    }
    const n = (tally.get(step.signature) ?? 0) + 1;
    tally.set(step.signature, n);
    const observation =
      maxObservation > 0 && isObservationBatch(step.calls, DEFAULT_OBSERVATION_TOOLS);
    const limit = observation ? maxObservation : maxRepeated;
    if (n > limit) {
      trip = { batchIndex: step.batchIndex };
      const names = Array.from(new Set(step.calls.map((c) => tick(c.name)))).join(', ');
      sink.add(
        step,
        'stop',
        `Session tally: ${ordinal(n)} ${names} batch anywhere in the session (limit ${limit}); every later request is refused`,
      );
    }
  }
  return sink.marks();
}

/** The reference's older session-wide tally, which made long conversations terminal. */
export const sessionTally: ZooDetector = { ...sessionTallyLane, run };
