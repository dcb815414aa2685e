// Where the census finds calls: the table's entries by the words objects spell, and their lists.
import { DIALECTS } from './dialects/table';
import { NAME_KEYS, REACT_INPUTS, looksLikeCall } from './dialects/unknownCall';
import type { DialectEntry, DialectId, FoundCall, Place } from './dialects/table';
import { holdsTextCalls } from './dialects/textCalls';
import { holdsApiResults } from './dialects/apiResults';
import { eachMember, get, getStr, has, isRec, isStreamText } from './dialects/shape';
import type { Rec } from './dialects/shape';
import { ASSISTANT_ROLES } from './shape/turns';
import { opensPrinted } from './literal';

/**
 * Lists that are parts of one message or reply, not a sequence of steps: their items belong to
 * the list around the message, so the same call in two of them is still one place.
 */
const PART_LISTS = new Set([
  'content',
  'parts',
  'tool_calls',
  'toolCalls',
  'function_calls',
  'candidates',
  'choices',
  'output',
  // Amazon Q Developer CLI: a reply's calls, and the results one user message carries.
  'tool_uses',
  'tool_use_results',
  // OpenInference messages with dotted keys (Phoenix's span dataframes).
  'message.tool_calls',
  // A model span's reply as any-agent records it: the calls of one step.
  'gen_ai.output',
  // DeepEval: the calls one span (or test case) made.
  'toolsCalled',
  'tools_called',
  // Cohere's v1 tool message; Zed's older threads; Haystack before 2.12.
  'tool_results',
  '_content',
]);

/**
 * Lists whose items are separate runs of an agent (an eval log's samples, a benchmark's
 * episodes), never steps of one history. Not `conversations`: ShareGPT's is a list of turns.
 */
export const RUN_LISTS: ReadonlySet<string> = new Set([
  'samples',
  'sessions',
  'episodes',
  'trajectories',
  'trials',
  'simulations',
]);

/**
 * Whether a list's items are runs of their own: a list named for runs, or a list of message
 * lists (the samples a group drew from one prompt, a batch of conversations) that do not grow
 * one from the next, as a history logged again at every turn does.
 */
export function isRunList(key: string | null, items: readonly unknown[]): boolean {
  if (key !== null && RUN_LISTS.has(key)) return true;
  if (items.length < 2) return false;
  if (isRec(items[0]) && ownRuns(items)) return true;
  let grows = true;
  let before = -1;
  for (const x of items) {
    if (!Array.isArray(x)) return false;
    const first: unknown = x[0];
    if (!isRec(first) || typeof get(first, 'role') !== 'string') return false;
    grows &&= x.length > before;
    before = x.length;
  }
  return !grows;
}

/** The members that name the run a record is (a trace's, a session's, a task's id). */
const RUN_IDS = [
  'trace_id',
  'traceId',
  'session_id',
  'sessionId',
  'run_id',
  'runId',
  'conversation_id',
  'conversationId',
  'thread_id',
  'threadId',
  'trajectory_id',
  'episode_id',
  'task_id',
  'instance_id',
];

/**
 * Whether a list's items are runs by their own ids: each names a run under the same member, no
 * two the same run, and each keeps its own list of steps (`[{ trace_id, query, spans: [ … ] }]`,
 * a tracer's runs saved one after another). Records of one run's steps share its id, or keep
 * no list of objects.
 */
function ownRuns(items: readonly unknown[]): boolean {
  const first = items[0] as Rec;
  const key = RUN_IDS.find((k) => typeof get(first, k) === 'string');
  if (key === undefined) return false;
  const seen = new Set<string>();
  for (const x of items) {
    if (!isRec(x)) return false;
    const id = get(x, key);
    if (typeof id !== 'string' || seen.has(id)) return false;
    seen.add(id);
    let steps = false;
    eachMember(x, (_k, v) => {
      if (!steps && Array.isArray(v) && v.length > 0 && v.every((y) => isRec(y))) steps = true;
    });
    if (!steps) return false;
  }
  return true;
}

/**
 * A model's thoughts, never read as embedded JSON: a call it reasons about or quotes there was
 * not made there (litellm keeps Gemini's thought signatures as `{"functionCall": …}` text).
 */
