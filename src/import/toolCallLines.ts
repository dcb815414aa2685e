// Logs that print each call on a line of its own as `Tool call: name({…})`, read as those calls.
import type { ChatJsonMessage } from './chatJson';
import { ok, printJson, type Result } from '../json/index';
import type { ImportError } from './types';
import { literalValue } from './literal';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';

/**
 * Two writers print a call as `Tool call: <name>(<arguments>)`: the `llm` CLI's tool debug
 * output (simonw/llm `llm/cli.py`, `--td`: the arguments as Python prints a dict, what the
 * tool gave indented by two spaces under it), and nanobot's loop and its many forks
 * (HKUDS/nanobot `nanobot/agent/loop.py`: `logger.info("Tool call: {}({})", name,
 * args_str[:200])`, the JSON of the arguments cut to 200 characters, after loguru's
 * `time | LEVEL | where - ` prefix). Neither says which calls one reply made.
 */
const CALL = /(?:^|\s[-|]\s)Tool call: ([\w.:-]+)\(((?:\{.*?)?)\)?\s*$/;

/** Whether a text is such a log: a line `Tool call: name({…})` or `name()`. */
export function isToolCallLines(text: string): boolean {
  if (opensAsJson(text)) return false;
  return text
    .slice(0, 1 << 20)
    .replace(ANSI, '')
    .split(/\r?\n/)
    .some((l) => CALL.test(l.trimEnd()) && /\((?:\{|\)\s*$)/.test(l));
}

interface Read {
  readonly messages: ChatJsonMessage[];
  readonly calls: number;
  readonly cut: number;
  readonly answered: number;
}

function toolCallLinesRead(text: string): Read {
  const lines = text.replace(ANSI, '').replace(/\r\n/g, '\n').split('\n');
  const messages: ChatJsonMessage[] = [];
  let calls = 0;
  let cut = 0;
  let answered = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = CALL.exec((lines[i] as string).trimEnd());
    if (m === null) continue;
    const id = `call-line-${++calls}`;
    const printed = (m[2] as string).trim();
    // JSON, or a dict as Python prints it; a text cut short is kept as the text shown.
    const value = printed === '' ? null : literalValue(printed);
    let args: string;
    if (printed === '') args = '{}';
    else if (value !== null && typeof value === 'object') args = printJson(value);
    else {
      cut++;
      args = JSON.stringify({ shown: printed });
    }
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: m[1] as string, arguments: args } }],
    });
    // What the tool gave, indented under the call (`llm --td`).
    const out: string[] = [];
    let k = i + 1;
    while (k < lines.length && /^ {2}\S/.test(lines[k] as string))
      out.push((lines[k++] as string).slice(2));
    if (out.length > 0) {
      answered++;
      messages.push({ role: 'tool', tool_call_id: id, content: out.join('\n') });
      i = k - 1;
    }
  }
  return { messages, calls, cut, answered };
}

/** The log as an OpenAI chat message list (JSON text) and a warning. */
export function toolCallLinesAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = toolCallLinesRead(text);
  const cut =
    read.cut === 0
      ? ''
      : ` The arguments of ${plural(read.cut, 'call')} do not parse (a log cuts them to 200 characters): read as the text shown, so calls that differ only past the cut read as repeats.`;
  return ok({
    text: JSON.stringify({ messages: read.messages }),
    note: `Read ${inputLabel(name, 'the input')} as a log of \`Tool call: name({…})\` lines (the \`llm\` CLI's tool debug output, nanobot's loop): ${plural(read.calls, 'tool call')}, each a reply of its own (the log does not say which calls one reply made), ${plural(read.answered, 'call')} answered by the lines indented under ${read.answered === 1 ? 'it' : 'them'}; no user turns, no call ids.${cut}`,
  });
}
