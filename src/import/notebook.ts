// A Jupyter notebook, read as the values its cells' outputs print.
import { err, ok, parseJson, printJson, type JsonValue, type Result } from '../json/index';
import { isJsonArray, isJsonObject } from '../json/index';
import { jsonBlocks, NAMES_CALLS } from './fencedJson';
import { literalValue } from './literal';
import { printedLines } from './printedLines';
import { printsSmolagentsRun, smolagentsCaveat, smolagentsLines } from './smolagentsConsole';
import { llamaIndexCaveat, llamaIndexLines, printsLlamaIndexCall } from './llamaIndexVerbose';
import { crewAiCaveat, crewAiLines, printsCrewAiSteps } from './crewaiVerbose';
import { printsReActSteps, reactCaveat, reactLines } from './reactText';
import {
  langChainPrintCaveat,
  langChainPrintLines,
  printsLangChainMessages,
} from './langchainPrint';
import { printsSkSteps, skPrintCaveat, skPrintLines } from './skPrint';
import { printsReActNumbered, reactNumberedCaveat, reactNumberedLines } from './reactNumbered';
import { autogenPrintCaveat, autogenPrintRead, isAutogenPrint } from './autogenPrint';
import {
  continuesLangroidRun,
  langroidCaveat,
  langroidLines,
  printsLangroidRun,
} from './langroidConsole';
import { ANSI } from './terminalText';
import { printedCallsCaveat, printedCallsLines, printsPrintedCalls } from './printedCalls';
import { callsAt } from './censusFind';
import type { Rec } from './dialects/shape';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';

/**
 * A notebook (`.ipynb`, nbformat 4: `{ cells: [{ cell_type, source, outputs }], metadata,
 * nbformat }`, jupyter/nbformat `nbformat/v4/nbformat.v4.schema.json` @55bacda324) keeps what each code
 * cell printed: `stream` text, and `execute_result` / `display_data` bundles by MIME type. A
 * run of an SDK shows there as its objects printed: JSON (`application/json`, or text), Python
 * dicts and lists, objects printed as their constructor calls (`ChatCompletionMessage(…,
 * tool_calls=[…])`, `ToolUseBlock(…)`, Gemini's `Part(…, function_call=FunctionCall(…))`), or
 * JSON printed with an indent among lines of text. Each such value, in the cells' order, is a
 * line of the JSON Lines the importers read. A framework's console a run prints on (LangChain's
 * `pretty_print`, smolagents' panels, LlamaIndex's and CrewAI's verbose lines, calls printed
 * with a Python dict) is read by its own reader over all the outputs it fills; any other
 * printed text is not read, which the note says.
 */
