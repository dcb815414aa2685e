// Importer: Langfuse traces and observation exports.
import { isJsonArray, isJsonObject, ok, parseJson } from '../../json/index';
import type { ChatMessage } from '../../detector/index';
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import { Conversation } from '../build';
import { displayText } from '../content';
import { dialectOf, mapList, mapReply } from '../dialects/embedded';
import { invalid } from '../format';
import type { ConversationOutput, FormatImporter, FormatOutput } from '../format';
import { logRecords } from '../records';
import { plural } from '../warnings';

/**
 * Langfuse exports: a trace (`observations[]`), an observations API page (`data[]`), a
 * bare array or JSON Lines of observations. A GENERATION's `input` and `output` hold the
 * model call in the dialect of whatever integration logged it (OpenAI, Anthropic, Gemini or
 * ADK, LangChain, Responses, OTel GenAI parts), often as a JSON string. Generations are
 * grouped by the observation that holds them (an agent run); each group is a conversation.
 * Where a generation carries the whole history, the group is its longest input plus its
 * output; where each logs only its own turn (the Claude Agent SDK), the turns are read in
 * time order with the TOOL observations as their answers. A run that continues an earlier
 * run's history is read from where that one ended, so no call is read twice.
 * (langfuse/langfuse, worker/src/__tests__/chatml/framework-traces/, commit
 * 62751446149b702b419a9292ddfc2280cdf74b8c, holds one trace per integration.)
 */
export const importLangfuse: FormatImporter = (doc) => {
  const obs: JsonValue[] = [];
  for (const r of logRecords(doc)) {
    const list = arr(r.value, 'observations') ?? arr(r.value, 'data');
    if (list) for (const o of list) obs.push(o);
    else if (isJsonArray(r.value)) for (const o of r.value) obs.push(o);
    else obs.push(r.value);
  }
  const gens = obs.filter((o) => str(o, 'type') === 'GENERATION');
  if (gens.length === 0) return invalid('The Langfuse export holds no GENERATION observations.');
  const tools = obs.filter((o) => str(o, 'type') === 'TOOL');
  const groups = new Map<string, JsonValue[]>();
  for (const g of gens) {
    const k = str(g, 'parentObservationId') ?? '';
    const list = groups.get(k);
    if (list) list.push(g);
    else groups.set(k, [g]);
  }
  const ordered = [...groups.entries()].sort((a, b) => start(a[1]).localeCompare(start(b[1])));
  const seen = new Set<string>();
  const conversations: ConversationOutput[] = ordered.map(([parent, list], i) => {
    const c = new Conversation();
    const turnOnly = list.length > 1 && list.every((g) => inputLength(g) <= 1);
    if (turnOnly) readTurns(list, tools, parent, c);
    else readHistory(list, seen, c);
    const label =
      ordered.length > 1 ? `run ${i + 1} (${plural(list.length, 'generation')})` : 'trace';
    return { label, messages: c.messages, warnings: c.warnings.toArray() };
  });
  const first = conversations[0] as ConversationOutput;
  const out: FormatOutput = { messages: first.messages, warnings: first.warnings };
  return ok(conversations.length > 1 ? { ...out, conversations } : out);
};

function start(list: readonly JsonValue[]): string {
  let s = '\uffff';
  for (const g of list) {
    const t = str(g, 'startTime') ?? '';
    if (t < s) s = t;
  }
  return s;
}

/** A value logged as a JSON string, read as the JSON it holds. */
function jsonish(v: JsonValue | undefined): JsonValue | undefined {
  if (typeof v !== 'string') return v;
  const t = v.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return v;
  const p = parseJson(v);
  return p.ok ? p.value.value : v;
}

/**
 * The message list of a model input: the list itself, or a request body's `messages`
 * (Chat, Anthropic), `contents` (Gemini) or `input` (Responses). LangChain logs a batch
 * of prompts, a list of lists: its first prompt is read.
 */
