// The lossless JSON reader and serde_json's printing (docs/detector.md §3.2, §3.4).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatSerdeFloat,
  formatSerdeNumber,
  isJsonObject,
  type JsonNumber,
  parseJson,
  parseJsonStrict,
  prettyJson,
  printJson,
  type JsonValue,
} from '../../../src/json/index';

describe('number printing (§3.2 rule 6, §3.4)', () => {
  const rows: [string, string][] = [
    ['0', '0'],
    ['1', '1'],
    ['18446744073709551615', '18446744073709551615'],
    ['18446744073709551616', '1.8446744073709552e+19'],
    ['9007199254740993', '9007199254740993'],
    ['-1', '-1'],
    ['-9223372036854775808', '-9223372036854775808'],
    ['-9223372036854775809', '-9.223372036854776e+18'],
    ['-0', '-0.0'],
    ['-0.0', '-0.0'],
    ['0.0', '0.0'],
    ['1.0', '1.0'],
    ['1e0', '1.0'],
    ['100', '100'],
    ['100.0', '100.0'],
    ['1e15', '1000000000000000.0'],
    ['1e16', '1e+16'],
    ['1e21', '1e+21'],
    ['100000000000000000000', '1e+20'],
    ['12.34', '12.34'],
    ['0.00001', '0.00001'],
    ['0.0001234', '0.0001234'],
    ['1e-6', '1e-6'],
    ['1.5e-7', '1.5e-7'],
    ['1.5e300', '1.5e+300'],
    ['5e-324', '5e-324'],
    ['-2.5', '-2.5'],
    // serde_json's default parse: the u64 significand takes 20 digits (12345678901234568000,
    // as a double …67168) and the 21st only multiplies by ten; the nearest double would print
    // …68e+20.
    ['123456789012345680000', '1.2345678901234567e+20'],
  ];
  for (const [lexeme, printed] of rows) {
    it(`${lexeme} prints as ${printed}`, () => {
      expect(formatSerdeNumber(lexeme)).toBe(printed);
    });
  }

  it('formats zero and negative zero as floats', () => {
    expect(formatSerdeFloat(0)).toBe('0.0');
    expect(formatSerdeFloat(-0)).toBe('-0.0');
  });
});

