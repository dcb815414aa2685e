// Consoles that print each tool call as a line naming the tool before its arguments as Python
// prints them (`Calling tool: 'search' with arguments: {'q': 'x'}`), read as those calls.
import type { ChatJsonCall, ChatJsonMessage } from './chatJson';
import { printJson, type Result } from '../json/index';
import { ok } from '../json/index';
import type { ImportError } from './types';
import { literalValue } from './literal';
import { opensAsJson, screenLine } from './terminalText';
import { plural, inputLabel } from './warnings';

/**
 * Two kinds of writers print a call this way, a line each, the arguments as Python's `repr`:
 *
 * - transformers' agents (huggingface/transformers `src/transformers/agents/agents.py`, before
 *   smolagents): a ReactJsonAgent logs `Calling tool: '<name>' with arguments: <arguments>`
 *   (later `>>> Calling tool: …`), the arguments the dict the model wrote, or its text when it
 *   wrote a string; `======== New task ========` over the task opens a run; what a tool gave is
 *   logged after the call, unmarked, only at `verbose=1` or more, and a tool's error as
 *   `Error in tool call execution: …`. A ReactCodeAgent's code is logged between `==== Agent is
 *   executing the code below:` (later `>>>`) and `====`, its prints after `Print outputs:`, its
 *   answer after `Final answer:`.
 * - hand-written loops: `print(f"Calling tool: {name} with args: {args}")`, the args a dict
 *   the loop parsed from the model's JSON, with an emoji or a logger's prefix before it, or
 *   `[Calling tool {name} with args {args}]` as the MCP client quickstart joins into its reply
 *   (modelcontextprotocol/quickstart-resources `mcp-client-python/client.py`), whose REPL
 *   prompts each query with `Query: `.
 */
const CALL =
  /(?:^|[^\w])calling tool:?\s+(?:'([^'\n]+)'|"([^"\n]+)"|`([^`\n]+)`|([\w.:/-]+))\s+with\s+(?:arguments|args|input|inputs|params|parameters)\s*:?\s?(.*)$/i;
/**
 * Youtu-agent (TencentCloudADP/youtu-agent `utu/utils/agents_utils.py` @7c2d8f5b67,
 * `AgentsUtils.print_new_items` and `print_stream_events`, over the OpenAI Agents SDK's run
 * items) prints a call as `<agent>: Calling a tool: <name>(<arguments as a dict>)`, streamed
 * as `<<agent>> [tool_call] <name>(<arguments as JSON>)`, and each output after the calls of
 * one model turn as `Tool call output: …` or `<<agent>> [tool_output] …`.
 */
const CALL_NAMED =
  /(?:^|[^\w])calling a tool:\s+([\w.:/-]+)\((.*)\)\s*$|^<[^<>\n]{1,80}> \[tool_call\] ([\w.:/-]+)\((.*)\)\s*$/i;
const STREAM_RESULT = /^<[^<>\n]{1,80}> \[tool_output\]\s?(.*)$/;
/** transformers' agents open a run with this rule, the task on the lines under it. */
const NEW_TASK = /^=+ New task =+$/;
/** The MCP quickstart's REPL prompt, the query typed after it. */
const QUERY = /^Query: (\S.*)$/;
/** A ReactCodeAgent's code action, up to a line `====`. */
const CODE_START = /^(?:====|>>>) Agent is executing the code below:$/;
/** Where a code agent's answer is logged, on the lines under it. */
const FINAL = /^(?:>>> )?Final answer:$/;
/**
 * Any other line transformers' agents open a record with: it ends what came before it. A
 * tool's error (`Error in tool call execution: …`) is none: it is the call's answer.
 */
