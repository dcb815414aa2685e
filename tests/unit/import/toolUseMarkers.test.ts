// Calls flattened into text markers, `[tool_use:Bash {"command": "ls"}]`, as exporters and
// sanitizers write an Anthropic message's `tool_use` blocks.
import { describe, expect, it } from 'vitest';
import { toolUseMarkers } from '../../../src/import/dialects/toolUseMarkers';
import { importAll, outline } from './helpers';

const lines = (...v: unknown[]): string => `${v.map((x) => JSON.stringify(x)).join('\n')}\n`;
const said = (role: string, text: string) => ({ type: 'message', role, text });
const plain = (l: string[]) => l.map((x) => x.replace(/\(syn-[^)]*\)/g, ''));

describe('`[tool_use:…]` markers', () => {
  it('reads each marker with its input as a call, in a log of `{ role, text }` messages', () => {
    const log = lines(
      { type: 'sanitization_notice', removed: ['full file contents from tool results'] },
      said('user', 'List the routes.'),
      said('assistant', 'Looking first.'),
      said('assistant', '[tool_use:Bash {"command":"ls src","description":"List src"}]'),
      said('assistant', '[tool_use:Bash {"command":"ls src","description":"List src"}]'),
      said('assistant', 'Now the file:\n[tool_use:Read] {"file_path":"src/a.ts"}'),
      said('user', 'Why [tool_use:Grep {"pattern":"x"}] again?'),
    );
    const [c, ...more] = importAll(log, { name: 'session.jsonl' });
    expect(more).toHaveLength(0);
    expect(plain(outline(c?.messages ?? []))).toEqual([
      'user',
      'assistant',
      'assistant: Bash {"command":"ls src","description":"List src"}',
      'assistant: Bash {"command":"ls src","description":"List src"}',
      'assistant: Read {"file_path":"src/a.ts"}',
      'user',
    ]);
    // A user's words quote a marker; they make no call.
    expect(c?.census?.byDialect['tool-use-marker']).toBe(3);
    expect(c?.warnings.join(' ')).toMatch(/no tool results/);
  });

  it('spells the forms writers use, and counts a marker without its input unread', () => {
    const text = [
      '[tool_use:toolu_01:Read] {"file_path":"a.ts"}',
      '[tool_use:Edit]',
      '{"file_path":"a.ts","old":"}","new":"{"}',
      '[tool_use: bash (toolu_02)]',
      '[tool_use:Write {"path":"b.ts"} trailing]',
    ].join('\n');
    expect(toolUseMarkers(text)).toEqual([
      { type: 'tool_use_marker', id: 'toolu_01', name: 'Read', arguments: expect.any(Map) },
      { type: 'tool_use_marker', name: 'Edit', arguments: expect.any(Map) },
      { type: 'tool_use_marker', id: 'toolu_02', name: 'bash' },
    ]);
    const chat = [
      { role: 'user', content: 'Fix it.' },
      { role: 'assistant', content: '[tool_use:Read] {"file_path":"a.ts"}' },
      { role: 'assistant', content: '[tool_use:Bash]' },
    ];
    const [c] = importAll(JSON.stringify(chat), { name: 'chat.json' });
    expect(plain(outline(c?.messages ?? []))).toEqual([
      'user',
      'assistant: Read {"file_path":"a.ts"}',
      'assistant',
    ]);
    expect(c?.census?.toolCalls).toBe(2);
    expect(c?.warnings.join(' ')).toMatch(/1 tool call .*not read/);
  });
});
