/**
 * Advisory: quiet polls, the reference's second stated blind spot (docs/detector.md
 * §12.2): a read-only batch repeated with identical answers is a
 * loop by the reference's definition, so an agent watching a silent compile is refused at the
 * observation ceiling (16) although it may only be waiting.
 *
 * Flags each occurrence from the `minRepeats`-th of a run of one read-only-looking batch whose
 * answers stayed the same. A different batch, a changed answer, an unanswered occurrence or a
 * user/other non-assistant turn ends the quiet run.
 */
import { answered, MarkSink, ordinal, param, sameAnswers, tick } from '../marks';
import type { ZooBatch, ZooDetector, ZooParams, ZooStep } from '../types';
import { quietPollsLane } from './lanes';
import { looksReadOnly } from './readOnly';

const PARAMS = quietPollsLane.params;

function run(steps: readonly ZooStep[], values: ZooParams) {
  const minRepeats = param(PARAMS, values, 'minRepeats');
  const sink = new MarkSink();
  let sig: string | null = null;
  let prev: ZooBatch | null = null;
  let quiet = 0;
  for (const step of steps) {
    if (step.kind === 'user' || step.kind === 'system') {
      sig = null;
      continue;
    }
    if (step.kind !== 'batch') continue;
    if (!answered(step) || !step.calls.every(looksReadOnly)) {
      sig = null;
      continue;
    }
    quiet = step.signature === sig && prev !== null && sameAnswers(step, prev) ? quiet + 1 : 1;
    sig = step.signature;
    prev = step;
    if (quiet < minRepeats) continue;
    const names = Array.from(new Set(step.calls.map((c) => tick(c.name)))).join(', ');
    sink.add(
      step,
      'advice',
      `Quiet poll: ${ordinal(quiet)} read-only ${names} batch in a row with the same answer; waiting or stuck, the reference cannot tell`,
    );
  }
  return sink.marks();
}

/** Read-only batches repeated with identical answers. */
export const quietPolls: ZooDetector = { ...quietPollsLane, run };
