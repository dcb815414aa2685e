// JSON a copy mangled (line breaks written out in its strings, a markdown editor's `\*`), read
// as the text it spells, with a note; any other broken JSON keeps its syntax error.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { importAll, outline } from './helpers';

const chat = JSON.stringify(
  [
    { role: 'user', content: 'Fix **bold** text\nin README' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'read', arguments: '{"path":"README.md"}' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'c1', content: '# Title\n\n**bold**' },
  ],
  null,
  2,
);

describe('JSON a copy mangled', () => {
  it('reads line breaks written out and markdown backslashes as the text they spell', () => {
    const mangled = chat.replace(/\\n/g, '\n').replace(/\*\*/g, '\\*\\*');
    const [c, ...more] = importAll(mangled, { name: 'run.md' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: read(c1) {"path":"README.md"}',
      'tool → c1: "# Title\\n\\n**bold**"',
    ]);
    expect(c?.messages[0]?.content).toBe('Fix **bold** text\nin README');
    expect(c?.warnings[0]).toMatch(/^The file is not JSON as written: line breaks stand/);
    // The messages' places are in the mended text, which is what was read.
    expect(JSON.parse(c?.spanText ?? 'null')).toHaveLength(3);
  });

  it('keeps the syntax error of JSON broken otherwise, and reads escaped backslashes as such', () => {
    const r = importConversations(chat.replace('"role": "tool",', '"role": "tool"'), {
      name: 'run.json',
    });
    expect(r.ok ? '' : r.error.message).toMatch(/Invalid JSON/);
    const [c] = importAll(chat.replace('# Title', '\\\\* Title'), { name: 'run.json' });
    expect(c?.warnings.join(' ')).not.toMatch(/not JSON as written/);
    expect(c?.messages[2]?.content).toBe('\\* Title\n\n**bold**');
  });
});
