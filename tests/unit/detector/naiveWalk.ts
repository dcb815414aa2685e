import {
  batchSignature,
  canonicalArgs,
  domainCalls,
  LoopDetector,
  type ChatMessage,
  type DetectorConfig,
} from '../../../src/detector/index';
import { printJson } from '../../../src/json/index';

/**
 * A deliberately naive proxy walk (docs/detector.md §7) over the public pieces: no caches, answers
 * keyed by full strings. The optimised replay must produce the same per-batch results.
 */
export function naive(messages: readonly ChatMessage[], config: DetectorConfig) {
  const d = new LoopDetector();
  const session = new Map<string, string | null>();
  const out: { count: number; refused: boolean; outcome: string; irr: boolean; rne: boolean }[] =
    [];
  messages.forEach((m, i) => {
    if (m.role === 'tool') return;
    if (m.role !== 'assistant') return d.breakRun();
    const calls = domainCalls(m.tool_calls);
    if (calls.length === 0) return;
    let results: string | null = null;
    const ids = new Set(calls.map((c) => c.id));
    if (ids.size === calls.length) {
      const window = new Map<string, string>();
      let dup = false;
      for (let j = i + 1; j < messages.length && messages[j]!.role === 'tool'; j++) {
        const t = messages[j]!;
        if (typeof t.tool_call_id !== 'string') continue;
        if (window.has(t.tool_call_id)) dup = true;
        const c = t.content === undefined ? null : t.content;
        window.set(t.tool_call_id, typeof c === 'string' ? '0' + c : '1' + printJson(c));
      }
      const pairs = calls.map((c) => {
        const a = window.get(c.id);
        return a === undefined
          ? null
          : JSON.stringify([c.name + '\u0000' + canonicalArgs(c.arguments), a]);
      });
      if (!dup && pairs.every((p) => p !== null)) results = pairs.sort().join('\n');
    }
    const sig = batchSignature(calls);
    const seen = session.has(sig);
    const before = session.get(sig);
    session.set(sig, results);
    const r = d.check(
      calls,
      config.maxRepeatedBatchSteps,
      config.observationTools,
      config.maxObservationSteps,
    );
    const outcome = d.recordResults(r.ok ? r.value : r.continuation, results);
    out.push({
      count: r.step.count,
      refused: !r.ok,
      outcome,
      irr: seen && before != null && before === results,
      rne: seen && (before == null || results == null),
    });
  });
  return out;
}
