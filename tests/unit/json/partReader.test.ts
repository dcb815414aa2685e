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