export function inputList(input: JsonValue | undefined): JsonValue[] | undefined {
  const list = isJsonArray(input)
    ? input
    : (arr(input, 'messages') ?? arr(input, 'contents') ?? arr(input, 'input'));
  const first = list?.[0];
  return isJsonArray(first) ? first : list;
}

function inputLength(o: JsonValue): number {
  return inputList(jsonish(field(o, 'input')))?.length ?? 0;
}

/** A generation's input: a message list in any dialect, a `{messages}` body, or text. */
export function mapInput(input: JsonValue | undefined, c: Conversation): void {
  const list = inputList(input);
  if (list) {
    // Anthropic keeps the system prompt beside the messages, Responses as `instructions`.
    const system = field(input, 'system') ?? field(input, 'instructions');
    if (system !== undefined && system !== null) c.message('system', displayText(system));
    mapList(list, dialectOf(list), c);
  } else if (typeof input === 'string') c.message('user', input);
}

/**
 * The longest input of a group plus its output. Where it opens with an earlier run's history
 * (a call read there, by id), it is read from after the last such message.
 */
function readHistory(list: readonly JsonValue[], seen: Set<string>, c: Conversation): void {
  let best = list[0] as JsonValue;
  for (const g of list) {
    const n = inputLength(g);
    const b = inputLength(best);
    if (n > b || (n === b && (str(g, 'startTime') ?? '') >= (str(best, 'startTime') ?? '')))
      best = g;
  }
  const t = new Conversation();
  mapInput(jsonish(field(best, 'input')), t);
  mapReply(jsonish(field(best, 'output')), t);
  let cut = -1;
  t.messages.forEach((m, i) => {
    const ids = idsOf(m);
    if (ids.some((id) => seen.has(id))) cut = i;
  });
  for (let i = cut + 1; i < t.messages.length; i++) c.raw(t.messages[i] as ChatMessage);
  for (const m of c.messages) for (const id of idsOf(m)) if (!id.startsWith('syn-')) seen.add(id);
  for (const w of t.warnings.toArray()) c.warnings.add(w);
  if (cut >= 0)
    c.warnings.add(
      `This run opens with an earlier run's history (${plural(cut + 1, 'message')}), which was read there.`,
    );
  if (list.length > 1) {
    c.warnings.add(
      `Rebuilt from the longest of ${list.length} generations (${str(best, 'name') ?? str(best, 'id') ?? 'unnamed'}) plus its output; each repeats the history, so they were not concatenated.`,
    );
  }
}

/** The call ids a message makes or answers. */
function idsOf(m: ChatMessage): string[] {
  const out: string[] = [];
  if (typeof m.tool_call_id === 'string') out.push(m.tool_call_id);
  if (isJsonArray(m.tool_calls))
    for (const tc of m.tool_calls) {
      const id = str(tc, 'id');
      if (id !== undefined) out.push(id);
    }
  return out;
}

/** Generations that each log only their own turn, in time order, answered by TOOL observations. */
function readTurns(
  list: readonly JsonValue[],
  tools: readonly JsonValue[],
  parent: string,
  c: Conversation,
): void {
  const mine = tools.filter((t) => (str(t, 'parentObservationId') ?? '') === parent);
  const steps = [...list, ...mine].sort((a, b) =>
    (str(a, 'startTime') ?? '').localeCompare(str(b, 'startTime') ?? ''),
  );
  for (const s of steps) {
    if (str(s, 'type') === 'TOOL') {
      c.result(undefined, str(s, 'name'), jsonish(field(s, 'output')) ?? null);
      continue;
    }
    const input = jsonish(field(s, 'input'));
    if (isJsonObject(input) && str(input, 'role') === 'user')
      mapList([input], dialectOf([input]), c);
    mapReply(jsonish(field(s, 'output')), c);
  }
  c.warnings.add(
    `Each of the ${list.length} generations logs only its own turn; they were read in time order, with the trace's TOOL observations as the answers.`,
  );
}
