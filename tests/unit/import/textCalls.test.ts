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
