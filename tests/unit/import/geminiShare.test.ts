// Gemini CLI's markdown export of a chat (`/chat share file.md`), read as the history it prints.
import { describe, expect, it } from 'vitest';
import { geminiShareComplete } from '../../../src/import/geminiShare';
import { fixture, importAll, outline } from './helpers';

function read(input: Uint8Array | string) {
  return importAll(input, { name: 'chat.md' });
}

const text = () => new TextDecoder().decode(fixture('markdown/gemini-cli-chat-share.md'));

describe("Gemini CLI's chat export", () => {
  it('reads its contents: text, calls and responses, two calls of one turn one batch', () => {
    const [c, ...more] = read(fixture('markdown/gemini-cli-chat-share.md'));
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('gemini');
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: run_shell_command(run_shell_command-1) {"command":"npm test"}',
      'tool → run_shell_command-1: {"output":"FAIL src/parse.test.ts"}',
      'assistant: read_file(read_file-2) {"file_path":"src/parse.ts"} | read_file(read_file-3) {"file_path":"src/parse.test.ts"}',
      'tool → read_file-2: {"output":"export const parse = Number;"}',
      'tool → read_file-3: {"output":"expect(parse(\'1\')).toBe(1)"}',
      'assistant',
    ]);
    expect(c?.warnings[0]).toBe(
      'Read “chat.md” as a Gemini CLI chat export (`/chat share`) of 6 messages and 3 tool calls.',
    );
  });

  it('reads the older header, and answers calls printed without ids by their responses', () => {
    // Older versions put the icon first, and their calls carry no id while responses do.
    const older = text()
      .replace(/## (USER|MODEL) (🧑‍💻|✨)/gu, '$2 ## $1')
      .replace(
        /("file_path": "[^"]*"|"command": "npm test")\n {2}\},\n {2}"id": "[^"]*"/g,
        '$1\n  }',
      );
    const [c] = read(older);
    expect(outline(c?.messages ?? []).slice(1, 6)).toEqual([
      'assistant: run_shell_command(syn-1-0) {"command":"npm test"}',
      'tool → syn-1-0: {"output":"FAIL src/parse.test.ts"}',
      'assistant: read_file(syn-3-0) {"file_path":"src/parse.ts"} | read_file(syn-3-1) {"file_path":"src/parse.test.ts"}',
      'tool → syn-3-0: {"output":"export const parse = Number;"}',
      'tool → syn-3-1: {"output":"expect(parse(\'1\')).toBe(1)"}',
    ]);
  });

  it('reads an export kept as a note: a title above it, its first heading one level up', () => {
    const whole = outline(read(fixture('markdown/gemini-cli-chat-share.md'))[0]?.messages ?? []);
    const titled = `# Prompts of the task\n\nSaved with /chat share.\n\n${text().replace(/^## /, '# ')}`;
    expect(outline(read(titled)[0]?.messages ?? [])).toEqual(whole);
  });

  it('settles, while written, at whole messages', () => {
    const t = text();
    expect(geminiShareComplete(t)).toBe(t);
    const response = t.indexOf('## USER', 100);
    const cut = t.indexOf('**Tool Response**', response) + 3;
    const before = t.lastIndexOf('\n\n---\n\n', response);
    // A marker half written, and a header with nothing under it yet.
    expect(geminiShareComplete(t.slice(0, cut))).toBe(t.slice(0, before));
    expect(geminiShareComplete(t.slice(0, response + 12))).toBe(t.slice(0, before));
  });
});
