import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  batchSignature,
  canonicalArgs,
  DEFAULT_CONFIG,
  domainCalls,
  replay,
} from '../../../src/detector/index';
import {
  JsonNumber,
  parseJson,
  parseJsonStrict,
  printJson,
  type JsonValue,
} from '../../../src/json/index';
import { chat, json, SOURCE } from './helpers';

/** JSON text with every object's keys written in reverse order. */
function reversedKeys(v: unknown): string {
  if (Array.isArray(v)) return '[' + v.map(reversedKeys).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).reverse();
    return '{' + entries.map(([k, x]) => JSON.stringify(k) + ':' + reversedKeys(x)).join(',') + '}';
  }
  return JSON.stringify(v);
}

/** A JsonValue as the plain value JSON.parse would give (numbers via their lexeme). */
function plain(v: JsonValue): unknown {
  if (v instanceof JsonNumber) return v.value;
  if (Array.isArray(v)) return v.map(plain);
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) Object.defineProperty(o, k, { value: plain(x), enumerable: true });
    return o;
  }
  return v;
}

const jsonArb = fc.jsonValue({ maxDepth: 6 });

describe('properties', () => {
  it('the lenient reader agrees with JSON.parse', () => {
    fc.assert(
      fc.property(jsonArb, (v) => {
        const text = JSON.stringify(v);
        const r = parseJson(text);
        expect(r.ok).toBe(true);
        if (r.ok) expect(plain(r.value.value)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('signatures ignore key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), jsonArb), (obj) => {
        const a = parseJsonStrict(JSON.stringify(obj));
        const b = parseJsonStrict(reversedKeys(obj));
        expect(a.ok && b.ok).toBe(true);
        if (a.ok && b.ok) expect(canonicalArgs(a.value)).toBe(canonicalArgs(b.value));
      }),
      { numRuns: 300 },
    );
  });

  it('batch signatures ignore call order', () => {
    const callArb = fc.record({ name: fc.string(), args: jsonArb });
    fc.assert(
      fc.property(fc.array(callArb, { minLength: 1, maxLength: 5 }), fc.integer(), (cs, seed) => {
        const wire = cs.map((c) => ({
          function: { name: c.name, arguments: JSON.stringify(c.args) },
        }));
        const shuffled = wire
          .map((w, i) => ({ w, k: (i * 7919 + seed) % 101 }))
          .sort((x, y) => x.k - y.k)
          .map((x) => x.w);
        const a = batchSignature(domainCalls(json(JSON.stringify(wire))));
        const b = batchSignature(domainCalls(json(JSON.stringify(shuffled))));
        expect(a).toBe(b);
      }),
      { numRuns: 200 },
    );
  });

  // serde_json's default float parse is not correctly rounded, so its own print of a float
  // need not read back as the same float (docs/detector.md §3.4): `8324444040341740.0` has 17
  // digits and reads as …741. It does read back when the print has at most 15 digits and a
  // power of ten within 10^±22: then each step is exact or one correctly rounded operation.
  it('canonical and serde printing round-trip through the lossless reader', () => {
    const numberLexeme = fc.oneof(
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n }).map(String),
      fc
        .record({
          d: fc.integer({ min: 1, max: 10 ** 14 - 1 }),
          k: fc.integer({ min: -20, max: 0 }),
          neg: fc.boolean(),
        })
        .map(({ d, k, neg }) => `${neg ? '-' : ''}${d}e${k}`),
      fc.constantFrom('-0', '1.0', '1e21', '5e-324', '1.5E-7', '0.00001'),
    );
    const safeNumbers = (v: unknown): unknown =>
      typeof v === 'number'
        ? Number.isSafeInteger(v)
          ? v
          : 0
        : Array.isArray(v)
          ? v.map(safeNumbers)
          : v !== null && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, safeNumbers(x)]))
            : v;
    const withNumbers = fc.tuple(
      jsonArb.map(safeNumbers),
      fc.array(numberLexeme, { maxLength: 4 }),
    );
    fc.assert(
      fc.property(withNumbers, ([v, nums]) => {
        const text = '[' + JSON.stringify(v) + nums.map((n) => ',' + n).join('') + ']';
        const base = parseJsonStrict(text);
        expect(base.ok).toBe(true);
        if (!base.ok) return;
        const printed = printJson(base.value);
        const again = parseJsonStrict(printed);
        expect(again.ok && printJson(again.value)).toBe(printed);
        const canonical = canonicalArgs(base.value);
        const reread = parseJsonStrict(canonical);
        expect(reread.ok && canonicalArgs(reread.value)).toBe(canonical);
      }),
      { numRuns: 300 },
    );
  });

  it('the replay never throws on arbitrary JSON-shaped messages, and strikes ⇔ count > threshold', () => {
    const id = fc.constantFrom('a', 'b', '', 'c1');
    const callArb = fc.oneof(
      fc.record({
        id,
        function: fc.record({
          name: fc.constantFrom('read_file', 'write_file', 'browser_click', 'x'),
          arguments: fc.oneof(fc.constantFrom('{}', '{"p":1}', '{bad', ''), jsonArb),
        }),
      }),
      jsonArb,
    );
    const message = fc.record(
      {
        role: fc.oneof(
          fc.constantFrom('assistant', 'assistant', 'tool', 'tool', 'user', 'system'),
          jsonArb,
        ),
        content: fc.oneof(fc.constantFrom('same', 'other'), jsonArb),
        tool_calls: fc.oneof(fc.array(callArb, { maxLength: 3 }), jsonArb),
        tool_call_id: fc.oneof(id, jsonArb),
      },
      { requiredKeys: [] },
    );
    const config = fc.record({
      mode: fc.constantFrom('proxy' as const, 'agent' as const),
      maxRepeatedBatchSteps: fc.integer({ min: 0, max: 4 }),
      maxObservationSteps: fc.option(fc.integer({ min: 0, max: 6 })),
      observationTools: fc.constantFrom(DEFAULT_CONFIG.observationTools, [], ['']),
      maxStagnationSteps: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), config, (msgs, cfg) => {
        const r = replay(chat(msgs), cfg, SOURCE);
        for (const b of r.batches) {
          expect(b.count > b.threshold).toBe(b.refused && b.reason === 'strikes');
          expect(b.refused).toBe(b.reason !== null);
          expect(b.rescued && b.refused).toBe(false);
        }
        const first = r.batches.find((b) => b.refused);
        expect(r.firstRefusal?.batchIndex ?? null).toBe(first?.index ?? null);
      }),
      { numRuns: 300 },
    );
  });
});
