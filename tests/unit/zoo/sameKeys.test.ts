import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalArgs } from '../../../src/detector/index';
import { JsonNumber, type JsonValue } from '../../../src/json/index';
import { answered, sameAnswers, sameJoined, sameNameKey } from '../../../src/zoo/marks';
import { argLeaves, diffLeafMaps, diffLeaves } from '../../../src/zoo/advisory/argDiff';
import type { ZooBatch } from '../../../src/zoo/index';

// The lanes compare keys in parts instead of building "name:args" strings; every comparison
// must say what the built strings would say, separators inside the parts included.
const part = fc.string({ unit: fc.constantFrom('a', 'b', ':', '\u0000', '1'), maxLength: 5 });

describe('comparing keys without building them', () => {
  it('sameNameKey is the equality of name + ":" + rest', () => {
    fc.assert(
      fc.property(part, part, part, part, (n1, r1, n2, r2) => {
        expect(sameNameKey(n1, r1, n2, r2)).toBe(n1 + ':' + r1 === n2 + ':' + r2);
      }),
      { numRuns: 1000 },
    );
    expect(sameNameKey('a:b', 'c', 'a', 'b:c')).toBe(true);
  });

  it('sameJoined is the equality of the joined parts', () => {
    const parts = fc.array(part, { maxLength: 3 });
    fc.assert(
      fc.property(parts, parts, (a, b) => {
        expect(sameJoined(a, b, '\u0000')).toBe(a.join('\u0000') === b.join('\u0000'));
      }),
      { numRuns: 1000 },
    );
    expect(sameJoined([], [''], '\u0000')).toBe(true);
  });
});

/** A batch as the answer comparisons read it: call keys and answers. */
function batch(calls: readonly (readonly [string, string | null])[]): ZooBatch {
  return {
    calls: calls.map(([key]) => {
      const [name = '', args = ''] = key.split(':');
      return { name, argsCanonical: args, key };
    }),
    answers: calls.map(([, a]) => a),
  } as unknown as ZooBatch;
}

/** The meaning: both answered, and the same (call key, answer) pairs as a multiset. */
function sameMultiset(a: ZooBatch, b: ZooBatch, normalise: (s: string) => string): boolean {
  const pairs = (x: ZooBatch) =>
    x.calls.map((c, i) => [c.key, normalise(x.answers[i] as string)].join(' | ')).sort();
  const pa = pairs(a);
  const pb = pairs(b);
  return pa.length === pb.length && pa.every((p, i) => p === pb[i]);
}

describe('sameAnswers', () => {
  const call = fc.tuple(
    fc.constantFrom('f:1', 'f:2', 'g:1'),
    fc.option(fc.constantFrom('x', 'y', 'x 1', 'x 2')),
  );
  const calls = fc.array(call, { minLength: 1, maxLength: 3 });
  const digits = (s: string) => s.replace(/\d/g, '#');

  it('is the same multiset of (call, answer) pairs, with and without normalising', () => {
    fc.assert(
      fc.property(calls, calls, fc.boolean(), (x, y, norm) => {
        const a = batch(x);
        const b = batch(y);
        const n = norm ? digits : (s: string) => s;
        expect(answered(a)).toBe(x.every(([, ans]) => ans !== null));
        if (answered(a) && answered(b)) {
          expect(sameAnswers(a, b, norm ? digits : undefined)).toBe(sameMultiset(a, b, n));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('diffLeafMaps', () => {
  /** The comparison before: every leaf through its canonical form. */
  function slowDiff(a: JsonValue, b: JsonValue) {
    const fast = diffLeaves(a, b);
    const la = argLeaves(a);
    const lb = argLeaves(b);
    const out: string[] = [];
    la.forEach((before, path) => {
      const after = lb.get(path);
      if (after === undefined || canonicalArgs(before) !== canonicalArgs(after)) out.push(path);
    });
    lb.forEach((_, path) => {
      if (!la.has(path)) out.push(path);
    });
    return [fast.map((d) => d.path), out];
  }

  it('finds the leaves whose canonical forms differ', () => {
    const leaf = fc.oneof(
      fc.constantFrom<JsonValue>('a', 'b', null, true),
      fc.constantFrom('1', '1.0', '10', '-0', '1e1').map((l) => new JsonNumber(l) as JsonValue),
    );
    const value = fc
      .dictionary(fc.constantFrom('p', 'q', 'r'), leaf, { maxKeys: 3 })
      .map((o) => new Map(Object.entries(o)) as JsonValue);
    fc.assert(
      fc.property(value, value, (a, b) => {
        const [fast, slow] = slowDiff(a, b);
        expect(fast).toEqual(slow);
      }),
      { numRuns: 500 },
    );
  });

  it('takes 1 and 1.0 as different, and the same lexeme as the same', () => {
    const a = new Map<string, JsonValue>([['n', new JsonNumber('1')]]);
    const b = new Map<string, JsonValue>([['n', new JsonNumber('1.0')]]);
    const c = new Map<string, JsonValue>([['n', new JsonNumber('1')]]);
    expect(diffLeafMaps(argLeaves(a), argLeaves(b)).map((d) => d.path)).toEqual(['.n']);
    expect(diffLeafMaps(argLeaves(a), argLeaves(c))).toEqual([]);
  });
});
