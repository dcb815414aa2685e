/**
 * Roo Code's `ToolRepetitionDetector`.
 *
 * Source: RooCodeInc/Roo-Code `src/core/tools/ToolRepetitionDetector.ts` (@cb836567);
 * docs/detector.md §14.4:
 * - `{name, params}` serialised with sorted keys (`safe-stable-stringify`: numbers by value,
 *   as `argsJsSorted`), compared with the previous call;
 * - the counter starts at 0 and counts repeats, so with the default limit 3 (shared with
 *   `consecutiveMistakeLimit`; 0 = unlimited) the 4th identical consecutive call is blocked;
 * - on a block the state is cleared (the count and the previous call) and the user is asked.
 * The browser-scroll exemption is gone with browser support and is not modelled.
 */
import { MarkSink, ordinal, param, sameJsCall, tick } from '../marks';
import type { ZooCall, ZooDetector, ZooParams, ZooStep } from '../types';
import { rooCodeLane } from './lanes';

const PARAMS = rooCodeLane.params;

function run(steps: readonly ZooStep[], values: ZooParams) {
  const limit = param(PARAMS, values, 'limit');
  const sink = new MarkSink();
  let prev: ZooCall | null = null;
  let count = 0;
  for (const step of steps) {
    if (step.kind !== 'batch') continue;
    for (const c of step.calls) {
      if (prev !== null && sameJsCall(prev, c)) {
        count++;
      } else {
        count = 0;
        prev = c;
      }
      if (limit > 0 && count >= limit) {
        sink.add(
          step,
          'stop',
          `Roo Code: ${ordinal(count + 1)} identical ${tick(c.name)} call in a row blocked (limit ${limit}); asks the user`,
        );
        count = 0;
        prev = null;
      }
    }
  }
  return sink.marks();
}

/** Roo Code: blocks the (limit+1)th consecutive identical call, then starts over. */
export const rooCode: ZooDetector = { ...rooCodeLane, run };
