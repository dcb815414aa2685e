import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OBSERVATION_TOOLS, type DetectorConfig } from '../../../src/detector/index';
import { analyse, seedFiles } from './pipeline';

/**
 * Arbitrary and mutated transcripts through import → replay → details: each gives a report
 * that keeps its invariants or a typed error, and nothing ever throws.
 */

const SEEDS = seedFiles();
const decoder = new TextDecoder();
const SEED_TEXTS = SEEDS.map((s) => decoder.decode(s.bytes));

const configArb: fc.Arbitrary<DetectorConfig> = fc.record({
  mode: fc.constantFrom('proxy' as const, 'agent' as const),
  maxRepeatedBatchSteps: fc.integer({ min: 0, max: 6 }),
  maxObservationSteps: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
  observationTools: fc.oneof(
    fc.constant(DEFAULT_OBSERVATION_TOOLS),
    fc.array(fc.constantFrom('read', 'get', 'list', '', '_', 'run'), { maxLength: 4 }),
  ),
});

/** Characters that matter to the readers: structure, escapes, line ends, odd code points. */
const nasty = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '\\',
  '\\u',
  '\\ud800',
  '\n',
  '\r\n',
  '\u0000',
  '\ufeff',
  '\ud800',
  '\udc00',
  '\u202e',
  'null',
  'true',
  '-0',
  '1e999',
  'NaN',
  'Infinity',
  '__proto__',
  '"role"',
  '"tool_calls"',
  '"content"',
  '"tool"',
  '"assistant"',
  '"user"',
  ' ',
);
const insertion = fc.oneof(
  nasty,
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);

type Mutation =
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'flip'; at: number; text: string }
  | { kind: 'truncate'; at: number }
  | { kind: 'wrap'; before: string; after: string };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .record({
      kind: fc.constant('delete' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }).map((x) => x),
      len: fc.integer({ min: 1, max: 40 }),
    })
    .map((m) => ({ ...m, at: m.at })),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    text: insertion,
  }),
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    text: nasty,
  }),
  fc.record({
    kind: fc.constant('truncate' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('wrap' as const),
    before: fc.constantFrom('[', '{"messages":', '{"messages":[', '{"x":', '\ufeff', '"'),
    after: fc.constantFrom(']', '}', ']}', '', '\n'),
  }),
) as fc.Arbitrary<Mutation>;

function mutate(text: string, m: Mutation): string {
  const at = 'at' in m ? Math.floor(m.at * text.length) : 0;
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.len);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'flip':
      return text.slice(0, at) + m.text + text.slice(at + 1);
    case 'truncate':
      return text.slice(0, at);
    case 'wrap':
      return m.before + text + m.after;
  }
}

/** Replaces the value at a random path of a parsed document with a value of another type. */
function retype(doc: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || doc === null || typeof doc !== 'object') return replacement;
  const [step, ...rest] = path as [number, ...number[]];
  if (Array.isArray(doc)) {
    if (doc.length === 0) return replacement;
    const i = step % doc.length;
    const copy = doc.slice();
    copy[i] = retype(copy[i], rest, replacement);
    return copy;
  }
  const keys = Object.keys(doc);
  if (keys.length === 0) return replacement;
  const k = keys[step % keys.length] as string;
  const copy: Record<string, unknown> = { ...(doc as Record<string, unknown>) };
  Object.defineProperty(copy, k, {
    value: retype((doc as Record<string, unknown>)[k], rest, replacement),
    enumerable: true,
    writable: true,
  });
  return copy;
}

