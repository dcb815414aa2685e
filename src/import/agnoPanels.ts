// Agno's `print_response` output (its heavy panels), pasted or logged, read back as the chat.
import { chatLines, type ChatJsonMessage } from './chatJson';
import { ok, printJson, type JsonObject, type Result } from '../json/index';
import type { ImportError } from './types';
import { literalValue } from './literal';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';
import { joinWrapped, richPanelAt, type RichPanel } from './richPanels';

/**
 * Agno (and phidata before it) prints a run with Rich panels in the heavy box, titles on the
 * left (agno-agi/agno `libs/agno/agno/utils/response.py` and `utils/print_response/agent.py`,
 * `team.py` @9644f22982): `Message` holds the user's input, `Tool Calls` every call the run
 * made, a line `• name(key=value, …)` each (`format_tool_calls`: each value as Python's `str`
 * prints it, so a string unquoted), `Response (4.2s)` the answer, `Thinking (…)` and `Reasoning
 * step N` the model's reasoning. A team prints `Team Tool Calls`, and each member's panels as
 * `<member> Tool Calls` and `<member> Response`. The panel lists a run's calls together, after
 * the run: which model turn made each, and what each gave, are not shown.
 */
const CALLS = /^(?:(.+?) )?Tool Calls$/;
const RESPONSE = /^(?:(.+?) )?Response(?: \([\d.]+s\))?$/;
const BULLET = /^• ([\w.-]+)\((.*)$/;

/** Whether a text shows such panels: a `Message` panel and a `Tool Calls` one with a call. */
export function isAgnoPanels(text: string): boolean {
  if (opensAsJson(text)) return false;
  const head = text.slice(0, 1 << 20);
  return (
    /^\s*┏━+ Message ━/m.test(head) &&
    /^\s*┏━+ (?:.+ )?Tool Calls ━/m.test(head) &&
    /┃ • \w/.test(head)
  );
}

/**
 * A call's `key=value, …` text (`key: value, …` where `sep` is `: `, as Agno's debug log prints
 * it) as the arguments it was given, a value read as Python's `str` printed it.
 */
export function printedKeywords(text: string, sep = '='): JsonObject {
  const out: JsonObject = new Map();
  if (text.trim() === '') return out;
  const parts = text.split(new RegExp(`, (?=[A-Za-z_]\\w*${sep})`));
  for (const p of parts) {
    const at = p.indexOf(sep);
    const key = p.slice(0, at);
    const raw = p.slice(at + sep.length);
    // A list, a dict, a number or a constant is read as the value; any other text is a string
    // as `str` printed it.
    const v = /^(?:[[{(]|-?\d|True$|False$|None$)/.test(raw) ? literalValue(raw) : null;
    out.set(key, v ?? raw);
  }
  return out;
}

/** The calls a `Tool Calls` panel lists: each bullet with the rows its text wrapped onto. */
function callsOf(panel: RichPanel): { name: string; args: string }[] {
  const groups: string[][] = [];
  for (const row of panel.rows) {
    if (row.startsWith('• ')) groups.push([row]);
    else if (row.trim() !== '' && groups.length > 0) groups[groups.length - 1]?.push(row.trim());
  }
  const out: { name: string; args: string }[] = [];
  for (const g of groups) {
    const m = BULLET.exec(joinWrapped(g, panel.width));
    if (m === null) continue;
    const inner = (m[2] as string).replace(/\)\s*$/, '');
    out.push({ name: m[1] as string, args: printJson(printedKeywords(inner)) });
  }
  return out;
}

interface Conversation {
  readonly messages: ChatJsonMessage[];
}

/** The text's conversations: the run's, and a team member's each, with their calls. */
function agnoRead(text: string): { conversations: ChatJsonMessage[][]; calls: number } {
  const lines = text.replace(ANSI, '').replace(/\r\n/g, '\n').split('\n');
  const byAgent = new Map<string, Conversation>();
  const of = (agent: string): ChatJsonMessage[] => {
    let c = byAgent.get(agent);
    if (c === undefined) {
      c = { messages: [] };
      byAgent.set(agent, c);
    }
    return c.messages;
  };
  let calls = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!(lines[i] as string).trimStart().startsWith('┏')) continue;
    const p = richPanelAt(lines, i);
    if (p === null) continue;
    i = p.end - 1;
    const said = p.rows.join('\n').trim();
    if (p.title === 'Message') {
      of('').push({ role: 'user', content: said });
      continue;
    }
    const c = CALLS.exec(p.title);
    if (c !== null) {
      // The team's own panel is `Team Tool Calls`; a member's is named for the member.
      const agent = c[1] === undefined || c[1] === 'Team' ? '' : c[1];
      for (const call of callsOf(p)) {
        calls++;
        of(agent).push({
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: `agno-${calls}`,
              type: 'function',
              function: { name: call.name, arguments: call.args },
            },
          ],
        });
      }
      continue;
    }
    const r = RESPONSE.exec(p.title);
    if (r !== null) of(r[1] ?? '').push({ role: 'assistant', content: said });
  }
  return { conversations: [...byAgent.values()].map((c) => c.messages), calls };
}

/** The panels as an OpenAI chat message list (JSON Lines, one a conversation) and a note. */
export function agnoPanelsAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = agnoRead(text);
  const members = read.conversations.length - 1;
  return ok({
    text: chatLines(read.conversations),
    note: `Read ${inputLabel(name, 'the input')} as Agno's printed run (\`print_response\` panels): ${plural(read.calls, 'tool call')} read from the \`Tool Calls\` panels, a line \`• name(key=value, …)\` each, each call a reply of its own (the panel lists a run's calls together, so which model turn made each is not shown), with no answers; arguments as printed (a string unquoted, so signatures may differ from the run's own though a repeated call still reads as a repeat)${members > 0 ? `; ${plural(members, 'team member')}'s panels as ${members === 1 ? 'a conversation' : 'conversations'} of ${members === 1 ? 'its' : 'their'} own` : ''}.`,
  });
}
