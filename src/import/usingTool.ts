// Printed tool use: `Using tool: <name>` over `Input: <its input>`, as exporters and agents print it.
import type { ChatJsonMessage } from './chatJson';
import { ok, printJson, type Result } from '../json/index';
import { literalValue } from './literal';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { ANSI, opensAsJson } from './terminalText';

/**
 * claude-conversation-extractor writes a Claude Code session as markdown
 * (ZeroSumQuant/claude-conversation-extractor `src/extract_claude_logs.py` @0d98c7bb05):
 * `## 👤 User` and `## 🤖 Claude` sections, each call as `🔧 Using tool: <name>` (or
 * `🔧 Tool: <name>`) and `Input: ` its input as indented JSON, a result as `📤 Result:`. Agents written by hand print their calls the same way
 * (`Using tool: <name>` then `Input: {…}` or `Arguments: {…}`, a dict as Python prints it,
 * and `Tool result: …`). A name is a call only where its input reads as an object after it:
 * a name alone signs nothing.
 */
const USING =
  /^\s*(?:🔧\s*Tool|(?:🔧\s*)?(?:AI is )?[Uu]sing [Tt]ool): `?([\w.:-]+)`?\s*(?::\s*(\{.*))?$/u;
const INPUT = /^\s*(?:Input|Tool [Ii]nput|Arguments|Args):\s*(.*)$/;
const RESULT = /^\s*(?:📤\s*)?(?:Tool [Rr]esult|Result|Output):\s*(.*)$/u;
const USER = /^## (?:👤 )?User\b/u;
const ASSISTANT = /^## (?:🤖 )?(?:Claude|Assistant)\b/u;
/** How many lines an input printed over several lines may take. */
const MAX_LINES = 400;

/** The input that opens at line `i` (its rest `first`): the lines that read as one object. */
function inputAt(
  lines: readonly string[],
  i: number,
  first: string,
): { v: string; end: number } | null {
  let text = first;
  for (let j = i; j < Math.min(lines.length, i + MAX_LINES); j++) {
    if (j > i) text += `\n${lines[j] as string}`;
    const v = literalValue(text.trim());
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      return { v: printJson(v), end: j + 1 };
    if (j > i && (lines[j] as string).trim() === '') return null;
  }
  return null;
}

/** The next line from `i` on that is not blank, and its index. */
function next(lines: readonly string[], i: number): number {
  let j = i;
  while (j < lines.length && (lines[j] as string).trim() === '') j++;
  return j;
}

interface Read {
  messages: ChatJsonMessage[];
  calls: number;
  answers: number;
}

function read(text: string, enough = Infinity): Read {
  const lines = text.replace(ANSI, '').replace(/\r\n?/g, '\n').split('\n');
  const messages: ChatJsonMessage[] = [];
  let calls = 0;
  let answers = 0;
  let turn: { role: 'user' | 'assistant'; lines: string[] } | null = null;
  const endTurn = (): void => {
    const said = turn?.lines.join('\n').trim() ?? '';
    if (turn !== null && said !== '') messages.push({ role: turn.role, content: said });
    turn = turn === null ? null : { role: turn.role, lines: [] };
  };
  for (let i = 0; i < lines.length && calls < enough; i++) {
    const line = lines[i] as string;
    const using = USING.exec(line);
    if (using !== null) {
      let input: { v: string; end: number } | null = null;
      if (using[2] !== undefined) input = inputAt(lines, i, using[2]);
      else {
        const j = next(lines, i + 1);
        const m = INPUT.exec(lines[j] ?? '');
        if (m !== null) input = inputAt(lines, j, m[1] as string);
      }
      if (input === null) continue;
      endTurn();
      const id = `using-${++calls}`;
      const fn = { name: using[1] as string, arguments: input.v };
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [{ id, type: 'function', function: fn }],
      });
      i = input.end - 1;
      // Its result: the next line, past a rule and the exporter's own heading over it.
      let k = next(lines, input.end);
      while (k < lines.length && /^(?:---\s*|### .*)$/u.test(lines[k] as string))
        k = next(lines, k + 1);
      const r = RESULT.exec(lines[k] ?? '');
      if (r !== null) {
        // On its line, or on the lines under it up to a blank one.
        let end = k + 1;
        if ((r[1] as string).trim() === '')
          while (end < lines.length && (lines[end] as string).trim() !== '') end++;
        const said = [r[1] as string, ...lines.slice(k + 1, end)].join('\n').trim();
        messages.push({ role: 'tool', tool_call_id: id, content: said });
        answers++;
        i = end - 1;
      }
      continue;
    }
    if (USER.test(line) || ASSISTANT.test(line)) {
      endTurn();
      turn = { role: USER.test(line) ? 'user' : 'assistant', lines: [] };
      continue;
    }
    if (/^---\s*$/.test(line)) endTurn();
    else if (/^### /.test(line)) {
      // The exporter's headings over a call or a result (`### 🔧 Tool Use`) say nothing.
      endTurn();
      turn = null;
    } else turn?.lines.push(line);
  }
  endTurn();
  return { messages, calls, answers };
}

/** Whether a text prints tool use so: no JSON itself, and a named call over its input. */
export function isUsingToolLog(text: string): boolean {
  if (opensAsJson(text)) return false;
  const head = text.slice(0, 1 << 20);
  return /[Uu]sing [Tt]ool: /.test(head) && read(head, 1).calls > 0;
}

/** Such a text as the chat it shows, and a note. */
export function usingToolAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const r = read(text);
  const answered =
    r.answers === 0
      ? 'it shows no answers, so none is compared'
      : `${plural(r.answers, 'call')} answered by the result printed after ${r.answers === 1 ? 'it' : 'them'}`;
  return ok({
    text: JSON.stringify({ messages: r.messages }),
    note: `Read ${inputLabel(name, 'the input')} as printed tool use (\`Using tool: <name>\` over \`Input: <its input>\`): ${plural(r.calls, 'tool call')}, each a reply of its own with its input as printed (JSON, or a dict as Python prints it), with no call ids; ${answered}.`,
  });
}
