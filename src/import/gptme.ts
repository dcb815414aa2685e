// gptme's transcripts: its conversation log (`conversation.jsonl`) and its console output.
// gptme's tools are called from the assistant's own text, so both are read by finding the
// calls in that text as gptme does (gptme/gptme @d27f98d3a5, `gptme/tools/base.py` `ToolUse`,
// `gptme/codeblock.py`), each answered by the system messages that follow it.
import { chatLines, type ChatJsonCall, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';
import { runs, tagTool, toolUses, type ToolUse } from './gptmeTools';

/** A message of either transcript: its role and text, and the call it answers if it says. */
interface Msg {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
  readonly callId?: string | null;
  /** The calls an assistant message makes, when found otherwise than from its text. */
  readonly uses?: readonly ToolUse[];
}

interface Read {
  readonly messages: ChatJsonMessage[];
  readonly calls: number;
  /** Calls whose answers could not be told apart: more calls than system messages after. */
  readonly unpaired: number;
}

/**
 * Messages as OpenAI chat messages: an assistant message's calls answered by the system
 * messages after it, by `call_id` where they hold one, else in order (one message each, any
 * more joined to the last call's answer).
 */
function chatOf(msgs: readonly Msg[]): Read {
  const out: ChatJsonMessage[] = [];
  let calls = 0;
  let unpaired = 0;
  for (let i = 0; i < msgs.length; i++) {
    const m = msgs[i] as Msg;
    if (m.role !== 'assistant') {
      out.push({ role: m.role, content: m.content });
      continue;
    }
    let j = i + 1;
    while (j < msgs.length && (msgs[j] as Msg).role === 'system') j++;
    const answers = msgs.slice(i + 1, j);
    const all = m.uses ?? toolUses(m.content);
    const uses = runs(all, answers.length > 0);
    if (uses.length === 0) {
      out.push({ role: 'assistant', content: m.content });
      continue;
    }
    const ids = uses.map((u) => u.callId ?? `gptme-${calls + 1 + uses.indexOf(u)}`);
    calls += uses.length;
    const tool_calls: ChatJsonCall[] = uses.map((u, k) => ({
      id: ids[k] as string,
      type: 'function',
      function: { name: u.tool, arguments: u.args },
    }));
    out.push({ role: 'assistant', content: m.content, tool_calls });
    const byId = new Map<string, string[]>();
    const inOrder: Msg[] = [];
    for (const a of answers) {
      if (a.callId && ids.includes(a.callId))
        byId.set(a.callId, [...(byId.get(a.callId) ?? []), a.content]);
      else inOrder.push(a);
    }
    const waiting = ids.filter((id) => !byId.has(id));
    if (waiting.length > 1 && inOrder.length > 0 && inOrder.length < waiting.length)
      unpaired += waiting.length;
    waiting.forEach((id, k) => {
      const mine = k === waiting.length - 1 ? inOrder.slice(k) : inOrder.slice(k, k + 1);
      if (mine.length > 0)
        byId.set(
          id,
          mine.map((a) => a.content),
        );
    });
    for (const id of ids) {
      const texts = byId.get(id);
      if (texts !== undefined)
        out.push({ role: 'tool', tool_call_id: id, content: texts.join('\n\n') });
    }
    i = j - 1;
  }
  return { messages: out, calls, unpaired };
}

const unpairedNote = (n: number): string =>
  n === 0
    ? ''
    : ` ${plural(n, 'call')} shared fewer system messages than calls: their answers are read in order, so some may be another call's or none.`;

// ---- conversation.jsonl ----------------------------------------------------------------

/** The keys `Message.to_dict` writes (`gptme/message.py`), and `type` of `--output-format json`. */
const KEYS = new Set([
  'role',
  'content',
  'timestamp',
  'files',
  'file_hashes',
  'pinned',
  'hide',
  'ephemeral_ttl',
  'call_id',
  'metadata',
  'type',
]);

type Line = Record<string, unknown>;

/** A line as a gptme message, or null. */
function messageLine(line: string): Line | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Line;
  if (!['system', 'user', 'assistant'].includes(o.role as string)) return null;
  if (typeof o.content !== 'string' || typeof o.timestamp !== 'string') return null;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(o.timestamp)) return null;
  if (o.type !== undefined && o.type !== 'message') return null;
  return Object.keys(o).every((k) => KEYS.has(k)) ? o : null;
}

