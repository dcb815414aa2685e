import { describe, expect, it } from 'vitest';
import { JsonPartReader } from '../../../src/json/index';

describe('JsonPartReader.literal', () => {
  const literalOf = (text: string): string | null => {
    const r = new JsonPartReader(text, 'content');
    expect(r.read(0)).toBe(null);
    return r.literal();
  };

  it('gives the member’s string as written, escapes and all', () => {
    expect(literalOf('{"role":"tool","content":"a\\/b\\n"}')).toBe('"a\\/b\\n"');
    expect(literalOf('{"content" : "x" , "role":"tool"}')).toBe('"x"');
  });

  it('gives the literal of the value the object holds', () => {
    expect(literalOf('{"content":"a","content":"b"}')).toBe('"b"');
    expect(literalOf('{"content":"a","content":5}')).toBe(null);
    expect(literalOf('{"content":{"c":1},"content":"b"}')).toBe('"b"');
  });

  it('gives none for other members, deeper ones, non-strings or other values', () => {
    expect(literalOf('{"role":"tool"}')).toBe(null);
    expect(literalOf('{"x":{"content":"deep"}}')).toBe(null);
    expect(literalOf('{"content":["a"]}')).toBe(null);
    expect(literalOf('["content","a"]')).toBe(null);
    expect(new JsonPartReader('{"content":"a"}').read(0)).toBe(null);
    const plain = new JsonPartReader('{"content":"a"}');
    plain.read(0);
    expect(plain.literal()).toBe(null);
  });

  it('forgets the last read’s literal', () => {
    const text = '{"content":"a"} {"role":"user"}';
    const r = new JsonPartReader(text, 'content');
    r.read(0);
    expect(r.literal()).toBe('"a"');
    r.read(text.indexOf('{', 1));
    expect(r.literal()).toBe(null);
  });
});

describe('JsonPartReader.read in any order', () => {
  // Escapes are found by an index that moves forward with the reads; a read must not trust
  // it where the last read went past the escapes it is about to meet.
  const text = '[{"b":{"c":"p\\"q"},"a":"x\\"y"}, {"d":"r\\"s"}]';
  const first = text.indexOf('{');
  const inner = text.indexOf('{', first + 1);
  const second = text.indexOf('{', inner + 1);

  it('reads the same value twice in a row', () => {
    const r = new JsonPartReader(text);
    for (let i = 0; i < 2; i++) {
      expect(r.read(first)).toBe(null);
      expect(r.value).toEqual(
        new Map<string, unknown>([
          ['a', 'x"y'],
          ['b', new Map([['c', 'p"q']])],
        ]),
      );
    }
  });

  it('reads a value inside the one it read last, and one after it', () => {
    const r = new JsonPartReader(text);
    expect(r.read(first)).toBe(null);
    expect(r.read(inner)).toBe(null);
    expect(r.value).toEqual(new Map([['c', 'p"q']]));
    expect(r.read(second)).toBe(null);
    expect(r.value).toEqual(new Map([['d', 'r"s']]));
  });
});