export const THOUGHTS: ReadonlySet<string> = new Set([
  'thinking',
  'thought',
  'reasoning',
  'reasoning_content',
]);
/** Strings longer than this are never read as embedded JSON (arguments, bodies are shorter). */
const MAX_EMBEDDED = 8 << 20;
const MARKER = /tool|unction|Call|call_id|hook_event/;

/** The entries an object might be, in table order (most objects: none, at a few lookups). */
export const BY_KEY = new Map<string, DialectEntry[]>();
const BY_LIST = new Map<string, DialectEntry[]>();
const BY_TYPE = new Map<string, DialectEntry[]>();
export const BY_HAS = new Map<string, DialectEntry[]>();
for (const d of DIALECTS) {
  const put = (m: Map<string, DialectEntry[]>, ks: readonly string[] | undefined): void => {
    for (const k of ks ?? []) {
      const l = m.get(k);
      if (l) l.push(d);
      else m.set(k, [d]);
    }
  };
  put(BY_KEY, d.when.keys);
  put(BY_LIST, d.when.lists);
  put(BY_TYPE, d.when.types);
  put(BY_HAS, d.when.has);
}
const ORDER = new Map(DIALECTS.map((d, i) => [d, i]));

/**
 * Every string that, as a member name or a `type`, can make the walk find a call: the members,
 * lists and types the table's entries are tried by (`candidates`), the members an unknown call
 * is named by (`looksLikeCall`), and `base64`, since a body so encoded is decoded and may hold
 * anything. A value none of them is spelled in holds no call the census counts.
 */
export const CALL_WORDS: readonly string[] = [
  ...new Set([
    ...BY_KEY.keys(),
    ...BY_LIST.keys(),
    ...BY_TYPE.keys(),
    ...BY_HAS.keys(),
    ...NAME_KEYS,
    ...REACT_INPUTS,
    'base64',
  ]),
];
export const CALL_WORD_SET = new Set(CALL_WORDS);
/** The longest of `CALL_WORDS`: a longer string is none, told without hashing it. */
const LONGEST_WORD = Math.max(...CALL_WORDS.map((w) => w.length));

/**
 * Whether the walk could find a call in a parsed value: false when no member is named by one
 * of `CALL_WORDS`, no string is one, and no string is one `embedded` would read as JSON. This
 * is the text prefilter's test (censusInput.ts) over the tree, where escapes are already
 * decoded: a value it passes holds no call the census counts, so it is not walked.
 */
export function mayHoldCall(root: unknown): boolean {
  const stack = HOLD_STACK;
  stack.length = 0;
  stack.push(root);
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) if (holds(x, stack)) return true;
    } else if (v instanceof Map) {
      if (toolTags(v)) return true;
      for (const k of v.keys()) {
        if (typeof k !== 'string' || CALL_WORD_SET.has(k) || holds(v.get(k), stack)) return true;
      }
    } else if (isRec(v)) {
      if (toolTags(v)) return true;
      for (const k of Object.keys(v)) {
        if (CALL_WORD_SET.has(k) || holds((v as Record<string, unknown>)[k], stack)) return true;
      }
    }
  }
  return false;
}

/**
 * Whether an object is a ShareGPT turn of the model's (`{ from: "gpt", value }`, as
 * NousResearch/hermes-function-calling-v1 and LLaMA-Factory's data write it).
 */
export function sharegptSays(m: Rec): boolean {
  const from = get(m, 'from');
  return (from === 'gpt' || from === 'assistant') && !has(m, 'role');
}

/**
 * Whether a message's role is the model's, however its writer names it (`agent`, `model`,
 * `AI`), as the reader by shape's turns take it: its words may spell calls.
 */
export function speaksAsAssistant(role: unknown): boolean {
  return typeof role === 'string' && ASSISTANT_ROLES.has(role.toLowerCase());
}

/**
 * The member that holds a message's words: its `content`, or where it has none its `text` (a
 * log that keeps messages as `{ role, text }`).
 */
export function wordsKey(m: Rec): 'content' | 'text' {
  return has(m, 'content') || !has(m, 'text') ? 'content' : 'text';
}

