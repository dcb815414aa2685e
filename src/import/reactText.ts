// A ReAct agent's printed steps (`Thought:`, `Action:`, `Action Input:`, `Observation:`).
import { closesFence } from './fences';
import { printedArguments, type ChatJsonMessage } from './chatJson';
import { isJsonObject, ok, printJson, type Result } from '../json/index';
import { literalValue } from './literal';
import type { ImportError } from './types';
import { plural, inputLabel } from './warnings';
import { ANSI, opensAsJson, screenLine } from './terminalText';

/**
 * ReAct agents print each step as the model wrote it: `Thought: …`, `Action: <tool>`,
 * `Action Input: <input>`, then what the tool gave as `Observation: …`, and at the end
 * `Answer: …` or `Final Answer: …`. LlamaIndex's ReActAgent prints so with `verbose=True`
 * (run-llama/llama_index `llama-index-core/llama_index/core/agent/react/output_parser.py`
 * @06b6fbf73f; its older runner opens a run with `> Running step … Step input: <question>`),
 * and so does LangChain's `AgentExecutor` (langchain-ai/langchain
 * `libs/langchain/langchain/agents/output_parsers/react_single_input.py` @c787bee0f2, a run
 * between `> Entering new AgentExecutor chain...` and `> Finished chain.`, which
 * `libs/core/langchain_core/callbacks/stdout.py` @78cd55ce5c prints). The input is JSON, a dict as Python prints
 * it, or plain text; the calls are actions the model wrote in its text. LangChain's agents on
 * native tool calling (`create_tool_calling_agent`, `create_openai_functions_agent`) print a
 * call in the same run as `Invoking: \`<tool>\` with \`<input as Python prints it>\``, then
 * `responded: <words>` where the model said any (`agents/output_parsers/tools.py`
 * @0a56081a0f), and what the tool gave with no label, in its own colour.
 */
