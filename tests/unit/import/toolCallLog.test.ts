// Markdown session logs that head each call `### Tool call: <name>` (Playwright MCP's and others').
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { toolCallLogComplete } from '../../../src/import/toolCallLog';
import { fixture, importAll, outline } from './helpers';

function read(input: Uint8Array | string) {
  return importAll(input, { name: 'session.md' });
}

describe('a markdown session log of `Tool call:` headings', () => {
  it("reads Playwright MCP's saved session: calls, errors, results, a person's actions", () => {
    const [c, ...more] = read(fixture('markdown/playwright-mcp-session.md'));
    expect(more).toHaveLength(0);
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: browser_navigate(toolcall-1) {"url":"http://localhost:3000"}',
      'assistant: browser_click(toolcall-2) {"element":"Sign in button","ref":"e12"}',
      'tool → toolcall-2: "Error: Ref e12 not found in the current page snapshot."',
      'assistant: browser_click(toolcall-3) {"element":"Sign in button","ref":"e12"}',
      'tool → toolcall-3: "Error: Ref e12 not found in the current page snapshot."',
      'user',
      'assistant: browser_snapshot(toolcall-4) {}',
      'tool → toolcall-4: "- Page URL: http://localhost:3000/account\\n- Page Title: Account"',
    ]);
    expect(c?.warnings[0]).toBe(
      'Read “session.md” as a markdown session log of 4 tool calls under `Tool call` headings or labels, 3 with a result (numbered where it names no id); 1 action a person took in the browser, each a user turn.',
    );
  });

  it('reads calls labelled over a block that names them, results handed back in user turns', () => {
    const call = (name: string, input: unknown) => [
      '**Tool Call**:',
      '',
      '```json',
      JSON.stringify({ input, name }, null, 2),
      '```',
      '',
    ];
    const text = [
      '# fix-hint-queue',
      '',
      '**Type**: AI Conversation History (Vendor-Neutral Format)',
      '',
      '---',
      '',
      '## Message 18 - User',
      '',
      'Is there a bug here?',
      '',
      '---',
      '',
      '## Message 19 - Assistant',
      '',
      'Let me look.',
      '',
      ...call('read_file', { file_path: 'types.ts' }),
      '---',
      '',
      '## Message 20 - User',
      '',
      '**Tool Result**:',
      '',
      '```',
      'export enum AuthState {}',
      '```',
      '',
      '---',
      '',
      '## Message 21 - Assistant',
      '',
      ...call('read_file', { file_path: 'types.ts' }),
      '---',
      '',
      '## Message 22 - User',
      '',
      '**Tool Result**:',
      '',
      '```',
      'export enum AuthState {}',
      '```',
      '',
    ].join('\n');
    const [c] = read(text);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      'assistant: read_file(toolcall-1) {"file_path":"types.ts"}',
      'tool → toolcall-1: "export enum AuthState {}"',
      'assistant: read_file(toolcall-2) {"file_path":"types.ts"}',
      'tool → toolcall-2: "export enum AuthState {}"',
    ]);
    expect(c?.census?.toolCalls).toBe(2);
  });

  it("reads an exporter's turns, its ids and its result headings", () => {
    const text = [
      '# Session',
      '',
      '## User',
      '',
      'List the files.',
      '',
      '## Assistant',
      '',
      'Listing them.',
      '',
      '### Tool Call: ls',
      '',
      '```json',
      '{ "callId": "c-7", "arguments": { "path": "." } }',
      '```',
      '',
      '### Tool Result',
      '',
      '```',
      'a.ts',
      '```',
      '',
    ].join('\n');
    const [c] = read(text);
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      'assistant: ls(c-7) {"path":"."}',
      'tool → c-7: "a.ts"',
    ]);
  });

  it('is not markdown that names a call without its arguments as JSON', () => {
    const r = importConversations('### Tool call: ls\n\nIt listed the files.\n');
    expect(r.ok ? '' : r.error.message).not.toMatch(/session log/);
  });

  it('settles, while written, at whole entries', () => {
    const t = new TextDecoder().decode(fixture('markdown/playwright-mcp-session.md'));
    expect(toolCallLogComplete(t)).toBe(t);
    const second = t.indexOf('### Tool call: browser_click');
    const inside = t.indexOf('"ref"', second);
    expect(toolCallLogComplete(t.slice(0, inside))).toBe(t.slice(0, second));
    // A blank line inside a block still being written is no entry's end.
    const open = `${t.slice(0, second)}### Tool call: x\n- Args\n\`\`\`json\n{\n\n`;
    expect(toolCallLogComplete(open)).toBe(t.slice(0, second));
  });
});

