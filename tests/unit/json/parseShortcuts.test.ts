import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJson, parseJsonStrict } from '../../../src/json/index';
import { elementSpans, topElementSpans } from '../../../src/import/spans';

// The reader's shortcuts (spans recorded while parsing, interned keys, the `\u` look-ahead)
// must not change what it reads or reports.
const parsed = (text: string) => {
  const r = parseJson(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('element spans recorded by the reader', () => {
  const agree = (text: string): void => {
    const p = parsed(text);
    for (const key of [null, 'messages', 'contents', 'x']) {
      expect(topElementSpans(p, text, key)).toEqual(elementSpans(text, key));
    }
  };

  const docs = [
    '[]',
    ' [ 1 , "a" , {"b":[2,3]} , [ ] , null ] ',
    '{"messages":[{"role":"user","content":"hi"},\n {"role":"tool"}],"model":"m"}',
    '{"messages":[1],"messages":[2,3]}',
    '{"messages":[1],"messages":"no"}',
    '{"messages":[],"x":[[1],[2]]}',
    '{"a":{"messages":[1,2]}}',
    '"just a string"',
    '{"s":"a\\"]b","messages":["\\"","\\\\",{"k":"]"}]}',
  ];
  for (const d of docs) it(`agrees with the text pass on ${d.slice(0, 50)}`, () => agree(d));

  it('agrees on arbitrary documents, pretty-printed or not', () => {
    const doc = fc.oneof(
      fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 6 }),
      fc.record({ messages: fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 6 }) }),
      fc.jsonValue({ maxDepth: 5 }),
    );
    fc.assert(
      fc.property(doc, fc.boolean(), (v, pretty) =>
        agree(JSON.stringify(v, null, pretty ? 2 : undefined)),
      ),
      { numRuns: 300 },
    );
  });
});

describe('the reader after its shortcuts', () => {
  it('reads repeated keys as equal strings and keeps the last duplicate', () => {
    const p = parsed('[{"role":"a","role":"b"},{"role":"c"}]');
    const list = p.value as Map<string, unknown>[];
    expect(list.map((m) => m.get('role'))).toEqual(['b', 'c']);
    expect(p.diagnostics.duplicateKey).toBe(true);
  });

  it('still rejects raw control characters in short keys and values', () => {
    expect(parseJson('{"a\u0001":1}').ok).toBe(false);
    expect(parseJson('{"a":"b\u0001"}').ok).toBe(false);
    expect(parseJson('{"abcdefghijklmnopqrstuvwxyz\u0001":1}').ok).toBe(false);
  });

  it('flags lone surrogate escapes exactly as before, wherever the \\u escapes are', () => {
    expect(parsed('["\\u00e9", "\\ud800"]').diagnostics.loneSurrogate).toBe(true);
    expect(parsed('["\\ud800\\n"]').diagnostics.loneSurrogate).toBe(true);
    expect(parsed('["\\ud83d\\ude00\\n", "\\u00e9\\n"]').diagnostics.loneSurrogate).toBe(false);
    expect(parsed('["\\\\ud800\\n"]').diagnostics.loneSurrogate).toBe(false);
    // A raw lone surrogate is only looked for next to a surrogate escape (unchanged rule).
    expect(parsed('["\\u00e9\\n\ud800"]').diagnostics.loneSurrogate).toBe(false);
    expect(parsed('["\\ud83d\\ude00\ud800"]').diagnostics.loneSurrogate).toBe(true);
    expect(parseJsonStrict('"\\u00e9 \\uDC00"').ok).toBe(false);
    expect(parseJsonStrict('"\\u00e9 \\uD83D\\uDE00"').ok).toBe(true);
  });
});
