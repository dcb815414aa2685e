// gptme's transcripts: its conversation log (`conversation.jsonl`) and its console output.
// gptme's tools are called from the assistant's own text, so both are read by finding the
// calls in that text as gptme does (gptme/gptme @d27f98d3a5, `gptme/tools/base.py` `ToolUse`,
// `gptme/codeblock.py`), each answered by the system messages that follow it.
import { chatLines, type ChatJsonCall, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';

/**
 * The tool each fence tag (its first word) runs: the `block_types` of gptme's tools
 * (`gptme/tools/*.py`). Tools without block types are reached from `ipython` only.
 */
const TAG_TOOLS: Readonly<Record<string, string>> = {
  shell: 'shell',
  ipython: 'ipython',
  py: 'ipython',
  save: 'save',
  append: 'append',
  patch: 'patch',
  patch_many: 'patch_many',
  patch_anchored: 'patch_anchored',
  view_anchored: 'view_anchored',
  hashline_edit: 'hashline_edit',
  morph: 'morph',
  read: 'read',
  tmux: 'tmux',
  gh: 'gh',
  todo: 'todo',
  complete: 'complete',
  choice: 'choice',
  clarify: 'clarify',
  elicit: 'elicit',
  form: 'form',
  mcp: 'mcp',
  progress: 'progress',
  restart: 'restart',
  vent: 'vent',
  youtube: 'youtube',
};

/**
 * Tags only older gptme ran (before 0.19, Oct 2024: `bash` and `sh` as the shell, `python`
 * as ipython, a file name as `save`): a block so tagged is a call only where a system message
 * answers its message, as nothing tells which gptme wrote the text.
 */
const OLD_TAGS: Readonly<Record<string, string>> = {
  bash: 'shell',
  sh: 'shell',
  python: 'ipython',
};

/** A call as gptme's `ToolUse` holds it, where it starts in the message. */
interface ToolUse {
  readonly tool: string;
  /** The JSON of its `args` and `content` (a block, a tag), or of its `kwargs` (a tool call). */
  readonly args: string;
  readonly callId: string | null;
  readonly start: number;
  /** Run only by older gptme: a call only where answered. */
  readonly old: boolean;
  /** Where in the message its block ends (after its closing fence's line), for live output. */
  readonly end: number;
}

interface Block {
  readonly lang: string;
  readonly content: string;
  /** Line indexes: the opening fence, the line after the closing one. */
  readonly start: number;
  readonly end: number;
}

const FENCE = /^(`{3,})/;

/**
 * The fenced blocks of a message as gptme's `_extract_codeblocks` finds them: a block opens
 * with 3+ backticks at a line's start, and closes with a bare fence of the same length; a
 * tagged fence inside opens a nested block, and a bare fence with text right under it opens
 * one only where another bare fence closes it soon with more text after.
 */
function fencedBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = FENCE.exec(lines[i] as string);
    if (open === null) {
      i++;
      continue;
    }
    const fenceLen = (open[1] as string).length;
    const lang = (lines[i] as string).slice(fenceLen).trim();
    const start = i;
    const content: string[] = [];
    let depth = 1;
    let closed = false;
    for (i++; i < lines.length; i++) {
      const line = lines[i] as string;
      const f = FENCE.exec(line);
      if (f === null) {
        content.push(line);
        continue;
      }
      const len = (f[1] as string).length;
      const bare = line.trim() === '`'.repeat(len);
      if (!bare) {
        const tag = line.slice(len).trim();
        if (tag !== '' && /^[\w/.~]/.test(tag)) depth++;
        content.push(line);
        continue;
      }
      if (len !== fenceLen && depth === 1) {
        content.push(line);
        continue;
      }
      const next = lines[i + 1];
      const nextHasText = next !== undefined && next.trim() !== '' && !FENCE.test(next);
      if (depth === 1 && nextHasText && nestedAhead(lines, i)) {
        depth++;
        content.push(line);
        continue;
      }
      if (--depth === 0) {
        blocks.push({ lang, content: content.join('\n'), start, end: i + 1 });
        closed = true;
        i++;
        break;
      }
      content.push(line);
    }
    // An unclosed block is never run.
    if (!closed) break;
  }
  return blocks;
}

