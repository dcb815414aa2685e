/**
 * Cline's repeated-tool-call tracker.
 *
 * Source: cline/cline `sdk/packages/core/src/runtime/safety/loop-detection.ts` and
 * `apps/cli/src/runtime/defaults.ts` (@21cb8d25); docs/detector.md §14.4:
 * - signature = JSON with recursively sorted keys, compared with the previous call only
 *   (same name AND signature); the count resets to 1 on any difference;
 * - soft warning at exactly 3 (`softThreshold`), hard stop at ≥ 5 (`hardThreshold`);
 * - the volatile `task_progress` parameter is left out of the signature;
 * - it resets on clearHistory/restore only, so user turns do not reset it.
 * Newer Cline versions also reset on a changed output and add an absolute limit of 4× the
 * hard threshold; the documented (older) rule is what is replayed here.
 */
import { canonicalArgs } from '../../detector/index';
import { isJsonObject } from '../../json/index';
import { MarkSink, ordinal, param, tick } from '../marks';
import type { ParamSpec, ZooCall, ZooDetector, ZooParams, ZooStep } from '../types';

const PARAMS: readonly ParamSpec[] = [
  { id: 'soft', label: 'Soft warning at (softThreshold)', min: 1, max: 20, default: 3 },
  { id: 'hard', label: 'Hard stop at (hardThreshold)', min: 1, max: 50, default: 5 },
];

/** The call's signature without the volatile `task_progress` argument. */
function clineSignature(c: ZooCall): string {
  // Exact pre-check: a top-level key always appears quoted, followed by ':', in the canonical
  // text (it has nothing to escape). Most calls lack it and so never need their parsed args.
  if (!c.argsCanonical.includes('"task_progress":')) return c.argsCanonical;
  if (!isJsonObject(c.args) || !c.args.has('task_progress')) return c.argsCanonical;
  const copy = new Map(c.args);
  copy.delete('task_progress');
  return canonicalArgs(copy);
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const soft = param(PARAMS, values, 'soft');
  const hard = param(PARAMS, values, 'hard');
  const sink = new MarkSink();
  let prev: string | null = null;
  let n = 0;
  for (const step of steps) {
    if (step.kind !== 'batch') continue;
    for (const c of step.calls) {
      const sig = c.name + '\u0000' + clineSignature(c);
      n = sig === prev ? n + 1 : 1;
      prev = sig;
      if (n >= hard) {
        sink.add(
          step,
          'stop',
          `Cline: ${ordinal(n)} consecutive identical ${tick(c.name)} call (hard limit ${hard})`,
        );
      } else if (n === soft) {
        sink.add(
          step,
          'warn',
          `Cline: ${ordinal(n)} consecutive identical ${tick(c.name)} call (soft limit ${soft})`,
        );
      }
    }
  }
  return sink.marks();
}

/** Cline: consecutive identical calls, soft at 3, hard at 5. */
export const cline: ZooDetector = {
  id: 'cline',
  label: 'Cline',
  kind: 'peer',
  description:
    'Consecutive identical calls (sorted keys, task_progress ignored): a warning at exactly 3, a stop from 5. User turns do not reset it.',
  params: PARAMS,
  run,
};
