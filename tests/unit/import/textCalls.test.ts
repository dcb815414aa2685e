// Calls written into an assistant's text as tags, read out as the objects they spell.
import { describe, expect, it } from 'vitest';
import { holdsTextCalls, textCalls } from '../../../src/import/dialects/textCalls';

/** The tags' calls with their arguments as plain JSON, for comparing. */
function plain(text: string): unknown {
  return JSON.parse(
    JSON.stringify(textCalls(text), (_, v: unknown) =>
      v instanceof Map ? Object.fromEntries(v) : v,
    ),
  );
}

describe('Hermes <tool_call> tags', () => {
  it('reads each tag’s JSON, text around them left alone', () => {
    const text =
      'Checking both.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Berlin"}}\n</tool_call>\n' +
      '<tool_call>\n{"name": "get_time", "arguments": {"tz": "CET"}}\n</tool_call>';
    expect(holdsTextCalls(text)).toBe(true);
    expect(plain(text)).toEqual([
      { type: 'hermes_tool_call', name: 'get_weather', arguments: { city: 'Berlin' } },
      { type: 'hermes_tool_call', name: 'get_time', arguments: { tz: 'CET' } },
    ]);
  });

  it('reads a Python dict, as Hermes’ own examples write it, and an unclosed last tag', () => {
    const text =
      "<tool_call>\n{'arguments': {'symbol': 'TSLA'}, 'name': 'get_stock_price'}\n</tool_call>" +
      '<tool_call>{"name": "get_news", "arguments": {"symbol": "TSLA", "recent": true}}';
    expect(plain(text)).toEqual([
      { type: 'hermes_tool_call', name: 'get_stock_price', arguments: { symbol: 'TSLA' } },
      {
        type: 'hermes_tool_call',
        name: 'get_news',
        arguments: { symbol: 'TSLA', recent: true },
      },
    ]);
  });

  it('skips a tag that spells no named call', () => {
    expect(
      textCalls('<tool_call>not json</tool_call><tool_call>{"arguments": {}}</tool_call>'),
    ).toEqual([]);
    expect(holdsTextCalls('a <tool_response> only')).toBe(false);
  });

  it('stays linear on many unclosed tags', () => {
    const calls = textCalls('<tool_call>{"name": "x", "arguments": {}}'.repeat(20_000));
    // With no closing tag, the first tag runs to the end of the text, as a server's parser
    // takes it, and that is no JSON: no call, and one pass over the text.
    expect(calls).toHaveLength(0);
  });
});

describe('Cline XML tool tags', () => {
  it('reads the first tool tag of its own tools, a parameter an element', () => {
    const text =
      'Let me <b>look</b> first.\n\n<search_files>\n<path>src</path>\n<regex>fn \\w+</regex>\n' +
      '<file_pattern>*.rs</file_pattern>\n</search_files>\n<read_file>\n<path>b</path>\n</read_file>';
    expect(holdsTextCalls(text)).toBe(true);
    // Cline runs the first call of a message and refuses the rest.
    expect(plain(text)).toEqual([
      {
        type: 'cline_xml_call',
        name: 'search_files',
        params: { path: 'src', regex: 'fn \\w+', file_pattern: '*.rs' },
      },
    ]);
  });

  it('keeps a file’s text whole up to its last closing tag, and trims values', () => {
    const text =
      '<write_to_file>\n<path> a.md </path>\n<content>\nsay </content> here\n</content>\n' +
      '<line_count>1</line_count>\n</write_to_file>';
    expect(plain(text)).toEqual([
      {
        type: 'cline_xml_call',
        name: 'write_to_file',
        params: { path: 'a.md', content: 'say </content> here', line_count: '1' },
      },
    ]);
  });

  it('reads a call the stream ended inside, its last value to the end', () => {
    expect(plain('<execute_command>\n<command>npm te')).toEqual([
      { type: 'cline_xml_call', name: 'execute_command', params: { command: 'npm te' } },
    ]);
  });

  it('ignores XML that names none of its tools', () => {
    expect(holdsTextCalls('<div>\n<path>x</path>\n</div>')).toBe(false);
    expect(textCalls('<readfile><path>x</path></readfile>')).toEqual([]);
  });

  it('takes a parameter named like a prototype member as data', () => {
    const [call] = textCalls('<read_file><__proto__>x</__proto__><path>p</path></read_file>');
    expect(call?.type).toBe('cline_xml_call');
    const params = (call as { params: ReadonlyMap<string, string> }).params;
    expect([...params]).toEqual([
      ['__proto__', 'x'],
      ['path', 'p'],
    ]);
  });
});
