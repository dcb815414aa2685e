// Trae's chat copied as text: each call as `toolName:` and `status:` lines over its arguments.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { traeChatComplete } from '../../../src/import/traeChat';
import { fixture, importAll, outline } from './helpers';

const text = () => new TextDecoder().decode(fixture('markdown/trae-chat-copy.md'));

describe('a Trae chat copied as text', () => {
  it('reads each call by its name and the arguments it shows, the words between as replies', () => {
    const [c, ...more] = importAll(fixture('markdown/trae-chat-copy.md'), { name: 'chat.md' });
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant',
      'assistant: view_files(trae-1) {"filePath":"/w/app/src/parse.ts\\n/w/app/src/parse.test.ts"}',
      'assistant',
      'assistant: run_command(trae-2) {"command":"cd /w/app && npm test undefined"}',
      'assistant: edit_file_search_replace(trae-3) {"changes":"undefined","filePath":"/w/app/src/parse.ts"}',
      'assistant',
      'assistant: run_command(trae-4) {"command":"cd /w/app && npm test undefined"}',
      'assistant: todo_write(trae-5) {}',
      'assistant',
    ]);
    expect(c?.census?.toolCalls).toBe(5);
    expect(c?.warnings[0]).toBe(
      "Read “chat.md” as a Trae chat copied as text: 5 tool calls, each a reply of its own with the arguments it shows as `key: value` lines (an edit often as its file's path only, so edits of one file are one signature), numbered as it names no id; 1 not shown as a success; the copy keeps no results and no prompts of the user's.",
    );
  });

  it('reads blank lines and lines of spaces alike, CRLF too', () => {
    const trimmed = text()
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\r\n');
    const [a] = importAll(trimmed, { name: 'chat.md' });
    const [b] = importAll(text(), { name: 'chat.md' });
    expect(outline(a?.messages ?? [])).toEqual(outline(b?.messages ?? []));
  });

  it('holds back a last call whose arguments may still grow', () => {
    const t = text();
    const cut = t.indexOf('toolName: todo_write');
    expect(traeChatComplete(t)).toBe(t);
    expect(traeChatComplete(t.slice(0, t.indexOf('Todos updated')))).toBe(
      t.slice(0, t.lastIndexOf('\n', cut - 1) + 1).replace(/\n$/, ''),
    );
  });

  it('is not a text that only mentions the words', () => {
    const r = importConversations('notes: the toolName: field\nis documented.\n', { name: 'a.md' });
    expect(r.ok).toBe(false);
  });
});
