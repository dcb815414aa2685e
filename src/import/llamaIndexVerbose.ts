// LlamaIndex's verbose output (`verbose=True`), read back as the chat it shows.
import { printedArguments, type ChatJsonMessage } from './chatJson';
import { ok, type Result } from '../json/index';
import type { ImportError } from './types';
import { opensAsJson } from './terminalText';
import { plural, inputLabel } from './warnings';

/**
 * LlamaIndex prints a call it makes for a model (run-llama/llama_index
 * `llama-index-core/llama_index/core/tools/calling.py` @f438a5c739, `call_tool_with_selection`)
 * as `=== Calling Function ===`, `Calling function: <name> with args: <json.dumps of the
 * arguments>`, then `=== Function Output ===` and what the tool gave; its older OpenAI agent as
 * `Got output: …` closed by a line of `=`. An agent (`agent/function_calling/step.py`
 * @bdc56a6829) adds `Added user message to memory: <text>` when a turn starts and
 * `=== LLM Response ===` before a reply's text. `predict_and_call` prints the calls alone.
 * The DeepLearning.AI course on agentic RAG runs these, and its notebooks are copied widely.
 */
const CALLING = /^=== Calling Function ===\s*$/;
const CALL = /^Calling function: (\S+) with args: ?(.*)$/;
const OUTPUT = /^=== Function Output ===\s*$/;
const GOT = /^Got output: ?(.*)$/;
const RULE = /^={12,}\s*$/;
const LLM = /^=== LLM Response ===\s*$/;
const USER = /^Added user message to memory: ?(.*)$/;

/** Whether a text shows such a call: its heading and its `Calling function:` line. */
export function printsLlamaIndexCall(text: string): boolean {
  return /^=== Calling Function ===[ \t]*\r?\n(?:[ \t]*\r?\n)*Calling function: \S+ with args:/m.test(
    text.slice(0, 1 << 20),
  );
}

/** Whether a whole text input is such output (not JSON, which a notebook is). */
export function isLlamaIndexVerbose(text: string): boolean {
  return !opensAsJson(text) && printsLlamaIndexCall(text);
}

/** Whether a line opens one of the pieces the output is made of. */
function opens(line: string): boolean {
  return (
    CALLING.test(line) || OUTPUT.test(line) || LLM.test(line) || USER.test(line) || GOT.test(line)
  );
}

interface Read {
  lines: string[];
  calls: number;
}

/**
 * The conversations the pieces of output show (a notebook's outputs, or one text): a piece
 * whose calls no user turn opens starts a conversation of its own (`predict_and_call` in a
 * cell of its own); a user turn goes on with the agent's conversation (its memory), or opens
 * one after such calls.
 */
export function llamaIndexLines(pieces: readonly string[]): Read {
  const convs: ChatJsonMessage[][] = [];
  let conv: ChatJsonMessage[] | null = null;
  let calls = 0;
  for (const piece of pieces) {
    const lines = piece.replace(/\r\n?/g, '\n').split('\n');
    let opened = false;
    let narration: ChatJsonMessage | null = null;
    const here = (): ChatJsonMessage[] => {
      if (conv === null) convs.push((conv = []));
      return conv;
    };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      const user = USER.exec(line);
      if (user !== null) {
        opened = true;
        // An agent's turn after calls made outside any agent (`predict_and_call`) opens its run.
        if (conv !== null && !(conv as ChatJsonMessage[]).some((m) => m.role === 'user'))
          convs.push((conv = []));
        const m: ChatJsonMessage = { role: 'user', content: user[1] as string };
        here().push(m);
        narration = null;
        const text = [user[1] as string];
        let j = i + 1;
        while (j < lines.length && !opens(lines[j] as string)) text.push(lines[j++] as string);
        m.content = text.join('\n').trim();
        i = j - 1;
        continue;
      }
      if (LLM.test(line)) {
        const text: string[] = [];
        let j = i + 1;
        while (j < lines.length && !opens(lines[j] as string)) text.push(lines[j++] as string);
        narration = { role: 'assistant', content: text.join('\n').trim() };
        here().push(narration);
        i = j - 1;
        continue;
      }
      if (CALLING.test(line)) {
        let j = i + 1;
        while (j < lines.length && (lines[j] as string).trim() === '') j++;
        const call = CALL.exec(lines[j] ?? '');
        if (call === null) continue;
        if (!opened && conv !== null && (conv as ChatJsonMessage[]).length > 0) {
          // A piece of its own that no user turn opens: a run of its own.
          convs.push((conv = []));
        }
        opened = true;
        const id = `llama-${++calls}`;
        const c = {
          id,
          type: 'function' as const,
          function: { name: call[1] as string, arguments: printedArguments(call[2] as string) },
        };
        // The text the model gave before its calls is the reply they belong to.
        if (narration !== null && narration.tool_calls === undefined) {
          narration.tool_calls = [c];
          if (narration.content === '') narration.content = null;
        } else here().push({ role: 'assistant', content: null, tool_calls: [c] });
        narration = null;
        i = j;
        // Its answer: `=== Function Output ===` and the lines after it, or `Got output:`.
        let k = i + 1;
        while (k < lines.length && (lines[k] as string).trim() === '') k++;
        const got = GOT.exec(lines[k] ?? '');
        const text: string[] = [];
        if (OUTPUT.test(lines[k] ?? '')) {
          k++;
          while (k < lines.length && !opens(lines[k] as string)) text.push(lines[k++] as string);
        } else if (got !== null) {
          text.push(got[1] as string);
          k++;
          while (k < lines.length && !RULE.test(lines[k] as string) && !opens(lines[k] as string))
            text.push(lines[k++] as string);
          if (RULE.test(lines[k] ?? '')) k++;
        } else continue;
        here().push({ role: 'tool', tool_call_id: id, content: text.join('\n').trim() });
        i = k - 1;
        continue;
      }
    }
  }
  return { lines: convs.map((messages) => JSON.stringify({ messages })), calls };
}

/** What reading the output loses, for the note. */
export function llamaIndexCaveat(read: Read): string {
  return `${plural(read.calls, 'tool call')} read from LlamaIndex's verbose output (\`Calling function: … with args: …\`), each a reply of its own (the output does not say which calls one reply made) answered by the output printed after it; the output shows no call ids.`;
}

/** The output as JSON Lines of conversations, and a note. */
export function llamaIndexVerboseAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = llamaIndexLines([text]);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as LlamaIndex's verbose output: ${llamaIndexCaveat(read)}`,
  });
}

/**
 * The part of output still being written that holds whole calls: up to its last call's
 * heading (its answer may still grow), all its whole lines once a reply or a turn follows.
 */
export function llamaIndexVerboseComplete(text: string): string {
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  const lines = whole.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as string;
    if (CALLING.test(line)) return lines.slice(0, i).join('\n');
    if (LLM.test(line) || USER.test(line)) return whole;
  }
  return whole;
}