/** gptme's look-ahead: a bare fence within 20 lines with text within 4 lines after it. */
function nestedAhead(lines: readonly string[], i: number): boolean {
  for (let j = i + 1; j < Math.min(i + 20, lines.length); j++) {
    const l = lines[j] as string;
    if (/^`{3,}$/.test(l.trim())) {
      for (let k = j + 1; k < Math.min(j + 5, lines.length); k++)
        if ((lines[k] as string).trim() !== '') return true;
      return false;
    }
    if (FENCE.test(l) && l.trim().length > 3) return false;
  }
  return false;
}

/** The message without a thinking section, which gptme never runs blocks from; null if unclosed. */
function outsideThinking(text: string): string | null {
  for (const tag of ['thinking', 'think']) {
    const end = text.indexOf(`</${tag}>`);
    if (end >= 0) return text.slice(end + tag.length + 3);
  }
  return /(?:^|\n)<think(?:ing)?>/.test(text) ? null : text;
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
  '&apos;': "'",
};
const unescapeXml = (s: string): string =>
  s.replace(/&(?:lt|gt|amp|quot|apos);/g, (e) => XML_ENTITIES[e] ?? e);
const attrValues = (attrs: string): string[] =>
  [...attrs.matchAll(/[\w:-]+\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) =>
    unescapeXml(m[1] ?? m[2] ?? ''),
  );

/** `args` and `content` as gptme's `ToolUse` holds them, as JSON. */
const useArgs = (args: readonly string[], content: string): string =>
  JSON.stringify({ args, content });

/** The tool a block's tag names, and whether only older gptme ran it. */
function tagTool(lang: string): { tool: string; old: boolean } | null {
  const word = lang.split(' ')[0] as string;
  const now = TAG_TOOLS[word];
  if (now !== undefined) return { tool: now, old: false };
  const then = OLD_TAGS[word];
  if (then !== undefined) return { tool: then, old: true };
  if (word !== '' && (lang.includes('.') || lang.includes('/'))) return { tool: 'save', old: true };
  return null;
}

/**
 * The calls an assistant message makes, in order: its fenced blocks whose tag names a tool,
 * its `<tool-use>` and `<function_calls>` elements (gptme's XML tool format), and its
 * `@name(call_id): {…}` lines (native tool calls, as gptme writes them into the text).
 */
function toolUses(content: string): ToolUse[] {
  const text = outsideThinking(content.replace(/\r\n?/g, '\n'));
  if (text === null) return [];
  const offset = content.length - text.length;
  const lines = text.split('\n');
  const lineStarts: number[] = [];
  let at = 0;
  for (const l of lines) {
    lineStarts.push(at);
    at += l.length + 1;
  }
  const uses: ToolUse[] = [];
  const blocks = fencedBlocks(lines);
  for (const b of blocks) {
    const t = tagTool(b.lang);
    if (t === null) continue;
    // save, append and patch keep the whole tag as their one argument; others its words after.
    const args = ['save', 'append', 'patch'].includes(t.tool)
      ? [b.lang]
      : b.lang.split(' ').slice(1);
    uses.push({
      tool: t.tool,
      args: useArgs(args, b.content),
      callId: null,
      start: offset + (lineStarts[b.start] ?? 0),
      old: t.old,
      end: offset + (lineStarts[b.end] ?? text.length),
    });
  }
  const inBlock = (pos: number): boolean =>
    blocks.some((b) => pos >= (lineStarts[b.start] ?? 0) && pos < (lineStarts[b.end] ?? Infinity));
  for (const m of text.matchAll(/<tool-use>([\s\S]*?)<\/tool-use>/g)) {
    if (inBlock(m.index)) continue;
    for (const c of (m[1] as string).matchAll(
      /<([\w.-]+)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>([\s\S]*?)<\/\1>/g,
    ))
      uses.push(
        xmlUse(
          c[1] as string,
          attrValues(c[2] as string),
          c[3] as string,
          offset + m.index + c.index,
        ),
      );
  }
  for (const m of text.matchAll(/<function_calls>([\s\S]*?)<\/function_calls>/g)) {
    if (inBlock(m.index)) continue;
    for (const c of (m[1] as string).matchAll(
      /<invoke\s+name\s*=\s*"([^"]+)"((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*>([\s\S]*?)<\/invoke>/g,
    ))
      uses.push(
        xmlUse(
          c[1] as string,
          attrValues(c[2] as string),
          c[3] as string,
          offset + m.index + c.index,
        ),
      );
  }
  for (const m of text.matchAll(/^@([\w.]+)\(([\w\-:.]+)\):\s*(\{)/gm)) {
    if (inBlock(m.index)) continue;
    const json = jsonObjectAt(text, m.index + m[0].length - 1);
    if (json === null) continue;
    uses.push({
      tool: m[1] as string,
      args: json,
      callId: m[2] as string,
      start: offset + m.index,
      old: false,
      end: Infinity,
    });
  }
  return uses.sort((a, b) => a.start - b.start);
}

function xmlUse(tool: string, args: string[], inner: string, start: number): ToolUse {
  const content = unescapeXml(inner.replace(/<[^>]*>/g, '')).trim();
  return { tool, args: useArgs(args, content), callId: null, start, old: false, end: Infinity };
}

/** The JSON object that opens at `from`, printed back; null if it does not close or parse. */
function jsonObjectAt(text: string, from: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        const v: unknown = JSON.parse(text.slice(from, i + 1));
        return v !== null && typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The calls gptme ran of those a message holds: an older tag's only where the message is
 * answered and holds no call of today's tags. Older gptme stopped a reply at the first block
 * it ran, so a block after it is newer gptme's, which leaves the older tags as text.
 */
function runs(uses: readonly ToolUse[], answered: boolean): ToolUse[] {
  const current = uses.filter((u) => !u.old);
  return answered && current.length === 0 ? [...uses] : current;
}

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
