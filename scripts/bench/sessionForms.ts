// The benchmark's transcripts in the forms agents write them: the same conversation as a Claude
// Code session and as a Codex rollout.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateTranscript } from './generate';

const DATA_DIR = join(process.cwd(), 'bench-data');

/** The benchmark's chat transcript of about `mb` MB (generated once into bench-data/). */
export function chatFile(mb: number, batches?: number): string {
  if (!existsSync(DATA_DIR)) mkdirSync(DATA_DIR, { recursive: true });
  const dense = batches === undefined ? '' : `-${batches}b`;
  const file = join(DATA_DIR, `chat-${mb}mb${dense}-v1.json`);
  if (!existsSync(file)) generateTranscript(file, mb, undefined, { batches });
  return file;
}

interface Msg {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** The chat body as a Claude Code session: a line per content block, one reply per message.id. */
export function asClaudeCode(chat: string): string {
  const body = JSON.parse(chat) as { messages: Msg[] };
  const lines: string[] = [];
  let parent: string | null = null;
  let n = 0;
  const line = (type: string, message: unknown) => {
    const uuid = `u${n++}`;
    lines.push(JSON.stringify({ type, uuid, parentUuid: parent, sessionId: 's', message }));
    parent = uuid;
  };
  body.messages.forEach((m, i) => {
    if (m.role === 'assistant') {
      const id = `msg_${i}`;
      if (typeof m.content === 'string' && m.content !== '') {
        line('assistant', { id, role: 'assistant', content: [{ type: 'text', text: m.content }] });
      }
      for (const c of m.tool_calls ?? []) {
        const input = JSON.parse(c.function.arguments) as unknown;
        const block = { type: 'tool_use', id: c.id, name: c.function.name, input };
        line('assistant', { id, role: 'assistant', content: [block] });
      }
    } else if (m.role === 'tool') {
      const block = { type: 'tool_result', tool_use_id: m.tool_call_id, content: m.content };
      line('user', { role: 'user', content: [block] });
    } else {
      const text = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
      line('user', { role: 'user', content: text });
    }
  });
  return `${lines.join('\n')}\n`;
}

/** The chat body as a Codex rollout: a `response_item` line per message and per call. */
export function asCodexRollout(chat: string): string {
  const body = JSON.parse(chat) as { messages: Msg[] };
  const at = '2026-01-05T10:00:00.000Z';
  const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: at, type, payload });
  const lines = [line('session_meta', { id: 's', cwd: '/repo', originator: 'codex_cli_rs' })];
  const text = (t: unknown) => (typeof t === 'string' ? t : JSON.stringify(t));
  for (const m of body.messages) {
    if (m.role === 'assistant') {
      if (typeof m.content === 'string' && m.content !== '') {
        const content = [{ type: 'output_text', text: m.content }];
        lines.push(line('response_item', { type: 'message', role: 'assistant', content }));
      }
      for (const c of m.tool_calls ?? []) {
        const { name, arguments: args } = c.function;
        lines.push(
          line('response_item', { type: 'function_call', name, arguments: args, call_id: c.id }),
        );
      }
    } else if (m.role === 'tool') {
      const output = text(m.content);
      lines.push(
        line('response_item', { type: 'function_call_output', call_id: m.tool_call_id, output }),
      );
    } else {
      const content = [{ type: 'input_text', text: text(m.content) }];
      lines.push(line('response_item', { type: 'message', role: m.role, content }));
    }
  }
  return `${lines.join('\n')}\n`;
}
