/**
 * Qwen Code's `LoopDetectionService` (a Gemini CLI fork with the largest rule set).
 *
 * Source: QwenLM/qwen-code `packages/core/src/services/loopDetectionService.ts` (@00aa71b4),
 * key from `utils/tool-call-repeat-key.ts` (sorted keys); docs/detector.md §14.4. The replay of
 * the service itself is `qwenService.ts`; this file feeds it a transcript as the client would:
 * a user prompt starts a fresh service, each batch's calls are streamed requests, the batch ends
 * the model response, and the answers are the executed results. A detection halts the turn: the
 * lane marks that batch and waits for the next prompt.
 */
import { MarkSink, flatCalls, param } from '../marks';
import type { ParamSpec, ZooDetector, ZooParams, ZooStep } from '../types';
import { isStatefulRead } from './qwenRules';
import { QwenService } from './qwenService';

const PARAMS: readonly ParamSpec[] = [
  {
    id: 'heuristics',
    label: 'Heuristic tier (1 = on; off by default)',
    min: 0,
    max: 1,
    default: 0,
  },
  { id: 'consecutive', label: 'Consecutive identical calls', min: 2, max: 50, default: 5 },
  { id: 'shellOverview', label: 'Consecutive git overview commands', min: 2, max: 50, default: 8 },
  {
    id: 'turnCap',
    label: 'Calls-per-turn cap (0 = off)',
    min: 0,
    max: 1000,
    default: 100,
  },
  {
    id: 'explicitCap',
    label: 'Cap set explicitly (1 = hard cap; default adaptive)',
    min: 0,
    max: 1,
    default: 0,
  },
  {
    id: 'globalDuplicate',
    label: "Same call anywhere in the turn (heuristic; also the cap's stuck signal)",
    min: 2,
    max: 50,
    default: 6,
  },
  { id: 'nameStreak', label: 'Same tool name in a row (heuristic)', min: 2, max: 50, default: 8 },
];

function run(steps: readonly ZooStep[], values: ZooParams) {
  const v = (id: string) => param(PARAMS, values, id);
  const cap = v('turnCap');
  const limits = {
    heuristics: v('heuristics') === 1,
    consecutive: v('consecutive'),
    shellOverview: v('shellOverview'),
    turnCap: cap === 0 ? Number.POSITIVE_INFINITY : cap,
    explicitCap: v('explicitCap') === 1,
    globalDuplicate: v('globalDuplicate'),
    nameStreak: v('nameStreak'),
  };
  const sink = new MarkSink();
  let svc = new QwenService(limits);
  for (const step of steps) {
    if (step.kind === 'user') svc = new QwenService(limits);
    if (step.kind !== 'batch' || svc.detected) continue;
    const calls = flatCalls(step);
    let why: string | null = null;
    for (const c of calls) if ((why = svc.request(c)) !== null) break;
    if (why === null) {
      svc.finished();
      for (const c of calls)
        if (c.answer !== null && isStatefulRead(c.name) && (why = svc.result(c, c.answer)) !== null)
          break;
    }
    if (why !== null) sink.add(step, 'stop', `Qwen Code: ${why}; the turn halts`);
  }
  return sink.marks();
}

/** Qwen Code: always-on guards plus the opt-in heuristic tier. */
export const qwenCode: ZooDetector = {
  id: 'qwen-code',
  label: 'Qwen Code',
  kind: 'peer',
  description:
    'Always on: 5 identical calls in a row, 8 git overview shell commands in a row, the per-turn cap (over 100 calls once a call repeated 6 times, or over 1000). Opt-in heuristics: 6 repeats anywhere, ABAB over 6, read loops, 8 same-name calls. task_list polls count only while their results repeat. Sorted keys, numbers by value; the first detection halts the turn.',
  cannotSee:
    'the heuristic tier unless turned on (skipLoopDetection defaults to true); the content-chanting tier (it reads the streamed text chunk by chunk, a transcript keeps only the joined text) and the thought tier; retries of a failed response; an in-session disable; whether a per-turn cap was configured. Its service has no model-judged tier.',
  params: PARAMS,
  run,
};
