/**
 * Goose's `RepetitionInspector` (block/goose, now aaif-goose/goose).
 *
 * Source: `crates/goose/src/tool_monitor.rs` and `repetition_inspector_tests.rs`;
 * docs/detector.md §14.4:
 * - key = tool name + arguments compared as `serde_json::Value` (key order does not matter),
 *   consecutively; a call is denied when `repeat_count > max_repetitions`, i.e. the (N+1)th
 *   identical call in a row;
 * - `max_repetitions` is None (off) by default (`--max-tool-repetitions N`): here 0;
 * - error fingerprint: the same tool and the first 100 characters of its error 3 times in a
 *   row deny the next call to that tool (REP-002); any success resets it.
 */
import { MarkSink, flatCalls, ordinal, param, sameCall, tick, type FlatCall } from '../marks';
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { gooseLane } from './lanes';

const PARAMS = gooseLane.params;

function run(steps: readonly ZooStep[], values: ZooParams) {
  const maxRep = param(PARAMS, values, 'maxRepetitions');
  const errorRepeats = param(PARAMS, values, 'errorRepeats');
  const sink = new MarkSink();
  let prev: FlatCall | null = null;
  let repeatCount = 0;
  let errTool: string | null = null;
  let errPrint: string | null = null;
  let errCount = 0;
  for (const step of steps) {
    if (step.kind !== 'batch') continue;
    for (const c of flatCalls(step)) {
      repeatCount = prev !== null && sameCall(prev, c) ? repeatCount + 1 : 1;
      prev = c;
      if (maxRep > 0 && repeatCount > maxRep) {
        sink.add(
          step,
          'stop',
          `Goose: ${ordinal(repeatCount)} identical ${tick(c.name)} call in a row denied (max_repetitions ${maxRep})`,
        );
      }
      if (errorRepeats > 0 && errCount >= errorRepeats && errTool === c.name) {
        sink.add(
          step,
          'stop',
          `Goose: ${tick(c.name)} denied after the same error ${errCount} times in a row (REP-002)`,
        );
      }
      if (c.answer === null) continue;
      if (!c.error) {
        errTool = errPrint = null;
        errCount = 0;
        continue;
      }
      const print = c.answer.slice(0, 100);
      errCount = errTool === c.name && errPrint === print ? errCount + 1 : 1;
      errTool = c.name;
      errPrint = print;
    }
  }
  return sink.marks();
}

/** Goose: `max_repetitions` (off by default) and the repeated-error fingerprint. */
export const goose: ZooDetector = { ...gooseLane, run };
