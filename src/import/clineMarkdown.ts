// Cline's and Roo Code's markdown export of a task, read as the task history it was printed from.
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * The export ("Export task" in the task header) prints the task's API history, each message as
 * `**User:**` or `**Assistant:**`, a blank line, its content blocks joined by one line break,
 * a blank line, the messages parted by `---` lines (cline/cline
 * `src/integrations/misc/export-markdown.ts` @39cd50b989, RooCodeInc/Roo-Code the same path
 * @434a0c9fd0). A text block is its text (calls written as XML stay in it), a native call
 * `[Tool Use: name]` and its input a `Key: value` line per member (the key's first letter upper
 * case; the value as `String()` prints it in Cline, as indented JSON where it is an object in
 * Roo), a native result `[Tool]` (Cline) or `[name]` (Roo) and its content, ` (Error)` inside
 * the brackets for an error. Roo's newer history keeps results in messages of role `tool`,
 * which the export heads `**Assistant:**`. Cline's export was replaced by opening the task's
 * folder in November 2025; Roo Code still writes it.
 */
const HEAD = '**User:**\n\n';
const BOUNDARY = /\n\n---\n\n\*\*(User|Assistant):\*\*\n\n/g;
const TOOL_USE = /^\[Tool Use: ([^\]\n]+)\]$/gm;
/** A native result's first line; `[Image]` and the like are other blocks. */
const RESULT = /^\[(?!(?:Image|Document|Reasoning)\])([A-Za-z][\w.:-]*)( \(Error\))?\]$/;
/** The lines Cline's own blocks of user text open with: a result written as text, the editor. */
const TEXT_BLOCK = /^(?:\[[^\]\n]+?(?: for [^\n]*)?\] Result:|<environment_details>)/;
const KEY = /^([A-Za-z][A-Za-z0-9_]*): ?(.*)$/;

/** Whether a text is such an export: it opens with the user's header and has a reply. */
export function isClineMarkdown(text: string): boolean {
  const t = text.replace(/^\uFEFF/, '');
  if (!t.startsWith('**User:**\n') && !t.startsWith('**User:**\r\n')) return false;
  return /\n---\r?\n\r?\n\*\*Assistant:\*\*\r?\n/.test(t);
}

/**
 * The part of an export still being written that holds whole messages only: all of it where it
 * ends as each printed message does (a blank line), else up to the last message's header.
 */
export function clineMarkdownComplete(text: string): string {
  let at = -1;
  let end = 0;
  const header = /\r?\n\r?\n---\r?\n\r?\n\*\*(?:User|Assistant):\*\*\r?\n/g;
  for (let m = header.exec(text); m !== null; m = header.exec(text)) {
    at = m.index;
    end = m.index + m[0].length;
  }
  // A header with nothing after it yet opens a message still to be written.
  const open = at >= 0 && text.slice(end).trim() === '';
  if (!open && /\r?\n\r?\n$/.test(text)) return text;
  if (at < 0) return '';
  return text.slice(0, at) + (/^\r\n/.test(text.slice(at)) ? '\r\n\r\n' : '\n\n');
}

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: true };

interface Message {
  role: 'user' | 'assistant';
  content: Block[];
}

/** The export as the Anthropic message list it was printed from (JSON text) and a note. */
export function clineMarkdownAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const out: Message[] = [];
  let pending: string[] = [];
  let calls = 0;
  let results = 0;
  for (const m of printedMessages(body)) {
    // A reply's results, as Roo's tool messages (headed as the assistant's) or the next user
    // message carries them, answer its calls in order.
    const answers = pending.length > 0 ? resultsOf(m.text, pending) : null;
    if (answers !== null && (m.role === 'user' || answers.rest.length === 0)) {
      results += answers.blocks.length;
      pending = pending.slice(answers.blocks.length);
      const content: Block[] = [...answers.blocks, ...answers.rest];
      const last = out[out.length - 1];
      if (last?.role === 'user') last.content.push(...content);
      else out.push({ role: 'user', content });
      continue;
    }
    if (m.role === 'user') {
      pending = [];
      out.push({ role: 'user', content: textBlocks(m.text) });
      continue;
    }
    const reply = replyBlocks(m.text, calls);
    pending = reply.ids;
    calls += reply.ids.length;
    out.push({ role: 'assistant', content: reply.blocks });
  }
  const input = inputLabel(name, 'the input');
  const native =
    calls === 0
      ? 'calls written as XML in the replies are read from their text'
      : `it prints each of the ${plural(calls, 'native call')} (${results} with a result) with its input as \`Key: value\` text, so their signatures are the export's, not the agent's`;
  return ok({
    text: JSON.stringify(out),
    note: `Read ${input} as a Cline or Roo Code markdown export of ${plural(out.length, 'message')}: it keeps no call ids (they are numbered), and ${native}.`,
  });
}

