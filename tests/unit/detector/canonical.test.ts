// Canonical forms and signatures against docs/detector.md §3 (its reference vectors, §3.6).
import { describe, expect, it } from 'vitest';
import {
  batchSignature,
  callSignature,
  canonicalArgs,
  domainCalls,
  type ToolCall,
} from '../../../src/detector/index';
import { compareUtf8 } from '../../../src/json/index';
import { call, json } from './helpers';

/** The call the proxy reads from one wire element. */
function wire(name: string, args: string | unknown): ToolCall {
  const [c] = domainCalls(json(JSON.stringify([call(name, args)])));
  if (!c) throw new Error('no call');
  return c;
}

/** A call whose `arguments` field is sent as a bare (non-string) JSON value. */
function bare(name: string, argsJson: string | undefined): ToolCall {
  const fn =
    argsJson === undefined ? `{"name":"${name}"}` : `{"name":"${name}","arguments":${argsJson}}`;
  const [c] = domainCalls(json(`[{"id":"x","function":${fn}}]`));
  if (!c) throw new Error('no call');
  return c;
}

const nest = (n: number): string => '{"x":'.repeat(n) + '"leaf"' + '}'.repeat(n);

describe('§3.6 reference vectors', () => {
  const vectors: [string, string, string, string][] = [
    ['read_file', '{"path":"a.rs"}', '{"path":"a.rs"}', 'read_file:ed658c7fbe3ce9f2'],
    ['write_file', '{}', '{}', 'write_file:08f44b07b5901a25'],
    [
      'write_file',
      '{"path":"src/main.rs"}',
      '{"path":"src/main.rs"}',
      'write_file:247aba76b12bf80f',
    ],
    ['edit', '{"b":2,"a":1}', '{"a":1,"b":2}', 'edit:a0ebc03bdc71de7b'],
    ['t', '{"n":1}', '{"n":1}', 't:0c85d1734a1666a0'],
    ['t', '{"n":1.0}', '{"n":1.0}', 't:e7d0a654aadf9232'],
    ['t', '{"n":1e0}', '{"n":1.0}', 't:e7d0a654aadf9232'],
    ['t', '{"n":1e21}', '{"n":1e+21}', 't:188d2a9a0b56f807'],
    ['t', '{"n":100000000000000000000}', '{"n":1e+20}', 't:18902e9a0b5934aa'],
    ['t', '{"n":-0}', '{"n":-0.0}', 't:7d69a64b185d0ef0'],
    ['t', '{"n":true,"m":null,"s":"x"}', '{"m":null,"n":true,"s":"x"}', 't:528615ff2258ac1a'],
    [
      't',
      '{"B":1,"a":2,"_":3,"é":4,"Z":5}',
      '{"B":1,"Z":5,"_":3,"a":2,"é":4}',
      't:fa9215887aa7a962',
    ],
    ['t', '{"k":[{"y":1,"x":2}]}', '{"k":[{"x":2,"y":1}]}', 't:6f72e37110d77d9a'],
    ['edit', '{not valid json', '"{not valid json"', 'edit:8b0ae5da9bf33349'],
    ['t', '', '""', 't:07cc7607b4949e25'],
    ['t', 'null', 'null', 't:5b9bc4ba528108e4'],
    ['t', '[]', '[]', 't:09612b07b5ecb5a5'],
    ['run_in_terminal', '{"cmd":"make"}', '{"cmd":"make"}', 'run_in_terminal:8a24337fc7a20d19'],
    ['run_tests', '{"suite":"unit"}', '{"suite":"unit"}', 'run_tests:a9c1fbd9ae6404a1'],
  ];
  for (const [name, args, canonical, signature] of vectors) {
    it(`${name} ${JSON.stringify(args)} → ${signature}`, () => {
      const c = wire(name, args);
      expect(canonicalArgs(c.arguments)).toBe(canonical);
      expect(callSignature(c)).toBe(signature);
    });
  }

  it('renders 15 nested levels in full: probe:33b8f768212ab333', () => {
    const c = wire('probe', nest(15));
    expect(canonicalArgs(c.arguments)).toBe(nest(15));
    expect(callSignature(c)).toBe('probe:33b8f768212ab333');
  });

  for (const n of [16, 17, 20, 21]) {
    it(`replaces the innermost value of ${n} nested levels: probe:5742f947304c2a81`, () => {
      const c = wire('probe', nest(n));
      expect(canonicalArgs(c.arguments)).toBe('{"x":'.repeat(16) + '"..."' + '}'.repeat(16));
      expect(callSignature(c)).toBe('probe:5742f947304c2a81');
    });
  }

  it('batch example: read + search in either order', () => {
    const a = wire('search', '{"q":"rust"}');
    const b = wire('read', '{"path":"/"}');
    const expected = 'read:d0d2a33776fbdb71|search:f6b34c7d7172ccf8';
    expect(batchSignature([a, b])).toBe(expected);
    expect(batchSignature([b, a])).toBe(expected);
  });

  it('does not include the call id in the signature', () => {
    const [a, b] = domainCalls(json(JSON.stringify([call('t', {}, 'one'), call('t', {}, 'two')])));
    expect(callSignature(a!)).toBe(callSignature(b!));
  });

  it('keeps the name exactly as given (no lowercasing, no escaping)', () => {
    expect(callSignature(wire('Read "File"', '{}'))).toBe('Read "File":08f44b07b5901a25');
  });
});