const ACTION = /^Action: ?(.*)$/;
const INPUT = /^Action Input: ?(.*)$/;
const OBSERVATION = /^Observation: ?(.*)$/;
const THOUGHT = /^(?:Thought|Invoking): ?(.*)$/;
const ANSWER = /^(?:Final )?Answer: ?(.*)$/;
const STEP = /^(?:> )?Running step \S+\. Step input: (.*)$/;
const INVOKING = /^Invoking: `([^`\n]+)` with `(.*)$/;
const RESPONDED = /^responded: ?(.*)$/;
const ENTERING = /^> Entering new \S+ chain\.\.\.$/;
const FINISHED = /^> Finished chain\.$/;
/** A tool's name as ReAct prompts ask for it: a short name, not the prompt's own placeholder. */
const NAME = /^[A-Za-z_][\w .:-]{0,63}$/;
const PLACEHOLDER = /\b(?:the action|should be)\b|[{[]/;
/** An action and its input on one line, `Action: wikipedia: Django`. */
const SINGLE = /^([A-Za-z_][\w-]*): (.+)$/;

/**
 * LangChain's structured chat agent writes its action as a JSON blob in a fence under
 * `Action:`, ```` ```{"action": <tool>, "action_input": <input>}``` ````, and its parser takes
 * the first fenced blob, the first of a list, `Final Answer` the run's end (langchain-ai/
 * langchain `libs/langchain/langchain/agents/structured_chat/output_parser.py` @093544bb4e).
 */
const BLOB_ACTION = /^Action:[ \t]*\r?\n(?:[ \t]*\r?\n)*```(?:json)?[ \t]*\r?\n/m;
const FENCE_OPEN = /^```(?:json)?[ \t]*$/;

/** The action a fenced blob names, and its input; null where the blob is no such action. */
function blobAction(body: string): { name: string; input: string } | null {
  let v = literalValue(body.trim());
  if (Array.isArray(v)) v = v[0] ?? null;
  if (v === null || !isJsonObject(v)) return null;
  const name = v.get('action');
  if (typeof name !== 'string' || !isActionName(name.trim())) return null;
  const input = v.get('action_input') ?? new Map();
  const text = typeof input === 'string' ? JSON.stringify(input) : printJson(input);
  return { name: name.trim(), input: text };
}

/** Whether a text shows such steps: an action with its input under it. */
export function printsReActSteps(text: string): boolean {
  const t = text.slice(0, 1 << 20).replace(ANSI, '');
  const blob = BLOB_ACTION.exec(t);
  if (blob !== null) {
    const from = blob.index + blob[0].length;
    const end = t.indexOf('\n```', from - 1);
    if (end > from && blobAction(t.slice(from, end)) !== null) return true;
  }
  if (/^Invoking: `[^`\n]+` with `/m.test(t)) return true;
  if (/^Action: [A-Za-z_][\w-]*: .+\r?\n(?:[ \t]*\r?\n)*PAUSE\b/m.test(t)) return true;
  const m = /^Action: ?(.*)\r?\n(?:[ \t]*\r?\n)?Action Input: /m.exec(t);
  return m !== null && NAME.test((m[1] as string).trim()) && !PLACEHOLDER.test(m[1] as string);
}

/** Whether a whole text input is such steps (not JSON, which a notebook is). */
export function isReActText(text: string): boolean {
  return !opensAsJson(text) && printsReActSteps(text);
}

interface Read {
  lines: string[];
  calls: number;
}

/** Each run the pieces show (a notebook's outputs, or one text), as JSON Lines of `{ messages }`. */
export function reactLines(pieces: readonly string[]): Read {
  const runs: ChatJsonMessage[][] = [];
  let run: ChatJsonMessage[] | null = null;
  let calls = 0;
  let open: string | null = null;
  let ended = false;
  const current = (): ChatJsonMessage[] => {
    if (run === null || ended) {
      runs.push((run = []));
      ended = false;
      open = null;
    }
    return run;
  };
  for (const piece of pieces) {
    const lines = piece.replace(ANSI, '').replace(/\r\n?/g, '\n').split('\n');
    let thought: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = (lines[i] as string).trimEnd();
      const step = STEP.exec(line);
      if (ENTERING.test(line) || (step !== null && step[1] !== 'None')) {
        ended = true;
        if (step !== null) current().push({ role: 'user', content: step[1] as string });
        continue;
      }
      if (FINISHED.test(line)) {
        ended = true;
        continue;
      }
      const inv = INVOKING.exec(line);
      if (inv !== null) {
        // Its input runs on to the line its closing backtick ends (a text input may hold
        // lines); where none does before the next call, it is the first line's rest.
        let j = i;
        let end = i;
        while (end < lines.length && !(lines[end] as string).trimEnd().endsWith('`')) {
          end++;
          if (INVOKING.test(lines[end] ?? '') || /^> /.test(lines[end] ?? '')) end = lines.length;
        }
        if (end < lines.length) j = end;
        const first = [inv[2] as string, ...lines.slice(i + 1, j + 1).map((l) => l.trimEnd())];
        const raw = first.join('\n').replace(/`$/, '');
        const said = RESPONDED.exec((lines[j + 1] ?? '').trimEnd());
        if (said !== null) j++;
        const id = `react-${++calls}`;
        const fn = { name: inv[1] as string, arguments: printedArguments(raw) };
        current().push({
          role: 'assistant',
          content: said === null || said[1] === '' ? null : (said[1] as string),
          tool_calls: [{ id, type: 'function', function: fn }],
        });
        // What the tool gave: the lines after, up to the next call or the chain's end.
        const gave: string[] = [];
        while (
          j + 1 < lines.length &&
          !INVOKING.test(lines[j + 1] as string) &&
          !/^> (?:Finished|Entering)/.test(lines[j + 1] as string)
        )
          gave.push(lines[++j] as string);
        current().push({ role: 'tool', tool_call_id: id, content: gave.join('\n').trim() });
        i = j;
        thought = [];
        continue;
      }
      const t = THOUGHT.exec(line);
      if (t !== null) {
        thought = [t[1] as string];
        continue;
      }
      const a = ACTION.exec(line);
      const name = a === null ? '' : (a[1] as string).trim();
      if (a !== null) {
        // `Action: <tool>: <input>` then `PAUSE` (the ReAct loop people copy from Simon
        // Willison's `til/llms/python-react-pattern.md`): the input is the line's text.
        let j = i + 1;
        while (j < lines.length && (lines[j] as string).trim() === '') j++;
        const single = SINGLE.exec(name);
        if (single !== null && /^(?:PAUSE\b|Observation:)/.test(lines[j] ?? '')) {
          if (/^PAUSE\b/.test(lines[j] as string)) i = j;
          const id = `react-${++calls}`;
          const content = thought.join('\n').trim();
          const fn = { name: single[1] as string, arguments: JSON.stringify(single[2] as string) };
          current().push({
            role: 'assistant',
            content: content === '' ? null : content,
            tool_calls: [{ id, type: 'function', function: fn }],
          });
          open = id;
          thought = [];
          continue;
        }
      }
      if (a !== null && name === '') {
        // A structured chat agent's blob: the fence below, its action a call, or the run's end.
        let j = i + 1;
        while (j < lines.length && (lines[j] as string).trim() === '') j++;
        if (FENCE_OPEN.test((lines[j] ?? '').trimEnd())) {
          let k = j + 1;
          while (k < lines.length && !(lines[k] as string).trimEnd().startsWith('```')) k++;
          const blob = k < lines.length ? blobAction(lines.slice(j + 1, k).join('\n')) : null;
          if (blob !== null) {
            i = k;
            const content = thought.join('\n').trim();
            thought = [];
            if (/^final answer$/i.test(blob.name)) {
              const said = literalValue(blob.input);
              current().push({
                role: 'assistant',
                content: typeof said === 'string' ? said : blob.input,
              });
              ended = true;
              continue;
            }
            const id = `react-${++calls}`;
            const fn = { name: blob.name, arguments: blob.input };
            current().push({
              role: 'assistant',
              content: content === '' ? null : content,
              tool_calls: [{ id, type: 'function', function: fn }],
            });
            open = id;
            continue;
          }
        }
      }
      if (a !== null && isActionName(name)) {
        // Its input: the next line's rest, and the lines under it up to a blank line.
        let j = i + 1;
        while (j < lines.length && (lines[j] as string).trim() === '') j++;
        const input = INPUT.exec((lines[j] ?? '').trimEnd());
        if (input === null) continue;
        const more: string[] = [input[1] as string];
        while (
          j + 1 < lines.length &&
          (lines[j + 1] as string).trim() !== '' &&
          !OBSERVATION.test(lines[j + 1] as string)
        )
          more.push(lines[++j] as string);
        i = j;
        const id = `react-${++calls}`;
        const fn = { name, arguments: actionInputArguments(more.join('\n')) };
        const content = thought.join('\n').trim();
        const call = { id, type: 'function' as const, function: fn };
        current().push({
          role: 'assistant',
          content: content === '' ? null : content,
          tool_calls: [call],
        });
        open = id;
        thought = [];
        continue;
      }
      const o = OBSERVATION.exec(line);
      if (o !== null && open !== null) {
        // What the tool gave: up to the next step's words.
        const said = [o[1] as string];
        while (
          i + 1 < lines.length &&
          !/^(?:Thought|Action|Answer|Final Answer|> )/.test(lines[i + 1] as string)
        )
          said.push(lines[++i] as string);
        current().push({ role: 'tool', tool_call_id: open, content: said.join('\n').trim() });
        open = null;
        continue;
      }
      const ans = ANSWER.exec(line);
      if (ans !== null) {
        const said = [ans[1] as string];
        while (
          i + 1 < lines.length &&
          (lines[i + 1] as string).trim() !== '' &&
          !/^> /.test(lines[i + 1] as string)
        )
          said.push(lines[++i] as string);
        current().push({ role: 'assistant', content: said.join('\n').trim() });
        ended = true;
        thought = [];
        continue;
      }
      if (thought.length > 0 && line !== '') thought.push(line);
    }
  }
  const kept = runs.filter((r) => r.some((m) => m.tool_calls !== undefined));
  return { lines: kept.map((messages) => JSON.stringify({ messages })), calls };
}

