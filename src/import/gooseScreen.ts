// goose's terminal session copied as text, read back as the chat it shows.
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { ANSI, opensAsJson, Words } from './terminalText';

/**
 * goose's CLI draws each call (block/goose `crates/goose-cli/src/session/output.rs`
 * @00c7140a5a, `render_tool_request`, `print_tool_header`, `print_params`) as a header naming
 * the tool and its extension, `─── shell | developer ───…` in its 1.x versions and `  ▸ shell
 * developer` since, over its arguments a line each (`key: value`, nested values indented under
 * their key, lists as `- ` items, long strings cut to the terminal's width), then what the tool
 * gave for the user, and the model's words after it with no mark between. A prompt is
 * `( O)> <text>`. The model knows the tool as `<extension>__<tool>`.
 */
const OLD_HEADER = /^─── (\S+) \| (\S+) ─+\s*$/;
const NEW_HEADER = /^ {2}▸ (\S+)(?: (\S+))?\s*$/;
const PROMPT = /^\( O\)> ?(.*)$/;
const PARAM = /^( *)([\w.-]+):(?: (.*))?$/;

function headerAt(line: string): { tool: string; extension: string } | null {
  const m = OLD_HEADER.exec(line) ?? NEW_HEADER.exec(line);
  return m === null ? null : { tool: m[1] as string, extension: m[2] ?? '' };
}

/** Whether a text shows such a session: a prompt and a call's header over its arguments. */
export function isGooseScreen(text: string): boolean {
  if (opensAsJson(text)) return false;
  const lines = text
    .slice(0, 1 << 20)
    .replace(ANSI, '')
    .split(/\r?\n/);
  if (!lines.some((l) => PROMPT.test(l))) return false;
  return lines.some(
    (l, i) =>
      (OLD_HEADER.test(l) && PARAM.test(lines[i + 1] ?? '')) ||
      (NEW_HEADER.test(l) && /^ {4}[\w.-]+:/.test(lines[i + 1] ?? '')),
  );
}

/** A call's arguments from its lines: top-level keys, each with what stands under it. */
function argsOf(lines: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let key: string | null = null;
  let depth = -1;
  for (const line of lines) {
    const p = PARAM.exec(line);
    const indent = (p?.[1] ?? '').length;
    if (p !== null && (key === null || indent <= depth)) {
      key = p[2] as string;
      depth = indent;
      out[key] = p[3] ?? '';
    } else if (key !== null) {
      // A list's item stands under its `- `.
      const had = out[key] as string;
      const sep = had === '-' || had.endsWith('\n-') ? ' ' : '\n';
      out[key] = `${had}${sep}${line.trim()}`.trim();
    }
  }
  return out;
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
}

function gooseRead(text: string): Read {
  const lines = text.replace(ANSI, '').replace(/\r\n?/g, '\n').split('\n');
  const read: Read = { messages: [], calls: 0 };
  const words = new Words();
  let started = false;
  let open: { id: string; gave: string[] } | null = null;
  const close = (): void => {
    if (open !== null)
      read.messages.push({
        role: 'tool',
        tool_call_id: open.id,
        content: open.gave.join('\n').trim(),
      });
    open = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const prompt = PROMPT.exec(line);
    if (prompt !== null) {
      close();
      const t = words.take();
      if (t !== null) read.messages.push({ role: 'assistant', content: t });
      read.messages.push({ role: 'user', content: (prompt[1] as string).trim() });
      started = true;
      continue;
    }
    const h = started ? headerAt(line) : null;
    if (h !== null) {
      close();
      let j = i + 1;
      const params: string[] = [];
      while (j < lines.length && (lines[j] as string).trim() !== '')
        params.push(lines[j++] as string);
      const id = `goose-${++read.calls}`;
      const name = h.extension === '' ? h.tool : `${h.extension}__${h.tool}`;
      const fn = { name, arguments: JSON.stringify(argsOf(params)) };
      read.messages.push({
        role: 'assistant',
        content: words.take(),
        tool_calls: [{ id, type: 'function', function: fn }],
      });
      open = { id, gave: [] };
      i = j - 1;
      continue;
    }
    // What the tool gave and the model's words after it stand together, unmarked: they are
    // read as its answer.
    if (open !== null) open.gave.push(line);
    else if (started) words.add(line);
  }
  close();
  const t = words.take();
  if (t !== null) read.messages.push({ role: 'assistant', content: t });
  return read;
}

/** A session as the chat it shows, and a note. */
export function gooseScreenAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = gooseRead(text);
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as goose's terminal session, copied as text: ${plural(read.calls, 'tool call')} read from their headers (\`─── shell | developer ───\`), each a reply of its own, their arguments the \`key: value\` lines under them (long strings cut to the terminal's width, nested values as the lines shown), so signatures may differ from the session's own though a repeated call still reads as a repeat; a call's answer is all the text after it up to the next call or prompt, the model's words after the tool's output among it (the screen does not mark where one ends); no call ids. The session's own record (\`~/.local/share/goose/sessions/*.jsonl\`) holds the calls whole.`,
  });
}
