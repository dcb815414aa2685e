// Logs whose lines end in a JSON object after a prefix, read as the JSON Lines they hold.
import { describe, expect, it } from 'vitest';
import { importConversations } from '../../../src/import/index';
import { isJsonLog, jsonLogAsJson } from '../../../src/import/jsonLog';
import { isNote } from '../../../src/import/notes';
import { outline } from './helpers';

const CALL = (id: number, path: string): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"read_file","arguments":{"path":"${path}"}}}`;

describe('a log of JSON after prefixes', () => {
  it('is told from JSON, JSON Lines, event streams and YAML whose values are JSON text', () => {
    const log = `STDIN: ${CALL(1, 'a')}\nSTDIN: ${CALL(2, 'b')}\n`;
    expect(isJsonLog(log)).toBe(true);
    expect(
      isJsonLog(`2025-10-30T14:41:09Z INFO sent ${CALL(1, 'a')}\n[debug] ${CALL(2, 'b')}`),
    ).toBe(true);
    expect(isJsonLog(`${CALL(1, 'a')}\n${CALL(2, 'b')}`)).toBe(false);
    expect(isJsonLog(`data: ${CALL(1, 'a')}\n\ndata: ${CALL(2, 'b')}\n\n`)).toBe(false);
    expect(
      isJsonLog(`interactions:\n  - body: '${CALL(1, 'a')}'\n  - body: ${CALL(2, 'b')}\n`),
    ).toBe(false);
    // One entry is no log: a YAML document may hold one such line.
    expect(isJsonLog(`STDIN: ${CALL(1, 'a')}\nnote: plain\n`)).toBe(false);
    // A prefix that is quoted is none.
    expect(isJsonLog(`"k": ${CALL(1, 'a')}\n"j": ${CALL(2, 'b')}`)).toBe(false);
  });

  it('is a log though it opens with JSON lines, where its own lines outnumber them', () => {
    // An audit proxy's file: a few calls as JSON lines, then its traffic after long prefixes.
    const at = (pid: number, dir: string, id: number) =>
      `2026-03-31 16:39:38 - [PID:${pid}] - [${dir}] Method: tools/call | ID: ${id} | Payload: `;
    const mixed = [
      '{"toolName":"browser_tabs","params":{"action":"new"},"timestamp":"2026-03-30T10:53:10Z"}',
      '#####  new  #####2026-03-31 16:23:44 - [PID:4204] - --- STARTING PROXY ---',
      `${at(19972, 'REQUEST', 2)}${CALL(2, 'a')}`,
      `${at(19972, 'RESPONSE', 2)}{"jsonrpc":"2.0","id":2,"result":{"content":[]}}`,
      `${at(19972, 'REQUEST', 3)}${CALL(3, 'b')}`,
    ].join('\n');
    expect(isJsonLog(mixed)).toBe(true);
    const r = importConversations(mixed);
    expect(r.ok && r.value[0]?.census?.toolCalls).toBe(3);
    // JSON Lines with a line or two of text among them stay JSON Lines.
    const lines = [
      CALL(1, 'a'),
      `STDERR: ${CALL(2, 'b')}`,
      CALL(3, 'c'),
      `STDERR: ${CALL(4, 'd')}`,
    ];
    expect(isJsonLog(lines.join('\n'))).toBe(false);
    // A document printed over lines is JSON, whatever its lines look like.
    expect(isJsonLog('[\n1, {"a":1}\n,2, {"b":2}\n]')).toBe(false);
    // A document on one line, however long, is no log.
    expect(isJsonLog(`{"messages":[${'{"role":"user","content":"x"},'.repeat(20_000)}{}]}`)).toBe(
      false,
    );
  });

  it('keeps each object as the log wrote it, and warns only when lines are skipped', () => {
    const whole = jsonLogAsJson(`STDIN: ${CALL(1, 'a')}\nSTDIN: ${CALL(2, 'b')}\n`);
    expect(whole.ok && whole.value.text).toBe(`${CALL(1, 'a')}\n${CALL(2, 'b')}`);
    expect(whole.ok && isNote(whole.value.note)).toBe(true);
    const some = jsonLogAsJson(
      `STDIN: ${CALL(1, 'a')}\nSTDERR: at main.rs:18\nSTDIN: ${CALL(2, 'b')}`,
    );
    expect(some.ok && some.value.note).toBe(
      'Read a log as the JSON objects after 2 of its 3 lines’ prefixes (the first: “STDIN:”); the 1 other line holds no JSON object and was skipped.',
    );
    expect(some.ok && isNote(some.value.note)).toBe(false);
  });

  it('reads the calls such a log holds, as YAML would have failed to', () => {
    const log = [
      `STDIN: ${CALL(1, 'a')}`,
      'STDERR: 2025-10-30 INFO key: value: broken yaml',
      'STDOUT: {"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"A"}]}}',
      `STDIN: ${CALL(2, 'b')}`,
    ].join('\n');
    const r = importConversations(log);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const calls = r.value.flatMap((c) => c.messages).flatMap((m) => m.tool_calls ?? []);
    expect(calls).toHaveLength(2);
    expect(r.value[0]?.census?.toolCalls).toBe(2);
  });

  it("keeps a line that is JSON whole, and takes an MCP server's call for the agent's", () => {
    // A debug log as a CI runner keeps Claude Code's (githubnext/gh-aw's test data): the MCP
    // server's traffic after its own prefix, and the session's messages as one JSON array line.
    const args = { tool: 'draw_pelican', reason: 'needed' };
    const session = [
      { type: 'system', subtype: 'init', session_id: 's1' },
      {
        type: 'assistant',
        message: {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_1', name: 'mcp__safe__missing-tool', input: args },
          ],
        },
      },
      {
        type: 'user',
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'success' }],
        },
      },
    ];
    const log = [
      '[DEBUG] Watching for changes in setting files',
      `[safe-mcp-server] recv: {"method":"tools/call","params":{"name":"missing-tool","arguments":${JSON.stringify(args)}},"jsonrpc":"2.0","id":2}`,
      '[safe-mcp-server] send: {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"success"}]}}',
      JSON.stringify(session),
    ].join('\n');
    const r = importConversations(log);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const calls = r.value.flatMap((c) => c.messages).flatMap((m) => m.tool_calls ?? []);
    expect(outline(r.value[0]?.messages ?? [])).toEqual([
      'assistant: mcp__safe__missing-tool(toolu_1) {"reason":"needed","tool":"draw_pelican"}',
      'tool → toolu_1: "success"',
    ]);
    expect(calls).toHaveLength(1);
    expect(r.value[0]?.census?.toolCalls).toBe(1);
  });

  it("reads an MCP host's log whose traffic starts late, a logger's metadata after each line", () => {
    // Claude Desktop's `mcp.log`: a server failing to start for hundreds of lines first.
    const noise = Array.from(
      { length: 300 },
      (_, i) => `2025-06-30T00:28:56.${String(i).padStart(3, '0')}Z [error] [mix] spawn uv ENOENT`,
    );
    const traffic = [1, 2].map(
      (id) => `2025-06-30T06:12:22.229Z [info] [weather] Message from client: ${CALL(id, 'a.txt')}`,
    );
    const host = [...noise, ...traffic].join('\n');
    expect(isJsonLog(host)).toBe(true);
    // Its per-server log: Node's `inspect` prints the logger's metadata after the JSON.
    const server = traffic.map((l) => `${l} { metadata: undefined }`).join('\n');
    for (const text of [host, server]) {
      const r = importConversations(text, { name: 'mcp.log' });
      if (!r.ok) throw new Error(r.error.message);
      const calls = r.value.flatMap((c) => c.messages).flatMap((m) => m.tool_calls ?? []);
      expect(calls).toHaveLength(2);
    }
  });

  it("leaves Aider's chat history named for what it is, JSON lines or not", () => {
    const history = [
      '# aider chat started at 2024-05-01 10:00:00',
      '',
      '#### make the config load',
      '{"debug": true, "level": 3}',
      '{"debug": false, "level": 1}',
    ].join('\n');
    const r = importConversations(history);
    expect(r.ok || r.error.kind).toBe('not-transcript');
  });
});

describe("an agent's log that names each tool before its input", () => {
  const LOG = [
    '# Last action',
    '',
    '**Action:** Used tool: list_directory with input: {"dirPath":"."}',
    'Used tool: read_file with input: {"filePath":"package.json"}',
    'Used tool: get_git_status with input: {}',
    'Used tool: get_git_status with input: {}',
    '',
    '**Response:** done.',
  ].join('\n');

  it('reads each line as a call of the tool it names, its JSON the input', () => {
    const r = importConversations(LOG, { name: 'last-action.md' });
    expect(r.ok).toBe(true);
    const c = r.ok ? r.value[0] : undefined;
    expect(outline(c?.messages ?? [])).toEqual([
      'assistant: list_directory(log-1) {"dirPath":"."}',
      'assistant: read_file(log-2) {"filePath":"package.json"}',
      'assistant: get_git_status(log-3) {}',
      'assistant: get_git_status(log-4) {}',
    ]);
    expect(c?.warnings[0]).toBe(
      'Read a log of 4 tool calls, each a line that names its tool before the JSON of its input (“tool: list_directory with input:”): each call a reply of its own, with no call ids; it shows no answers, so none is compared; its other lines are not read.',
    );
  });

  it('answers a call by the line that names a tool result after it', () => {
    const r = jsonLogAsJson(
      'Calling tool search with arguments {"q":"a"}\nTool result: {"hits":1}\nCalling tool search with arguments {"q":"a"}\n',
    );
    expect(r.ok && JSON.parse(r.value.text).messages.map((m: { role: string }) => m.role)).toEqual([
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('keeps reading a log of records whose prefixes name no tool as those records', () => {
    const r = jsonLogAsJson(
      `[tool-server] INFO ${CALL(1, 'a')}\n[tool-server] INFO ${CALL(2, 'b')}\n`,
    );
    expect(r.ok && r.value.text).toBe(`${CALL(1, 'a')}\n${CALL(2, 'b')}`);
  });
});

describe('a log that prints JSON values over lines', () => {
  /** A browser console's copy: each server event printed with `JSON.stringify(e, null, 2)`. */
  const event = (e: object) => JSON.stringify(e, null, 2);
  const item = {
    type: 'function_call',
    call_id: 'call_r1',
    name: 'lookup_bill',
    arguments: '{"account":"A-7"}',
  };
  const CONSOLE = [
    'main-app.js:2292 Download the React DevTools for a better development experience',
    `useRealtime.ts:502 DEBUG: Raw server event received. Type: response.output_item.done Data: ${event({ type: 'response.output_item.done', output_index: 0, item })}`,
    'useRealtime.ts:530 DEBUG: running the tool',
    `useRealtime.ts:502 DEBUG: Raw server event received. Type: conversation.item.created Data: ${event({ type: 'conversation.item.created', item: { type: 'function_call_output', call_id: 'call_r1', output: '{"due":"42.10"}' } })}`,
    '',
  ].join('\n');

  it('reads each value as a line of JSON, whatever lines it took', () => {
    expect(isJsonLog(CONSOLE)).toBe(true);
    const r = importConversations(CONSOLE, { name: 'log_1.md' });
    if (!r.ok) throw new Error(r.error.message);
    expect(outline(r.value[0]?.messages ?? [])).toEqual([
      'assistant: lookup_bill(call_r1) {"account":"A-7"}',
      'tool → call_r1: "{\\"due\\":\\"42.10\\"}"',
    ]);
    expect(r.value[0]?.warnings[0]).toBe(
      'Read a log as the JSON objects after 2 of its 4 lines’ prefixes; the 2 other lines hold no JSON object and were skipped.',
    );
  });

  it('reads on after an opening no value closes', () => {
    const text = [
      'app.js:1 state dump: {',
      '  "partial": true,',
      `app.js:9 event: ${JSON.stringify({ type: 'message', role: 'user', content: 'hi' })}`,
      `app.js:9 event: ${JSON.stringify({ type: 'message', role: 'assistant', content: 'hello' })}`,
      '',
    ].join('\n');
    expect(isJsonLog(text)).toBe(true);
    const out = jsonLogAsJson(text);
    expect(out.ok && out.value.text.split('\n')).toHaveLength(2);
  });

  it("is not a YAML document's keys before their values", () => {
    const yaml = ['- body: {', '  "a" : 1', '}', '- body: {', '  "b" : 2', '}', ''].join('\n');
    expect(isJsonLog(yaml)).toBe(false);
  });
});