describe("opencode's `/export` with tool details", () => {
  it('reads each `Tool:` line over its input, answered by its output, inside their fences', () => {
    const [c, ...more] = importAll(fixture('markdown/opencode-export.md'), { name: 's.md' });
    expect(more).toEqual([]);
    const TEST = '{"command":"npm test -- dates","description":"Run the date tests"}';
    const FAIL =
      "FAIL tests/dates.test.ts > parses dates\\nexpected '2024-01-02' to be '2024-01-01'";
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      `assistant: bash(toolcall-1) ${TEST}`,
      `tool → toolcall-1: "${FAIL}"`,
      `assistant: bash(toolcall-2) ${TEST}`,
      `tool → toolcall-2: "${FAIL}"`,
      'assistant: read(toolcall-3) {"filePath":"/home/dev/app/src/dates.ts"}',
      expect.stringMatching(/^tool → toolcall-3: "<file>\\n00012\|/),
      'assistant',
    ]);
  });

  it("reads Amp's thread export: a reply's calls one batch, answers in order, edits apart", () => {
    const [c, ...more] = importAll(fixture('markdown/amp-thread.md'), { name: 't.md' });
    expect(more).toEqual([]);
    const edit = (n: number, path: string) =>
      `edit_file(toolcall-${n}) {"new_str":"[... new_str omitted in markdown version ...] (toolcall-${n})","old_str":"[... old_str omitted in markdown version ...] (toolcall-${n})","path":"${path}"}`;
    expect(outline(c?.messages ?? [])).toEqual([
      'user',
      'assistant',
      'assistant: Read(toolcall-1) {"path":"/work/app/test/date.test.ts"} | Grep(toolcall-2) {"path":"/work/app/.github","pattern":"TZ="}',
      expect.stringMatching(/^tool → toolcall-1: "1: import /),
      'tool → toolcall-2: "No matches."',
      'assistant: librarian(toolcall-3) {"query":"How does date-fns pick the time zone?"}',
      // A block inside the answer, as long as its own fence, stays in it.
      "tool → toolcall-3: \"It uses the process's zone.\\n\\n## Summary\\n\\n```ts\\nprocess.env.TZ = 'UTC';\\n```\\n\\nSo set TZ.\"",
      `assistant: ${edit(4, '/work/app/vitest.config.ts')}`,
      'tool → toolcall-4: "Cancelled"',
      'user',
      `assistant: ${edit(5, '/work/app/package.json')}`,
      expect.stringMatching(/^tool → toolcall-5: "\{\\n {2}\\"diff\\"/),
      'assistant',
    ]);
    expect(c?.warnings[0]).toMatch(
      / 5 tool calls under .* 2 calls have input the export left out \(`\[\.\.\. omitted in markdown version \.\.\.\]`\): each is read as a call of its own/,
    );
  });

  it('is not an export without tool details: a name alone is no call', () => {
    const bare = '## Assistant\n\n**Tool: read**\n\n**Tool: read**\n\n---\n';
    expect(importConversations(bare, { name: 'a.md' }).ok).toBe(false);
  });

  it("is not a server's README that lists its tools over their JSON", () => {
    const schema = '{"name": "search", "inputSchema": {"type": "object"}}';
    const readme = `# Tools\n\n**Tool: search**\n\n\`\`\`json\n${schema}\n\`\`\`\n\n**Tool: fetch**\n\n\`\`\`json\n${schema}\n\`\`\`\n`;
    const r = importConversations(readme, { name: 'README.md' });
    expect(r.ok ? r.value.flatMap((c) => outline(c.messages)) : []).not.toContainEqual(
      expect.stringMatching(/^assistant: search\(/),
    );
  });
});
