// OpenAI Swarm's demo REPL output (`run_demo_loop`), read back as the chat it prints.
import { chatLines, type ChatJsonCall, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';
import { Shows, shownArgs, shownCounts } from './shownInput';

/**
 * Swarm's REPL (openai/swarm `swarm/repl/repl.py` @21b2fd1409, `run_demo_loop` and
 * `pretty_print_messages`) prints `Starting Swarm CLI 🐝`, reads each prompt after `User: `,
 * and prints each assistant message as its agent's name and a colon, then its text, then its
 * calls a line each as `name(<arguments>)`: the arguments' JSON (`json.dumps`) without its
 * braces and with every `:` turned into `=` (`"city"= "Oslo"`); a message with one call and
 * no text holds it on the name's line. Streamed, a call prints as `Agent: name()` alone.
 * Tool results are not printed.
 */
const START = /^Starting Swarm CLI/;
const USER = /^User: ?(.*)$/;
const SENDER = /^([A-Z][\w .'-]{0,60}?): ?(.*)$/;
/** A call as printed: no arguments, or Swarm's `"key"= value` ones. */
const CALL = /^([A-Za-z_][\w.-]*)\(((?:"[^"]+"= .*)?)\)\s*$/;

/** Whether a text is such output: a prompt and a call printed with Swarm's `"key"= value`. */
export function isSwarmRepl(text: string): boolean {
  if (opensAsJson(text)) return false;
  const head = text.slice(0, 1 << 20).replace(ANSI, '');
  return /^User: /m.test(head) && /^(?:[A-Z][\w .'-]*: )?[A-Za-z_][\w.-]*\("[\w-]+"= /m.test(head);
}

/** A call's printed arguments as the JSON they were printed from, or their text. */
function argumentsOf(printed: string): string {
  try {
    return JSON.stringify(JSON.parse(`{${printed.replace(/"= /g, '": ')}}`));
  } catch {
    return JSON.stringify(printed);
  }
}

function swarmRead(text: string): {
  conversations: ChatJsonMessage[][];
  calls: number;
  bare: number;
} {
  const lines = text.replace(ANSI, '').replace(/\r\n/g, '\n').split('\n');
  const conversations: ChatJsonMessage[][] = [];
  let messages: ChatJsonMessage[] = [];
  const counts = shownCounts();
  let calls = 0;
  /** The assistant message lines may still add to: its words, then its calls. */
  let open: ChatJsonMessage | null = null;
  const call = (name: string, printed: string): ChatJsonCall => {
    const id = `swarm-${++calls}`;
    // `name()` is a call with no arguments, or one streamed, which prints none: never a repeat.
    const args = printed === '' ? shownArgs(Shows.Nothing, '', id, counts) : argumentsOf(printed);
    return { id, type: 'function', function: { name, arguments: args } };
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (START.test(line)) {
      if (messages.length > 0) conversations.push(messages);
      messages = [];
      open = null;
      continue;
    }
    const user = USER.exec(line);
    if (user !== null) {
      messages.push({ role: 'user', content: (user[1] as string).trim() });
      open = null;
      continue;
    }
    const c = CALL.exec(line);
    if (c !== null && open !== null) {
      const tc = call(c[1] as string, c[2] as string);
      (open.tool_calls ??= []).push(tc);
      continue;
    }
    const s = SENDER.exec(line);
    if (s !== null) {
      const rest = s[2] as string;
      open = { role: 'assistant', content: null };
      messages.push(open);
      const onLine = CALL.exec(rest);
      if (onLine !== null) open.tool_calls = [call(onLine[1] as string, onLine[2] as string)];
      else if (rest !== '') open.content = rest;
      continue;
    }
    // The message's text going on, while no call follows it yet.
    if (open !== null && open.tool_calls === undefined && line !== '')
      open.content = open.content === null ? line : `${open.content}\n${line}`;
  }
  if (messages.length > 0) conversations.push(messages);
  return { conversations, calls, bare: counts.blind };
}

/** The output as OpenAI chat message lists (JSON Lines, one a run) and a note. */
export function swarmReplAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = swarmRead(text);
  const bare =
    read.bare === 0
      ? ''
      : ` ${plural(read.bare, 'call')} printed as \`name()\` (no arguments, or streamed, which prints none) ${read.bare === 1 ? 'shows' : 'show'} nothing of ${read.bare === 1 ? 'its' : 'their'} input: each is read as a call of its own, never a repeat.`;
  return ok({
    text: chatLines(read.conversations),
    note: `Read ${inputLabel(name, 'the input')} as OpenAI Swarm's REPL output: ${plural(read.calls, 'tool call')} read from their \`name("key"= value)\` lines, a message's calls one reply, the arguments the JSON printed with each \`:\` turned to \`=\` (turned back where it parts a key from its value, not inside a value); tool results are not printed, so no call has an answer; a run each \`Starting Swarm CLI\`.${bare}`,
  });
}