/**
 * Whether a reply's whole text is one JSON object that may name a call: a tool call kept as an
 * assistant message's content (IBM watsonx Orchestrate's evaluation recorder keeps each as
 * `{"type": "tool_call", "name", "args", "id"}`, its answer as `{"type": "tool_response", …}`),
 * read as the one part of the message it spells. A text that writes calls as text (KaibanJS's
 * ReAct step as JSON) is that reading's.
 */
export function jsonReply(text: string): boolean {
  const t = text.trim();
  return (
    t.length >= 16 &&
    t.length <= MAX_EMBEDDED &&
    t.charCodeAt(0) === 0x7b &&
    t.charCodeAt(t.length - 1) === 0x7d &&
    MARKER.test(t) &&
    !holdsTextCalls(t)
  );
}

/** Whether a message's text holds calls: an assistant's tags (textCalls.ts), a user's report. */
function toolTags(m: Rec): boolean {
  if (sharegptSays(m)) {
    const value = get(m, 'value');
    return typeof value === 'string' && holdsTextCalls(value);
  }
  const content = get(m, wordsKey(m));
  // A harness's report of the calls it ran (apiResults.ts) stands in a user message.
  if (get(m, 'role') === 'user') return typeof content === 'string' && holdsApiResults(content);
  if (!speaksAsAssistant(get(m, 'role'))) return false;
  if (typeof content === 'string') return holdsTextCalls(content);
  return Array.isArray(content) && content.some((b) => blockCalls(b) !== null);
}

/**
 * The text of a text block (`{ type: "text", text }`) of an assistant's content, where it holds
 * calls written as tags (Cline's XML, as an Anthropic message keeps its text); else null.
 */
export function blockCalls(b: unknown): string | null {
  if (!isRec(b) || get(b, 'type') !== 'text') return null;
  const text = get(b, 'text');
  return typeof text === 'string' && holdsTextCalls(text) ? text : null;
}

/** Whether a member or item is a word (`isWord`); an object or list is left on `stack`. */
function holds(x: unknown, stack: unknown[]): boolean {
  if (typeof x === 'string') return isWord(x);
  if (typeof x === 'object' && x !== null) stack.push(x);
  return false;
}

/** `mayHoldCall`'s stack, kept: it runs once a line. */
const HOLD_STACK: unknown[] = [];

/** Whether a string is one of `CALL_WORDS`, or JSON `embedded` would walk. */
export function isWord(s: string): boolean {
  return (s.length <= LONGEST_WORD && CALL_WORD_SET.has(s)) || mayEmbed(s);
}

