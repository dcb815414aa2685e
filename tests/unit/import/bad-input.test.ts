import { describe, expect, it } from 'vitest';
import { isJsonObject } from '../../../src/json/index';
import { FORMATS, importConversations, importTranscript } from '../../../src/import/index';
import { isNote } from '../../../src/import/notes';
import { loadError, outline } from './helpers';

const BODY = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}';
const enc = (s: string) => new TextEncoder().encode(s);

describe('bytes and text', () => {
  it('strips a UTF-8 BOM from bytes and from text', () => {
    for (const input of [new Uint8Array([0xef, 0xbb, 0xbf, ...enc(BODY)]), `\ufeff${BODY}`]) {
      const r = importTranscript(input);
      expect(r.ok && r.value.messages.length).toBe(2);
    }
  });

  it('reads CRLF JSON Lines and keeps spans inside each line', () => {
    const text = '{"role":"user","content":"a"}\r\n{"role":"assistant","content":"b"}\r\n';
    const r = importTranscript(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(outline(r.value.messages)).toEqual(['user', 'assistant']);
    const s = r.value.messages[1]?.span;
    expect(s && text.slice(s.start, s.end)).toBe('{"role":"assistant","content":"b"}');
  });

  it('replaces invalid UTF-8 with U+FFFD and warns with the byte offset', () => {
    const bytes = new Uint8Array([...enc('[{"role":"user","content":"a'), 0xff, ...enc('b"}]')]);
    const r = importTranscript(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.messages[0]?.content).toBe('a\ufffdb');
    expect(r.value.warnings.join(' ')).toMatch(/not valid UTF-8.*offset 28/);
  });

  it('rejects a file with NUL bytes as binary', () => {
    const e = loadError(new Uint8Array([0x7b, 0x00, 0x01, 0x02]));
    expect(e.kind).toBe('binary');
    expect(e.message).toMatch(/byte 2/);
  });

  it('rejects empty and whitespace-only input', () => {
    expect(loadError('').kind).toBe('empty');
    expect(loadError(' \n\t\r\n').kind).toBe('empty');
    expect(loadError(new Uint8Array([0xef, 0xbb, 0xbf, 0x20])).kind).toBe('empty');
  });

  it('a ZIP that is not an Inspect log is an unknown format', () => {
    const e = loadError(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]));
    expect(e.kind).toBe('unknown-format');
  });
});

describe('syntax errors', () => {
  it('names line and column and gives the line for a caret', () => {
    const e = loadError('{\n  "messages": [\n    {"role": "user", "content": "hi",}\n  ]\n}');
    expect(e.kind).toBe('syntax');
    if (e.kind !== 'syntax') return;
    expect(e.line).toBe(3);
    expect(e.lineText).toBe('    {"role": "user", "content": "hi",}');
    expect(e.lineText[e.caret]).toBe('}');
    expect(e.column).toBe(e.caret + 1);
    expect(e.message).toMatch(/line 3, column \d+/);
    expect(e.message).not.toContain('\n');
  });

  it('trims a very long line around the column', () => {
    const long = `[{"role":"user","content":"${'x'.repeat(5000)}"} oops]`;
    const e = loadError(long);
    expect(e.kind).toBe('syntax');
    if (e.kind !== 'syntax') return;
    expect(e.lineText.length).toBeLessThan(200);
    expect(e.lineText.startsWith('…')).toBe(true);
    expect(e.lineText[e.caret]).toBe('o');
  });

  it('a truncated single document is a syntax error at the end', () => {
    const e = loadError('{"messages":[{"role":"user","content":"hi"}');
    expect(e.kind).toBe('syntax');
  });
});

describe('JSON values one after another', () => {
  const pretty = (v: unknown) => JSON.stringify(v, null, 2);
  const chat = (id: string) => ({
    messages: [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        tool_calls: [{ id, type: 'function', function: { name: 'ls', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: id, content: 'a b' },
    ],
  });

  it('reads pretty-printed values written one after another, each a record, with a note', () => {
    const text = `${pretty(chat('c1'))}\n\n${pretty(chat('c2'))}  ${pretty(chat('c3'))}\n`;
    const r = importConversations(text);
    if (!r.ok) throw new Error(r.error.message);
    const said = 'Read as 3 JSON values written one after another, not one a line.';
    expect(r.value[0]?.warnings).toContain(said);
    // It changes nothing the detector sees: a note, not a warning.
    expect(isNote(said)).toBe(true);
    const calls = r.value.flatMap((c) => outline(c.messages)).filter((m) => m.includes('ls('));
    expect(calls).toEqual(['assistant: ls(c1) {}', 'assistant: ls(c2) {}', 'assistant: ls(c3) {}']);
  });

  it('is still a syntax error when anything but values follows the first', () => {
    for (const tail of [' oops', ' "a string"', ' {"messages": [}'])
      expect(loadError(`${pretty(chat('c1'))}${tail}`).kind).toBe('syntax');
  });
});

describe('JSON Lines', () => {
  it('keeps the rest when one line is bad, and names the line', () => {
    const text = [
      '{"role":"user","content":"a"}',
      '{"role": oops}',
      '{"role":"assistant","content":"b"}',
      '',
    ].join('\n');
    const r = importTranscript(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.messages).toHaveLength(2);
    expect(r.value.warnings.some((w) => /^Line 2 is not valid JSON/.test(w))).toBe(true);
  });

  it('warns about a truncated last line', () => {
    const r = importTranscript('{"role":"user","content":"a"}\n{"role":"assistant","cont');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.messages).toHaveLength(1);
    expect(r.value.warnings.some((w) => /last line \(2\) is incomplete/.test(w))).toBe(true);
  });
});

describe('unknown shapes and hostile keys', () => {
  it('lists the supported formats and what was seen', () => {
    const e = loadError('{"foo": 1, "bar": [2]}');
    expect(e.kind).toBe('unknown-format');
    if (e.kind !== 'unknown-format') return;
    expect(e.seen).toBe('a JSON object with keys: foo, bar');
    expect(e.supported).toBe(FORMATS);
    expect(e.message).toContain('Anthropic Messages');
    expect(loadError('42').kind).toBe('unknown-format');
    expect(loadError('{"a":1}\n{"b":2}\n').kind).toBe('unknown-format');
  });

  it('__proto__ / constructor keys are ordinary data', () => {
    const text =
      '{"__proto__":{"polluted":1},"messages":[{"role":"assistant","content":null,"constructor":{},"tool_calls":[{"id":"a","type":"function","function":{"name":"__proto__","arguments":{"__proto__":{"x":1}}}}]}]}';
    const r = importTranscript(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(outline(r.value.messages)).toEqual(['assistant: __proto__(a) {"__proto__":{"x":1}}']);
    const calls = r.value.messages[0]?.tool_calls;
    expect(Array.isArray(calls) && isJsonObject(calls[0])).toBe(true);
  });

  it('a forced format that does not fit is an invalid error, not a crash', () => {
    for (const f of FORMATS) {
      const r = importTranscript('{"x": [1, 2, {"y": null}]}', { format: f.id });
      if (!r.ok) expect(['invalid', 'unknown-format']).toContain(r.error.kind);
    }
  });
});
