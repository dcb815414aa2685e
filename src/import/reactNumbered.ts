// The ReAct paper's printed trajectories: `Thought 1:`, `Action 1: Search[x]`, `Observation 1:`.
import type { ChatJsonCall, ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { opensAsJson, screenLine, screenLines } from './terminalText';
import { plural, inputLabel } from './warnings';

/**
 * The ReAct paper's agents (ysymyth/ReAct `hotpotqa.ipynb` @6bdb3a1fd3, `webthink`) print each
 * step as the prompt spells it, `Thought {i}: …`, `Action {i}: Search[entity]` (`Lookup[…]`,
 * `Finish[answer]`), `Observation {i}: …`, after the task's `Question: …` (or FEVER's `Claim:`);
 * WebShop's and ALFWorld's print the same unnumbered, `Action: search[…]` (`WebShop.ipynb`).
 * Reflexion's logs (noahshinn/reflexion) and many copies keep the format. An action is a tool
 * named before its bracket, its argument the text between: read as a call of that name with
 * that text as its one argument (a JSON string), answered by the observation after it, each
 * step a reply of its own; each question a conversation.
 */
const ACTION = /^Action(?: \d+)?: ?([A-Za-z_][\w -]{0,40}?) ?\[(.*)\]\s*$/;
const OBSERVATION = /^Observation(?: \d+)?: ?(.*)$/;
const THOUGHT = /^Thought(?: \d+)?: ?(.*)$/;
const TASK = /^(?:\d+ )?(?:Question|Claim|Instruction): ?(.*)$/;
const STEP = /^(?:Thought|Action|Observation)(?: \d+)?:/;
/**
 * A log record's first line: a date and time (Python's `logging` default, `2024-03-21
 * 20:13:40,129 - INFO - message`, and the common `[…] [INFO]` or `| INFO |` spellings), its
 * message after the level.
 */
const RECORD =
  /^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d[^\s\]]*\]?\s*(?:[-|:]\s*)?(?:\[?(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|TRACE)\]?\s*[-|:]?\s*)?(.*)$/;
/**
 * A record that logs what was sent to the model (`PROMPT:`, `VALUE PROMPT:`): its lines are the
 * prompt, whose few-shot examples and trajectory so far are steps shown to the model, not taken.
 */
const PROMPT_RECORD = /^[\w ]{0,40}\bprompts?\b[\w ]{0,20}:/i;
/**
 * A tree search's executed step, as Language Agent Tree Search logs each node it expands
 * (lapisrocks/LanguageAgentTreeSearch `hotpot/lats.py` and `hotpot/tot.py` @853d816146:
 * `NEW NODE: {node}`, `Node.__str__` spelling `…, action={action}, observation={observation})`).
 * The same nodes printed again in `State of all_nodes` or `Node j:` records are not new steps.
 */
const NEW_NODE =
  /^NEW NODE: Node\(.*?, action=([A-Za-z_][\w -]{0,40}?) ?\[(.*?)\], observation=(.*)\)$/;

/** Whether a text shows such steps: a bracketed action and an observation after it. */
export function printsReActNumbered(text: string): boolean {
  const lines = text
    .slice(0, 1 << 20)
    .split('\n')
    .map((l) => {
      const line = screenLine(l);
      return RECORD.exec(line)?.[1] ?? line;
    });
  if (lines.some((l) => NEW_NODE.test(l))) return true;
  const at = lines.findIndex((l) => ACTION.test(l));
  return at >= 0 && lines.slice(at + 1).some((l) => OBSERVATION.test(l));
}

/** Whether a whole text input is such steps (not JSON, which a notebook is). */
export function isReActNumbered(text: string): boolean {
  return !opensAsJson(text) && printsReActNumbered(text);
}

export interface ReActNumberedRead {
  readonly lines: string[];
  readonly calls: number;
  readonly answered: number;
  /** Calls read from a tree search's `NEW NODE` records. */
  readonly nodes: number;
  /** Log records of prompts, whose steps were shown to the model and are not read. */
  readonly prompts: number;
}

