// Strands Agents' console output (its printing callback handler), read back as the calls it names.
import { chatLines, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { ANSI, opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';
import { Shows, shownArgs, shownCaveats, shownCounts } from './shownInput';

/**
 * Strands' default callback handler prints the model's text as it streams and, as each tool use
 * starts, a line `Tool #N: <name>`, N counting the agent's calls (strands-agents/sdk-python
 * `src/strands/handlers/callback_handler.py` @ `PrintingCallbackHandler`); nothing of the
 * input, nor what the tool gave. Handlers written after it add the input under the line, as
 * `  - key: value` lines or `  params: {…}` JSON. A call's lines follow each other when one
 * reply made several (a log may put a timestamp line between); the model's text parts replies.
 */
const CALL = /^Tool #(\d+): ([\w.-]+?)\.?(?: \(id=[^)]*\))?\s*$/;
const PARAM = /^ {2}- ([\w.-]+): ?(.*)$/;
const PARAMS = /^ {2}params: (.*)$/;
/** A line a log writes between printed lines: a timestamp alone. */
const STAMP = /^\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:\d\d)?\s*$/;

/** Whether a text shows such output: a `Tool #1:` line. */
export function isStrandsPrint(text: string): boolean {
  if (opensAsJson(text)) return false;
  return /^Tool #1: [\w.-]+\.?(?: \(id=[^)]*\))?\s*$/m.test(text.slice(0, 1 << 20));
}

/** Whether a line may stand among one reply's calls: a call, its input, a stamp, a blank. */
const amongCalls = (l: string): boolean =>
  CALL.test(l) || STAMP.test(l) || l.trim() === '' || /^ {2}\S/.test(l) || /^ {2}[ }\]]/.test(l);

/**
 * The part of the output still being printed whose replies are whole: all of it where the
 * model's words follow its last call, else up to the first call of the last reply (more calls
 * or their input may still join it).
 */
export function strandsPrintComplete(text: string): string {
  const lines = text.split('\n');
  let k = lines.length;
  while (k > 0 && amongCalls((lines[k - 1] as string).replace(/\r$/, ''))) k--;
  const first = lines.findIndex((l, i) => i >= k && CALL.test(l.replace(/\r$/, '')));
  return first < 0 ? text : lines.slice(0, first).join('\n');
}

interface Read {
  readonly conversations: ChatJsonMessage[][];
  readonly calls: number;
  readonly counts: ReturnType<typeof shownCounts>;
}

function strandsRead(text: string): Read {
  const lines = text.replace(ANSI, '').replace(/\r\n/g, '\n').split('\n');
  const conversations: ChatJsonMessage[][] = [];
  let messages: ChatJsonMessage[] = [];
  const counts = shownCounts();
  let calls = 0;
  let last = 0;
  let words: string[] = [];
  const said = (): void => {
    const t = words.join('\n').trim();
    words = [];
    if (t !== '') messages.push({ role: 'assistant', content: t });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const m = CALL.exec(line);
    if (m === null) {
      if (STAMP.test(line) || line.trim() === '') continue;
      words.push(line);
      continue;
    }
    const n = Number(m[1]);
    // The count starts again at 1 for another agent, or the same one run again.
    if (n <= last && messages.length > 0) {
      said();
      conversations.push(messages);
      messages = [];
    }
    last = n;
    said();
    // The input a handler printed under the line, where it did.
    const input = new Map<string, string>();
    let json: string | null = null;
    let k = i + 1;
    for (; k < lines.length; k++) {
      const p = PARAM.exec(lines[k] as string);
      if (p !== null) {
        input.set(p[1] as string, p[2] as string);
        continue;
      }
      const q = PARAMS.exec(lines[k] as string);
      if (q !== null) {
        // Indented JSON goes on until a line at its opening indent closes it.
        let j = k;
        const body = [q[1] as string];
        while (j + 1 < lines.length && /^ {2}[ }\]]/.test(lines[j + 1] as string))
          body.push(lines[++j] as string);
        json = body.join('\n');
        k = j;
        continue;
      }
      break;
    }
    i = k - 1;
    calls++;
    const id = `strands-${n}`;
    let args: string;
    if (json !== null) {
      counts.shown++;
      try {
        args = JSON.stringify(JSON.parse(json));
      } catch {
        args = JSON.stringify(json);
      }
    } else if (input.size > 0) {
      counts.shown++;
      args = JSON.stringify(Object.fromEntries(input));
    } else args = shownArgs(Shows.Nothing, '', id, counts);
    const call = {
      id,
      type: 'function' as const,
      function: { name: m[2] as string, arguments: args },
    };
    const prev = messages[messages.length - 1];
    // A reply takes the next call where nothing but stamps stood between: no words since.
    if (prev?.tool_calls !== undefined) prev.tool_calls.push(call);
    else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
  }
  said();
  if (messages.length > 0) conversations.push(messages);
  return { conversations, calls, counts };
}

/** The output as OpenAI chat message lists (JSON Lines, one a run) and a note. */
export function strandsPrintAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = strandsRead(text);
  const caveats = shownCaveats(read.counts, 'call', 'output', {
    shown: 'the `key: value` lines a handler printed',
    blind: 'the `Tool #N:` line alone',
  });
  return ok({
    text: chatLines(read.conversations),
    note: `Read ${inputLabel(name, 'the input')} as Strands Agents' console output: ${plural(read.calls, 'tool call')} read from their \`Tool #N: name\` lines, those printed one after another as one reply, a run each time the count starts again; no answers and no user turns (the handler prints neither), the text between calls as the model's.${caveats}`,
  });
}
