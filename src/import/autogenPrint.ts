// AutoGen 0.2's and AG2's console output (`***** Suggested tool call (…): … *****`), read back.
import { chatLines, printedArguments, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';

/**
 * A `ConversableAgent` prints each message it receives (microsoft/autogen
 * `autogen/agentchat/conversable_agent.py` `_print_received_message`, the 0.2 line; ag2ai/ag2
 * `autogen/messages/agent_messages.py` @16deeecaf7, `ToolCallMessage` and its kin): a header
 * `sender (to recipient):`, the text, each call as `***** Suggested tool call (<id>): <name>
 * *****` (`***** Suggested function call: <name> *****` for the older function calls) over
 * `Arguments: ` and the model's arguments text, a rule of as many stars as the header, and a
 * rule of 80 dashes that ends the message. A tool message prints each answer as `***** Response
 * from calling tool (<id>) *****` (a function's as `… function (<name>) …`; early 0.2 releases
 * put the name in quotes) over its content and a rule of stars. Between messages it prints
 * `>>>>>>>> USING AUTO REPLY...`, `>>>>>>>> EXECUTING FUNCTION <name>...` (after which the
 * tool's own output, and with `verbose` its input and output, run up to the next header), a
 * group chat's `Next speaker: <name>`, and `Starting a new chat....` between stars where a
 * sequence of chats begins the next.
 *
 * Pasted into markdown and then formatted, the stars become `**\***` and the rules `---`, and
 * `>>>>>>>>` turns into `> > > …`: the same lines, read the same.
 */
const HEADER = /^(\S.*?) \(to (\S.*?)\):$/;
const CALL = /^\*{5} Suggested tool call \((.*?)\): (.+?) \*{5}$/i;
const FUNCTION_CALL = /^\*{5} Suggested function call: (.+?) \*{5}$/i;
const RESPONSE = /^\*{5} Response from calling (tool|function) (?:\((.*)\)|"(.*)") \*{5}$/i;
/** The rule that closes a block, and the one that ends a message. */
const STARS = /^\*{5,}$/;
const DASHES = /^-{80}$/;
/** Both as a markdown formatter writes them (a thematic break), where it escaped the banners. */
const BREAK = /^(?:\*{5,}|-{3,}|(?:\* ?){3,})$/;
const ESCAPED = /^\*\*\\\*\*\* Suggested (?:tool|function) call\b/im;
const MARK = /^>{8} /;
const NEW_CHAT = /^Starting a new chat\.{4}$/;
/** What AutoGen prints where a call has no id or arguments. */
const NO_ID = /^No (?:tool call )?id found$/;
const NO_ARGS = '(No arguments found)';

/** The words AutoGen prints after `>>>>>>>> `. */
const MARK_WORDS =
  /^(?:USING AUTO REPLY|EXECUTING (?:FUNCTION|CODE BLOCK|ASYNC FUNCTION)|NO HUMAN INPUT|TERMINATING RUN|Select speaker)/;

/**
 * A line as the console printed it: no color codes, and a markdown formatter's escapes undone.
 * The formatter reads `>>>>>>>>` as nested quotes (`> > > …`) and the lines under it as their
 * lazy continuation, so only the mark's own words keep the mark.
 */
function plain(raw: string): string {
  let l = raw.trimEnd();
  l = l.replace(/^\*\*\\\*\*\* /, '***** ').replace(/ \*\*\\\*\*\*$/, ' *****');
  if (/^(?:> ){8}/.test(l)) {
    const rest = l.replace(/^(?:> ?)+/, '');
    l = MARK_WORDS.test(rest) ? `>>>>>>>> ${rest}` : rest;
  }
  return l;
}

/** Whether a text is such output: a header and a call's banner. */
export function isAutogenPrint(text: string): boolean {
  // A log opens with AutoGen's own `[autogen.oai.client: …]` lines as often as not.
  if (opensAsJson(text) && !/^\s*\[[a-z]/i.test(text)) return false;
  const head = text.slice(0, 1 << 20).replace(ANSI, '');
  if (!/^(?:\*{5}|\*\*\\\*\*\*) Suggested (?:tool|function) call\b/im.test(head)) return false;
  return /^\S.*? \(to \S.*?\):\r?$/m.test(head);
}

export interface AutogenPrintRead {
  readonly conversations: ChatJsonMessage[][];
  readonly calls: number;
  readonly answered: number;
  readonly speakers: number;
}

export function autogenPrintRead(text: string): AutogenPrintRead {
  const lines = text.replace(ANSI, '').replace(/\r\n?/g, '\n').split('\n').map(plain);
  // Only a formatted copy ends blocks at a `---` of its own: a tool's raw output may hold one.
  const formatted = ESCAPED.test(text) || /^(?:> ){8}/m.test(text) || !/^-{80}\r?$/m.test(text);
  const closes = formatted ? BREAK : STARS;
  const ends = formatted ? BREAK : DASHES;
  // The agents that suggest calls speak as the assistant; the others' words are the user's.
  const callers = new Set<string>();
  let sender: string | null = null;
  for (const l of lines) {
    const h = HEADER.exec(l);
    if (h !== null) sender = h[1] as string;
    else if (sender !== null && (CALL.test(l) || FUNCTION_CALL.test(l))) callers.add(sender);
  }
  const conversations: ChatJsonMessage[][] = [];
  let messages: ChatJsonMessage[] = [];
  let calls = 0;
  let answered = 0;
  // Calls waiting for their answer, in order: ids may be missing (a function's answer names it).
  let open: { printed: string | null; own: string }[] = [];
  // Where lines are read: nowhere (between messages), a message's text, a block of stars.
  let from: string | null = null;
  let words: string[] = [];
  let reply: ChatJsonMessage | null = null;
  const flush = (): void => {
    const said = words.join('\n').trim();
    words = [];
    if (said === '' || from === null) return;
    if (callers.has(from)) {
      reply = { role: 'assistant', content: said, tool_calls: [] };
      messages.push(reply);
    } else messages.push({ role: 'user', content: said });
  };
  const opens = (l: string): boolean =>
    MARK.test(l) || HEADER.test(l) || CALL.test(l) || FUNCTION_CALL.test(l) || RESPONSE.test(l);
  /**
   * Whether line `k` closes a block: its rule of stars; in a formatted copy, a break that the
   * message's end, the next message or banner follows (a break before more text is the tool's).
   */
  const closing = (k: number): boolean => {
    if (!closes.test(lines[k] as string)) return false;
    if (!formatted || STARS.test(lines[k] as string)) return true;
    let n = k + 1;
    while (n < lines.length && (lines[n] as string).trim() === '') n++;
    const next = lines[n];
    return next === undefined || BREAK.test(next) || opens(next);
  };
  /** The lines of a block from `i` up to its closing rule (or the next header), and where it ends. */
  const block = (i: number): { body: string[]; end: number } => {
    const body: string[] = [];
    let k = i;
    for (; k < lines.length; k++) {
      const l = lines[k] as string;
      if (closing(k) || opens(l)) break;
      body.push(l);
    }
    return { body, end: k < lines.length && closing(k) ? k : k - 1 };
  };
  const endConversation = (): void => {
    if (messages.length > 0) conversations.push(messages);
    messages = [];
    open = [];
    reply = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (NEW_CHAT.test(l)) {
      flush();
      from = null;
      endConversation();
      continue;
    }
    const h = HEADER.exec(l);
    if (h !== null) {
      flush();
      from = h[1] as string;
      reply = null;
      continue;
    }
    if (MARK.test(l)) {
      // What a tool prints while it runs stands between this mark and the next header.
      flush();
      from = null;
      continue;
    }
    if (from === null) continue;
    if (ends.test(l)) {
      flush();
      from = null;
      continue;
    }
    const c = CALL.exec(l);
    const f = c === null ? FUNCTION_CALL.exec(l) : null;
    if (c !== null || f !== null) {
      flush();
      const name = ((c?.[2] ?? f?.[1]) as string).trim();
      const { body, end } = block(i + 1);
      i = end;
      if (/^Arguments:/.test(body[0] ?? ''))
        body[0] = (body[0] as string).replace(/^Arguments: ?/, '');
      const printed = body.join('\n').trim();
      const own = `autogen-${++calls}`;
      const id = c === null || NO_ID.test(c[1] as string) ? null : (c[1] as string);
      open.push({ printed: id, own });
      const args = printed === '' || printed === NO_ARGS ? '{}' : printedArguments(printed);
      const call = { id: own, type: 'function' as const, function: { name, arguments: args } };
      if (reply === null || !callers.has(from)) {
        reply = { role: 'assistant', content: null, tool_calls: [] };
        messages.push(reply);
      }
      (reply.tool_calls as NonNullable<ChatJsonMessage['tool_calls']>).push(call);
      continue;
    }
    const r = RESPONSE.exec(l);
    if (r !== null) {
      flush();
      reply = null;
      const { body, end } = block(i + 1);
      i = end;
      const printed = (r[2] ?? r[3] ?? '').trim();
      const byId = r[1]?.toLowerCase() === 'tool' && r[2] !== undefined && !NO_ID.test(printed);
      const k = byId
        ? Math.max(
            0,
            open.findIndex((o) => o.printed === printed),
          )
        : 0;
      const [o] = open.splice(k, 1);
      if (o !== undefined) {
        answered++;
        messages.push({ role: 'tool', tool_call_id: o.own, content: body.join('\n').trim() });
      }
      continue;
    }
    words.push(l);
  }
  flush();
  endConversation();
  for (const m of conversations.flat())
    if (m.tool_calls !== undefined && m.tool_calls.length === 0) delete m.tool_calls;
  return { conversations, calls, answered, speakers: callers.size };
}

/** The console's chats as JSON Lines, and a note. */
export function autogenPrintAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = autogenPrintRead(text);
  return ok({
    text: chatLines(read.conversations),
    note: `Read ${inputLabel(name, 'the input')} as AutoGen's console output (\`ConversableAgent\`, AutoGen 0.2 and AG2), ${autogenPrintCaveat(read)}`,
  });
}

/** What a note says of a read: its chats, its calls, how they were answered. */
export function autogenPrintCaveat(read: AutogenPrintRead): string {
  const unanswered = read.calls - read.answered;
  return `${plural(read.conversations.length, 'chat')}: ${plural(read.calls, 'call')} from its \`Suggested tool call\` banners, a message's calls one reply, each answered by the \`Response from calling\` banner of its id (in order where it has none); the words of the ${plural(read.speakers, 'agent')} that made calls as the assistant's, the others' as the user's.${unanswered > 0 ? ` ${plural(unanswered, 'call')} ${unanswered === 1 ? 'has' : 'have'} no answer printed.` : ''}`;
}

/**
 * The part of such output still being written that can be read now: up to the rule that ends
 * its last whole message (80 dashes, or the break a formatter made of them); a call's answer
 * is a message of its own, so a call is read once the message that makes it is whole.
 */
export function autogenPrintComplete(text: string): string {
  // A rule is whole once its line ends; a formatted copy's `---` counts only where no rule of
  // dashes stands (in the console's own output a `---` may be a tool's, or a rule half written).
  const rule = /^-{80}\r?$/m.test(text) ? /^-{80}\r?\n/gm : /^---\r?\n/gm;
  let end = 0;
  for (let m = rule.exec(text); m !== null; m = rule.exec(text)) end = m.index + m[0].length;
  return text.slice(0, end);
}