/**
 * An `Action Input`'s text as a call's arguments: JSON or a dict as Python prints it read as
 * such, else the text without its quotes, as LangChain's parser takes it.
 */
export function actionInputArguments(input: string): string {
  const raw = input.trim();
  const args = printedArguments(raw);
  return args.startsWith('"') ? JSON.stringify(raw.replace(/^"+|"+$/g, '')) : args;
}

/** A name an `Action:` line gives a tool, not the prompt's own placeholder for it. */
export function isActionName(name: string): boolean {
  return NAME.test(name) && !PLACEHOLDER.test(name);
}

/** What reading such steps loses, for the note. */
export function reactCaveat(read: Read): string {
  return `${plural(read.calls, 'tool call')} read from a ReAct agent's printed steps (\`Action:\` and \`Action Input:\`, or a JSON blob fenced under \`Action:\`, each answered by the \`Observation:\` after it): the calls are the actions the model wrote in its text, each a reply of its own, their inputs read back from what was printed (JSON, a dict as Python prints it, or text), with no call ids.`;
}

/** Languages whose fenced code is a program, not a run's output: its prompt's examples are no calls. */
const CODE = /^(?:python|py|javascript|js|typescript|ts|java|go|rust|ruby|rb|c|cpp|csharp|cs)$/i;

/** The text with the lines of fenced program code blanked, their count kept. */
function outsideCode(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      if (fence !== null) {
        if (closesFence(fence, line)) fence = null;
        return '';
      }
      const f = /^(`{3,}|~{3,})\s*([\w+#-]*)/.exec(line);
      if (f !== null && CODE.test(f[2] as string)) {
        fence = f[1] as string;
        return '';
      }
      return line;
    })
    .join('\n');
}

/** A text of such steps as JSON Lines of its runs, and a note. */
export function reactTextAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const read = reactLines([outsideCode(text)]);
  return ok({
    text: read.lines.join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as a ReAct agent's printed steps, ${plural(read.lines.length, 'run')}: ${reactCaveat(read)}`,
  });
}

/**
 * The part of such steps still being written that can be read now: up to its last action,
 * whose input or observation may still grow; all of it once an answer or a finished chain ends
 * it.
 */
export function reactTextComplete(text: string): string {
  const lines = text.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = screenLine(lines[i] as string);
    if (ANSWER.test(l) || FINISHED.test(l)) return text;
    if (ACTION.test(l) || INVOKING.test(l)) return lines.slice(0, i).join('\n');
  }
  return text;
}