describe('§3.5 signature edge cases on the proxy path', () => {
  const rows: [string, string | undefined, string][] = [
    ['string of an object', '"{\\"path\\":\\"a.rs\\"}"', '{"path":"a.rs"}'],
    ['whitespace does not matter', '"{ \\"path\\" : \\"a.rs\\" }"', '{"path":"a.rs"}'],
    ['not JSON: the raw string', '"{not json"', '"{not json"'],
    ['empty string: the raw string', '""', '""'],
    ['whitespace-only: the raw string', '"   "', '"   "'],
    ['a JSON-encoded string', '"\\"hello\\""', '"hello"'],
    ['the string null', '"null"', 'null'],
    ['the string false', '"false"', 'false'],
    ['the string 123', '"123"', '123'],
    ['the string [1,2,3]', '"[1,2,3]"', '[1,2,3]'],
    ['a bare object', '{"path":"a.rs"}', '{"path":"a.rs"}'],
    ['a bare number', '9', '9'],
    ['a bare bool', 'true', 'true'],
    ['a bare array', '[1,2]', '[1,2]'],
    ['field absent', undefined, 'null'],
    ['field null', 'null', 'null'],
    ['trailing content: the raw string', '"{\\"a\\":1} trailing"', '"{\\"a\\":1} trailing"'],
  ];
  for (const [label, argsJson, canonical] of rows) {
    it(label, () => {
      expect(canonicalArgs(bare('t', argsJson).arguments)).toBe(canonical);
    });
  }

  it('a JSON-encoded string collides with the raw non-JSON string', () => {
    expect(callSignature(bare('t', '"\\"hello\\""'))).toBe(callSignature(bare('t', '"hello"')));
  });

  it('a bare object hashes like its string form', () => {
    expect(callSignature(bare('t', '{"path":"a.rs"}'))).toBe('t:' + 'ed658c7fbe3ce9f2');
  });

  it('"null", a missing field and null all hash the same', () => {
    const s = callSignature(bare('t', '"null"'));
    expect(callSignature(bare('t', undefined))).toBe(s);
    expect(callSignature(bare('t', 'null'))).toBe(s);
  });
});

describe('§3.2 canonical rules', () => {
  it('sorts keys by UTF-8 bytes, not UTF-16 units', () => {
    // U+FFFD (EF BF BD) sorts before U+1F600 (F0 9F 98 80) in UTF-8, after it in UTF-16.
    const v = json('{"😀":1,"\ufffd":2}');
    expect(canonicalArgs(v)).toBe('{"\ufffd":2,"😀":1}');
    expect(compareUtf8('\ufffd', '😀')).toBeLessThan(0);
    expect(['😀', '\ufffd'].sort()).toEqual(['😀', '\ufffd']);
  });

  it('escapes strings like serde_json: short escapes, \\u00XX lowercase, raw DEL and U+2028', () => {
    const v = json('"\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f/\\u007f\\u2028é"');
    expect(canonicalArgs(v)).toBe('"\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f/\u007f\u2028é"');
  });

  it('replaces scalars and empty containers at depth 16 by the sentinel', () => {
    const arr = (n: number, inner: string): string => '['.repeat(n) + inner + ']'.repeat(n);
    expect(canonicalArgs(json(arr(16, '1')))).toBe(arr(16, '"..."'));
    expect(canonicalArgs(json(arr(16, '[]')))).toBe(arr(16, '"..."'));
    expect(canonicalArgs(json(arr(15, '[]')))).toBe(arr(16, ''));
  });

  it('renders empty containers and literals', () => {
    expect(canonicalArgs(json('{"a":[],"b":{},"c":null,"d":true,"e":false}'))).toBe(
      '{"a":[],"b":{},"c":null,"d":true,"e":false}',
    );
  });

  it('treats __proto__ and constructor as ordinary keys', () => {
    expect(canonicalArgs(json('{"constructor":1,"__proto__":{"x":2}}'))).toBe(
      '{"__proto__":{"x":2},"constructor":1}',
    );
  });
});
