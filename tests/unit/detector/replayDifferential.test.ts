import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  batchSignature,
  DEFAULT_CONFIG,
  domainCalls,
  canonicalArgs,
  LoopDetector,
  printJson,
  replay,
  type ChatMessage,
  type DetectorConfig,
} from '../../../src/detector';
import { chat, SOURCE } from './helpers';

/**
 * A deliberately naive proxy walk (detector.md §7) over the public pieces: no caches, answers
 * keyed by full strings. The optimised replay must produce the same per-batch results.
 */
function naive(messages: readonly ChatMessage[], config: DetectorConfig) {
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

describe('replay agrees with a naive walk', () => {
  it('on random loops of a few batches and answers', () => {
    const name = fc.constantFrom('read_file', 'write_file', 'fetch_webpage');
    const args = fc.constantFrom('{"p":1}', '{ "p" : 1 }', '{"p":2}', '{bad', '');
    const answer = fc.oneof(
      fc.constantFrom('A', 'B', 'null'),
      fc.constant(null),
      fc.constant([{ type: 'text', text: 'A' }]),
    );
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('batch'),
        calls: fc.array(fc.tuple(name, args, fc.constantFrom('x', 'y')), {
          minLength: 1,
          maxLength: 2,
        }),
        answers: fc.array(fc.tuple(fc.constantFrom('x', 'y', 'z'), answer), { maxLength: 3 }),
      }),
      fc.record({ kind: fc.constantFrom('user', 'prose') }),
    );
    const cfg = fc.record({
      mode: fc.constant('proxy' as const),
      maxRepeatedBatchSteps: fc.integer({ min: 0, max: 3 }),
      maxObservationSteps: fc.option(fc.integer({ min: 1, max: 5 })),
      observationTools: fc.constant(DEFAULT_CONFIG.observationTools),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), cfg, (steps, config) => {
        const raw: unknown[] = [];
        for (const s of steps) {
          if (s.kind === 'user') raw.push({ role: 'user', content: 'u' });
          else if (s.kind === 'prose') raw.push({ role: 'assistant', content: 'p' });
          else if ('calls' in s) {
            raw.push({
              role: 'assistant',
              tool_calls: s.calls.map(([n, a, id]) => ({
                id,
                function: { name: n, arguments: a },
              })),
            });
            for (const [id, content] of s.answers)
              raw.push({ role: 'tool', tool_call_id: id, content });
          }
        }
        const messages = chat(raw);
        const report = replay(messages, config, SOURCE);
        const expected = naive(messages, config);
        expect(
          report.batches.map((b) => ({
            count: b.count,
            refused: b.refused,
            outcome: b.outcome,
            irr: b.identicalResultRepeat,
            rne: b.repeatNotEvaluated,
          })),
        ).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});
