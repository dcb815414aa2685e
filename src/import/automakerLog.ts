// Automaker's feature logs (`agent-output.md`), read as the calls they show.
import type { ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import { skipValue } from './spans';
import type { ImportError } from './types';
import { plural } from './warnings';

/**
 * Automaker (AutoMaker-Org/automaker `apps/server/src/services/agent-executor.ts` @7f7332db5c)
 * writes what its agent says into `.automaker/features/<id>/agent-output.md`: the reply's text
 * as it streams, and for each `tool_use` block a line `🔧 Tool: <name>` then, where the call
 * has input, `Input: ` and the input as indented JSON. Results are not written, nor the user's
 * prompt, nor which calls one reply made together.
 */
const TOOL_LINE = /^🔧 Tool: ([^\n]+)\n/gm;
const INPUT = 'Input: ';

/** Whether a text is such a log: no JSON, and a tool line of Automaker's. */
export function isAutomakerLog(text: string): boolean {
  const first = text.search(/\S/);
  const c = first < 0 ? '' : text[first];
  if (c === '{' || c === '[') return false;
  TOOL_LINE.lastIndex = 0;
  return TOOL_LINE.test(text);
}

/** The log as the OpenAI chat message list it shows, with a warning of what it leaves out. */
export function automakerAsJson(text: string): Result<{ text: string; note: string }, ImportError> {
  const messages: ChatJsonMessage[] = [];
  let from = 0;
  let calls = 0;
  TOOL_LINE.lastIndex = 0;
  for (let m = TOOL_LINE.exec(text); m !== null; m = TOOL_LINE.exec(text)) {
    const said = text.slice(from, m.index).trim();
    let end = m.index + m[0].length;
    let args = '{}';
    if (text.startsWith(INPUT, end)) {
      const start = end + INPUT.length;
      const stop = skipValue(text, start);
      if (stop > start) {
        args = text.slice(start, stop);
        end = stop;
      }
    }
    calls++;
    messages.push({
      role: 'assistant',
      content: said === '' ? null : said,
      tool_calls: [
        {
          id: `automaker-${calls}`,
          type: 'function',
          function: { name: (m[1] as string).trim(), arguments: args },
        },
      ],
    });
    from = end;
    TOOL_LINE.lastIndex = end;
  }
  const rest = text.slice(from).trim();
  if (rest !== '') messages.push({ role: 'assistant', content: rest });
  return ok({
    text: JSON.stringify(messages),
    note: `Read an Automaker feature log (agent-output.md) as the ${plural(calls, 'tool call')} it shows, numbered as it names none: each a batch of its own (the log does not say which calls one reply made together), none with a result (the log keeps none).`,
  });
}