describe('strict reader (serde_json for arguments, §3.4)', () => {
  const failures: [string, string][] = [
    ['empty input', ''],
    ['whitespace only', '  \n\t '],
    ['trailing content', '{"a":1} x'],
    ['two values', '1 2'],
    ['trailing comma in an array', '[1,2,]'],
    ['trailing comma in an object', '{"a":1,}'],
    ['a leading zero', '01'],
    ['a leading zero inside', '{"n":01}'],
    ['a bare 1.', '1.'],
    ['a bare .5', '.5'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['a lone high surrogate escape', '"\\ud800"'],
    ['a lone low surrogate escape', '"\\udc00"'],
    ['a high surrogate followed by a non-surrogate escape', '"\\ud83d\\u0041"'],
    ['a number out of f64 range', '1e400'],
    ['single quotes', "{'a':1}"],
    ['a raw control character in a string', '"a\u0001b"'],
    ['an invalid escape', '"\\x41"'],
    ['an unterminated string', '"abc'],
    ['a missing colon', '{"a" 1}'],
    ['an exponent without digits', '1e'],
    ['a lone minus', '-'],
  ];
  for (const [label, text] of failures) {
    it(`fails on ${label}`, () => {
      expect(parseJsonStrict(text).ok).toBe(false);
    });
  }

  it('accepts a valid surrogate pair escape', () => {
    const r = parseJsonStrict('"\\ud83d\\ude00"');
    expect(r.ok && r.value).toBe('😀');
  });

  it('parses 127 nested arrays and fails on 128', () => {
    expect(parseJsonStrict('['.repeat(127) + ']'.repeat(127)).ok).toBe(true);
    expect(parseJsonStrict('['.repeat(128) + ']'.repeat(128)).ok).toBe(false);
  });

  it('counts objects and arrays alike toward the depth limit', () => {
    const mixed = (n: number): string => '{"a":['.repeat(n / 2) + ']}'.repeat(n / 2);
    expect(parseJsonStrict(mixed(126)).ok).toBe(true);
    expect(parseJsonStrict(mixed(128)).ok).toBe(false);
  });

  it('keeps the last of duplicate keys', () => {
    const r = parseJsonStrict('{"a":1,"a":2}');
    expect(r.ok && printJson(r.value)).toBe('{"a":2}');
  });

  it('accepts surrounding whitespace', () => {
    expect(parseJsonStrict(' \n{"a" : [ 1 , 2 ] }\r\n').ok).toBe(true);
  });

  it('accepts 1e-400 (underflows to zero)', () => {
    const r = parseJsonStrict('1e-400');
    expect(r.ok && printJson(r.value)).toBe('0.0');
  });
});

describe('lenient reader (whole transcripts)', () => {
  it('keeps number lexemes and big integers exactly', () => {
    const r = parseJson('[1, 1.0, 1e0, 18446744073709551615, -0]');
    expect(r.ok).toBe(true);
    if (!r.ok || !Array.isArray(r.value.value)) return;
    expect(r.value.value.map((n) => (n as JsonNumber).lexeme)).toEqual([
      '1',
      '1.0',
      '1e0',
      '18446744073709551615',
      '-0',
    ]);
  });

  it('reads 100,000-deep nesting without overflowing the stack', () => {
    const depth = 100_000;
    const r = parseJson('['.repeat(depth) + ']'.repeat(depth));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.diagnostics.maxDepth).toBe(depth);
    expect(printJson(r.value.value).length).toBe(2 * depth);
    expect(prettyJson(nestedArrays(2000)).split('\n')).toHaveLength(4001);
  });

  it('accepts lone surrogate escapes and records them', () => {
    const r = parseJson('{"a":"\\ud800x"}');
    expect(r.ok && r.value.diagnostics.loneSurrogate).toBe(true);
    const clean = parseJson('{"a":"\\ud83d\\ude00"}');
    expect(clean.ok && clean.value.diagnostics.loneSurrogate).toBe(false);
  });

  it('accepts duplicate keys (last wins) and records where', () => {
    const r = parseJson('{"m":[{"role":"user","role":"tool"}]}');
    expect(r.ok).toBe(true);
    if (!r.ok || !isJsonObject(r.value.value)) return;
    const inner = (r.value.value.get('m') as unknown[])[0];
    expect(r.value.diagnostics.duplicateKey).toBe(true);
    expect(r.value.diagnostics.duplicateKeyObjects).toEqual([inner]);
    expect(isJsonObject(inner as never) && (inner as Map<string, unknown>).get('role')).toBe(
      'tool',
    );
  });

  it('records numbers out of f64 range instead of failing', () => {
    const r = parseJson('[1e999]');
    expect(r.ok && r.value.diagnostics.numberOutOfRange).toBe(true);
  });

  it('treats __proto__ and constructor as ordinary keys', () => {
    const r = parseJson('{"__proto__":{"polluted":true},"constructor":1}');
    expect(r.ok).toBe(true);
    if (!r.ok || !isJsonObject(r.value.value)) return;
    expect([...r.value.value.keys()]).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('decodes escapes, including quotes preceded by escaped backslashes', () => {
    const r = parseJson('["a\\\\", "b\\"c", "\\\\\\"", "\\n\\t\\u00e9"]');
    expect(r.ok && r.value.value).toEqual(['a\\', 'b"c', '\\"', '\n\té']);
  });

  it('reports syntax errors with offset and 1-based line:column', () => {
    const r = parseJson('{\n  "a": 1,\n  "b": ]\n}');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ line: 3, column: 8, offset: 19 });
  });

  it('reports trailing content and empty input', () => {
    const a = parseJson('{} {}');
    expect(!a.ok && a.error).toMatchObject({ line: 1, column: 4 });
    const b = parseJson('');
    expect(!b.ok && b.error.offset).toBe(0);
  });

  it('locates a raw control character inside a string', () => {
    const r = parseJson('["ok", "a\u0002b"]');
    expect(!r.ok && r.error.offset).toBe(9);
  });
});

describe('printing', () => {
  it('printJson sorts keys by UTF-8 bytes, has no depth cap and no whitespace', () => {
    const r = parseJson('{"b":[1.0,{"z":null,"a":"x"}],"a":-0,"😀":1,"\ufffd":2}');
    expect(r.ok && printJson(r.value.value)).toBe(
      '{"a":-0.0,"b":[1.0,{"a":"x","z":null}],"\ufffd":2,"😀":1}',
    );
    const deep = '['.repeat(40) + '1' + ']'.repeat(40);
    const d = parseJson(deep);
    expect(d.ok && printJson(d.value.value)).toBe(deep);
  });

  it('prettyJson keeps key order and number lexemes, indented by two spaces', () => {
    const r = parseJson('{"b":1.50,"a":[1,{}],"c":[]}');
    expect(r.ok && prettyJson(r.value.value)).toBe(
      '{\n  "b": 1.50,\n  "a": [\n    1,\n    {}\n  ],\n  "c": []\n}',
    );
  });
});

function nestedArrays(n: number): JsonValue {
  let v: JsonValue = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

describe('the key table shared by every parse', () => {
  // Short keys are interned in one table for all parses; an earlier parse's keys must never
  // stand in for a different key of a later one, whatever slot they share.
  it('reads every key right across many parses in a row, large and small', () => {
    const key = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é', '😀'), maxLength: 17 });
    const doc = fc.dictionary(key, fc.constantFrom(1, 'x', null), { maxKeys: 6 });
    fc.assert(
      fc.property(fc.array(fc.tuple(doc, fc.boolean()), { maxLength: 8 }), (docs) => {
        for (const [d, big] of docs) {
          // A text over the table's keep limit empties it afterwards; a small one leaves it.
          const text = JSON.stringify(d) + (big ? ' '.repeat(5000) : '');
          const lenient = parseJson(text);
          const strict = parseJsonStrict(text);
          expect(lenient.ok && strict.ok).toBe(true);
          if (!lenient.ok || !strict.ok) return;
          for (const v of [lenient.value.value, strict.value]) {
            expect(isJsonObject(v) ? [...v.keys()] : null).toEqual(Object.keys(d));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