/** Whether `embedded` would read the string as JSON (its tests before it parses). */
export function mayEmbed(s: string): boolean {
  if (s.length < 16 || s.length > MAX_EMBEDDED) return false;
  // A body may open with white space: OpenRouter keeps a connection alive with blank lines.
  let i = 0;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  const c = s.charCodeAt(i);
  // So is an object as Python prints it: its constructor call, or a pydantic model's fields.
  return (c === 0x7b || c === 0x5b || isStreamText(s) || opensPrinted(s)) && MARKER.test(s);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** The first entry of the table, so the first any `tool_calls` item is tried against. */
export const OPENAI_CHAT = DIALECTS[0] as DialectEntry;
const NONE: readonly DialectEntry[] = [];
const HAS_KEYS = [...BY_HAS.keys()];

function candidates(o: Rec, at: Place): readonly DialectEntry[] {
  const byKey = at.key === null ? undefined : BY_KEY.get(at.key);
  const byList = at.listKey === null ? undefined : BY_LIST.get(at.listKey);
  const t = get(o, 'type');
  const byType = typeof t === 'string' ? BY_TYPE.get(t) : undefined;
  let byHas: DialectEntry[] | undefined;
  let hasKeys = 0;
  for (const k of HAS_KEYS) {
    if (!has(o, k)) continue;
    hasKeys++;
    const l = BY_HAS.get(k) as DialectEntry[];
    byHas = byHas === undefined ? l : [...byHas, ...l];
  }
  const some = (byKey ? 1 : 0) + (byList ? 1 : 0) + (byType ? 1 : 0) + hasKeys;
  if (some === 0) return NONE;
  // One of the table's lists is in its order already (most calls: their type's alone).
  if (some === 1) return (byKey ?? byList ?? byType ?? byHas) as DialectEntry[];
  const out: DialectEntry[] = [];
  for (const l of [byKey, byList, byType, byHas]) {
    if (l !== undefined) for (const d of l) if (!out.includes(d)) out.push(d);
  }
  if (out.length > 1) out.sort((x, y) => (ORDER.get(x) ?? 0) - (ORDER.get(y) ?? 0));
  return out;
}

/**
 * The calls an object is, by the first entry of the table that reads it, else as an unknown
 * that looks like a call; null when it is none. The census and the reader by shape
 * (shape/walk.ts) see calls through this one function.
 */
export function callsAt(
  o: Rec,
  at: Place,
): { readonly dialect: DialectId; readonly calls: readonly FoundCall[] } | null {
  for (const d of candidates(o, at)) {
    const r = d.read(o, at);
    if (r === null) continue;
    const calls = Array.isArray(r) ? r : [r as FoundCall];
    if (!calls.some(cutShort)) return { dialect: d.id, calls };
    const kept = calls.filter((c) => !CUT_NAME.test(c.name)).map(uncut);
    return kept.length === 0 ? null : { dialect: d.id, calls: kept };
  }
  const u = looksLikeCall(o, at);
  if (u === null || CUT_NAME.test(u.name)) return null;
  return { dialect: 'unknown', calls: [uncut(u)] };
}

/**
 * What a serializer writes where it stopped descending (Mastra's and many loggers' depth limit,
 * a cycle, Node's `util.inspect` past its depth). A call named so is a copy cut short, whose
 * name, arguments and id are lost: not a call. One whose arguments hold it is a copy of a call
 * recorded whole elsewhere: it is read as an echo without arguments, which counts only where no
 * whole record of its id stands.
 */
const CUT_NAME = /^\[(?:MaxDepth|Circular(?: \*\d+)?|Object|Array)\]$/;

function cutShort(c: FoundCall): boolean {
  return CUT_NAME.test(c.name) || holdsCut(c.args);
}

function uncut(c: FoundCall): FoundCall {
  return holdsCut(c.args) ? { ...c, args: undefined, echo: c.echo || true } : c;
}

/**
 * Whether a value holds a serializer's cut mark as itself or one of its members' values, two
 * levels down: a depth limit cuts a copy's arguments there, where the call itself stood a few
 * levels deep. Bounded, as every call's arguments are looked at.
 */
function holdsCut(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.length <= 14 && v.startsWith('[') && CUT_NAME.test(v);
  if (depth >= 2 || typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return v.some((x) => holdsCut(x, depth + 1));
  let cut = false;
  eachMember(v as Rec, (_k, x) => {
    cut ||= holdsCut(x, depth + 1);
  });
  return cut;
}

/** The member names of lists that are the parts of one message, not a list of steps. */
export function isPartList(key: string | null): boolean {
  if (key === null) return false;
  if (PART_LISTS.has(key)) return true;
  // The same list kept as JSON text (goose's sessions store a message's `content_json`).
  if (key.endsWith('_json')) return PART_LISTS.has(key.slice(0, -5));
  return key.endsWith('Json') && PART_LISTS.has(key.slice(0, -4));
}

/**
 * OTLP attributes, `[{ key, value: { stringValue | intValue | … } }]`, or Jaeger's tags,
 * `[{ key, type, value }]` with the value bare, as one flat object; else null.
 */
export function otlpAttributes(list: readonly unknown[]): Map<string, unknown> | null {
  if (list.length === 0) return null;
  const first: unknown = list[0];
  if (!isRec(first) || getStr(first, 'key') === undefined) return null;
  const bare = !isRec(get(first, 'value'));
  if (bare && getStr(first, 'type') === undefined) return null;
  const out = new Map<string, unknown>();
  for (const a of list) {
    if (!isRec(a)) return null;
    const k = getStr(a, 'key');
    const v = get(a, 'value');
    if (k === undefined) return null;
    if (bare) {
      if (isRec(v) || getStr(a, 'type') === undefined) return null;
      out.set(k, v);
      continue;
    }
    if (!isRec(v)) return null;
    let scalar: unknown;
    eachMember(v, (_, x) => {
      if (scalar === undefined) scalar = x;
    });
    out.set(k, scalar);
  }
  return out;
}
