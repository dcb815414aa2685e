/**
 * Qwen Code's `LoopDetectionService` (a Gemini CLI fork with the largest rule set).
 *
 * Source: QwenLM/qwen-code `packages/core/src/services/loopDetectionService.ts` (@00aa71b4),
 * key from `utils/tool-call-repeat-key.ts` (sorted keys); docs/detector.md §14.4.
 * Always on: 5 consecutive identical calls; 8 consecutive shell overview commands (every
 * `&&`/`;`/`|` segment a `git status|diff|ls-files`); more than 100 calls in a turn when some
 * call repeated ≥ 6 times, or more than 1000 (100×10) in any case.
 * Heuristic tier (`skipLoopDetection` defaults to true, so it is opt-in; param `heuristics`):
 * the same call 6× anywhere in the turn; a window of 6 alternating between two keys; ≥ 8 of the
 * last 15 calls read-like once a non-read tool has run (cold-start exemption); the same tool
 * name 8× in a row. For stateful reads (`task_list`) a streak counts only while the result is
 * unchanged. Everything resets on a user prompt. Thought and content tiers are not replayed.
 */
import { MarkSink, flatCalls, param, sameJsCall, tick, type FlatCall } from '../marks';

/** Qwen keys a call on its name and sorted-key JSON (numbers by value). */
const sameCall = (a: FlatCall, b: FlatCall): boolean => sameJsCall(a.call, b.call);
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { qwenCodeLane } from './lanes';
import { isReadLike, isShellOverview } from './qwenRules';

const PARAMS = qwenCodeLane.params;

const STATEFUL_READS = new Set(['task_list']);

class Turn {
  calls = 0;
  /** Calls by key (`name:argsCanonical`, built here only: the map needs the string). */
  counts = new Map<string, number>();
  /** The last six calls, compared by key in parts. */
  last: FlatCall[] = [];
  reads: boolean[] = [];
  nonReadSeen = false;
  maxRepeat = 0;
  same = 0;
  sameName = 0;
  shell = 0;
  prev: FlatCall | null = null;
}

function check(turn: Turn, c: FlatCall, t: Record<string, number>): string | null {
  const prev = turn.prev;
  const resultChanged =
    prev !== null && STATEFUL_READS.has(c.name) && prev.name === c.name && prev.answer !== c.answer;
  turn.same = prev !== null && sameCall(prev, c) && !resultChanged ? turn.same + 1 : 1;
  turn.sameName = prev !== null && prev.name === c.name && !resultChanged ? turn.sameName + 1 : 1;
  turn.shell = isShellOverview(c.batch.calls[c.index]) ? turn.shell + 1 : 0;
  turn.calls++;
  const key = c.name + ':' + c.call.argsJsSorted;
  const count = (turn.counts.get(key) ?? 0) + 1;
  turn.counts.set(key, count);
  turn.maxRepeat = Math.max(turn.maxRepeat, count);
  turn.last.push(c);
  if (turn.last.length > 6) turn.last.shift();
  const read = isReadLike(c.name);
  turn.reads.push(read);
  if (turn.reads.length > 15) turn.reads.shift();
  if (!read) turn.nonReadSeen = true;
  const name = tick(c.name);
  if (turn.same >= (t.consecutive as number))
    return `${turn.same} consecutive identical ${name} calls (always on, limit ${t.consecutive})`;
  if (turn.shell >= (t.shellOverview as number))
    return `${turn.shell} git overview commands in a row (always on, limit ${t.shellOverview})`;
  const maxRepeat = turn.maxRepeat;
  const cap = t.turnCap as number;
  if (turn.calls > cap * 10) return `more than ${cap * 10} calls in one turn (hard backstop)`;
  if (turn.calls > cap && maxRepeat >= 6)
    return `more than ${cap} calls in one turn with a call repeated ${maxRepeat} times`;
  if (t.heuristics !== 1) return null;
  if (count >= (t.globalDuplicate as number))
    return `${name} with the same arguments ${count} times in this turn (heuristic)`;
  const k = turn.last;
  if (
    k.length === 6 &&
    !sameCall(k[0] as FlatCall, k[1] as FlatCall) &&
    k.every((x, i) => sameCall(x, k[i % 2] as FlatCall))
  )
    return `the last 6 calls alternate between two calls (heuristic ABAB)`;
  const recent = turn.reads.slice(-15).filter(Boolean).length;
  if (turn.nonReadSeen && recent >= 8)
    return `${recent} of the last 15 calls are reads (heuristic read-file loop)`;
  if (turn.sameName >= (t.nameStreak as number))
    return `${name} called ${turn.sameName} times in a row (heuristic action stagnation)`;
  return null;
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const t: Record<string, number> = {};
  for (const p of PARAMS) t[p.id] = param(PARAMS, values, p.id);
  const sink = new MarkSink();
  let turn = new Turn();
  for (const step of steps) {
    if (step.kind === 'user') turn = new Turn();
    if (step.kind !== 'batch') continue;
    for (const c of flatCalls(step)) {
      const why = check(turn, c, t);
      turn.prev = c;
      if (why !== null) sink.add(step, 'stop', `Qwen Code: ${why}`);
    }
  }
  return sink.marks();
}

/** Qwen Code: always-on rules plus the opt-in heuristic tier. */
export const qwenCode: ZooDetector = { ...qwenCodeLane, run };
