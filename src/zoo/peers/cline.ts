/**
 * Cline's repeated-tool-call tracker.
 *
 * Source: cline/cline `sdk/packages/core/src/runtime/safety/loop-detection.ts`,
 * `sdk/packages/core/src/runtime/orchestration/session-runtime-orchestrator.ts` and
 * `apps/cli/src/runtime/defaults.ts` (@21cb8d25, SDK release v0.0.78); docs/detector.md §14.4:
 * - signature = `JSON.stringify` of the input with recursively sorted keys (numbers by value:
 *   `argsJsSorted`), compared with the previous call only (same name AND signature); the count
 *   resets to 1 on any difference;
 * - soft warning at exactly 3 (`softThreshold`, a recovery notice appended as a user message),
 *   hard stop at ≥ 5 (`hardThreshold`); the agent core leaves it off, the CLI turns it on;
 * - it resets on clearHistory/restore only (a fresh conversation), so user turns, the notice
 *   and `continue` do not reset it.
 * The VS Code extension's rule (#9933, f3a3f30d) left the volatile `task_progress` parameter
 * out of the signature and reset when the user answered "continue" after the stop; the
 * `extension` parameter replays that.
 */
import { isJsonObject } from '../../json/index';
import { jsSortedJson } from '../jsJson';
import { MarkSink, ordinal, param, tick } from '../marks';
import type { ZooCall, ZooDetector, ZooParams, ZooStep } from '../types';
import { clineLane } from './lanes';

const PARAMS = clineLane.params;

/** The call's signature without the volatile `task_progress` argument (the extension's). */
function withoutTaskProgress(c: ZooCall): string {
  // A top-level key always appears quoted and followed by ':' in the sorted print.
  if (!c.argsJsSorted.includes('"task_progress":')) return c.argsJsSorted;
  if (!isJsonObject(c.args) || !c.args.has('task_progress')) return c.argsJsSorted;
  const copy = new Map(c.args);
  copy.delete('task_progress');
  return jsSortedJson(copy, true);
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const soft = param(PARAMS, values, 'soft');
  const hard = param(PARAMS, values, 'hard');
  const extension = param(PARAMS, values, 'extension') === 1;
  const sink = new MarkSink();
  let prev: string | null = null;
  let n = 0;
  let stopped = false;
  for (const step of steps) {
    if (step.kind === 'user' && extension && stopped) {
      prev = null;
      n = 0;
      stopped = false;
    }
    if (step.kind !== 'batch') continue;
    for (const c of step.calls) {
      const sig = c.name + '\u0000' + (extension ? withoutTaskProgress(c) : c.argsJsSorted);
      n = sig === prev ? n + 1 : 1;
      prev = sig;
      if (n >= hard) {
        stopped = true;
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
export const cline: ZooDetector = { ...clineLane, run };