/** Each task the pieces show (a notebook's outputs, or one text), a conversation. */
export function reactNumberedLines(pieces: readonly string[]): ReActNumberedRead {
  const runs: ChatJsonMessage[][] = [];
  let run: ChatJsonMessage[] | null = null;
  let calls = 0;
  let answered = 0;
  let thought: string | null = null;
  let open: ChatJsonCall | null = null;
  /** The observation being read, which runs over lines to the next step or a blank line. */
  let observation: ChatJsonMessage | null = null;
  const current = (): ChatJsonMessage[] => {
    if (run === null) runs.push((run = []));
    return run;
  };
  const lines = pieces.flatMap(screenLines);
  let inPrompt = false;
  let nodes = 0;
  let prompts = 0;
  /** The task the last prompt ended on, which names a tree search's question. */
  let asked: string | null = null;
  let runAsked: string | null = null;
  for (const line of lines) {
    const record = RECORD.exec(line);
    // A record's message is read as a line; the lines after it go on with it.
    const l = record === null ? line : (record[1] as string);
    if (record !== null) {
      inPrompt = PROMPT_RECORD.test(l);
      if (inPrompt) prompts++;
      observation = null;
      const node = NEW_NODE.exec(l);
      if (node === null) {
        if (inPrompt) continue;
      } else {
        if (run === null || runAsked !== asked) {
          runs.push((run = asked === null ? [] : [{ role: 'user', content: asked }]));
          runAsked = asked;
        }
        const call: ChatJsonCall = {
          id: `react-${++calls}`,
          type: 'function',
          function: {
            name: (node[1] as string).trim(),
            arguments: JSON.stringify(node[2] as string),
          },
        };
        run.push({ role: 'assistant', content: null, tool_calls: [call] });
        run.push({ role: 'tool', tool_call_id: call.id, content: (node[3] as string).trim() });
        answered++;
        nodes++;
        continue;
      }
    } else if (inPrompt) {
      const task = TASK.exec(l);
      // The prompt's last line may run on into the step it asks for (`…?Thought 1:`).
      if (task !== null) asked = (task[1] as string).replace(/Thought(?: \d+)?:.*$/, '').trim();
      continue;
    }
    if (observation !== null) {
      if (l.trim() !== '' && !STEP.test(l) && !TASK.test(l)) {
        const was = observation.content ?? '';
        observation.content = was === '' ? l : `${was}\n${l}`;
        continue;
      }
      observation = null;
    }
    const task = TASK.exec(l);
    if (task !== null) {
      runs.push((run = [{ role: 'user', content: (task[1] as string).trim() }]));
      thought = null;
      open = null;
      continue;
    }
    const t = THOUGHT.exec(l);
    if (t !== null) {
      thought = (t[1] as string).trim();
      continue;
    }
    const a = ACTION.exec(l);
    if (a !== null) {
      open = {
        id: `react-${++calls}`,
        type: 'function',
        function: { name: (a[1] as string).trim(), arguments: JSON.stringify(a[2] as string) },
      };
      current().push({ role: 'assistant', content: thought, tool_calls: [open] });
      thought = null;
      continue;
    }
    const o = OBSERVATION.exec(l);
    if (o !== null && open !== null) {
      observation = { role: 'tool', tool_call_id: open.id, content: (o[1] as string).trim() };
      current().push(observation);
      answered++;
      open = null;
    }
  }
  const out = runs
    .filter((r) => r.some((m) => m.tool_calls !== undefined))
    .map((messages) => JSON.stringify({ messages }));
  return { lines: out, calls, answered, nodes, prompts };
}

/** What the note says of a read. */
export function reactNumberedCaveat(read: ReActNumberedRead): string {
  const nodes =
    read.nodes === 0
      ? ''
      : ` (${read.nodes} of them from a tree search's \`NEW NODE\` records, each answered by its \`observation\`)`;
  const prompts =
    read.prompts === 0
      ? ''
      : ` The steps in ${plural(read.prompts, 'logged prompt')} were shown to the model, not taken, and are not read.`;
  return `${plural(read.calls, 'tool call')} read from their \`Action: Name[argument]\` lines${nodes} (the argument as text, each step a reply of its own), ${plural(read.answered, 'call')} answered by the \`Observation\` after ${read.answered === 1 ? 'it' : 'them'}; a conversation each \`Question:\`.${prompts}`;
}

/** The steps as OpenAI chat message lists (JSON Lines, one a task) and a note. */
export function reactNumberedAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = reactNumberedLines([text]);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as a ReAct agent's printed trajectories, ${plural(read.lines.length, 'task')}: ${reactNumberedCaveat(read)}`,
  });
}

/**
 * The part of such steps still being written that can be read now: up to the last step or
 * task begun (an action waits for its observation, an observation may run on).
 */
export function reactNumberedComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = screenLine(lines[i] as string);
    const record = RECORD.exec(line);
    const l = record?.[1] ?? line;
    // A tree search's node is logged whole on its line: once the line is ended, it is read.
    if (NEW_NODE.test(l) && i < lines.length - 1) return lines.slice(0, i + 1).join('\n');
    if (record !== null || STEP.test(l) || TASK.test(l)) return lines.slice(0, i).join('\n');
  }
  return '';
}