export function isNotebook(text: string): boolean {
  const head = text.slice(0, 400).trimStart();
  if (!head.startsWith('{')) return false;
  // Jupyter writes `cells` first and `nbformat` last; other writers (Colab, VS Code, nbformat
  // from other languages) may write `nbformat` first and `cells` after the metadata.
  if (/"cells"\s*:/.test(head.slice(0, 200)) && /"nbformat"\s*:\s*\d/.test(text.slice(-400)))
    return true;
  return /^\{\s*"nbformat"\s*:\s*\d/.test(head) && /"cells"\s*:\s*\[/.test(text);
}

/** What one output shows: printed text, or a JSON value it kept as such. */
type Shown = { readonly text: string } | { readonly json: JsonValue };

/** What a cell's outputs show, in order. */
function outputTexts(cell: JsonValue): Shown[] {
  const out: Shown[] = [];
  const outputs = isJsonObject(cell) ? cell.get('outputs') : undefined;
  if (!isJsonArray(outputs)) return out;
  for (const o of outputs) {
    if (!isJsonObject(o)) continue;
    if (o.get('output_type') === 'stream') {
      out.push({ text: joined(o.get('text')) });
      continue;
    }
    const data = o.get('data');
    if (!isJsonObject(data)) continue;
    const json = data.get('application/json');
    if (json !== undefined) out.push({ json });
    else if (data.has('text/plain')) out.push({ text: joined(data.get('text/plain')) });
  }
  return out;
}

/** nbformat keeps multi-line text as a list of lines. */
function joined(v: JsonValue | undefined): string {
  if (typeof v === 'string') return v;
  return isJsonArray(v) ? v.filter((x) => typeof x === 'string').join('') : '';
}

/** An SDK's object printed with its class before its JSON (`<OpenAIObject at 0x…> JSON: {`). */
const PRINTED_AS = /^<[^<>\n]{1,120}>\s*JSON:\s*/;

/** The values one printed text holds: itself as JSON or Python, else its JSON blocks. */
function valuesOf(text: string): JsonValue[] {
  // Rich prints a value pretty and coloured (`rich.print`, a Console's `print`): the colour
  // codes stand between its tokens, even inside a string.
  const t = text.replace(ANSI, '').trim().replace(PRINTED_AS, '');
  if (t === '') return [];
  if (t.startsWith('{') || t.startsWith('[')) {
    const p = parseJson(t);
    if (p.ok) return [p.value.value];
  }
  if (/^[[{(A-Za-z_]/.test(t)) {
    const v = literalValue(t);
    if (v !== null && typeof v === 'object') return [v];
  }
  const out: JsonValue[] = [];
  for (const b of jsonBlocks(t)) {
    const p = parseJson(b);
    if (p.ok) out.push(p.value.value);
  }
  if (out.length > 0) return out;
  // A framework's console prints each event's objects on a line of their own among its
  // headers (AutoGen's `[FunctionCall(id=…, arguments=…, name=…)]`).
  return printedLines(t).values;
}

/** Where a printed value stands: a document of its own. */
const ALONE = { key: null, listKey: null, outerKey: null, document: true } as const;

/**
 * Whether a printed value is one call by itself, no message or reply around it (an item of a
 * message's list printed on its own: Semantic Kernel's `FunctionCallContent`).
 */
function loneCall(v: JsonValue): boolean {
  if (!isJsonObject(v)) return false;
  const found = callsAt(v as Rec, ALONE);
  return found !== null && found.dialect !== 'unknown' && found.calls.length === 1;
}

/** A framework's console a cell may print its runs on, and its reader. */
interface Console {
  readonly prints: (text: string) => boolean;
  /** The conversations outputs show (`cells`: the cell of each), and what the note says. */
  readonly read: (
    outputs: readonly string[],
    cells: readonly number[],
  ) => { lines: string[]; said: string };
  /** Whether an output that is none of its own by itself goes on with the one before it. */
  readonly continues?: (text: string) => boolean;
}

const CONSOLES: readonly Console[] = [
  {
    prints: printsLangChainMessages,
    read: (t) => {
      const r = langChainPrintLines(t.join('\n'));
      const said = `${plural(r.lines.length, 'conversation')} of ${plural(r.printed, 'printed message')}: ${langChainPrintCaveat(r)}`;
      return { lines: r.lines, said };
    },
  },
  {
    prints: printsSmolagentsRun,
    // What goes on with a run: an answer, an error, the final answer (a colour code before it).
    // eslint-disable-next-line no-control-regex -- the colour code Rich opens the line with
    continues: (t) => /^(?:\x1b\[[0-9;]*m)*(?:Final answer|Observations|Error)\b/.test(t),
    read: (t) => {
      const r = smolagentsLines(t.join('\n'));
      return { lines: r.lines, said: `${plural(r.runs, 'run')}: ${smolagentsCaveat(r)}` };
    },
  },
  {
    prints: printsSkSteps,
    // An agent's words printed after its steps (`# Host: …`) go on with them.
    continues: (t) => /^(?:#\s*)?[\w.-]{1,60}: /.test(t.trimStart()),
    read: (t) => {
      const r = skPrintLines(t);
      return { lines: r.lines, said: skPrintCaveat(r) };
    },
  },
  {
    prints: printsLangroidRun,
    continues: continuesLangroidRun,
    read: (t) => {
      const r = langroidLines(t);
      return { lines: r.lines, said: `${plural(r.agents, 'agent')}: ${langroidCaveat(r)}` };
    },
  },
  {
    prints: printsLlamaIndexCall,
    // An agent's turn or reply printed in a cell of its own goes on with its run.
    continues: (t) => /^(?:Added user message to memory:|=== LLM Response ===)/m.test(t),
    read: (t) => {
      const r = llamaIndexLines(t);
      return {
        lines: r.lines,
        said: `${plural(r.lines.length, 'conversation')}: ${llamaIndexCaveat(r)}`,
      };
    },
  },
  {
    prints: printsCrewAiSteps,
    read: (t) => {
      const r = crewAiLines(t.join('\n'));
      return { lines: r.lines, said: `${plural(r.agents, 'agent')}: ${crewAiCaveat(r)}` };
    },
  },
  {
    prints: isAutogenPrint,
    // A message printed in an output of its own (an answer's banner, a turn's header) goes on.
    continues: (t) =>
      /^\S.*? \(to \S.*?\):\r?$|^\*{5} Response from calling /m.test(t.replace(ANSI, '')),
    read: (t) => {
      const r = autogenPrintRead(t.join('\n'));
      return {
        lines: r.conversations.map((messages) => JSON.stringify({ messages })),
        said: autogenPrintCaveat(r),
      };
    },
  },
  {
    prints: printsReActNumbered,
    read: (t) => {
      const r = reactNumberedLines(t);
      return {
        lines: r.lines,
        said: `${plural(r.lines.length, 'task')}: ${reactNumberedCaveat(r)}`,
      };
    },
  },
  {
    prints: printsReActSteps,
    read: (t) => {
      const r = reactLines(t);
      return { lines: r.lines, said: `${plural(r.lines.length, 'run')}: ${reactCaveat(r)}` };
    },
  },
  {
    // Last: a line that prints a call's tool and arguments, which the consoles above may print.
    prints: printsPrintedCalls,
    // What a code agent logs on its own after its code: its prints, its answer.
    continues: (t) =>
      // eslint-disable-next-line no-control-regex -- the colour code the logger opens with
      /^(?:\x1b\[[0-9;]*m)*(?:Print outputs:|Last output from code snippet:|(?:>>> )?Final answer:)/.test(
        t,
      ),
    read: (t, cells) => {
      const r = printedCallsLines(t, cells);
      return { lines: r.lines, said: `${plural(r.runs, 'run')}: ${printedCallsCaveat(r, true)}` };
    },
  },
];

/** The notebook's printed values as JSON Lines, and a note saying how they were found. */
export function notebookAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const p = parseJson(text);
  const cells = p.ok && isJsonObject(p.value.value) ? p.value.value.get('cells') : undefined;
  const lines: string[] = [];
  let outputs = 0;
  let read = 0;
  // Outputs left unread whose text names calls: the calls they show are not in the replay.
  let naming = 0;
  // Outputs that print a framework's chat, read together by its reader: a run goes on over cells.
  const shown: string[][] = CONSOLES.map(() => []);
  const shownIn: number[][] = CONSOLES.map(() => []);
  let last = -1;
  let index = 0;
  // Calls printed alone in outputs one after another: the reader by shape takes calls that
  // follow one another for one reply, which the notebook does not say they were.
  let lone = 0;
  let lastLone = false;
  let counted = false;
  for (const cell of isJsonArray(cells) ? cells : []) {
    index++;
    for (const o of outputTexts(cell)) {
      outputs++;
      // Rich prints a blank line as an output of its own: it parts nothing.
      if ('text' in o && o.text.trim() === '') continue;
      let console = 'text' in o ? CONSOLES.findIndex((c) => c.prints(o.text)) : -1;
      // A line a console prints on its own (a final answer) goes with the run printed before it.
      if (console < 0 && last >= 0 && 'text' in o && CONSOLES[last]?.continues?.(o.text)) {
        console = last;
      }
      last = console;
      if (console >= 0 && 'text' in o) {
        shown[console]?.push(o.text);
        shownIn[console]?.push(index);
        read++;
        continue;
      }
      const values = 'json' in o ? [o.json] : valuesOf(o.text);
      if (values.length > 0) read++;
      else if ('text' in o && NAMES_CALLS.test(o.text)) naming++;
      values.forEach((v, k) => {
        const alone = loneCall(v);
        const joined = alone && k === 0 && lastLone;
        if (joined) lone += counted ? 1 : 2;
        counted = joined;
        lastLone = alone;
        lines.push(printJson(v));
      });
    }
  }
  let chats = '';
  CONSOLES.forEach((c, k) => {
    const texts = shown[k] ?? [];
    if (texts.length === 0) return;
    const got = c.read(texts, shownIn[k] ?? []);
    lines.push(...got.lines);
    chats += ` Of them, ${got.said}`;
  });
  const input = inputLabel(name, 'the notebook');
  if (lines.length === 0) {
    const seen = 'a Jupyter notebook whose outputs print no JSON or Python values';
    return err({
      kind: 'not-transcript',
      seen,
      message: `${inputLabel(name, 'The input')} is ${seen} (only text of its own, such as a framework's log lines), so Loopscope cannot see its tool calls.`,
    });
  }
  const missed =
    naming === 0
      ? ''
      : ` ${plural(naming, 'other output')} ${naming === 1 ? 'prints' : 'print'} text that names tool calls: the calls shown only there are not in this replay.`;
  const apart =
    lone === 0
      ? ''
      : ` ${lone} calls are printed each by itself, one output after another: the notebook does not show which reply made each, so those that follow one another are read as one reply.`;
  return ok({
    text: lines.join('\n'),
    note: `Read ${plural(lines.length, 'value')} printed in ${plural(read, 'output')} of ${plural(outputs, 'cell output')} of ${input}, a Jupyter notebook; other text its cells printed (a framework's log lines) is left out.${missed}${apart}${chats}`,
  });
}
