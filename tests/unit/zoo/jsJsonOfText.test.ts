import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseArgumentsString } from '../../../src/detector/toolCalls';
import { jsJson, jsJsonOfText } from '../../../src/zoo/jsJson';

const exact = (raw: string): string => jsJson(parseArgumentsString(raw).value);
const strictValue = (raw: string) => parseArgumentsString(raw).value;

/** JSON texts with the shapes where the engine and the strict reader could part ways. */
const texts = fc.oneof(
  fc.json({ depthSize: 'medium' }),
  fc.jsonValue().map((v) => JSON.stringify(v, null, 1)),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '{"b":1,"a":2,"10":3,"2":4}',
    '{"a":1,"a":2,"b":3}',
    '{"__proto__":{"x":1}}',
    '[1.0, -0, 1e2, 1E+2, 0.1e-3, 12345678901234567890]',
    '1e400',
    '[1e308, 2e308]',
    '"\\ud800"',
    '"\\uD83D\\uDE00"',
    '"\\udc00x"',
    '{"a":"\\u0000\\u001f"}',
    '  {"a" : [ 1 , 2 ] }  ',
    '{"a":1} trailing',
    '',
    '[' + '1'.repeat(310) + ']',
    '['.repeat(127) + ']'.repeat(127),
    '['.repeat(128) + ']'.repeat(128),
    '{"a":' + '['.repeat(130) + ']'.repeat(130) + '}',
  ),
);

describe('jsJsonOfText (the zoo’s JS-agent print of an arguments string)', () => {
  it('matches the exact path through the strict reader on any text', () => {
    fc.assert(
      fc.property(texts, (raw) => {
        expect(jsJsonOfText(raw, strictValue)).toBe(exact(raw));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on the edge cases that take the exact path', () => {
    for (const raw of ['1e400', '"\\ud800"', '['.repeat(128) + ']'.repeat(128)]) {
      expect(jsJsonOfText(raw, strictValue)).toBe(exact(raw));
    }
    // Strict rejects these, so they print as the string they are.
    expect(jsJsonOfText('1e400', strictValue)).toBe(JSON.stringify('1e400'));
    expect(jsJsonOfText('{"a":1} trailing', strictValue)).toBe(JSON.stringify('{"a":1} trailing'));
    expect(jsJsonOfText('{"b":1,"a":2,"10":3,"2":4}', strictValue)).toBe(
      '{"2":4,"10":3,"b":1,"a":2}',
    );
  });
});
