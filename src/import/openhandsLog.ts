// OpenHands' console log (`HH:MM:SS - ACTION` over each event as it prints), read back as its calls.
import { chatLines, type ChatJsonCall, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';

/**
 * OpenHands' agent controller logs each event it handles as a line `HH:MM:SS - ACTION` (or
 * `OBSERVATION`, `USER_ACTION`) over `[Agent Controller <name>] ` and the event as its class
 * prints it (All-Hands-AI/OpenHands `openhands/controller/agent_controller.py`, the actions'
 * `__str__` and `__repr__` in `openhands/events/action/commands.py` and `files.py` @38228ad5be):
 * `**CmdRunAction (source=…, is_input=False)**` over `THOUGHT:` and `COMMAND:` lines,
 * `**IPythonRunCellAction**` over `CODE:`, `**FileEditAction**` over `Path: [p]`, `Command:`
 * and the text created or the strings replaced, and dataclasses that print as their constructor
 * call, `FileReadAction(path='…', …)` and `AgentFinishAction(…)`. The model called them as
 * CodeAct's tools (`execute_bash`, `execute_ipython_cell`, `str_replace_editor`, `finish`),
 * which is how they are named here, with the arguments the lines show. An action's answer is
 * the next observation but the agent's state changes.
 */
const EVENT = /^\d\d:\d\d:\d\d - (ACTION|OBSERVATION|USER_ACTION)\s*$/;
const PREFIX = /^\[Agent Controller ([^\]]+)\] ?/;
/** A line that ends an event's text: another event, a log record, a step's banner. */
const ENDS = /^(?:\d\d:\d\d:\d\d - |={6,}\s*$|\[Agent Controller [^\]]+\] LEVEL \d)/;
/** Events that are no call of the model's, and observations that answer none. */
const NOT_CALLS =
  /^(?:\*\*)?(?:ChangeAgentStateAction|RecallAction|NullAction|CondensationAction|SystemMessageAction|AgentRejectAction)\b/;
const NOT_ANSWERS =
  /^(?:\*\*)?(?:AgentStateChangedObservation|RecallObservation|NullObservation|AgentCondensationObservation)\b/;

/** Whether a text is such a log: an `ACTION` line over the controller's line. */
export function isOpenHandsLog(text: string): boolean {
  if (opensAsJson(text)) return false;
  const head = text.slice(0, 1 << 20).replace(ANSI, '');
  return /^\d\d:\d\d:\d\d - (?:ACTION|OBSERVATION)\s*\r?\n\[Agent Controller [^\]]+\] /m.test(head);
}

interface Event {
  readonly kind: string;
  readonly controller: string;
  readonly text: string;
}

function events(text: string): Event[] {
  const lines = text.replace(ANSI, '').replace(/\r\n/g, '\n').split('\n');
  const out: Event[] = [];
  for (let i = 0; i < lines.length; i++) {
    const e = EVENT.exec(lines[i] as string);
    const p = e === null ? null : PREFIX.exec(lines[i + 1] ?? '');
    if (e === null || p === null) continue;
    const body = [(lines[i + 1] as string).slice(p[0].length)];
    let j = i + 2;
    while (j < lines.length && !ENDS.test(lines[j] as string)) body.push(lines[j++] as string);
    out.push({ kind: e[1] as string, controller: p[1] as string, text: body.join('\n').trim() });
    i = j - 1;
  }
  return out;
}

/** The text after a `LABEL:` line up to the next of `labels`, or null where there is none. */
function section(text: string, label: string, labels: readonly string[]): string | null {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`${label}:`));
  if (at < 0) return null;
  const first = (lines[at] as string).slice(label.length + 1).trim();
  const rest: string[] = [];
  for (let k = at + 1; k < lines.length; k++) {
    if (labels.some((l) => (lines[k] as string).startsWith(`${l}:`))) break;
    rest.push(lines[k] as string);
  }
  return [first, ...rest].join('\n').trim();
}

/** A fenced value after its label (`Old String: ```…``` `), or the rest of the label's line. */
function fencedAfter(text: string, label: string): string | null {
  const at = text.indexOf(`\n${label}:`);
  if (at < 0) return null;
  const after = text.slice(at + label.length + 2);
  const fence = /^\s*\n?```\n([\s\S]*?)\n```/.exec(after);
  if (fence !== null) return fence[1] as string;
  return (after.split('\n')[0] as string).trim();
}

/** A Python string literal's value after `key=` in a dataclass's printed call. */
function pyField(text: string, key: string): string | null {
  const m = new RegExp(`[(, ]${key}=(?:'((?:[^'\\\\]|\\\\.)*)'|"((?:[^"\\\\]|\\\\.)*)")`).exec(
    text,
  );
  if (m === null) return null;
  return (m[1] ?? m[2] ?? '').replace(/\\(.)/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : c,
  );
}

