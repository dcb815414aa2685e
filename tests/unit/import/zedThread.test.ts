// Zed's agent threads saved as markdown, read as the chat they show.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { fixture, importAll, outline } from './helpers';

const read = (text: string | Uint8Array) => importAll(text, { name: 'thread.md' });

describe('a Zed agent thread saved as markdown', () => {
  it('reads each call by its title, its content as the answer, and the turns', () => {
    const [c, ...more] = read(fixture('markdown/zed-thread.md'));
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      'assistant: Read file(zed-1) {"title":"Read file `lib/parser.dart`"}',
      'tool → zed-1: "```lib/parser.dart\\n// The last cue is kept until the end tag.\\n## User\\nclass Parser {}\\n```"',
      'assistant: Search files for regex(zed-2) {"title":"Search files for regex `endCue`"}',
      'tool → zed-2: "No matches found"',
      'assistant: Read file(zed-3) {"title":"Read file `lib/parser.dart`"}',
      'tool → zed-3: "```lib/parser.dart\\n// The last cue is kept until the end tag.\\n## User\\nclass Parser {}\\n```"',
      'assistant',
      'assistant: dart test(zed-4) {"title":"dart test"}',
      'tool → zed-4: "Canceled"',
      'assistant: python3 -c "\nimport sys\n## Assistant\nprint(sys.version)"(zed-5) {"title":"python3 -c \\"\\nimport sys\\n## Assistant\\nprint(sys.version)\\""}',
      'tool → zed-5: "Command \\"python3 -c ...\\" failed with exit code 1."',
      'assistant: thinking(zed-6) {"title":"thinking"}',
      'user',
      'assistant',
    ]);
    expect(c?.census?.toolCalls).toBe(6);
    expect(c?.warnings[0]).toBe(
      "Read “thread.md” as a Zed agent thread saved as markdown: 6 tool calls, each named and signed by the title Zed showed for it (`**Tool Call: …**`), not by the tool's own name and arguments, so calls shown with one title are one signature; each a reply of its own (the thread does not say which calls one reply made); 5 with an answer.",
    );
  });

  it('drops thoughts and reads CRLF lines alike', () => {
    const crlf = new TextDecoder().decode(fixture('markdown/zed-thread.md')).replace(/\n/g, '\r\n');
    const [c] = read(crlf);
    expect(c?.messages[1]).toMatchObject({ role: 'assistant' });
    expect(JSON.stringify(c?.messages[1])).not.toContain('Start with the parser');
    expect(outline(c?.messages ?? [])).toEqual(
      outline(read(fixture('markdown/zed-thread.md'))[0]?.messages ?? []),
    );
  });

  it('is not any markdown with those headings', () => {
    const r = importConversations('## User\n\nhello\n\n## Assistant\n\nhi\n', { name: 'a.md' });
    expect(r.ok).toBe(false);
  });
});
