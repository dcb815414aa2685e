// Trae's chat copied as text: each tool call as `toolName:` and `status:` lines over its arguments.
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * Trae (ByteDance's IDE) copies a chat's agent turn as text, users paste it into notes
 * (huijoohwee/000_basic `chat-thread/HMCLCHAT_PRJT0001-MAPSXPLR_CS4-Trae_202507220915.md`
 * @720eaa4e25): the agent's words, and each tool call as a `toolName: <name>` line, a
 * `status: <status>` line, then what it was given as `key: value` lines, a value going on over
 * the lines under it (`filePath:` a path a line), groups parted by blank or indented lines
 * (`command: npm test`, `filePath: …` then `changes: undefined`). Results are not copied, nor
 * the user's prompts; the app is closed source, so this layout is read from its copies.
 */
const CALL = /^toolName: (\S.*?)\s*$/;
const STATUS = /^status: (\S+)\s*$/;
/** An argument's line: a key spelled as code spells one (no spaces), a value after it. */
const ARG = /^([A-Za-z_][A-Za-z0-9_]*): ?(.*)$/;

/** Whether a text is such a copy: a `toolName:` line with its `status:` under it. */
export function isTraeChat(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) return false;
  return /^toolName: \S[^\n]*\r?\n(?:[ \t]*\r?\n)*status: \S/m.test(start.slice(0, 1 << 20));
}

interface Call {
  readonly name: string;
  readonly status: string;
  readonly args: Record<string, string>;
  /** The line the call opens at, and the line after its last argument. */
  readonly start: number;
  readonly end: number;
}

const blank = (l: string | undefined): boolean => l !== undefined && l.trim() === '';

/** The line index after blank lines from `i` on. */
function skipBlank(lines: readonly string[], i: number): number {
  while (blank(lines[i])) i++;
  return i;
}

/** The call whose `toolName:` line is `i`, or null where no `status:` follows it. */
function callAt(lines: readonly string[], i: number): Call | null {
  const name = CALL.exec(lines[i] as string);
  let j = skipBlank(lines, i + 1);
  const status = STATUS.exec(lines[j] ?? '');
  if (name === null || status === null) return null;
  const args: Record<string, string> = Object.create(null) as Record<string, string>;
  let end = j + 1;
  for (;;) {
    j = skipBlank(lines, end);
    const arg = ARG.exec(lines[j] ?? '');
    if (arg === null || CALL.test(lines[j] as string)) break;
    const value = [arg[2] as string];
    let k = j + 1;
    while (k < lines.length && !blank(lines[k])) value.push(lines[k++] as string);
    args[arg[1] as string] = value.join('\n').trim();
    end = k;
  }
  return { name: name[1] as string, status: status[1] as string, args, start: i, end };
}

/** The calls of a copy, in order, and its words between them. */
function parse(text: string): { lines: string[]; calls: Call[] } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  const calls: Call[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!(lines[i] as string).startsWith('toolName: ')) continue;
    const c = callAt(lines, i);
    if (c === null) continue;
    calls.push(c);
    i = c.end - 1;
  }
  return { lines, calls };
}

/**
 * The part of a copy still being written that holds whole calls only: all of it where words
 * follow its last call, else up to that call (its arguments may still grow).
 */
export function traeChatComplete(text: string): string {
  const { lines, calls } = parse(text);
  const last = calls[calls.length - 1];
  if (last === undefined) return text;
  if (lines.slice(last.end).some((l) => l.trim() !== '')) return text;
  return lines.slice(0, last.start).join('\n');
}

/** The copy as an OpenAI chat message list (JSON text) and a warning. */
export function traeChatAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const { lines, calls } = parse(text);
  const out: ChatJsonMessage[] = [];
  let from = 0;
  const said = (to: number): void => {
    const words = lines.slice(from, to).join('\n').trim();
    if (words !== '') out.push({ role: 'assistant', content: words });
  };
  calls.forEach((c, k) => {
    said(c.start);
    // A call is a reply of its own: the copy does not say which calls one reply made.
    out.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: `trae-${k + 1}`,
          type: 'function',
          function: { name: c.name, arguments: JSON.stringify(c.args) },
        },
      ],
    });
    from = c.end;
  });
  said(lines.length);
  const failed = calls.filter((c) => c.status !== 'success').length;
  const unfinished = failed > 0 ? `; ${failed} not shown as a success` : '';
  return ok({
    text: JSON.stringify(out),
    note: `Read ${inputLabel(name, 'the input')} as a Trae chat copied as text: ${plural(calls.length, 'tool call')}, each a reply of its own with the arguments it shows as \`key: value\` lines (an edit often as its file's path only, so edits of one file are one signature), numbered as it names no id${unfinished}; the copy keeps no results and no prompts of the user's.`,
  });
}
