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
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { qwenCodeLane } from './lanes';
import { isStatefulRead } from './qwenRules';
import { QwenService } from './qwenService';

const PARAMS = qwenCodeLane.params;

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

/** Qwen Code: always-on rules plus the opt-in heuristic tier. */
export const qwenCode: ZooDetector = { ...qwenCodeLane, run };
