// Calls a ReAct agent spells in its reply's words: `Thought: …` then `Action: Click [10]`.
import { isJsonObject, parseJson, printJson, type JsonValue } from '../../json/index';
import { actionInputArguments, isActionName } from '../reactText';
import { NOT_ACTIONS, REACT_INPUTS } from './unknownCall';
import { blocksOf } from '../fences';

/**
 * A ReAct agent run through a chat API keeps no call as data: its reply says `Thought: …` and
 * `Action: …`, the harness parses the action from the text and sends what it saw back as the
 * next user message (`Observation: …`, or an error it met). These grammars are common:
 * - a name and its argument on the action's line, `Search[entity]`, `Click [10]`,
 *   `Type [17]; text`, `Wait` (the ReAct paper's prompts; WebVoyager, which requires both
 *   `Thought:` and `Action:` in a reply and takes the text after `Action:` to the next marker:
 *   MinorJerry/WebVoyager `run.py`, `utils.py` `extract_information` @0915445395);
 * - LangChain's, the tool on the action's line and its input on an `Action Input:` line
 *   (langchain-ai/langchain `libs/langchain/langchain/agents/output_parsers/react_single_input.py`
 *   @c787bee0f2);
 * - τ-bench's, the action as JSON after the reply's last `Action:`, `{"name": …, "arguments":
 *   {…}}`, with or without a thought before it; its `respond` action is the reply to the user,
 *   no call, and each other action's observation comes back as `API output: …`
 *   (sierra-research/tau-bench `tau_bench/agents/chat_react_agent.py` @043b544371);
 * - a reply that is one JSON step (`jsonBlob` below), LangChain's JSON agents' and KaibanJS's.
 * Each is read as a call of that name, as the readers of printed steps read it (reactText.ts,
 * reactNumbered.ts), so a step signs alike in a chat and in a log: the bracket's or the line's
 * text as a JSON string, an input as JSON, a Python dict or text. A reply is read so only where
 * it says `Thought` before its action, gives an `Action Input:`, or gives the action as JSON
 * that names it and its arguments: words that merely open a line with "Action:" are no call.
 */
export interface ReActCall {
  readonly type: 'react_action';
  readonly name: string;
  readonly arguments: JsonValue;
}

/** What a line of JSON Lines may hold such an action by, in its raw text (censusInput.ts). */
export const REACT_CLUE = String.raw`Action(?: \d+)?:`;

const THOUGHT = /(?:^|\n)[ \t]*Thought(?: \d+)?:/;
const ACTION = /(?:^|\n)[ \t]*Action(?: \d+)?:[ \t]*/;
const INPUT = /^[ \t]*Action(?: \d+)? Input(?: \d+)?:[ \t]*/m;
/** The markers that end an action's text, as WebVoyager splits a reply. */
const NEXT_STEP = /\n[ \t]*(?:Thought|Action|Observation|Final Answer)(?: \d+)?:/;
/** A name, then its argument: bracketed, after a separator, or nothing. */
const NAMED = /^([A-Za-z_][\w.-]{0,63})(?:[ \t]*(?=[[({;:])|[ \t]*$)/;

/** Whether a reply's text may spell such an action (one search, then a test). */
export function holdsReActAction(s: string): boolean {
  if (s.includes('"action"')) return true;
  if (!s.includes('Action')) return false;
  return ACTION.test(s);
}

/** The action a reply spells, as one call; none where it spells no name or has no thought. */
export function reactCalls(s: string): ReActCall[] {
  const blob = jsonBlob(s);
  if (blob !== undefined) return blob;
  const at = ACTION.exec(s);
  if (at === null) return [];
  const json = jsonAction(s);
  if (json !== undefined) return json;
  const rest = s.slice(at.index + at[0].length);
  const input = INPUT.exec(rest);
  if (input !== null) {
    // LangChain's grammar: everything between the markers is the tool's name.
    const name = rest.slice(0, input.index).trim();
    if (!isActionName(name)) return [];
    const text = untilNextStep(rest.slice(input.index + input[0].length));
    return [{ type: 'react_action', name, arguments: actionInputArguments(text) }];
  }
  if (!THOUGHT.test(s.slice(0, at.index))) return [];
  const line = untilNextStep(rest);
  const m = NAMED.exec(line);
  if (m === null) return [];
  const name = m[1] as string;
  let arg = line
    .slice(m[0].length)
    .replace(/^[;:,\s]+/, '')
    .trim();
  // `Search[x]`: the bracket's text alone, as the ReAct reader reads it.
  if (/^\[[^[\]]*\]$/.test(arg)) arg = arg.slice(1, -1);
  return [{ type: 'react_action', name, arguments: JSON.stringify(arg) }];
}

/** τ-bench's names its reply to the user so: an action, not a call. */
const RESPOND = 'respond';

/**
 * The action a reply gives as JSON after its last `Action:` (τ-bench's grammar): one call, none
 * for its `respond`; undefined where the text there is no such object.
 */
function jsonAction(s: string): ReActCall[] | undefined {
  const last = s.lastIndexOf('Action:');
  const text = s.slice(last + 'Action:'.length).trim();
  if (!text.startsWith('{')) return undefined;
  const r = parseJson(text);
  if (!r.ok || !isJsonObject(r.value.value)) return undefined;
  const name = r.value.value.get('name');
  const args = r.value.value.get('arguments');
  if (typeof name !== 'string' || !isActionName(name) || args === undefined) return undefined;
  if (name === RESPOND) return [];
  return [{ type: 'react_action', name, arguments: printJson(args) }];
}

/**
 * A reply that is a JSON step, bare or in a fenced block: `{"action": name, "action_input":
 * …}`, the blob LangChain's JSON agents write (langchain-ai/langchain
 * `libs/langchain/langchain/agents/output_parsers/json.py` @5439c6c294), or KaibanJS's
 * `{"thought", "action", "actionInput"}` (kaiban-ai/KaibanJS `src/utils/llm.types.ts`
 * @ef2edabbdd). One call, none for an action that runs no tool; undefined where the reply is
 * no such object.
 */
function jsonBlob(s: string): ReActCall[] | undefined {
  if (!s.includes('"action"')) return undefined;
  const fenced = blocksOf(s).find((b) => b.kind === 'fence');
  const text = (fenced === undefined ? s : fenced.text).trim();
  if (!text.startsWith('{')) return undefined;
  const r = parseJson(text);
  if (!r.ok || !isJsonObject(r.value.value)) return undefined;
  const o = r.value.value;
  const name = o.get('action');
  const key = REACT_INPUTS.find((k) => o.has(k));
  if (typeof name !== 'string' || key === undefined) return undefined;
  if (NOT_ACTIONS.test(name.trim())) return [];
  if (!isActionName(name)) return undefined;
  return [{ type: 'react_action', name, arguments: printJson(o.get(key) as JsonValue) }];
}

/** An action's text: up to the next step's marker. */
function untilNextStep(s: string): string {
  const next = NEXT_STEP.exec(s);
  return (next === null ? s : s.slice(0, next.index)).trim();
}