const HEADER =
  /^(?:={3,}|>>> |Print outputs:$|Last output from code snippet:$|Could not parse the given action:|Error in generating llm output:|Error: No '|Reached max iterations\.|Failed while trying to execute the code below:|Code execution failed\b)/;
/**
 * A line a hand-written loop prints what a tool gave on: `Tool result: …`, `Result: …`, or
 * its error (`❌ Tool <name> failed: …`, as Klavis' tutorials print it).
 */
const RESULT =
  /^\W{0,4}(?:Tool(?:\s+['"`]?[\w.:/-]+['"`]?)?\s+(?:result|output|response|failed)|Result|Observation)s?\s*:\s?(.*)$/i;

interface Call {
  readonly name: string;
  /** transformers' own form: the name quoted, at the line's start. */
  readonly agent: boolean;
  readonly printed: string;
  /** Youtu-agent's form, `name(arguments)`, whose arguments may be JSON. */
  readonly named?: true;
}

/** The call a line prints, or null; a smolagents panel's row (`│ Calling tool: …`) is none. */
function callOf(line: string): Call | null {
  const t = line.trim();
  if (t.startsWith('│')) return null;
  const m = CALL.exec(t);
  if (m === null) {
    const n = CALL_NAMED.exec(t);
    if (n === null) return null;
    return {
      name: (n[1] ?? n[3]) as string,
      agent: false,
      printed: (n[2] ?? n[4]) as string,
      named: true,
    };
  }
  const name = (m[1] ?? m[2] ?? m[3] ?? m[4]) as string;
  let printed = (m[5] as string).trim();
  // `[Calling tool … with args {…}]`: the bracket closes the print, not the arguments.
  if (t.charAt(m.index) === '[') printed = printed.replace(/\]$/, '').trimEnd();
  return { name, agent: /^(?:>>> )?Calling tool: '/.test(t), printed };
}

/** Whether printed arguments are a Python value that is no JSON (JSON logs are read elsewhere). */
function pythonOnly(printed: string): boolean {
  if (!/^[{[]/.test(printed)) return false;
  try {
    JSON.parse(printed);
    return false;
  } catch {
    const v = literalValue(printed);
    return v !== null && typeof v === 'object';
  }
}

/** Whether a line is such a call: its arguments printed by Python, or transformers' form. */
function printsCall(line: string): boolean {
  const c = callOf(screenLine(line));
  return c !== null && (c.agent || c.named === true || pythonOnly(c.printed));
}

/** A line that may print a call, before it is read: a cheap test of a console's lines. */
const MAY_CALL = /calling (?:a )?tool|\[tool_call\]/i;

/** What a tool gave, where a line prints it on its own, or null. */
function resultText(line: string): string | null {
  const r = RESULT.exec(line) ?? STREAM_RESULT.exec(line);
  return r === null ? null : (r[1] as string).trim();
}

/** Whether a whole text input is such a console (not JSON, which a notebook is). */
export function isPrintedCalls(text: string): boolean {
  if (opensAsJson(text)) return false;
  return text
    .slice(0, 1 << 20)
    .split('\n')
    .some((l) => MAY_CALL.test(l) && printsCall(l));
}

/** Whether a notebook's output is a piece of such a console: a call, or transformers' rules. */
export function printsPrintedCalls(text: string): boolean {
  const lines = text.split('\n').map(screenLine);
  return lines.some(
    (l) =>
      NEW_TASK.test(l) ||
      CODE_START.test(l) ||
      (MAY_CALL.test(l) && printsCall(l)) ||
      /^=== Agent thoughts:$/.test(l),
  );
}

export interface PrintedCallsRead {
  readonly lines: string[];
  readonly runs: number;
  readonly calls: number;
  readonly answered: number;
  /** Calls whose arguments were printed as text, not as a dict. */
  readonly bare: number;
  /** Calls whose arguments look like a dict but do not read (cut short). */
  readonly unread: number;
  readonly code: number;
  /** Runs of calls printed together, then answered in turn: one reply each. */
  readonly batches: number;
  /** Whether the console marks where runs start (a task's rule, a query's prompt). */
  readonly marked: boolean;
  /** Whether any call is in transformers' form (whose answers show only when verbose). */
  readonly agent: boolean;
}

/** The arguments a call printed, as the JSON text of a call's arguments, and how they read. */
function argumentsOf(printed: string): { json: string; how: 'dict' | 'bare' | 'unread' } {
  if (printed === '' || printed === 'None') return { json: '{}', how: 'dict' };
  const v = literalValue(printed);
  if (v !== null && typeof v === 'object') return { json: printJson(v), how: 'dict' };
  // A dict or a list the console cut short: kept as the text shown.
  if (/^[{[]/.test(printed)) return { json: JSON.stringify({ shown: printed }), how: 'unread' };
  // A string the model gave for the arguments, which the tool takes as its one input.
  const text = v !== null && typeof v === 'string' ? v : printed;
  return { json: JSON.stringify(text), how: 'bare' };
}

/**
 * The runs such a console shows, as JSON Lines of `{ messages }`. `pieces` are the texts in
 * order (a notebook's outputs), `cells` the cell each came from: where the console marks no
 * run's start, each cell's calls are a run of their own, as a loop a cell runs prints within it.
 */
export function printedCallsLines(
  pieces: readonly string[],
  cells?: readonly number[],
): PrintedCallsRead {
  const all: { line: string; cell: number }[] = [];
  pieces.forEach((p, k) => {
    for (const line of p
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n')
      .split('\n'))
      all.push({ line: screenLine(line), cell: cells?.[k] ?? 0 });
  });
  const marked = all.some(({ line }) => NEW_TASK.test(line) || QUERY.test(line));
  const runs: ChatJsonMessage[][] = [];
  let run: ChatJsonMessage[] | null = null;
  let calls = 0;
  let answered = 0;
  let bare = 0;
  let unread = 0;
  let code = 0;
  let batches = 0;
  let agent = false;
  let cell: number | null = null;
  const current = (): ChatJsonMessage[] => {
    if (run === null) runs.push((run = []));
    return run;
  };
  // The lines up to the next record's, trimmed: a task, an answer.
  const block = (from: number): { text: string; end: number } => {
    let k = from;
    while (k < all.length) {
      const l = (all[k] as { line: string }).line;
      if (NEW_TASK.test(l) || HEADER.test(l) || FINAL.test(l) || callOf(l) !== null) break;
      if (!marked && (all[k] as { cell: number }).cell !== all[from - 1]?.cell) break;
      k++;
    }
    const text = all
      .slice(from, k)
      .map((x) => x.line)
      .join('\n')
      .trim();
    return { text, end: k };
  };
  const printedCall = (call: Call, id: string): ChatJsonCall => {
    const args = argumentsOf(call.printed);
    if (args.how === 'bare') bare++;
    else if (args.how === 'unread') unread++;
    return { id, type: 'function', function: { name: call.name, arguments: args.json } };
  };
  for (let i = 0; i < all.length; i++) {
    const { line, cell: at } = all[i] as { line: string; cell: number };
    if (!marked && cell !== null && at !== cell) run = null;
    cell = at;
    if (NEW_TASK.test(line)) {
      const task = block(i + 1);
      runs.push((run = task.text === '' ? [] : [{ role: 'user', content: task.text }]));
      i = task.end - 1;
      continue;
    }
    const query = QUERY.exec(line);
    if (query !== null) {
      runs.push((run = [{ role: 'user', content: (query[1] as string).trim() }]));
      continue;
    }
    if (CODE_START.test(line)) {
      code++;
      while (i + 1 < all.length && !/^====$/.test((all[i + 1] as { line: string }).line)) i++;
      i++;
      continue;
    }
    if (FINAL.test(line)) {
      const answer = block(i + 1);
      if (answer.text !== '') current().push({ role: 'assistant', content: answer.text });
      i = answer.end - 1;
      continue;
    }
    const call = callOf(line);
    if (call === null) continue;
    // Calls printed one after another and then answered in the same order, as many answers
    // as calls, were made together (one model turn's, run before their outputs print).
    const together = call.agent ? 0 : batchAt(all, i);
    if (together > 1) {
      const batch: ChatJsonCall[] = [];
      for (let k = 0; k < together; k++) {
        const c = callOf((all[i + k] as { line: string }).line) as Call;
        batch.push(printedCall(c, `printed-${++calls}`));
      }
      current().push({ role: 'assistant', content: null, tool_calls: batch });
      for (let k = 0; k < together; k++) {
        const text = resultText((all[i + together + k] as { line: string }).line) as string;
        current().push({ role: 'tool', tool_call_id: batch[k]?.id as string, content: text });
      }
      answered += together;
      batches++;
      i += 2 * together - 1;
      continue;
    }
    const id = `printed-${++calls}`;
    agent ||= call.agent;
    const c = printedCall(call, id);
    current().push({ role: 'assistant', content: null, tool_calls: [c] });
    // What the tool gave: transformers' agents log it (or its error) on the lines after the
    // call; a hand-written loop names it (`Tool result: …`) on the next line, if at all.
    let answer: string | null = null;
    if (call.agent && call.name !== 'final_answer') {
      const after = block(i + 1);
      if (after.text !== '') answer = after.text;
      i = after.end - 1;
    } else if (!call.agent) {
      const next = all[i + 1];
      const result = next !== undefined && next.cell === at ? resultText(next.line) : null;
      if (result !== null && callOf(next?.line ?? '') === null) {
        answer = result;
        i++;
      }
    }
    if (answer !== null) {
      answered++;
      current().push({ role: 'tool', tool_call_id: id, content: answer });
    }
  }
  const kept = runs.filter((r) => r.length > 0);
  return {
    lines: kept.map((messages) => JSON.stringify({ messages })),
    runs: kept.length,
    calls,
    answered,
    bare,
    unread,
    code,
    batches,
    marked,
    agent,
  };
}

/**
 * How many calls printed one after another from `i` (in one cell) are answered by as many
 * answers printed right after them, in order; 0 where they are not.
 */
function batchAt(all: readonly { line: string; cell: number }[], i: number): number {
  const cell = (all[i] as { cell: number }).cell;
  const same = (k: number): string | null =>
    k < all.length && (all[k] as { cell: number }).cell === cell
      ? (all[k] as { line: string }).line
      : null;
  let n = 0;
  for (let l = same(i); l !== null; l = same(i + n)) {
    const c = callOf(l);
    if (c === null || c.agent) break;
    n++;
  }
  if (n < 2) return 0;
  for (let k = 0; k < n; k++) {
    const l = same(i + n + k);
    if (l === null || resultText(l) === null || callOf(l) !== null) return 0;
  }
  return n;
}

/** What reading such a console loses, for the note. */
export function printedCallsCaveat(read: PrintedCallsRead, notebook = false): string {
  const answers =
    read.answered > 0
      ? `${plural(read.answered, 'call')} answered by what the console shows after ${read.answered === 1 ? 'it' : 'them'}`
      : read.agent
        ? "the console shows no tool's answers (transformers' agents log them only when verbose), so none is compared"
        : "the console shows no tool's answers, so none is compared";
  const bare =
    read.bare === 0
      ? ''
      : ` The arguments of ${plural(read.bare, 'call')} were printed as text, not a dict: read as that text, a JSON string.`;
  const unread =
    read.unread === 0
      ? ''
      : ` The arguments of ${plural(read.unread, 'call')} do not read as Python prints a dict (cut short?): kept as the text shown, so calls that differ past it may read as repeats.`;
  const runs = read.marked
    ? ''
    : notebook
      ? " The console marks no run's start: each cell's calls are read as a run of their own."
      : " The console marks no run's start: its calls are read as one run.";
  const replies =
    read.batches === 0
      ? 'each call a reply of its own'
      : `each call a reply of its own, but where calls were printed together and then answered in turn (${plural(read.batches, 'time')}), they are one reply`;
  const code =
    read.code === 0
      ? ''
      : ` ${plural(read.code, 'code action')} of a code agent ${read.code === 1 ? 'is' : 'are'} code the agent ran, no tool call, and ${read.code === 1 ? 'is' : 'are'} not read.`;
  return `${plural(read.calls, 'tool call')} read from lines that print each call's tool and arguments (\`Calling tool: … with arguments: {…}\`): the arguments are read back from the print, a Python dict made JSON, so signatures may differ from the agent's own; ${replies}, with no call ids; ${answers}; the console's other lines are not read.${bare}${unread}${runs}${code}`;
}

/** Such a console as JSON Lines of runs, and a note. */
export function printedCallsAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = printedCallsLines([text]);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as a console's printed tool calls, ${plural(read.runs, 'run')}: ${printedCallsCaveat(read)}`,
  });
}

/**
 * The part of such a console still being written that can be read now: up to the last call
 * or rule, whose record may still be growing; all of it once a run's final answer is shown.
 */
export function printedCallsComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = screenLine(lines[i] as string);
    // A final answer ends its run: nothing more comes of it.
    if (callOf(l)?.name === 'final_answer' && i < lines.length - 1)
      return lines.slice(0, i + 1).join('\n');
    if (callOf(l) !== null || NEW_TASK.test(l) || CODE_START.test(l) || QUERY.test(l))
      return lines.slice(0, i).join('\n');
  }
  return '';
}