const replacementArb = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1e308, '', 'tool', 'assistant', [], {}, [[]], {
    __proto__: 1,
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** The seed parsed as one JSON document, or each line parsed for JSON Lines. */
function parseSeed(text: string): { doc: unknown; lines: boolean } | null {
  try {
    return { doc: JSON.parse(text) as unknown, lines: false };
  } catch {
    try {
      const lines = text.split('\n').filter((l) => l.trim() !== '');
      return { doc: lines.map((l) => JSON.parse(l) as unknown), lines: true };
    } catch {
      return null;
    }
  }
}

describe('hostile transcripts: arbitrary input', () => {
  it('arbitrary text gives a report or a typed error', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), configArb, (text, config) => {
        analyse(text, config);
      }),
      { numRuns: 400 },
    );
  });

  it('arbitrary bytes give a report or a typed error', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), configArb, (bytes, config) => {
        analyse(bytes, config);
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary JSON, bare or under "messages", gives a report or a typed error', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.boolean(), configArb, (v, wrapped, config) => {
        analyse(JSON.stringify(wrapped ? { messages: v } : v), config);
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary message lists of the chat shape keep the report invariants', () => {
    const id = fc.constantFrom('a', 'b', 'c', '', '__proto__');
    const name = fc.constantFrom('read_file', 'write_file', 'run', 'get_status', '', 'x'.repeat(3));
    const args = fc.oneof(
      fc.constantFrom('{}', '{"p":1}', '{"p":1.0}', 'not json', '', '{"a":{"b":[1,2]}}'),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    );
    const message = fc.oneof(
      fc.record({
        role: fc.constantFrom('user', 'system', 'developer', 'critic'),
        content: fc.string({ maxLength: 5 }),
      }),
      fc.record({
        role: fc.constant('assistant'),
        content: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
        tool_calls: fc.array(
          fc.record({
            id,
            type: fc.constant('function'),
            function: fc.record({ name, arguments: args }),
          }),
          { maxLength: 3 },
        ),
      }),
      fc.record({
        role: fc.constant('tool'),
        tool_call_id: id,
        content: fc.oneof(fc.constantFrom('ok', 'error', ''), fc.jsonValue({ maxDepth: 2 })),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 40 }),
        configArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (messages, config, pick) => {
          const r = analyse(JSON.stringify({ messages }), config, pick);
          if (messages.length > 0) expect('report' in r).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('hostile transcripts: mutated samples and fixtures', () => {
  it('has seeds to mutate', () => {
    expect(SEEDS.length).toBeGreaterThan(20);
  });

  it('every seed imports and keeps the invariants under every config', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SEEDS.length - 1 }), configArb, (i, config) => {
        analyse((SEEDS[i] as { bytes: Uint8Array }).bytes, config);
      }),
      { numRuns: 200 },
    );
  });

  it('character mutations (delete, insert, flip, truncate, wrap) never throw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SEED_TEXTS.length - 1 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 4 }),
        configArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (i, mutations, config, pick) => {
          const text = mutations.reduce(mutate, SEED_TEXTS[i] as string);
          analyse(text, config, pick);
          analyse(new TextEncoder().encode(text), config, pick);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('byte mutations (invalid UTF-8, NUL, cut multi-byte sequences) never throw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SEEDS.length - 1 }),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })),
          { minLength: 1, maxLength: 6 },
        ),
        configArb,
        (i, flips, config) => {
          const bytes = (SEEDS[i] as { bytes: Uint8Array }).bytes.slice();
          for (const [at, b] of flips) bytes[Math.floor(at * (bytes.length - 1))] = b;
          analyse(bytes, config);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('type changes of fields (a string becomes a list, an object null, …) never throw', () => {
    const parsed = SEED_TEXTS.map(parseSeed);
    const usable = parsed.flatMap((p, i) => (p === null ? [] : [{ ...p, i }]));
    expect(usable.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: usable.length - 1 }),
        fc.array(fc.tuple(fc.array(fc.nat(), { maxLength: 7 }), replacementArb), {
          minLength: 1,
          maxLength: 3,
        }),
        configArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (k, changes, config, pick) => {
          const seed = usable[k] as { doc: unknown; lines: boolean };
          const doc = changes.reduce((d, [path, v]) => retype(d, path, v), seed.doc);
          const text =
            seed.lines && Array.isArray(doc)
              ? doc.map((l) => JSON.stringify(l)).join('\n')
              : JSON.stringify(doc);
          analyse(text ?? 'null', config, pick);
        },
      ),
      { numRuns: 500 },
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
