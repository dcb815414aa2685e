import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalArgs } from '../../../src/detector/index';
import { canonicalOfArgumentsText } from '../../../src/detector/canonicalText';
import { parseArgumentsString } from '../../../src/detector/toolCalls';

// The replay's one-pass canonicaliser must agree with the tree path everywhere.
const viaTree = (raw: string): string => canonicalArgs(parseArgumentsString(raw).value);

const agree = (raw: string): void => {
  expect(canonicalOfArgumentsText(raw)).toBe(viaTree(raw));
};

describe('one-pass canonical form of an arguments string', () => {
  const cases = [
    '{"path":"a.rs"}',
    '{ "b" : 2 , "a" : 1 }',
    '',
    '   ',
    '{not json',
    '"\\"hello\\""',
    'null',
    '[1,2,3]',
    '{"a":1} trailing',
    '{"n":1e21,"m":-0,"k":100000000000000000000,"f":1.50}',
    '{"s":"line\\nbreak \\"q\\" \\\\ tab\\t"}',
    '{"s":"\\u00e9\\/\\u0001"}',
    '{"s":"\\ud83d\\ude00 😀"}',
    '{"s":"\\ud800"}',
    '{"s":"\\x"}',
    '{"s":"a\u0001"}',
    '{"a":1,"a":2}',
    '{"😀":1,"\ufffd":2,"é":3}',
    '{"__proto__":1}',
    '[' + '{"x":'.repeat(20) + '[]' + '}'.repeat(20) + ']',
    '['.repeat(127) + ']'.repeat(127),
    '['.repeat(128) + ']'.repeat(128),
    '1e400',
    '[1,]',
    '01',
    '"\\\\"',
    '"a\\\\"',
    '{"k":"v\\\\"}',
  ];
  for (const raw of cases) {
    it(`agrees with the tree path on ${JSON.stringify(raw).slice(0, 60)}`, () => agree(raw));
  }

  it('agrees on every key count around the duplicate-lookup switch', () => {
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
      { numRuns: 500 },
    );
  });

  it('agrees on arbitrary text, including broken JSON', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      '\\',
      ':',
      ',',
      'a',
      '1',
      ' ',
      'u',
      'n',
      '\\u',
      'd8',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(piece).map((p) => p.join('')),
        ),
        agree,
      ),
      { numRuns: 1000 },
    );
  });
});
