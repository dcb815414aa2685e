// A reply whose whole text is a Python list of calls (vLLM's pythonic parser, ToolACE).
import { describe, expect, it } from 'vitest';
import { holdsPythonicCalls, pythonicCalls } from '../../../src/import/dialects/pythonicCalls';
import { printJson } from '../../../src/json/index';

const read = (s: string) =>
  pythonicCalls(s)?.map((c) => `${c.name} ${printJson(c.arguments)}`) ?? null;

describe('a Python list of calls as a reply', () => {
  it('reads keyword literals: strings either quoted, numbers, constants, lists, dicts', () => {
    expect(
      read(
        ` [search(q="it's \\"here\\"", n=-2.5e1, exact=True, tags=['a', "b"], opts={'depth': None}), now()]\n`,
      ),
    ).toEqual([
      'search {"exact":true,"n":-25.0,"opts":{"depth":null},"q":"it\'s \\"here\\"","tags":["a","b"]}',
      'now {}',
    ]);
  });

  it('runs a name to the parenthesis that opens its keyword list', () => {
    expect(read('[User Feed (Video Posts) V2(user_id="12345", count=10)]')).toEqual([
      'User Feed (Video Posts) V2 {"count":10,"user_id":"12345"}',
    ]);
  });

  it('is no call list where any part is not one', () => {
    for (const s of [
      '[1, 2, 3]',
      '[see (the docs)]',
      '[f(x=y)]',
      '[f(1)]',
      '[f(x=1) g(y=2)]',
      '[f(x=(1, 2))]',
      '[f(x="open)]',
      '[]',
      'Calling [f(x=1)] now',
    ]) {
      expect(read(s), s).toBeNull();
    }
  });

  it('is looked for only in a text bracketed at both ends', () => {
    expect(holdsPythonicCalls('  [f(x=1)]\n')).toBe(true);
    expect(holdsPythonicCalls('[link](http://x)')).toBe(false);
    expect(holdsPythonicCalls('text [f(x=1)]')).toBe(false);
  });
});
