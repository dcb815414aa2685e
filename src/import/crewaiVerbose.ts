// CrewAI's verbose execution log (`verbose=True`), read back as each agent's chat.
import { printedArguments, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { literalValue } from './literal';
import { joinWrapped, richPanelAt, type RichPanel } from './richPanels';

/**
 * CrewAI prints an agent's steps (crewAIInc/crewAI `src/crewai/agents/crew_agent_executor.py`
 * @fb985ea383, `_show_logs`) as `# Agent: <role>`, `## Task: <task>`, then for a tool it uses
 * `## Thought: …`, `## Using tool: <tool name>`, `## Tool Input:` and on the next lines
 * `json.dumps` of the input the model wrote (a JSON string of its JSON), `## Tool Output:` and
 * what the tool gave; a step that answers is `## Final Answer:` and its text. The headings
 * are coloured (`\x1b[95m`…`\x1b[00m`), or keep `[95m` where a copy dropped the escapes. The
 * calls are the ReAct actions the model wrote in its text, as CrewAI asks its models to.
 */
// eslint-disable-next-line no-control-regex -- the escape that opens a colour code
const COLOUR = /\x1b\[[0-9;]*m|\[(?:\d{1,3};)*\d{1,3}m/g;
const AGENT = /^# Agent: ?(.*)$/;
const HEADING = /^## (Task|Thought|Using tool|Tool Input|Tool Output|Final Answer):[ \t]?(.*)$/;

/** A panel that opens a call, as CrewAI's console titles it. */
const CALL_PANEL =
  /^\s*[╭┌]─+ [^─\n]*?(?:Agent Tool Execution|Tool Execution Started \(#\d+\)|LLM Tool Usage) ─/m;

/** Whether a text shows such a log: a tool's heading with its input's under it, or a call's panel. */
export function printsCrewAiSteps(text: string): boolean {
  const t = text.slice(0, 1 << 20).replace(COLOUR, '');
  return /^## Using tool: .*\r?\n(?:[ \t]*\r?\n)*## Tool Input:/m.test(t) || CALL_PANEL.test(t);
}

/** Whether a whole text input is such a log (not JSON, which a notebook is). */
export function isCrewAiVerbose(text: string): boolean {
  // A copy that kept `[1m` without its escape opens with a bracket: JSON is told apart without it.
  return !/^\s*[[{]/.test(text.slice(0, 200).replace(COLOUR, '')) && printsCrewAiSteps(text);
}

/** The input as CrewAI printed it: a JSON string of the model's text, read as its JSON. */
function inputOf(printed: string): string {
  let text = printed.trim();
  try {
    const s: unknown = JSON.parse(text);
    if (typeof s === 'string') text = s;
  } catch {
    // Printed by an older CrewAI as the model's text itself.
  }
  return printedArguments(text);
}

interface Read {
  lines: string[];
  calls: number;
  agents: number;
  /** Calls read from panels, and of them those whose input CrewAI cut short. */
  panels: number;
  cut: number;
}

/**
 * Each agent's chat as the log tells it. A log cut at its head may show steps before any
 * agent's heading: those go to an agent of no name.
 */
class Chats {
  chat: ChatJsonMessage[] = [];
  readonly agents = new Map<string, ChatJsonMessage[]>([['', this.chat]]);
  calls = 0;
  /** Calls waiting for their output, latest last: a delegation's comes after its coworker's steps. */
  readonly open: { chat: ChatJsonMessage[]; name: string; id: string }[] = [];

  agent(role: string): void {
    let own = this.agents.get(role);
    if (own === undefined) this.agents.set(role, (own = []));
    this.chat = own;
  }

  call(name: string, args: string, thought: string): void {
    const id = `crew-${++this.calls}`;
    const content = thought === '' ? null : thought;
    const fn = { name, arguments: args };
    this.chat.push({
      role: 'assistant',
      content,
      tool_calls: [{ id, type: 'function', function: fn }],
    });
    this.open.push({ chat: this.chat, name, id });
  }

  /** An output: the named tool's latest open call, or else the agent's own latest. */
  answer(content: string, name?: string): void {
    let k = this.open.length - 1;
    while (k >= 0) {
      const o = this.open[k] as (typeof this.open)[number];
      if (name === undefined ? o.chat === this.chat : o.name === name) break;
      k--;
    }
    if (k < 0) return;
    const [o] = this.open.splice(k, 1);
    if (o === undefined) return;
    // The agent whose call was answered goes on (a manager after its coworker's steps).
    this.chat = o.chat;
    this.chat.push({ role: 'tool', tool_call_id: o.id, content });
  }

  lines(): string[] {
    const chats = [...this.agents.values()].filter((c) => c.length > 0);
    return chats.map((messages) => JSON.stringify({ messages }));
  }
}

/** A step being read: the thought and the tool named before the call's input. */
interface Step {
  thought: string;
  tool?: string | undefined;
  cut: number;
}

/** The log's `## ` headings read into the chats, from line `i`; the line after them. */
function headingAt(lines: readonly string[], i: number, c: Chats, st: Step): number {
  const h = HEADING.exec(lines[i] as string);
  if (h === null) return i + 1;
  // What the heading holds: its own line's rest and the lines up to the next heading.
  const body = [h[2] as string];
  let j = i + 1;
  while (j < lines.length && !HEADING.test(lines[j] as string) && !AGENT.test(lines[j] as string))
    body.push(lines[j++] as string);
  const said = body.join('\n').trim();
  switch (h[1]) {
    case 'Task':
      c.chat.push({ role: 'user', content: said });
      break;
    case 'Thought':
      st.thought = said.replace(/^Thought:\s*/, '');
      break;
    case 'Using tool':
      st.tool = said;
      break;
    case 'Tool Input':
      if (st.tool === undefined) break;
      c.call(st.tool, inputOf(said), st.thought);
      st.tool = undefined;
      st.thought = '';
      break;
    case 'Tool Output':
      c.answer(said);
      break;
    case 'Final Answer':
      c.chat.push({ role: 'assistant', content: said });
      st.thought = '';
      break;
  }
  return j;
}

/** The rows of a panel as its labelled fields (`Agent: …`), each run on to the next label. */
function fields(rows: readonly string[], width: number, labels: RegExp): Map<string, string> {
  const out = new Map<string, string>();
  let label = '';
  let held: string[] = [];
  const flush = (): void => {
    if (label !== '' || held.some((r) => r !== '')) out.set(label, joinRows(held, width));
  };
  for (const row of rows) {
    const m = labels.exec(row);
    // What a tool gave, a task or an answer is text of its own to the panel's end.
    if (m === null || out.has(m[1] as string) || m[1] === label || LAST.test(label)) {
      held.push(row);
      continue;
    }
    flush();
    label = m[1] as string;
    held = [row.slice(m[0].length)];
  }
  flush();
  return out;
}

/** Labels whose text runs to the panel's end, whatever lines in it look like labels. */
const LAST = /^(?:Output|Final Answer|Task|Error)$/;

/** Rows as the text they show: a blank row a line break, wrapped rows joined (richPanels.ts). */
function joinRows(rows: readonly string[], width: number): string {
  const parts: string[][] = [[]];
  for (const row of rows) {
    if (row === '') parts.push([]);
    else (parts[parts.length - 1] as string[]).push(row);
  }
  return parts
    .map((p) => joinWrapped(p, width))
    .filter((p) => p !== '')
    .join('\n\n');
}

const LABELS =
  /^(Agent|Task|Thought|Using Tool|Tool|Args|Output|Error|Final Answer|Name|Tool Args|Status|Iteration|Attempt|Reason|Code|Message|Policy):[ ]?/;

/**
 * A panel CrewAI's console draws (`src/crewai/events/utils/console_formatter.py`), read into the
 * chats: `🤖 Agent Started` (the agent and its task), a call as `🔧 Agent Tool Execution` with its
 * `Tool Input` panel (JSON) or as `🔧 Tool Execution Started (#N)` (`Tool:` and `Args:`, Python's
 * `str` of the input cut to 200 characters), `🔧 LLM Tool Usage` (`Name:`, `Tool Args:`), an output
 * as `Tool Output`, `✅ Tool Execution Completed (#N)` or an error's panel, and `✅ Agent Final
 * Answer`. Whether a call's input was cut is counted.
 */
function panelInto(p: RichPanel, c: Chats, st: Step): boolean {
  const title = p.title.replace(/^[^A-Za-z]+/, '');
  const f = fields(p.rows, p.width, LABELS);
  const agent = f.get('Agent');
  if (/^Agent Started\b/.test(title)) {
    if (agent !== undefined) c.agent(agent);
    const task = f.get('Task');
    if (task !== undefined) c.chat.push({ role: 'user', content: task });
  } else if (/^Agent Tool Execution\b/.test(title)) {
    if (agent !== undefined) c.agent(agent);
    st.tool = f.get('Using Tool');
    st.thought = (f.get('Thought') ?? '').replace(/^Thought:\s*/, '');
  } else if (title === 'Tool Input') {
    if (st.tool === undefined) return false;
    c.call(st.tool, printedArguments(joinRows(p.rows, p.width)), st.thought);
    st.tool = undefined;
    st.thought = '';
  } else if (/^(?:Tool Execution Started|LLM Tool Usage)\b/.test(title)) {
    const name = f.get('Tool') ?? f.get('Name');
    if (name === undefined) return false;
    const args = (f.get('Args') ?? f.get('Tool Args') ?? '').trim();
    if (args.endsWith('...') && literalValue(args) === null) st.cut++;
    c.call(name, args === '' ? '{}' : printedArguments(args), '');
  } else if (title === 'Tool Output') {
    c.answer(joinRows(p.rows, p.width));
  } else if (/^Tool (?:Execution Completed|Error|Failure)\b/.test(title)) {
    const out = f.get('Output') ?? f.get('Error') ?? f.get('Message') ?? '';
    c.answer(out, f.get('Tool'));
  } else if (/^Agent Final Answer\b/.test(title)) {
    if (agent !== undefined) c.agent(agent);
    const said = f.get('Final Answer') ?? f.get('') ?? '';
    c.chat.push({ role: 'assistant', content: said.trim() });
  } else return false;
  return true;
}

/** Each agent's chat the log shows, as JSON Lines of `{ messages }`, in order of appearance. */
export function crewAiLines(text: string): Read {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(COLOUR, '').trimEnd());
  const c = new Chats();
  const st: Step = { thought: '', cut: 0 };
  let panels = 0;
  for (let i = 0; i < lines.length;) {
    const line = lines[i] as string;
    const agent = AGENT.exec(line);
    if (agent !== null) {
      c.agent((agent[1] as string).trim());
      i++;
      continue;
    }
    const p = /^\s*[╭┌]/.test(line) ? richPanelAt(lines, i) : null;
    if (p !== null) {
      const before = c.calls;
      panelInto(p, c, st);
      panels += c.calls - before;
      i = p.end;
      continue;
    }
    i = headingAt(lines, i, c, st);
  }
  const out = c.lines();
  return { lines: out, calls: c.calls, agents: out.length, panels, cut: st.cut };
}

/** What reading the log loses, for the note. */
export function crewAiCaveat(read: Read): string {
  const headings = read.calls - read.panels;
  const from = [
    headings > 0 ? "CrewAI's verbose log (`## Using tool:` and `## Tool Input:`)" : '',
    read.panels > 0
      ? "CrewAI's console panels (`Tool Execution Started`, or `Agent Tool Execution` and `Tool Input`)"
      : '',
  ].filter((f) => f !== '');
  const cut =
    read.cut === 0
      ? ''
      : ` CrewAI printed the input of ${plural(read.cut, 'call')} cut to 200 characters: ${read.cut === 1 ? 'its signature is' : 'their signatures are'} of what it printed.`;
  const printed =
    read.panels > 0
      ? " Inputs a panel shows as Python prints them are read back as their JSON, so signatures may differ from the agent's own."
      : '';
  return `${plural(read.calls, 'tool call')} read from ${from.join(' and ') || "CrewAI's log"}, each agent's steps a conversation of its own and each call a reply of its own: ${headings > 0 ? "the calls are the actions the model wrote in its text (CrewAI's ReAct prompt), " : ''}named as CrewAI names its tools, the log shows no call ids and not which calls one reply made, and a tree of progress CrewAI redraws beside them is not read.${printed}${cut}`;
}

/** The log as JSON Lines of each agent's chat, and a note. */
export function crewAiVerboseAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = crewAiLines(text);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as CrewAI's verbose log of ${plural(read.agents, 'agent')}: ${crewAiCaveat(read)}`,
  });
}

/**
 * The part of a log still being written that holds whole steps: up to its last tool's
 * heading (its output may still grow), all its whole lines once an answer follows.
 */
export function crewAiVerboseComplete(text: string): string {
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  const lines = whole.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const h = HEADING.exec((lines[i] as string).replace(COLOUR, '').trimEnd());
    if (h === null) continue;
    if (h[1] === 'Final Answer' || h[1] === 'Task') return whole;
    if (h[1] === 'Thought') return lines.slice(0, i).join('\n');
    let k = i;
    while (k > 0 && !(lines[k] as string).replace(COLOUR, '').startsWith('## Using tool:')) k--;
    return lines.slice(0, k).join('\n');
  }
  return whole;
}
