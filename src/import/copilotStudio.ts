// Microsoft Copilot Studio's conversation transcripts, read as the chats their activities hold.
import { err, ok, type Result } from '../json/index';
import { chatLines, isObj, jsonOf, type ChatJsonMessage, type Obj } from './chatJson';
import type { ImportError } from './types';
import { Finding } from './text';
import { inputLabel, plural } from './warnings';

/**
 * Copilot Studio keeps each conversation as a Dataverse `conversationtranscript` row whose
 * `content` is JSON text `{ activities: [...] }`: the Bot Framework activities of the session
 * (`from.role` 1 or "user" the user's, 0 or "bot" the agent's; `type: "message"` with `text`).
 * Its generative orchestration logs each tool it runs as events (named in `name`, or in
 * `valueType` as an export's trace keeps them): `DynamicPlanStepTriggered { planIdentifier,
 * taskDialogId, thought }` when the planner starts a step, `DynamicPlanStepBindUpdate {
 * taskDialogId, arguments }` as its inputs are bound (sent again unchanged), and
 * `DynamicPlanStepFinished { taskDialogId, observation, state }` with what it gave. Writer
 * closed; the events as readers of exports take them (microsoft/SLG-Business-Applications
 * `demos/misc/Copilot-Studio-Advanced-Analytics`, @491bf7fcc6). Classic topics' steps
 * (`DialogTracing`) and generative answers (`GPTAnswer`) are the bot's own flow, no tool call.
 */

const TRIGGERED = 'DynamicPlanStepTriggered';
const BOUND = 'DynamicPlanStepBindUpdate';
const FINISHED = 'DynamicPlanStepFinished';

interface Read {
  readonly chats: ChatJsonMessage[][];
  /** Transcripts with no turn of the user's and no call (a greeting, then nothing). */
  readonly empty: number;
  readonly calls: number;
  readonly unfinished: number;
}

const found = new Finding(transcripts, (r) => r !== null);

/** Whether a text is an export of such transcripts (a look at its first megabyte, then a parse). */
export function isCopilotStudio(text: string): boolean {
  const head = text.slice(0, 1 << 20);
  if (!/^\s*[[{]/.test(head) || !head.includes('activities')) return false;
  return found.of(text) !== null;
}

/** Each transcript's activities: a row's `content` as JSON text, an OData `value` list, or bare. */
function activityLists(doc: unknown): unknown[][] | null {
  const rows = Array.isArray(doc)
    ? doc
    : isObj(doc) && Array.isArray(doc['value'])
      ? doc['value']
      : [doc];
  const out: unknown[][] = [];
  for (const r of rows) {
    let c: unknown = isObj(r) && 'content' in r ? r['content'] : r;
    if (typeof c === 'string') c = jsonOf(c);
    if (!isObj(c) || !Array.isArray(c['activities'])) return null;
    out.push(c['activities']);
  }
  return out.length > 0 ? out : null;
}

/** An activity's event name: `name`, or `valueType` as a trace keeps it. */
function eventName(a: Obj): unknown {
  return a['type'] === 'event' || a['type'] === 'trace' ? (a['name'] ?? a['valueType']) : undefined;
}

function transcripts(text: string): Read | null {
  const lists = activityLists(jsonOf(text));
  if (lists === null) return null;
  let calls = 0;
  let unfinished = 0;
  let steps = 0;
  const chats = lists.map((activities) => {
    const chat: ChatJsonMessage[] = [];
    // The steps started and not yet finished, by the tool each runs.
    const open = new Map<string, { id: string; args: unknown }>();
    const emit = (name: string, step: { id: string; args: unknown }): void => {
      calls++;
      chat.push({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: step.id,
            type: 'function',
            function: { name, arguments: JSON.stringify(step.args ?? {}) },
          },
        ],
      });
    };
    for (const a of activities) {
      if (!isObj(a)) continue;
      const v = isObj(a['value']) ? a['value'] : {};
      const tool = v['taskDialogId'];
      const event = eventName(a);
      if (event === TRIGGERED && typeof tool === 'string') {
        open.set(tool, { id: `plan-step-${++steps}`, args: {} });
      } else if (event === BOUND && typeof tool === 'string' && open.has(tool)) {
        (open.get(tool) as { args: unknown }).args = v['arguments'] ?? {};
      } else if (event === FINISHED && typeof tool === 'string' && open.has(tool)) {
        const step = open.get(tool) as { id: string; args: unknown };
        open.delete(tool);
        emit(tool, step);
        // A step that failed says so in its state; what it observed is kept beside it.
        const said =
          v['state'] === 'failed'
            ? { state: 'failed', observation: v['observation'] }
            : v['observation'];
        chat.push({ role: 'tool', tool_call_id: step.id, content: JSON.stringify(said ?? null) });
      } else if (a['type'] === 'message' && typeof a['text'] === 'string') {
        const from = isObj(a['from']) ? a['from']['role'] : undefined;
        const user = from === 1 || from === 'user';
        chat.push({ role: user ? 'user' : 'assistant', content: a['text'] });
      }
    }
    // A step the transcript ends before it finished: a call, its answer unknown.
    for (const [tool, step] of open) {
      unfinished++;
      emit(tool, step);
    }
    return chat;
  });
  if (calls === 0 && !text.includes(TRIGGERED)) return null;
  // A session the user left before saying anything holds nothing to replay, and its greeting
  // would read as the start of every other session's history.
  const kept = chats.filter((c) => c.some((m) => m.role === 'user' || m.tool_calls !== undefined));
  return { chats: kept, empty: chats.length - kept.length, calls, unfinished };
}

/** The transcripts as JSON Lines of chats, one a conversation, and a note. */
export function copilotStudioAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const r = found.take(text);
  if (r === null)
    return err({
      kind: 'invalid',
      message: `${inputLabel(name, 'The input')} holds no Copilot Studio transcript's activities.`,
    });
  const left =
    r.unfinished === 0
      ? ''
      : ` ${plural(r.unfinished, 'step')} the transcript ends before ${r.unfinished === 1 ? 'it finishes is a call' : 'they finish are calls'} whose answer is unknown.`;
  const empty =
    r.empty === 0
      ? ''
      : ` ${plural(r.empty, 'transcript')} in which the user said nothing and nothing ran ${r.empty === 1 ? 'is' : 'are'} left out.`;
  return ok({
    text: chatLines(r.chats),
    note: `Read ${inputLabel(name, 'the input')} as ${plural(r.chats.length + r.empty, 'Copilot Studio conversation transcript')}: ${plural(r.calls, 'tool call')}, each a step its generative orchestration ran (\`${TRIGGERED}\`, its arguments bound by \`${BOUND}\`, its answer the observation of \`${FINISHED}\`); its topics' own steps are no tool calls.${empty}${left}`,
  });
}