const HEAD = 1 << 20;

/**
 * Whether a text is gptme's conversation log: lines of its messages, `{role, content,
 * timestamp}` and no key gptme does not write, with a call in an assistant message or an
 * answer that names one (a chat log without either is left to the readers by shape).
 */
export function isGptmeLog(text: string): boolean {
  const lines = text
    .replace(/^\uFEFF/, '')
    .slice(0, HEAD)
    .split('\n')
    .filter((l) => l.trim() !== '');
  // The last line may be cut by the head's end.
  const whole = text.length > HEAD ? lines.slice(0, -1) : lines;
  if (whole.length < 2) return false;
  const msgs = whole.map(messageLine);
  if (msgs.some((m) => m === null)) return false;
  return msgs.some(
    (m) =>
      (m?.role === 'system' && typeof m.call_id === 'string') ||
      (m?.role === 'assistant' && toolUses(m.content as string).some((u) => !u.old)) ||
      (m?.role === 'assistant' &&
        toolUses(m.content as string).length > 0 &&
        msgs[msgs.indexOf(m) + 1]?.role === 'system'),
  );
}

/** The log as one OpenAI chat message list (JSON Lines) and a note. */
export function gptmeLogAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const msgs: Msg[] = [];
  let skipped = 0;
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) {
    if (line.trim() === '') continue;
    const m = messageLine(line);
    if (m === null) {
      skipped++;
      continue;
    }
    msgs.push({
      role: m.role as Msg['role'],
      content: m.content as string,
      callId: typeof m.call_id === 'string' ? m.call_id : null,
    });
  }
  const read = chatOf(msgs);
  const bad =
    skipped === 0
      ? ''
      : ` ${plural(skipped, 'line')} that ${skipped === 1 ? 'is' : 'are'} no gptme message ${skipped === 1 ? 'was' : 'were'} left out.`;
  return ok({
    text: chatLines([read.messages]),
    note: `Read ${inputLabel(name, 'the input')} as gptme's conversation log: ${plural(read.calls, 'tool call')} read from the assistant's text as gptme runs them (fenced blocks whose tag names a tool, \`<tool-use>\` elements, \`@tool(id): {…}\` lines; \`bash\`, \`sh\`, \`python\` and file-name tags, which only older gptme ran, where a system message answers them), each answered by the system messages after it.${unpairedNote(read.unpaired)}${bad}`,
  });
}

// ---- console output --------------------------------------------------------------------

/** A turn's first line as gptme prints it (`format_msgs`): the role's name, a colon. */
const TURN = /^(User|Assistant|System): ?(.*)$/;
/** The spinner gptme prints before a reply and overwrites (`Assistant: Thinking...`). */
const SPINNER = /^Assistant: Thinking\.\.\.\s*$/;

/**
 * The console's lines as the terminal shows them: colour codes out, and each line parted at
 * its carriage returns, a spinner overwritten and spaces that cleared one dropped. A tool's
 * live output, printed after a carriage return that ends a reply's closing fence, gets lines
 * of its own.
 */
function consoleLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .replace(/^\uFEFF/, '')
    .replace(ANSI, '')
    .split('\n')) {
    const parts = raw.split('\r');
    const kept = parts.filter(
      (p, k) => p.trim() !== '' && !(k < parts.length - 1 && SPINNER.test(p)),
    );
    if (kept.length === 0) out.push('');
    else for (const p of kept) out.push(p.trimEnd());
  }
  return out;
}

/** Whether a text is gptme's console output: a reply with a call, and a system turn after it. */
export function isGptmeConsole(text: string): boolean {
  // Rich's `console.log` opens its lines with the time in brackets, which JSON never does.
  if (opensAsJson(text) && !/^\s*\[\d\d:\d\d:\d\d\] /.test(text)) return false;
  const head = text.slice(0, HEAD).replace(ANSI, '');
  if (!/^(?:[^\n]*\r)?Assistant: /m.test(head) || !/^System: ?\r?$|^System: \S/m.test(head))
    return false;
  return consoleTurns(consoleLines(head)).some(
    (t, i, all) =>
      t.role === 'assistant' && all[i + 1]?.role === 'system' && toolUses(t.content).length > 0,
  );
}