/** The call an action stands for, or null where it is none. */
function callOf(text: string): { name: string; args: Record<string, string | number[]> } | null {
  if (NOT_CALLS.test(text)) return null;
  if (text.startsWith('**CmdRunAction')) {
    const command = section(text, 'COMMAND', []) ?? '';
    const input = /is_input=True/.test(text.split('\n')[0] as string);
    return { name: 'execute_bash', args: input ? { command, is_input: 'true' } : { command } };
  }
  if (text.startsWith('**IPythonRunCellAction')) {
    return { name: 'execute_ipython_cell', args: { code: section(text, 'CODE', []) ?? '' } };
  }
  if (text.startsWith('**FileEditAction')) {
    const path = /^Path: \[(.*)\]$/m.exec(text)?.[1] ?? '';
    const command = /^Command: (.*)$/m.exec(text)?.[1]?.trim();
    if (command === undefined) {
      // An edit the model wrote as a range and its content (the LLM-based editor).
      const range = /^Range: \[L(-?\d+):L(-?\d+)\]$/m.exec(text);
      const content = fencedAfter(text, 'Content') ?? '';
      return {
        name: 'edit_file',
        args: { path, content, start: range?.[1] ?? '1', end: range?.[2] ?? '-1' },
      };
    }
    const args: Record<string, string> = { command, path };
    const file = fencedAfter(text, 'Created File with Text') ?? fencedAfter(text, 'File Text');
    if (file !== null) args.file_text = file;
    const oldStr = fencedAfter(text, 'Old String');
    if (oldStr !== null) args.old_str = oldStr;
    const newStr = fencedAfter(text, 'New String');
    if (newStr !== null) args.new_str = newStr;
    const line = /^Insert Line: (.*)$/m.exec(text)?.[1];
    if (line !== undefined) args.insert_line = line.trim();
    return { name: 'str_replace_editor', args };
  }
  if (text.startsWith('FileReadAction(')) {
    const range = /[(, ]view_range=\[([^\]]*)\]/.exec(text)?.[1];
    const args: Record<string, string | number[]> = {
      command: 'view',
      path: pyField(text, 'path') ?? '',
    };
    if (range !== undefined) args.view_range = range.split(',').map((n) => Number(n.trim()));
    return { name: 'str_replace_editor', args };
  }
  if (/^(?:\*\*)?AgentFinishAction\b/.test(text)) return { name: 'finish', args: {} };
  if (/^(?:\*\*)?AgentThinkAction\b/.test(text))
    return { name: 'think', args: { thought: pyField(text, 'thought') ?? '' } };
  if (text.startsWith('**BrowseInteractiveAction')) {
    return { name: 'browser', args: { code: section(text, 'BROWSER_ACTIONS', []) ?? '' } };
  }
  if (/^\*\*BrowseURLAction/.test(text)) {
    return { name: 'web_read', args: { url: section(text, 'URL', []) ?? '' } };
  }
  if (text.startsWith('**MCPAction')) {
    const name = section(text, 'NAME', ['ARGUMENTS']) ?? 'mcp';
    return { name, args: { arguments: section(text, 'ARGUMENTS', []) ?? '' } };
  }
  return null;
}

/** An observation's text as its answer: a command's output between its marks, else all of it. */
function answerOf(text: string): string {
  const m = /--BEGIN AGENT OBSERVATION--\n([\s\S]*?)\n--END AGENT OBSERVATION--/.exec(text);
  if (m !== null) return m[1] as string;
  const lines = text.split('\n');
  // A command's output opens with the observation's bold header line.
  return (/^\*\*\w+Observation\b/.test(lines[0] as string) ? lines.slice(1) : lines)
    .join('\n')
    .trim();
}

function openhandsRead(text: string): { conversations: ChatJsonMessage[][]; calls: number } {
  const byController = new Map<string, ChatJsonMessage[]>();
  const of = (c: string): ChatJsonMessage[] => {
    let m = byController.get(c);
    if (m === undefined) byController.set(c, (m = []));
    return m;
  };
  let calls = 0;
  /** The call waiting for its answer, by controller. */
  const waiting = new Map<string, string>();
  for (const e of events(text)) {
    const messages = of(e.controller);
    if (e.kind === 'OBSERVATION') {
      const id = waiting.get(e.controller);
      if (id === undefined || NOT_ANSWERS.test(e.text)) continue;
      waiting.delete(e.controller);
      messages.push({ role: 'tool', tool_call_id: id, content: answerOf(e.text) });
      continue;
    }
    const said = /^\*\*MessageAction\*\* \(source=EventSource\.(\w+)\)/.exec(e.text);
    if (said !== null || e.kind === 'USER_ACTION') {
      const content = section(e.text, 'CONTENT', []) ?? e.text;
      const user = e.kind === 'USER_ACTION' || said?.[1] === 'USER';
      messages.push({ role: user ? 'user' : 'assistant', content });
      continue;
    }
    const call = callOf(e.text);
    if (call === null) continue;
    const id = `openhands-${++calls}`;
    const tc: ChatJsonCall = {
      id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.args) },
    };
    const thought = section(e.text, 'THOUGHT', ['COMMAND', 'CODE', 'BROWSER_ACTIONS', 'URL']);
    messages.push({ role: 'assistant', content: thought, tool_calls: [tc] });
    waiting.set(e.controller, id);
  }
  return { conversations: [...byController.values()].filter((m) => m.length > 0), calls };
}

/** The log as OpenAI chat message lists (JSON Lines, one a controller) and a note. */
export function openhandsLogAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = openhandsRead(text);
  return ok({
    text: chatLines(read.conversations),
    note: `Read ${inputLabel(name, 'the input')} as OpenHands' console log: ${plural(read.calls, 'tool call')} read from its \`ACTION\` events as the CodeAct tools they stand for (\`execute_bash\`, \`str_replace_editor\`, …), the arguments the printed action shows, each a reply of its own (the log does not say which calls one response made), its answer the next observation; no call ids. The session's own trajectory (\`--save-trajectory-path\`, or the events the server keeps) holds the calls whole.`,
  });
}
