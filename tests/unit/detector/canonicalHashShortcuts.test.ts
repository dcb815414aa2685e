// The one-pass canonical hash against the plain canonical form (docs/detector.md §3).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalArgs, fnv1a64Hex } from '../../../src/detector/index';
import { fnvHigh, fnvLow, hex64 } from '../../../src/detector/fnv1a';
import { hashArgumentsText } from '../../../src/detector/canonicalHash';
import { canonicalOfArgumentsText } from '../../../src/detector/canonicalText';
import { parseArgumentsString } from '../../../src/detector/toolCalls';

// The replay's piecewise hash must equal FNV-1a of the canonical form, as built by the
// one-pass canonicaliser and by the tree path, on every input.
const fused = (raw: string): string => {
  hashArgumentsText(raw);
  return hex64(fnvHigh(), fnvLow());
};

const agree = (raw: string): void => {
  const viaText = fnv1a64Hex(canonicalOfArgumentsText(raw));
  expect(fused(raw)).toBe(viaText);
  expect(viaText).toBe(fnv1a64Hex(canonicalArgs(parseArgumentsString(raw).value)));
};

const nested = (n: number, leaf: string): string => '{"x":'.repeat(n) + leaf + '}'.repeat(n);

describe('piecewise hash of an arguments string', () => {
  it('matches the reference vectors (§3.6)', () => {
    expect(fused('{"path":"a.rs"}')).toBe('ed658c7fbe3ce9f2');
    expect(fused('{"b":2,"a":1}')).toBe('a0ebc03bdc71de7b');
    expect(fused('{"n":1.0}')).toBe('e7d0a654aadf9232');
    expect(fused('{"n":1e21}')).toBe('188d2a9a0b56f807');
    expect(fused('{"n":-0}')).toBe('7d69a64b185d0ef0');
    expect(fused('{"B":1,"a":2,"_":3,"é":4,"Z":5}')).toBe('fa9215887aa7a962');
    expect(fused('{"k":[{"y":1,"x":2}]}')).toBe('6f72e37110d77d9a');
    expect(fused('{not valid json')).toBe('8b0ae5da9bf33349');
    expect(fused('')).toBe('07cc7607b4949e25');
    expect(fused(nested(15, '"leaf"'))).toBe('33b8f768212ab333');
    for (const n of [16, 17, 20, 21]) expect(fused(nested(n, '"leaf"'))).toBe('5742f947304c2a81');
  });

  it('signs long-mantissa floats as serde_json reads them, on every path', () => {
    // serde_json's default parse reads these one ULP off the nearest double (§3.4).
    const raw = '{"x":0.9465193593081767,"y":7e-302,"z":[123456789012345680000]}';
    const expected =
      '{"x":0.9465193593081768,"y":6.999999999999999e-302,"z":[1.2345678901234567e+20]}';
    expect(canonicalOfArgumentsText(raw)).toBe(expected);
    expect(canonicalArgs(parseArgumentsString(raw).value)).toBe(expected);
    expect(fused(raw)).toBe(fnv1a64Hex(expected));
    agree(raw);
  });

  it('takes the piecewise path for ordinary arguments', () => {
    const ordinary = [
      '{"path":"src/a.ts","content":"line 1\\nline \\"2\\"\\t😀","line":12,"flags":{"r":true,"d":3}}',
      '{"b":1,"a":[1,2.5,null,false],"a":"x"}',
      '{"q":"caf\\u00e9"}',
      '[]',
    ];
    for (const raw of ordinary) expect([raw, hashArgumentsText(raw)]).toEqual([raw, true]);
    expect(hashArgumentsText('{not json')).toBe(false);
  });

  const cases = [
    '{ "b" : 2 , "a" : 1 }',
    '   ',
    '"\\"hello\\""',
    'null',
    'true',
    '[1,2,3]',
    '{"a":1} trailing',
    '{"n":1e400}',
    '{"n":123456789012345678,"m":1234567890123456789,"k":18446744073709551615}',
    '{"n":-123456789012345678,"m":-9223372036854775808,"k":-9223372036854775809}',
    '{"n":0,"m":-0,"k":0.0,"j":-0.5e-7}',
    '{"s":"line\\nbreak \\"q\\" \\\\ tab\\t \\b \\f \\r"}',
    '{"s":"\\u00e9\\/\\u0001"}',
    '{"s":"\\ud83d\\ude00 😀"}',
    '{"s":"\\ud800"}',
    '{"s":"\ud800"}',
    '{"s":"a\udc00b"}',
    '{"s":"\\x"}',
    '{"s":"a\u0001"}',
    '{"s\\n":1,"a":2}',
    '{"a":1,"a":2}',
    '{"b":1,"a":{"y":1,"x":2},"a":[3]}',
    '{"a":"\u0001","a":1}',
    '{"😀":1,"\ufffd":2,"é":3}',
    '{"__proto__":1}',
    '[' + nested(20, '[]') + ']',
    nested(16, '{"b":1,"a":"\\u0001"}'),
    nested(16, '{"b":"\u0001"}'),
    nested(16, '1e400'),
    '['.repeat(127) + ']'.repeat(127),
    '['.repeat(128) + ']'.repeat(128),
    '[1,]',
    '01',
    '"\\\\"',
    '"a\\\\"',
    '{"k":"v\\\\"}',
    '{"k":"v\\\\\\"x"}',
    '{"k":[],"j":{},"i":[{}],"h":""}',
  ];
  for (const raw of cases) {
    it(`agrees with the canonical string on ${JSON.stringify(raw).slice(0, 60)}`, () => agree(raw));
  }

  it('agrees on objects with many keys, shuffled and repeated', () => {
    for (const n of [15, 16, 17, 40]) {
      const keys = Array.from({ length: n }, (_, i) => `"k${(i * 7) % n}":${i}`);
      agree('{' + keys.join(',') + ',"k3":"dup"}');
    }
  });

  it('agrees on arbitrary JSON, pretty-printed or not', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 20 }), fc.boolean(), (v, pretty) => {
        agree(JSON.stringify(v, null, pretty ? 2 : undefined));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees on JSON with full-Unicode strings and keys', () => {
    const str = fc.string({ unit: 'binary', maxLength: 12 });
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        str,
        fc.double(),
        fc.integer(),
        fc.constant(null),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(str, tie('v'), { maxKeys: 5 }),
      ),
    })).v;
    fc.assert(
      fc.property(value, (v) => agree(JSON.stringify(v))),
      { numRuns: 400 },
    );
  });

  it('agrees on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => agree(s)),
      { numRuns: 400 },
    );
    const alphabet = fc.constantFrom(...'{}[]":,\\ 0-1.eE+tfnu"ab\u0001\ud800'.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }), (cs) => agree(cs.join(''))),
      { numRuns: 1000 },
    );
  });
});
