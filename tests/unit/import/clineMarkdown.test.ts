// Cline's and Roo Code's markdown export of a task, read as the history it was printed from.
import { describe, expect, it } from 'vitest';
import type { ImportOptions } from '../../../src/import/types';
import { clineMarkdownComplete } from '../../../src/import/clineMarkdown';
import { fixture, importAll, outline } from './helpers';

function read(bytes: Uint8Array | string, opts: ImportOptions = {}) {
  const input = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return importAll(input, { name: 'cline_task.md', ...opts });
}

describe('a Cline markdown export', () => {
  it('reads calls written as XML, and their text results as Cline does', () => {
    const [c, ...more] = read(fixture('cline/export-xml.md'), { clineResults: 'tool' });
    expect(more).toHaveLength(0);
    expect(c?.format).toBe('cline');
    // A header quoted inside a result is the result's text: the history alternates.
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: execute_command(syn-1-0) {"command":"npm test","requires_approval":"false"}',
      'tool → syn-1-0: "Command executed.\\nOutput:\\nFAIL src/parse.test.ts\\n\\n---\\n\\n**User:**\\n\\nquoted text from a log"',
      'assistant: execute_command(syn-3-0) {"command":"npm test","requires_approval":"false"}',
      'tool → syn-3-0: "Command executed.\\nOutput:\\nFAIL src/parse.test.ts"',
      'assistant: read_file(syn-5-0) {"path":"src/parse.ts"}',
      'tool → syn-5-0: "export const parse = (s: string) => Number(s);"',
      'assistant: attempt_completion(syn-7-0) {"result":"parse reads numbers again."}',
    ]);
    expect(c?.warnings[0]).toBe(
      'Read “cline_task.md” as a Cline or Roo Code markdown export of 8 messages: it keeps no call ids (they are numbered), and calls written as XML in the replies are read from their text.',
    );
  });

  it('reads native calls, their `Key: value` inputs and the results that answer them', () => {
    const [c] = read(fixture('cline/export-native.md'));
    // Roo keeps results in tool messages, printed under the assistant's header.
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant: execute_command(cline-md-1) {"command":"npm test","cwd":"/w/app"}',
      'tool → cline-md-1: "FAIL src/parse.test.ts\\nNote: 1 failed"',
      'user',
      'assistant: execute_command(cline-md-2) {"command":"npm test","cwd":"/w/app"}',
      'tool → cline-md-2: "The command timed out."',
      'assistant: read_file(cline-md-3) {"files":[{"path":"src/parse.ts"}]} | write_to_file(cline-md-4) {"content":"export const parse = (s: string) =>\\n  Number(s);","line_count":"2","path":"src/parse.ts"}',
      'tool → cline-md-3: "export const parse = (s: string) => s;"',
      'tool → cline-md-4: "Wrote src/parse.ts"',
      'user',
      'assistant: attempt_completion(cline-md-5) {"result":"Fixed."}',
    ]);
    expect(c?.warnings[0]).toBe(
      "Read “cline_task.md” as a Cline or Roo Code markdown export of 9 messages: it keeps no call ids (they are numbered), and it prints each of the 5 native calls (4 with a result) with its input as `Key: value` text, so their signatures are the export's, not the agent's.",
    );
  });

  it('is read only where it opens with the user and has a reply', () => {
    expect(() => read('**User:**\n\nhello\n\n')).toThrow();
    const [c] = read(
      '\uFEFF**User:**\r\n\r\nhi\r\n\r\n---\r\n\r\n**Assistant:**\r\n\r\n[Tool Use: ls]\r\nPath: .\r\n\r\n',
    );
    expect(outline(c?.messages ?? [])).toEqual(['user', 'assistant: ls(cline-md-1) {"path":"."}']);
  });

  it('settles, while written, at whole messages', () => {
    const t = new TextDecoder().decode(fixture('cline/export-native.md'));
    const second = t.indexOf('---\n\n**User:**');
    // A header with nothing after it yet, and a message cut inside a call's input.
    expect(clineMarkdownComplete(t.slice(0, second + 16))).toBe(t.slice(0, second));
    const input = t.indexOf('Cwd: /w/app');
    expect(clineMarkdownComplete(t.slice(0, input + 6))).toBe(
      t.slice(0, t.indexOf('---\n\n**Assistant:**')),
    );
    expect(clineMarkdownComplete(t)).toBe(t);
    expect(clineMarkdownComplete('**User:**\n\nhel')).toBe('');
  });
});
