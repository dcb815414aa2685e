// LangChain messages as `pretty_print()` shows them, read back as the chat they print.
import type { ChatJsonCall, ChatJsonMessage } from './chatJson';
import { isJsonArray, ok, printJson, type JsonValue, type Result } from '../json/index';
import { str } from './access';
import { literalAt, plainLiteralValue } from './literal';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * LangChain prints a message (`BaseMessage.pretty_repr`, langchain-ai/langchain
 * `libs/core/langchain_core/messages/base.py` and `ai.py` @0026dff25d) as a title line of `=`
 * around ` <Type> Message ` (bold in a notebook: ANSI `\x1b[1m…\x1b[0m`), a `Name: <name>`
 * line where it has one, a blank line and its content; an AI message adds `Tool Calls:` and
 * per call `  <name> (<id>)`, ` Call ID: <id>`, `  Args:` and an argument a line,
 * `    <key>: <str(value)>`; calls that did not parse come under `Invalid Tool Calls:` with an
 * `  Error:` line. LangGraph's notebooks and tutorials print every run so, often the whole
 * history again on each step. A tool message names its tool but not its call's id.
 */
const TITLE = /^={3,} ?([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?) Message ?={3,}[ \t]*$/;
/** The colour codes around a title, or what is left of them where a copy dropped the escape. */
// eslint-disable-next-line no-control-regex -- the escape that opens a colour code
const ANSI = /\x1b\[[0-9;]*m|\[[01]m/g;
const CALLS = /^(?:Invalid )?Tool Calls:[ \t]*$/;
const HEAD = /^ {2}(\S.*) \((.*)\)[ \t]*$/;
const CALL_ID = /^ Call ID: ?(.*?)[ \t]*$/;
/** An argument's line: its key as code spells one, for a string's later lines may hold colons. */
const ARG = /^ {4}([A-Za-z_$][\w$.-]*): ?(.*)$/;

const ROLES: Readonly<Record<string, ChatJsonMessage['role']>> = {
  Human: 'user',
  Ai: 'assistant',
  Aimessagechunk: 'assistant',
  Tool: 'tool',
  Function: 'tool',
  System: 'system',
  Chat: 'user',
};

/** Whether a text prints LangChain messages: a title line, and a call printed under one. */
export function isLangChainPrint(text: string): boolean {
  const head = text.slice(0, 1 << 20);
  if (/^\s*[[{]/.test(head)) return false;
  let titles = 0;
  let calls = false;
  const lines = head.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).replace(ANSI, '');
    const t = TITLE.exec(line);
    if (t !== null && (t[1] as string) in ROLES) titles++;
    else if (CALLS.test(line) && callAt(lines, i + 1) !== null) calls = true;
    if (titles > 0 && calls) return true;
  }
  return false;
}

interface Call {
  readonly name: string;
  readonly id: string;
  readonly args: JsonValue;
  readonly valid: boolean;
}

interface Message {
  readonly role: ChatJsonMessage['role'];
  readonly name: string;
  readonly content: string;
  readonly calls: readonly Call[];
  /** What two prints of the same message share. */
  readonly key: string;
}

/** The call printed from line `i` on (`  name (id)` then ` Call ID: id`), and its end. */
function callAt(lines: readonly string[], i: number): { name: string; id: string } | null {
  const head = HEAD.exec((lines[i] ?? '').replace(ANSI, ''));
  const id = CALL_ID.exec((lines[i + 1] ?? '').replace(ANSI, ''));
  if (head === null || id === null) return null;
  return { name: head[1] as string, id: id[1] as string };
}

/**
 * An argument as printed back to a value: Python's `str()` writes a number, `True`, `None`, a
 * dict or a list as its literal and a string bare, so a string that reads as a literal is
 * taken for one (the signature may then differ from the agent's; the note says so).
 */
function argValue(text: string): JsonValue {
  const t = text.trim();
  if (t === '') return text;
  if (t === 'None') return null;
  const v = plainLiteralValue(t);
  return v === null ? text : v;
}

/** The calls printed in a message's lines from `i` on (just past a `Tool Calls:` line). */
function callsFrom(lines: readonly string[], i: number, valid: boolean, out: Call[]): number {
  for (;;) {
    const c = callAt(lines, i);
    if (c === null) return i;
    i += 2;
    if (/^ {2}Error: /.test(lines[i] ?? '')) i++;
    if ((lines[i] ?? '').trimEnd() !== '  Args:') {
      out.push({ ...c, args: new Map<string, JsonValue>(), valid });
      continue;
    }
    i++;
    const args = new Map<string, JsonValue>();
    let raw: string | null = null;
    let key: string | null = null;
    let value: string[] = [];
    const done = (): void => {
      if (key !== null) args.set(key, argValue(value.join('\n')));
      key = null;
    };
    for (; i < lines.length; i++) {
      const line = lines[i] as string;
      if (callAt(lines, i) !== null || CALLS.test(line) || line.trim() === '' || TITLE.test(line))
        break;
      const arg = ARG.exec(line);
      if (arg !== null && !(raw === null && key === null && !line.includes(': '))) {
        done();
        key = arg[1] as string;
        value = [arg[2] as string];
      } else if (key !== null) value.push(line);
      else if (raw === null && line.startsWith('    ')) raw = line.slice(4);
      else if (raw !== null) raw += `\n${line}`;
      else break;
    }
    done();
    out.push({ ...c, args: raw !== null && args.size === 0 ? raw : args, valid });
  }
}

/** The messages a text prints, in order. */
function messagesOf(text: string): Message[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) =>
      l.includes('Message') && TITLE.test(l.replace(ANSI, '')) ? l.replace(ANSI, '') : l,
    );
  const out: Message[] = [];
  for (let i = 0; i < lines.length; i++) {
    const title = TITLE.exec(lines[i] as string);
    const role = title === null ? undefined : ROLES[title[1] as string];
    if (role === undefined) continue;
    let j = i + 1;
    let name = '';
    const named = /^Name: (.*?)[ \t]*$/.exec(lines[j] ?? '');
    if (named !== null) {
      name = named[1] as string;
      j++;
    }
    const content: string[] = [];
    const calls: Call[] = [];
    for (; j < lines.length; j++) {
      const line = lines[j] as string;
      if (TITLE.test(line)) break;
      if (role === 'assistant' && CALLS.test(line) && callAt(lines, j + 1) !== null) {
        j = callsFrom(lines, j + 1, !line.startsWith('Invalid'), calls) - 1;
        continue;
      }
      if (calls.length === 0) content.push(line);
    }
    const said = content.join('\n').trim();
    // A print's own framing between messages (a loop's `print(f"message {i}:")`) trails the
    // content, so two prints of one message are known by its calls and its first line.
    const first = said.slice(0, said.indexOf('\n') >>> 0).slice(0, 200);
    const key = JSON.stringify([role, name, calls.length > 0 ? calls : first]);
    out.push({ role, name, content: said, calls, key });
    i = j - 1;
  }
  return out;
}

/**
 * The conversations printed: a run printed again (a thread's history reprinted on its next
 * turn, a state printed on each step, a run resumed after a breakpoint) is read once. A printed
 * stretch that repeats what came after one earlier message, up to where that conversation
 * stands, continues that conversation; a user message that repeats a conversation's first but
 * goes on otherwise starts a conversation of its own.
 */
function conversationsOf(messages: readonly Message[]): Message[][] {
  const convs: Message[][] = [];
  const seen = new Map<string, { conv: Message[]; at: number }[]>();
  const keep = (conv: Message[], m: Message): void => {
    const places = seen.get(m.key);
    if (places === undefined) seen.set(m.key, [{ conv, at: conv.length }]);
    else places.push({ conv, at: conv.length });
    conv.push(m);
  };
  let current: Message[] | null = null;
  for (let i = 0; i < messages.length;) {
    const m = messages[i] as Message;
    let repeat = 0;
    let into: Message[] | null = null;
    let forked = false;
    // A print resumes its own conversation anywhere; another one only from a user's message
    // or a call (a reprinted history, a resumed state), never from an answer alike by chance.
    const anchors = m.role === 'user' || m.calls.length > 0;
    for (const { conv, at } of seen.get(m.key) ?? []) {
      if (conv !== current && !anchors) continue;
      let k = 0;
      while (at + k < conv.length && i + k < messages.length) {
        if ((conv[at + k] as Message).key !== (messages[i + k] as Message).key) break;
        k++;
      }
      if (at + k === conv.length || i + k === messages.length) {
        if (k > repeat) [repeat, into] = [k, conv];
      } else if (at === 0 && m.role === 'user') forked = true;
    }
    if (into !== null) {
      current = into;
      i += repeat;
      continue;
    }
    if (current === null || forked) {
      current = [];
      convs.push(current);
    }
    keep(current, m);
    i++;
  }
  return convs;
}

/** The chat messages of one printed conversation, results matched to their calls by name. */
function chatOf(conv: readonly Message[], ids: { n: number }): ChatJsonMessage[] {
  const out: ChatJsonMessage[] = [];
  let open: { id: string; name: string }[] = [];
  for (const m of conv) {
    if (m.role === 'tool') {
      // The print names the tool, not the call: the first call of that name still open.
      let at = open.findIndex((c) => c.name === m.name);
      if (at < 0) at = 0;
      const call = open[at];
      if (call === undefined) {
        out.push({ role: 'user', content: m.content });
        continue;
      }
      open = open.filter((_, k) => k !== at);
      out.push({ role: 'tool', tool_call_id: call.id, content: m.content });
      continue;
    }
    if (m.role !== 'assistant' || m.calls.length === 0) {
      if (m.content !== '' || m.role !== 'assistant')
        out.push({ role: m.role, content: m.content });
      continue;
    }
    const calls: ChatJsonCall[] = m.calls.map((c) => {
      // Local models' ids repeat (`call_0`) and a print may show `None`: numbered apart.
      const id = `${c.id}#${++ids.n}`;
      // A call that did not parse is sent back to the model but never run: nothing answers it.
      if (c.valid) open.push({ id, name: c.name });
      return {
        id,
        type: 'function',
        function: {
          name: c.name,
          arguments: typeof c.args === 'string' ? c.args : printJson(c.args),
        },
      };
    });
    out.push({
      role: 'assistant',
      content: m.content === '' ? null : m.content,
      tool_calls: calls,
    });
  }
  return out;
}

/** Whether a text holds printed messages at all (a notebook's output among others). */
export function printsLangChainMessages(text: string): boolean {
  return text.split('\n').some((l) => {
    const t = TITLE.exec(l.replace(ANSI, ''));
    return t !== null && (t[1] as string) in ROLES;
  });
}

/** Where a list of calls printed as data opens (`tool_calls=[`, `'tool_calls': [`). */
const DATA_CALLS = /tool_calls['"]?\s*[=:]\s*\[/g;

/**
 * How many calls a text prints as data besides its messages (a framework's state dumped
 * between them, `AIMessage(…, tool_calls=[{…, 'id': …}])`) whose ids `read` lacks.
 */
function unreadIds(text: string, read: ReadonlySet<string>): number {
  const ids = new Set<string>();
  for (const m of text.matchAll(DATA_CALLS)) {
    const { value } = literalAt(text, m.index + m[0].length - 1);
    if (!isJsonArray(value)) continue;
    for (const c of value) {
      const id = str(c, 'id');
      if (id !== undefined && !read.has(id)) ids.add(id);
    }
  }
  return ids.size;
}

/** The printed conversations as JSON Lines of `{ messages }`, with what the reading found. */
export function langChainPrintLines(text: string): {
  lines: string[];
  calls: number;
  printed: number;
  invalid: number;
  unread: number;
} {
  const messages = messagesOf(text);
  const convs = conversationsOf(messages);
  const ids = { n: 0 };
  let calls = 0;
  let invalid = 0;
  const read = new Set<string>();
  for (const m of messages) for (const c of m.calls) read.add(c.id);
  for (const c of convs)
    for (const m of c) {
      calls += m.calls.length;
      invalid += m.calls.filter((x) => !x.valid).length;
    }
  return {
    lines: convs.map((c) => JSON.stringify({ messages: chatOf(c, ids) })),
    calls,
    printed: messages.length,
    invalid,
    unread: unreadIds(text, read),
  };
}

/** What reading printed messages loses, for the note. */
export function langChainPrintCaveat(read: {
  calls: number;
  invalid: number;
  unread: number;
}): string {
  const { calls, invalid, unread } = read;
  const bad =
    invalid === 0 ? '' : ` (${invalid} under "Invalid Tool Calls", as the model sent them)`;
  const data =
    unread === 0
      ? ''
      : ` ${plural(unread, 'other call')} printed only as data among the messages (\`tool_calls=[…]\`, a state dumped) ${unread === 1 ? 'is' : 'are'} not in this replay.`;
  return `${plural(calls, 'tool call')}${bad} read from LangChain's printed messages (\`pretty_print\`): each argument is read back from its printed form, where a string of digits and a number look alike, so signatures may differ from the agent's own; a tool's answer is matched to the first open call of its name, as the print shows no call id; a history printed again is read once.${data}`;
}

/** The printed messages as JSON Lines of conversations, and a note. */
export function langChainPrintAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = langChainPrintLines(text);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as ${plural(read.printed, 'printed message')} in ${plural(read.lines.length, 'conversation')}: ${langChainPrintCaveat(read)} Text printed between messages is read as part of the message before it.`,
  });
}

/**
 * The part of a print still being written that holds whole messages: its whole lines, less a
 * last message that may still grow into a call or an answer (a reply of words alone changes
 * no batch as it grows).
 */
export function langChainPrintComplete(text: string): string {
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  const lines = whole.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = TITLE.exec((lines[i] as string).replace(ANSI, ''));
    if (t === null) continue;
    const words =
      ROLES[t[1] as string] === 'assistant' && !lines.slice(i).some((l) => CALLS.test(l));
    return words ? whole : lines.slice(0, i).join('\n');
  }
  return whole;
}