interface Turn {
  role: Msg['role'];
  lines: string[];
  content: string;
}

function consoleTurns(lines: readonly string[]): Turn[] {
  const turns: Turn[] = [];
  let open: Turn | null = null;
  for (const line of lines) {
    const m = TURN.exec(line);
    if (m !== null) {
      open = {
        role: (m[1] as string).toLowerCase() as Msg['role'],
        lines: [m[2] as string],
        content: '',
      };
      turns.push(open);
    } else if (open !== null) open.lines.push(line);
  }
  for (const t of turns) {
    // A multi-line message is printed from the line under its role's name.
    const ls = t.lines[0] === '' ? t.lines.slice(1) : t.lines;
    t.content = ls.join('\n').trim();
  }
  return turns;
}

/**
 * The console as messages. gptme stops a reply at its first block a tool runs and runs it,
 * printing what the command prints, then the system message; so a reply ends at that block,
 * and what follows the block is the tool's live output.
 */
function consoleMessages(text: string): Msg[] {
  const msgs: Msg[] = [];
  const turns = consoleTurns(consoleLines(text));
  turns.forEach((t, i) => {
    if (t.role !== 'assistant') {
      msgs.push({ role: t.role, content: t.content.replace(/^(?:✅|❌) /, '') });
      return;
    }
    const answered = turns[i + 1]?.role === 'system';
    const uses = runs(toolUses(t.content), answered);
    const first = uses[0];
    if (first === undefined || !Number.isFinite(first.end)) {
      msgs.push({ role: 'assistant', content: t.content, uses });
      return;
    }
    msgs.push({
      role: 'assistant',
      content: t.content.slice(0, first.end).trimEnd(),
      uses: [first],
    });
  });
  return msgs;
}

/** A turn's first line, raw: after a spinner overwritten on the same line, if any. */
const RAW_TURN = /^(?:[^\n]*\r)?(User|Assistant|System): /gm;

/**
 * The part of the console still being printed that can be read now. A system message may
 * still be printed (and a reply's answer still grow) until the next reply or prompt starts, so
 * the last run of them is left out; a reply's first call block is whole once its closing fence
 * is (what follows is the tool's live output or the next turn).
 */
export function gptmeConsoleComplete(text: string): string {
  const starts: { at: number; role: string }[] = [];
  for (const m of text.matchAll(RAW_TURN)) starts.push({ at: m.index, role: m[1] as string });
  let k = starts.length - 1;
  while (k >= 0 && starts[k]?.role === 'System') k--;
  if (k < 0) return '';
  const cut = k === starts.length - 1 ? text.length : (starts[k + 1]?.at ?? text.length);
  const last = starts[k] as { at: number; role: string };
  if (last.role !== 'Assistant') return text.slice(0, cut);
  // The reply's first fenced block that names a tool, up to its closing fence.
  const reply = text.slice(last.at, cut);
  const open = /^(`{3,})([^\n`]*)$/m.exec(reply.replace(/\r/g, '\n'));
  if (open === null || tagTool((open[2] as string).trim()) === null) return text.slice(0, cut);
  const fence = open[1] as string;
  const close = new RegExp(`^${fence}(?!\`)`, 'gm');
  close.lastIndex = open.index + open[0].length;
  const end = close.exec(reply.replace(/\r/g, '\n'));
  return end === null ? text.slice(0, last.at) : text.slice(0, last.at + end.index + fence.length);
}

/** The console as one OpenAI chat message list (JSON Lines) and a note. */
export function gptmeConsoleAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = chatOf(consoleMessages(text));
  return ok({
    text: chatLines([read.messages]),
    note: `Read ${inputLabel(name, 'the input')} as gptme's console output: ${plural(read.calls, 'tool call')} read from the assistant's replies as gptme runs them (fenced blocks whose tag names a tool, \`<tool-use>\` elements, \`@tool(id): {…}\` lines; \`bash\`, \`sh\`, \`python\` and file-name tags, which only older gptme ran, where a system message answers them), each answered by the \`System:\` messages printed after it; a reply a system message follows ends at its first call, what follows it being the tool's live output. A reply is read under the name \`Assistant\` and a prompt under \`User\` only, gptme's defaults.${unpairedNote(read.unpaired)}`,
  });
}