/** The messages as printed, in order; a header in the middle of a message's text is its text. */
function printedMessages(body: string): { role: 'user' | 'assistant'; text: string }[] {
  const out: { role: 'user' | 'assistant'; text: string }[] = [];
  if (!body.startsWith(HEAD)) return out;
  let role: 'user' | 'assistant' = 'user';
  let start = HEAD.length;
  BOUNDARY.lastIndex = start;
  for (let m = BOUNDARY.exec(body); m !== null; m = BOUNDARY.exec(body)) {
    const next = m[1] === 'User' ? 'user' : 'assistant';
    const after = m.index + m[0].length;
    // The history alternates, but for Roo's tool messages (printed as the assistant's, opening
    // with a result): a second user header in a row is an export quoted in a message.
    if (next === role) {
      const line = body.slice(after, body.indexOf('\n', after) >>> 0);
      if (next === 'user' || !RESULT.test(line)) continue;
    }
    out.push({ role, text: body.slice(start, m.index) });
    role = next;
    start = after;
  }
  out.push({ role, text: body.slice(start).replace(/\n\n$/, '') });
  return out;
}

/** A user message's text as the blocks Cline wrote it in: results and the editor's state apart. */
function textBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  const flush = (): void => {
    if (lines.length > 0) blocks.push({ type: 'text', text: lines.join('\n') });
    lines = [];
  };
  for (const line of text.split('\n')) {
    if (TEXT_BLOCK.test(line)) flush();
    lines.push(line);
  }
  flush();
  return blocks;
}

/**
 * The native results a message opens with, one per line `[Tool]` or `[name]` (its content up to
 * the next such line), answering `ids` in order; what follows the last is the message's other
 * text. Null when the message opens with none.
 */
function resultsOf(
  text: string,
  ids: readonly string[],
): { blocks: Block[]; rest: Block[] } | null {
  const lines = text.split('\n');
  if (!RESULT.test(lines[0] ?? '')) return null;
  const blocks: Block[] = [];
  let open: { error: boolean; body: string[] } | null = null;
  const close = (): void => {
    if (open === null) return;
    const tool_use_id = ids[blocks.length] as string;
    const content = open.body.join('\n');
    blocks.push(
      open.error
        ? { type: 'tool_result', tool_use_id, content, is_error: true }
        : { type: 'tool_result', tool_use_id, content },
    );
    open = null;
  };
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    const r = RESULT.exec(line);
    if (r !== null && blocks.length + (open === null ? 0 : 1) < ids.length) {
      close();
      open = { error: r[2] !== undefined, body: [] };
    } else if (TEXT_BLOCK.test(line)) break;
    else open?.body.push(line);
  }
  close();
  const rest = textBlocks(lines.slice(i).join('\n'));
  return { blocks, rest: rest.filter((b) => b.type !== 'text' || b.text.trim() !== '') };
}

/** A reply's words and its native calls, numbered from `from`. */
function replyBlocks(text: string, from: number): { blocks: Block[]; ids: string[] } {
  const blocks: Block[] = [];
  const ids: string[] = [];
  const heads = [...text.matchAll(TOOL_USE)];
  const words = text.slice(0, heads[0]?.index ?? text.length).replace(/\n$/, '');
  if (words.trim() !== '') blocks.push({ type: 'text', text: words });
  heads.forEach((h, k) => {
    const start = (h.index ?? 0) + h[0].length + 1;
    const end = heads[k + 1]?.index ?? text.length + 1;
    const id = `cline-md-${from + ids.length + 1}`;
    ids.push(id);
    const name = (h[1] as string).trim();
    blocks.push({ type: 'tool_use', id, name, input: inputOf(text.slice(start, end - 1)) });
  });
  return { blocks, ids };
}

/**
 * A call's input from its `Key: value` lines: a line that opens with a key not yet seen starts
 * a member, any other line goes on with the value before it (a file's text, a diff). A value
 * Roo printed as indented JSON is that JSON; the key's first letter is lower case again.
 */
function inputOf(printed: string): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (printed.trim() === '') return input;
  let key: string | null = null;
  let value: string[] = [];
  const flush = (): void => {
    if (key !== null) input[key] = valueOf(value.join('\n'));
  };
  for (const line of printed.split('\n')) {
    const m = KEY.exec(line);
    const k = m === null ? null : lowerFirst(m[1] as string);
    if (m !== null && k !== null && !(k in input) && k !== key) {
      flush();
      key = k;
      value = [m[2] as string];
    } else if (key === null) {
      // An input that is no object is printed as it is.
      return { input: printed };
    } else value.push(line);
  }
  flush();
  return input;
}

function valueOf(s: string): unknown {
  if (!/^[[{]\n/.test(s)) return s;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
