/**
 * Gemini CLI, tool-call tier of `LoopDetectionService`.
 *
 * Source: google-gemini/gemini-cli `packages/core/src/services/loopDetectionService.ts`
 * (@5411f113); docs/detector.md §14.4:
 * - key = name + ":" + JSON.stringify(args), keys NOT sorted (we use `argsJson`);
 * - every call (each call of a parallel batch separately) is appended to a history capped at 25;
 * - fires when the tail is a cycle of period k ∈ 1..5 repeated 5 times (TOOL_CALL_LOOP_THRESHOLD);
 * - the first detection injects a nudge and keeps the history, the next one halts the turn
 *   (`packages/core/src/core/client.ts`, `_recoverFromLoop`: `clearDetection` keeps the count);
 * - everything resets on a new user prompt (a new prompt id). The nudge itself reaches the
 *   history as a user-role message ("System: Potential loop detected. …") sent with the same
 *   prompt id, so it resets nothing here either.
 * The content-chanting and LLM tiers read streamed text / a model and are not replayed here.
 */
import { MarkSink, param, sameNameKey, tick } from '../marks';
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { geminiCliLane } from './lanes';

const PARAMS = geminiCliLane.params;

/** The shortest period k (1..maxPeriod) whose `repeats` copies end the history, or 0. */
function tailCyclePeriod<T>(
  hist: readonly T[],
  repeats: number,
  maxPeriod: number,
  same: (a: T, b: T) => boolean = (a, b) => a === b,
): number {
  for (let k = 1; k <= maxPeriod; k++) {
    const len = k * repeats;
    if (hist.length < len) continue;
    const start = hist.length - len;
    let ok = true;
    for (let i = k; i < len && ok; i++) ok = same(hist[start + i] as T, hist[start + (i % k)] as T);
    if (ok) return k;
  }
  return 0;
}

/** One call of the history: Gemini's key is `name + ":" + args`, compared without building it. */
interface HistoryEntry {
  readonly name: string;
  readonly args: string;
}

const sameEntry = (a: HistoryEntry, b: HistoryEntry): boolean =>
  sameNameKey(a.name, a.args, b.name, b.args);

/** How Gemini CLI's loop-recovery message begins; it is sent under the running prompt's id. */
const NUDGE = 'System: Potential loop detected.';

function run(steps: readonly ZooStep[], values: ZooParams) {
  const repeats = param(PARAMS, values, 'repeats');
  const maxPeriod = param(PARAMS, values, 'maxPeriod');
  const cap = param(PARAMS, values, 'historyCap');
  const sorted = param(PARAMS, values, 'sortKeys') === 1;
  const sink = new MarkSink();
  let hist: HistoryEntry[] = [];
  let detected = 0;
  for (const step of steps) {
    if (step.kind === 'user' && !step.text.startsWith(NUDGE)) {
      hist = [];
      detected = 0;
    }
    if (step.kind !== 'batch') continue;
    for (const c of step.calls) {
      hist.push({ name: c.name, args: sorted ? c.argsCanonical : c.argsJson });
      if (hist.length > cap) hist.shift();
      const k = tailCyclePeriod(hist, repeats, maxPeriod, sameEntry);
      if (k === 0) continue;
      detected++;
      const what =
        k === 1
          ? `${repeats} identical ${tick(c.name)} calls in a row`
          : `a period-${k} cycle of calls repeated ${repeats} times`;
      if (detected === 1) {
        sink.add(
          step,
          'warn',
          `Gemini CLI: ${what}; first detection injects a "potential loop" nudge`,
        );
      } else {
        sink.add(step, 'stop', `Gemini CLI: ${what} again after the nudge; the turn halts`);
      }
    }
  }
  return sink.marks();
}

/** Gemini CLI's deterministic tool-call tier. */
export const geminiCli: ZooDetector = { ...geminiCliLane, run };
