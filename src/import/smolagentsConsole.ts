// smolagents' console output (a run as its logger draws it), read back as the chat it shows.
import { printedArguments, type ChatJsonCall, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson, screenLine } from './terminalText';
import { plural, inputLabel } from './warnings';
import { joinWrapped, richPanelAt } from './richPanels';

/**
 * smolagents logs a run with Rich (huggingface/smolagents `src/smolagents/monitoring.py` and
 * `agents.py` @e3a5b8994b): the task in a panel titled `New run`, a rule `━━ Step N ━━` per
 * step, each call a ToolCallingAgent makes as a panel holding `Calling tool: '<name>' with
 * arguments: <arguments>` (a dict as Python prints it, or the model's text), what the tool
 * gave as `Observations: <text>` (each `[` written `|`) or an `Error …` line, a dim
 * `[Step N: Duration …]` line, and `Final answer: …`. A CodeAgent's steps are code in an
 * `Executing parsed code:` panel instead: code the agent ran, no tool call. Panels wrap their
 * text at the terminal's width, and notebooks keep the colour codes.
 */
const RULE = /^━+ Step (\d+) ━+\s*$/;
const CALL = /^Calling tool: '([^']*)' with arguments: ([\s\S]*)$/;
const SUMMARY = /^\[Step \d+: Duration /;
/** How the console opens what a tool gave: its observations, or the error it raised. */
const ANSWER =
  /^(?:Observations: |Error (?:in tool call execution|executing tool|when executing tool)\b)/;
/** A CodeAgent's code: a panel so titled, or (older versions) a rule so titled above it. */
const CODE = /^\s*(?:╭)?─+ Executing parsed code:?/m;

/** Whether a line ends a final answer: a blank line, a step's rule or summary. */
function ends(line: string): boolean {
  const t = line.trim();
  return t === '' || RULE.test(t) || SUMMARY.test(t);
}

/** Whether a text shows such a run: a call's panel, or a step's rule and a run's panel. */
function showsRun(text: string): boolean {
  if (!text.includes('│')) return false;
  return /│ Calling tool: '/.test(text) || (/━ Step \d+ ━/.test(text) && /New run/.test(text));
}

/**
 * Whether a notebook's output is a piece of such a run (each panel, rule and line is an output
 * of its own there): a run's or a call's panel, a step's rule or summary, a CodeAgent's code
 * or its execution logs.
 */
export function printsSmolagentsRun(text: string): boolean {
  const t = text.replace(ANSI, '');
  return (
    showsRun(t) ||
    /^╭─+ New run\b/m.test(t) ||
    /^━+ Step \d+ ━+\s*$/m.test(t) ||
    /^\[Step \d+: Duration /m.test(t) ||
    /^Execution logs:$/m.test(t) ||
    CODE.test(t)
  );
}

/** Whether a whole text input is such a console output (not JSON, which a notebook is). */
export function isSmolagentsConsole(text: string): boolean {
  return !opensAsJson(text) && showsRun(text.slice(0, 1 << 20));
}

interface Read {
  lines: string[];
  calls: number;
  runs: number;
  code: number;
}

/** The runs a console output shows, as JSON Lines of `{ messages }`. */
export function smolagentsLines(text: string): Read {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(screenLine);
  const runs: ChatJsonMessage[][] = [];
  let run: ChatJsonMessage[] | null = null;
  let batch: ChatJsonCall[] | null = null;
  // The step's calls in order, each with what the console showed of its answer.
  let open: { id: string; text: string[] }[] = [];
  let answering: { id: string; text: string[] } | null = null;
  let calls = 0;
  let code = 0;
  const current = (): ChatJsonMessage[] => {
    if (run === null) runs.push((run = []));
    return run;
  };
  // A step ends: its answers follow its calls, each call's own, in the order they were made.
  const settle = (): void => {
    for (const a of open) {
      if (a.text.length === 0) continue;
      current().push({ role: 'tool', tool_call_id: a.id, content: a.text.join('\n').trim() });
    }
    open = [];
    answering = null;
    batch = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (RULE.test(line.trim()) || SUMMARY.test(line.trim())) {
      settle();
      continue;
    }
    const drawn = line.trimStart().startsWith('╭') ? richPanelAt(lines, i) : null;
    if (drawn !== null) {
      i = drawn.end - 1;
      const panel = { title: drawn.title, body: joinWrapped(drawn.rows, drawn.width) };
      if (panel.title.startsWith('New run')) {
        settle();
        runs.push((run = [{ role: 'user', content: panel.body }]));
        continue;
      }
      const call = CALL.exec(panel.body);
      if (call !== null) {
        const id = `smol-${++calls}`;
        const c: ChatJsonCall = {
          id,
          type: 'function',
          function: { name: call[1] as string, arguments: printedArguments(call[2] as string) },
        };
        // Calls of one step are one reply's: the model asked for them together.
        if (batch === null) {
          batch = [c];
          current().push({ role: 'assistant', content: null, tool_calls: batch });
        } else batch.push(c);
        open.push({ id, text: [] });
        answering = null;
        continue;
      }
      if (/^Executing parsed code/.test(panel.title)) code++;
      continue;
    }
    if (CODE.test(line)) {
      settle();
      code++;
      continue;
    }
    // An answer opens with `Observations:` or an error and goes on to the step's end; with
    // several calls in a step, each answer is the next unanswered call's.
    if (open.length > 0 && ANSWER.test(line)) {
      answering = open.find((a) => a.text.length === 0) ?? null;
      answering?.text.push(line.replace(/^Observations: /, ''));
      continue;
    }
    if (answering !== null) {
      answering.text.push(line);
      continue;
    }
    if (/^Final answer: /.test(line)) {
      settle();
      const words = [line.slice('Final answer: '.length)];
      while (i + 1 < lines.length && !ends(lines[i + 1] as string))
        words.push(lines[++i] as string);
      current().push({ role: 'assistant', content: words.join(' ').trim() });
    }
  }
  settle();
  return {
    lines: runs.map((messages) => JSON.stringify({ messages })),
    calls,
    runs: runs.length,
    code,
  };
}

/** What reading a console output loses, for the note. */
export function smolagentsCaveat(read: Read): string {
  const code =
    read.code === 0
      ? ''
      : ` ${plural(read.code, 'code action')} of a CodeAgent ${read.code === 1 ? 'is' : 'are'} code the agent ran, no tool call, and ${read.code === 1 ? 'is' : 'are'} not read.`;
  return `${plural(read.calls, 'tool call')} read from smolagents' console (\`Calling tool: '…' with arguments: …\` panels, a step's calls one reply, each answered by the observation after it): the arguments are read back from the panel, where the console wrapped them (a line broken at a space read as one), so signatures may differ from the agent's own; the console shows no call ids.${code}`;
}

/** A console output as JSON Lines of runs, and a note. */
export function smolagentsConsoleAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = smolagentsLines(text);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as smolagents' console output, ${plural(read.runs, 'run')}: ${smolagentsCaveat(read)}`,
  });
}

/**
 * The part of a console output still being written that holds whole steps: up to its last
 * rule or step summary, all of it once its run's final answer is shown.
 */
export function smolagentsConsoleComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = screenLine(lines[i] as string).trim();
    if (/^Final answer: /.test(l)) return text.slice(0, text.lastIndexOf('\n') + 1);
    if (RULE.test(l) || SUMMARY.test(l)) return lines.slice(0, i).join('\n');
  }
  return '';
}
