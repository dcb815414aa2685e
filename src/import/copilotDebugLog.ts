// GitHub Copilot Chat's request log (VS Code's Chat Debug view), read as the requests it shows.
import { reescaped, type ChatJsonCall, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { opensAsJson } from './terminalText';

/**
 * The Copilot Chat extension logs each request it sends (microsoft/vscode-copilot-chat
 * `src/extension/prompt/vscode-node/requestLoggerImpl.ts` and
 * `src/platform/log/common/messageStringify.ts` @31acd00a86), and the Chat Debug view exports
 * or copies a request as markdown: a note that the log may hold personal information, `#
 * <debug name> - <id>`, its metadata (the tools offered, as JSON), `## Request Messages` with
 * each message as `### System|User|Assistant|Tool` over a `~~~md` block, and `## Response`
 * with the reply the same way; a call in an assistant message as `🛠️ <name> (<id>) <arguments>`
 * (the arguments' JSON indented, its `\n` and `\t` escapes written as the characters), a tool
 * message opening with `🛠️ <call id>`. A tool's own run follows as `# Tool Call - <id>` with
 * its arguments and what it gave. Copied from the view, the headings and fences are gone and
 * the same words stand on lines of their own. Each request holds the whole history before it,
 * so the requests are read as a request log is (one conversation per history).
 */
const NOTE = 'This log may contain personal information such as the contents of your files';
const ROLES = new Set(['System', 'User', 'Assistant', 'Tool']);
const CALL = /^🛠️ (\S+) \(([^)\s]+)\) ?(.*)$/u;
const RESULT_OF = /^🛠️ (\S+)$/u;
const TOOL_CALL = /^(?:# )?Tool Call - (\S+)$/;
const FENCE = /^~~~/;

/** Whether a text is such a log: the note, its messages' section, and a call. */
export function isCopilotDebugLog(text: string): boolean {
  if (opensAsJson(text)) return false;
  const head = text.slice(0, 1 << 20);
  return (
    head.includes(NOTE) && /^(?:## )?Request Messages\s*$/m.test(head) && /^🛠️ \S/mu.test(head)
  );
}

/** JSON whose strings were written with their newlines and tabs as the characters. */
function relaxedJson(text: string): unknown {
  try {
    return JSON.parse(reescaped(text)) as unknown;
  } catch {
    return undefined;
  }
}

/** An assistant message's text and calls, from the lines its block shows. */
function assistantOf(lines: readonly string[]): ChatJsonMessage {
  const words: string[] = [];
  const calls: ChatJsonCall[] = [];
  let args: string[] | null = null;
  const end = (): void => {
    const c = calls.at(-1);
    if (args === null || c === undefined) return;
    const text = args.join('\n').trim();
    const v = relaxedJson(text);
    c.function.arguments = v === undefined ? JSON.stringify(text) : JSON.stringify(v);
    args = null;
  };
  for (const line of lines) {
    const m = CALL.exec(line);
    if (m !== null) {
      end();
      const fn = { name: m[1] as string, arguments: '{}' };
      calls.push({ id: m[2] as string, type: 'function', function: fn });
      args = [m[3] as string];
    } else if (args !== null) args.push(line);
    else words.push(line);
  }
  end();
  const content = words.join('\n').trim();
  return calls.length > 0
    ? { role: 'assistant', content: content === '' ? null : content, tool_calls: calls }
    : { role: 'assistant', content };
}

/** A message of the log: its role and the lines of its block. */
function messageOf(role: string, lines: readonly string[]): ChatJsonMessage | null {
  const body = lines.filter((l) => !/^\[copilot_cache_control: .*\]$/.test(l.trim()));
  if (role === 'Assistant') return assistantOf(body);
  const text = body.join('\n').trim();
  if (role === 'Tool') {
    const first = body.findIndex((l) => l.trim() !== '');
    const id = RESULT_OF.exec((body[first] ?? '').trim());
    if (id === null) return null;
    const content = body
      .slice(first + 1)
      .join('\n')
      .trim();
    return { role: 'tool', tool_call_id: id[1] as string, content };
  }
  return { role: role === 'System' ? 'system' : 'user', content: text };
}

/** The messages of a section: each role's line over its block (fenced in the markdown form). */
function messagesOf(lines: readonly string[], markdown: boolean): ChatJsonMessage[] {
  const out: ChatJsonMessage[] = [];
  let role: string | null = null;
  let body: string[] = [];
  let fenced = false;
  const flush = (): void => {
    const m = role === null ? null : messageOf(role, body);
    if (m !== null) out.push(m);
    body = [];
  };
  for (const line of lines) {
    if (markdown && FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    const r = markdown ? /^### (\w+)$/.exec(line) : /^(\w+)$/.exec(line.trim());
    if (!fenced && r !== null && ROLES.has(r[1] as string)) {
      flush();
      role = r[1] as string;
      continue;
    }
    if (role !== null) body.push(line);
  }
  flush();
  return out;
}

interface Read {
  lines: string[];
  requests: number;
  calls: Set<string>;
}

function copilotDebugLogRead(text: string): Read {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  const read: Read = { lines: [], requests: 0, calls: new Set() };
  // What each tool's run gave, by its call id (the log adds `__vscode-<n>` to it).
  const gave = new Map<string, string>();
  const starts: number[] = [];
  all.forEach((l, i) => {
    if (l.includes(NOTE)) starts.push(i);
  });
  for (let k = 0; k < all.length; k++) {
    const t = TOOL_CALL.exec((all[k] as string).trim());
    if (t === null) continue;
    const id = (t[1] as string).replace(/__vscode-\d+$/, '');
    // Its answer: the lines after its own `Response` line, up to the next request or run.
    let j = k + 1;
    while (j < all.length && !/^(?:## )?Response$/.test((all[j] as string).trim())) j++;
    const said: string[] = [];
    for (j++; j < all.length; j++) {
      const l = all[j] as string;
      if (l.includes(NOTE) || TOOL_CALL.test(l.trim()) || /^## Thinking$/.test(l)) break;
      if (!FENCE.test(l)) said.push(l);
    }
    gave.set(id, said.join('\n').trim());
  }
  for (let s = 0; s < starts.length; s++) {
    const chunk = all.slice(starts[s], starts[s + 1] ?? all.length);
    const runs = chunk.findIndex((l) => TOOL_CALL.test(l.trim()));
    const req = runs < 0 ? chunk : chunk.slice(0, runs);
    const markdown = req.some((l) => /^## Request Messages\s*$/.test(l));
    const plain = req.map((l) => l.replace(/^#{2,3} /, '').trim());
    const from = plain.lastIndexOf('Request Messages');
    if (from < 0) continue;
    let to = -1;
    for (let i = plain.length - 1; i > from && to < 0; i--)
      if (/^Response(?: \(truncated\))?$/.test(plain[i] as string)) to = i;
    const messages = messagesOf(req.slice(from + 1, to < 0 ? req.length : to), markdown);
    if (to >= 0) {
      const reply = messagesOf(req.slice(to + 1), markdown).find((m) => m.role === 'assistant');
      if (reply !== undefined) {
        messages.push(reply);
        // The reply's calls, answered by their runs where the log shows them.
        for (const c of reply.tool_calls ?? [])
          if (gave.has(c.id))
            messages.push({ role: 'tool', tool_call_id: c.id, content: gave.get(c.id) as string });
      }
    }
    for (const m of messages) for (const c of m.tool_calls ?? []) read.calls.add(c.id);
    read.requests++;
    read.lines.push(JSON.stringify({ messages }));
  }
  return read;
}

/** A log as JSON Lines of the requests it shows, and a note. */
export function copilotDebugLogAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = copilotDebugLogRead(text);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as GitHub Copilot Chat's request log (VS Code's Chat Debug view): ${plural(read.requests, 'request')} with ${plural(read.calls.size, 'tool call')} in their messages and replies (\`🛠️ <tool> (<id>)\`), each request the history before it; a reply's calls are answered by the runs the log shows (\`Tool Call - <id>\`) or by the next request's tool messages.`,
  });
}
