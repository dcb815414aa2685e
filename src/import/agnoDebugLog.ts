// Agno's debug log (`debug_mode=True`), read back as the messages it logs for each model call.
import { chatLines, type ChatJsonCall, type ChatJsonMessage } from './chatJson';
import { ok, printJson, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';
import { printedKeywords } from './agnoPanels';

/**
 * With `debug_mode`, Agno logs through Rich (`DEBUG ` before a record, its further lines
 * indented under it, long lines wrapped at the terminal's width) each message it sends the
 * model and each it gets back (agno-agi/agno `libs/agno/agno/models/message.py` @9644f22982,
 * `Message.log`): a banner naming the role (`==== assistant ====`), the content, and for calls
 * a record `Tool Calls:` over `- ID: '<id>'`, `Name: '<name>'` and `Arguments: '<k: v, …>'`
 * (each value as Python's `str` prints it); a tool's message opens with `Tool call Id: <id>`.
 * `models/base.py` logs the messages a run sends once, then each reply and tool result as it
 * comes; a run's banners (`Team ID:`, `Agent ID:`, `Session ID:`, `Agent Run Start:` / `End:`)
 * say whose they are, a team's members running inside the team's run.
 */
const RECORD = /^(?:\*\*[^*]+\*\* )?(DEBUG|INFO|WARNING|ERROR) (.*)$/;
const ROLE = /^=+ (system|user|assistant|tool) =+$/;
const BANNER = /^[*=-]+ (.*?) [*=-]+$/;
const ID = /^(?:Team|Agent) ID: (\S+)$/;
const SESSION = /^Session ID: (\S+)$/;
const RUN_START = /^(?:Team|Agent) Run Start: /;
const RUN_END = /^(?:Team|Agent) Run End: /;

/** Whether a text is such a log: a role's banner and a `Tool Calls:` record. */
export function isAgnoDebugLog(text: string): boolean {
  if (opensAsJson(text)) return false;
  const head = text.slice(0, 1 << 20).replace(ANSI, '');
  return /^DEBUG =+ assistant =+\s*$/m.test(head) && /^DEBUG Tool Calls:\s*$/m.test(head);
}

interface LogRecord {
  readonly first: string;
  /** The lines under its first, without the indent the log put before them. */
  readonly more: readonly string[];
}

function records(text: string): LogRecord[] {
  const out: { first: string; more: string[] }[] = [];
  let open: { first: string; more: string[] } | null = null;
  for (const raw of text.replace(ANSI, '').replace(/\r\n/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const r = RECORD.exec(line);
    if (r !== null) {
      open = { first: (r[2] as string).trim(), more: [] };
      out.push(open);
    } else if (open !== null && /^ {2}/.test(line)) open.more.push(line.replace(/^ {6}/, ''));
    else open = null;
  }
  return out;
}

/** The calls of a `Tool Calls:` record. */
function callsOf(more: readonly string[]): { id: string; name: string; args: string }[] {
  const out: { id: string; name: string; args: string }[] = [];
  let cur: { id: string; name: string; args: string[] } | null = null;
  let inArgs = false;
  const done = (): void => {
    if (cur === null) return;
    const printed = cur.args.join(' ').replace(/'$/, '');
    out.push({ id: cur.id, name: cur.name, args: printJson(printedKeywords(printed, ': ')) });
  };
  for (const line of more) {
    const id = /^\s*- ID: '(.*)'$/.exec(line);
    if (id !== null) {
      done();
      cur = { id: id[1] as string, name: '', args: [] };
      inArgs = false;
      continue;
    }
    if (cur === null) continue;
    const name = /^\s*Name: '(.*)'$/.exec(line);
    if (name !== null) {
      cur.name = name[1] as string;
      continue;
    }
    const args = /^\s*Arguments: '(.*)$/.exec(line);
    if (args !== null) {
      inArgs = true;
      cur.args.push(args[1] as string);
    } else if (inArgs) cur.args.push(line.trim());
  }
  done();
  return out;
}

interface Conversation {
  readonly messages: ChatJsonMessage[];
  readonly seen: Set<string>;
  readonly said: Set<string>;
  /** The ids of the calls no tool message answers yet, in order. */
  readonly open: string[];
}

function agnoDebugRead(text: string): { conversations: ChatJsonMessage[][]; calls: number } {
  const byKey = new Map<string, Conversation>();
  let session = '';
  let named = '';
  const stack: string[] = [];
  let calls = 0;
  const current = (): Conversation => {
    const key = `${session}/${stack[stack.length - 1] ?? named}`;
    let c = byKey.get(key);
    if (c === undefined)
      byKey.set(key, (c = { messages: [], seen: new Set(), said: new Set(), open: [] }));
    return c;
  };
  /** The role whose message the next record holds, and the id a tool message answers. */
  let role: string | null = null;
  let answers: string | null = null;
  for (const r of records(text)) {
    const banner = BANNER.exec(r.first)?.[1];
    const roleOf = ROLE.exec(r.first)?.[1];
    if (roleOf !== undefined) {
      role = roleOf;
      answers = null;
      continue;
    }
    if (banner !== undefined) {
      const id = ID.exec(banner);
      const s = SESSION.exec(banner);
      if (id !== null) named = id[1] as string;
      else if (s !== null) session = s[1] as string;
      else if (RUN_START.test(banner)) stack.push(named);
      else if (RUN_END.test(banner)) stack.pop();
      // A metrics banner ends the message it follows.
      role = null;
      continue;
    }
    const c = current();
    if (r.first === 'Tool Calls:' && role === 'assistant') {
      const fresh = callsOf(r.more).filter((x) => !c.seen.has(x.id));
      if (fresh.length === 0) continue;
      const tcs: ChatJsonCall[] = fresh.map((x) => {
        c.seen.add(x.id);
        c.open.push(x.id);
        calls++;
        return { id: x.id, type: 'function', function: { name: x.name, arguments: x.args } };
      });
      const last = c.messages[c.messages.length - 1];
      if (last?.role === 'assistant' && last.tool_calls === undefined) last.tool_calls = tcs;
      else c.messages.push({ role: 'assistant', content: null, tool_calls: tcs });
      role = null;
      continue;
    }
    const callId = /^Tool call Id: (\S+)$/.exec(r.first);
    if (callId !== null && role === 'tool') {
      answers = callId[1] as string;
      continue;
    }
    if (role === null) continue;
    const content = [r.first, ...r.more].join('\n').trim();
    if (role === 'tool') {
      if (answers === null || c.said.has(`tool:${answers}`)) {
        role = null;
        continue;
      }
      c.said.add(`tool:${answers}`);
      // Responses' calls are logged by their item's id, their results by the call's: a result
      // whose id names no call answers the first call still unanswered.
      const id = c.seen.has(answers) ? answers : (c.open[0] ?? answers);
      const at = c.open.indexOf(id);
      if (at >= 0) c.open.splice(at, 1);
      c.messages.push({ role: 'tool', tool_call_id: id, content });
    } else if (role === 'assistant') {
      c.messages.push({ role: 'assistant', content });
    } else if (!c.said.has(`${role}:${content}`)) {
      // A run sends the session's history again: each earlier message is logged once more.
      c.said.add(`${role}:${content}`);
      c.messages.push({ role: role as 'system' | 'user', content });
    }
    role = role === 'assistant' ? 'assistant' : null;
  }
  const conversations = [...byKey.values()]
    .map((c) => c.messages)
    .filter((m) => m.some((x) => x.tool_calls !== undefined));
  return { conversations, calls };
}

/** The log as OpenAI chat message lists (JSON Lines, one an agent's run) and a note. */
export function agnoDebugLogAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = agnoDebugRead(text);
  return ok({
    text: chatLines(read.conversations),
    note: `Read ${inputLabel(name, 'the input')} as Agno's debug log: ${plural(read.calls, 'tool call')} read from its \`Tool Calls:\` records (a record's calls one reply), in ${plural(read.conversations.length, 'conversation')}, one for each agent or team of each session; the arguments as the log prints them (\`key: value\`, a string unquoted, lines it wrapped joined by a space), so signatures may differ from the run's own though a repeated call still reads as a repeat; a call logged again with the history a later run sends is read once.`,
  });
}
