// Open WebUI's tool-call tags, read out of an assistant's text as the objects they spell.
import { describe, expect, it } from 'vitest';
import { holdsToolDetails, toolDetails } from '../../../src/import/dialects/openWebUi';

describe('Open WebUI tool-call tags', () => {
  it('reads attributes HTML-escaped and JSON-encoded, the result from either place', () => {
    const text =
      'Checking.\n<details type="tool_calls" done="true" id="c1" name="get" arguments="&quot;{\\&quot;q\\&quot;: \\&quot;a &amp; b\\&quot;}&quot;" result="&quot;ok &lt;1&gt;&quot;">\n<summary>Tool Executed</summary>\n</details>\n' +
      '<details type="tool_calls" done="true" id="c2" name="get" arguments="&quot;{}&quot;">\n<summary>Tool Executed</summary>\n&quot;line\\nnext&quot;\n</details>';
    expect(holdsToolDetails(text)).toBe(true);
    expect(toolDetails(text)).toEqual([
      {
        type: 'tool_calls',
        done: 'true',
        id: 'c1',
        name: 'get',
        arguments: '{"q": "a & b"}',
        result: 'ok <1>',
      },
      {
        type: 'tool_calls',
        done: 'true',
        id: 'c2',
        name: 'get',
        arguments: '{}',
        result: 'line\nnext',
      },
    ]);
  });

  it('a tag never closed is a call still running: no result', () => {
    const tags = toolDetails(
      '<details type="tool_calls" done="false" id="c1" name="run" arguments="&quot;{}&quot;">\n<summary>Executing...</summary>\n&quot;partial&quot;',
    );
    expect(tags).toEqual([
      { type: 'tool_calls', done: 'false', id: 'c1', name: 'run', arguments: '{}' },
    ]);
  });

  it('keeps a reference past Unicode, and other details tags, as written', () => {
    const text =
      '<details type="reasoning" done="true"><summary>Thought</summary>x</details>' +
      '<details type="tool_calls" done="true" name="x" arguments="&#x110000;&#65;&bogus;"></details>';
    expect(toolDetails(text)).toEqual([
      { type: 'tool_calls', done: 'true', name: 'x', arguments: '&#x110000;A&bogus;' },
    ]);
    expect(holdsToolDetails('<details type="reasoning">')).toBe(false);
  });
});
