// CrewAI's verbose execution log (`verbose=True`), read back as each agent's chat.
import { printedArguments, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

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

/** Whether a text shows such a log: a tool's heading with its input's under it. */
export function printsCrewAiSteps(text: string): boolean {
  const t = text.slice(0, 1 << 20).replace(COLOUR, '');
  return /^## Using tool: .*\r?\n(?:[ \t]*\r?\n)*## Tool Input:/m.test(t);
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
}

/** Each agent's chat the log shows, as JSON Lines of `{ messages }`, in order of appearance. */
export function crewAiLines(text: string): Read {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(COLOUR, '').trimEnd());
  // A log cut at its head may show steps before any agent's heading: an agent of no name.
  let chat: ChatJsonMessage[] = [];
  const agents = new Map<string, ChatJsonMessage[]>([['', chat]]);
  let calls = 0;
  let thought = '';
  // Each agent's call waiting for its output: a delegation's comes after the coworker's steps.
  const open = new Map<ChatJsonMessage[], { name: string; id: string }>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const agent = AGENT.exec(line);
    if (agent !== null) {
      const role = (agent[1] as string).trim();
      let own = agents.get(role);
      if (own === undefined) agents.set(role, (own = []));
      chat = own;
      continue;
    }
    const h = HEADING.exec(line);
    if (h === null) continue;
    // What the heading holds: its own line's rest and the lines up to the next heading.
    const body = [h[2] as string];
    let j = i + 1;
    while (j < lines.length && !HEADING.test(lines[j] as string) && !AGENT.test(lines[j] as string))
      body.push(lines[j++] as string);
    i = j - 1;
    const said = body.join('\n').trim();
    switch (h[1]) {
      case 'Task':
        chat.push({ role: 'user', content: said });
        break;
      case 'Thought':
        thought = said.replace(/^Thought:\s*/, '');
        break;
      case 'Using tool':
        open.set(chat, { name: said, id: `crew-${++calls}` });
        break;
      case 'Tool Input': {
        const call = open.get(chat);
        if (call === undefined) break;
        chat.push({
          role: 'assistant',
          content: thought === '' ? null : thought,
          tool_calls: [
            {
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: inputOf(said) },
            },
          ],
        });
        thought = '';
        break;
      }
      case 'Tool Output': {
        const call = open.get(chat);
        if (call !== undefined) chat.push({ role: 'tool', tool_call_id: call.id, content: said });
        open.delete(chat);
        break;
      }
      case 'Final Answer':
        chat.push({ role: 'assistant', content: said });
        thought = '';
        break;
    }
  }
  const chats = [...agents.values()].filter((c) => c.length > 0);
  return {
    lines: chats.map((messages) => JSON.stringify({ messages })),
    calls,
    agents: chats.length,
  };
}

/** What reading the log loses, for the note. */
export function crewAiCaveat(read: Read): string {
  return `${plural(read.calls, 'tool call')} read from CrewAI's verbose log (\`## Using tool:\` and \`## Tool Input:\`), each agent's steps a conversation of its own and each call a reply of its own: the calls are the actions the model wrote in its text (CrewAI's ReAct prompt), named as CrewAI names its tools; the log shows no call ids, and a tree of progress CrewAI redraws beside them is not read.`;
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
