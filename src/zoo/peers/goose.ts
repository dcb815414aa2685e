/**
 * Goose's `RepetitionInspector` (block/goose, now aaif-goose/goose).
 *
 * Source: aaif-goose/goose @37c043b9 `crates/goose/src/tool_monitor.rs`, its use in
 * `crates/goose/src/agents/agent.rs`, and `crates/goose/tests/repetition_inspector_tests.rs`;
 * docs/detector.md §14.4. Before each assistant message's calls run, the inspector looks at them
 * as one batch:
 * - REP-002: once the same tool failed with the same first 100 characters of error 3 times in
 *   a row, every call to that tool in the batch is denied and the count starts again (the
 *   agent adds a hint to change approach); any successful call resets it. Calls that ran
 *   record their outcome in order; denied calls record nothing.
 * - REP-001: `check_tool_call` denies the (N+1)th identical call in a row (arguments compared
 *   as `serde_json::Value`: key order free, `1.0` ≠ `1`). The agent builds the inspector with
 *   `max_repetitions` None, and `inspect` checks a copy whose state never advances, so in a run
 *   it never fires; parameter `maxRepetitions` replays `check_tool_call` as its own test does.
 * Nothing resets on a user turn: the inspector lives as long as the agent.
 */
import { MarkSink, flatCalls, ordinal, param, sameCall, tick, type FlatCall } from '../marks';
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { gooseLane } from './lanes';

const PARAMS = gooseLane.params;

/** The first 100 characters (Unicode scalar values, as Rust's `chars()`) of an error. */
function errorPrint(text: string): string {
  let out = '';
  let n = 0;
  for (const ch of text) {
    if (n++ === 100) break;
    out += ch;
  }
  return out;
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const maxRep = param(PARAMS, values, 'maxRepetitions');
  const errorRepeats = param(PARAMS, values, 'errorRepeats');
  const sink = new MarkSink();
  let last: FlatCall | null = null;
  let repeatCount = 0;
  let errTool: string | null = null;
  let errText: string | null = null;
  let errCount = 0;
  for (const step of steps) {
    if (step.kind !== 'batch') continue;
    const calls = flatCalls(step);
    const denied = new Set<number>();
    if (maxRep > 0) {
      for (const c of calls) {
        if (last !== null && sameCall(last, c)) {
          repeatCount++;
          if (repeatCount > maxRep) {
            denied.add(c.index);
            sink.add(
              step,
              'stop',
              `Goose: ${ordinal(repeatCount)} identical ${tick(c.name)} call in a row denied (REP-001, max_repetitions ${maxRep})`,
            );
            continue;
          }
        } else repeatCount = 1;
        last = c;
      }
    }
    if (errorRepeats > 0 && errCount >= errorRepeats) {
      for (const c of calls) {
        if (c.name !== errTool) continue;
        denied.add(c.index);
        sink.add(
          step,
          'stop',
          `Goose: ${tick(c.name)} denied: it returned the same error ${errCount} times in a row (REP-002); a hint to change approach is added`,
        );
      }
      errCount = 0;
    }
    for (const c of calls) {
      if (denied.has(c.index) || c.answer === null) continue;
      if (!c.error) {
        errTool = errText = null;
        errCount = 0;
        continue;
      }
      const text = errorPrint(c.answer);
      errCount = errTool === c.name && errText === text ? errCount + 1 : 1;
      errTool = c.name;
      errText = text;
    }
  }
  return sink.marks();
}

/** Goose: the repeated-error fingerprint (on) and `max_repetitions` (never set by the agent). */
export const goose: ZooDetector = { ...gooseLane, run };
