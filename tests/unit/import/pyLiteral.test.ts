import { describe, expect, it } from 'vitest';
import { printJson } from '../../../src/json/index';
import { pythonLiteralToJson, readLenient } from '../../../src/import/pyLiteral';

const read = (s: string) => {
  const r = readLenient(s);
  return { how: r.how, value: r.how === 'text' ? r.value : printJson(r.value) };
};

describe('readLenient', () => {
  it('reads JSON as JSON', () => {
    expect(read('[{"role": "user"}]')).toEqual({ how: 'json', value: '[{"role":"user"}]' });
  });

  it('repairs a Python repr: quotes, constants, escapes', () => {
    expect(read(`[{'role': 'user', 'content': "it's \\"x\\"\\n", 'ok': True, 'n': None}]`)).toEqual(
      {
        how: 'repaired',
        value: '[{"content":"it\'s \\"x\\"\\n","n":null,"ok":true,"role":"user"}]',
      },
    );
    expect(read(`{'a': 'caf\\xe9', 'b': 'say \\'hi\\''}`).value).toBe(
      '{"a":"café","b":"say \'hi\'"}',
    );
  });

  it('keeps anything else as text', () => {
    expect(read('What is in a.txt?')).toEqual({ how: 'text', value: 'What is in a.txt?' });
    expect(read("[('a', 1)]")).toEqual({ how: 'text', value: "[('a', 1)]" });
    expect(read("[{'a': fn()}]").how).toBe('text');
    expect(read("{'open': 'unterminated}").how).toBe('text');
  });
});

describe('pythonLiteralToJson', () => {
  it('rejects names other than True, False and None', () => {
    expect(pythonLiteralToJson("{'a': datetime}")).toBeNull();
    expect(pythonLiteralToJson("{'a': False}")).toBe('{"a":false}');
  });
});
