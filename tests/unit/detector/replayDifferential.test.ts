import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { callSignature, DEFAULT_CONFIG, replay } from '../../../src/detector/index';
import { parseJson } from '../../../src/json/index';
import { chat, SOURCE } from './helpers';
import { naive } from './naiveWalk';

describe('replay agrees with a naive walk', () => {
  it('on random loops of a few batches and answers', () => {
    // A name with ':' and '|' whose one-call signature equals the two-call signature of
    // read_file + write_file with {"p":1}: the reference keys its map by the string.
    const p1 = parseJson('{"p":1}');
    if (!p1.ok) throw new Error('fixture');
    const hex = callSignature({ name: '', arguments: p1.value.value }).slice(1);
    const tricky = `read_file:${hex}|write_file`;
    const name = fc.constantFrom('read_file', 'write_file', 'fetch_webpage', tricky);
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
