// A LlamaIndex workflow's saved Context, read as the chats its memory keeps.
import { err, ok, type Result } from '../json/index';
import { chatLines, isObj, jsonOf, type Obj } from './chatJson';
import type { ImportError } from './types';
import { Finding } from './text';
import { inputLabel, plural } from './warnings';

/**
 * LlamaIndex workflows save a run's state with `Context.to_dict()` (run-llama/workflows-py
 * `src/workflows/context/context_types.py` @122e754ae9, `SerializedContext`): the state store
 * (`state`, where an AgentWorkflow keeps its `memory`), and the events of the runs, each one a
 * serializer's JSON text, in `broker_log` (every event dispatched), `streaming_queue` (those
 * streamed to the caller) and per-step queues. The same calls stand in all of them: in each
 * `AgentOutput` (again, in another order, on the reply that answered them), in each
 * `ToolCall` event, in each `AgentInput`'s history. So the Context is read as the chats its
 * memory keeps (`chat_store.store`: one list of LlamaIndex `ChatMessage`s a key), turned
 * into OpenAI's form, one request body a line; the broker log's `ToolCall` events, each a
 * call dispatched once, say whether the memory lost some.
 */

interface Saved {
  readonly chats: readonly (readonly Obj[])[];
  /** The `ToolCall` events the broker log dispatched. */
  readonly dispatched: number;
}

/** A Context's first member, as `to_dict()` orders them (`state`), or sorted (`accepted_events`). */
const CONTEXT_OPENING = /^\s*\{\s*"(?:state|accepted_events)"\s*:/;

const tested = new Finding(saved, (s) => s !== null);

/** Whether a text may be such a Context (two searches of the text, then a parse). */
export function isLlamaIndexContext(text: string): boolean {
  // The opening first: a search of a 100 MB text that is no Context costs tens of milliseconds.
  if (!CONTEXT_OPENING.test(text.slice(0, 256))) return false;
  if (!text.includes('"broker_log"') || !text.includes('"streaming_queue"')) return false;
  return tested.of(text) !== null;
}

function saved(text: string): Saved | null {
  const doc = jsonOf(text);
  if (!isObj(doc) || !isObj(doc['state']) || !Array.isArray(doc['broker_log'])) return null;
  if (!('streaming_queue' in doc)) return null;
  const chats: Obj[][] = [];
  findChats(decoded(doc['state'], 0), chats, 0);
  if (chats.length === 0) return null;
  let dispatched = 0;
  for (const e of doc['broker_log']) {
    const ev = decoded(e, 0);
    const kind = isObj(ev) ? ev['qualified_name'] : undefined;
    if (typeof kind === 'string' && /\.ToolCall$/.test(kind)) dispatched++;
  }
  return { chats, dispatched };
}

/** A serializer's value: JSON text (twice, for a state store's entries) parsed, else itself. */
function decoded(v: unknown, depth: number): unknown {
  if (typeof v !== 'string' || depth > 3) return v;
  const t = v.trimStart();
  if (t[0] !== '{' && t[0] !== '[' && t[0] !== '"') return v;
  const parsed = jsonOf(v);
  return parsed === undefined ? v : decoded(parsed, depth + 1);
}

/** Every `chat_store.store` list of messages under `v`, in the order met. */
function findChats(v: unknown, into: Obj[][], depth: number): void {
  if (depth > 12) return;
  if (Array.isArray(v)) {
    for (const x of v) findChats(decoded(x, 0), into, depth + 1);
    return;
  }
  if (!isObj(v)) return;
  const store = isObj(v['chat_store']) ? v['chat_store']['store'] : undefined;
  if (isObj(store)) {
    for (const list of Object.values(store))
      if (Array.isArray(list) && list.length > 0 && list.every((m) => isObj(m) && 'role' in m))
        into.push(list as Obj[]);
    return;
  }
  for (const x of Object.values(v)) findChats(decoded(x, 0), into, depth + 1);
}

/** A LlamaIndex message's role as OpenAI names it (Gemini's `model`, Cohere's `chatbot`). */
function role(r: unknown): string {
  if (r === 'model' || r === 'chatbot') return 'assistant';
  if (r === 'function') return 'tool';
  if (r === 'developer') return 'system';
  return typeof r === 'string' ? r : 'user';
}

/** A message's text: its `content`, else its text blocks. */
function text(m: Obj): string {
  if (typeof m['content'] === 'string') return m['content'];
  const blocks = Array.isArray(m['blocks']) ? m['blocks'] : [];
  const parts: string[] = [];
  for (const b of blocks)
    if (isObj(b) && b['block_type'] === 'text' && typeof b['text'] === 'string')
      parts.push(b['text']);
  return parts.join('\n');
}

/**
 * A reply's calls: its `tool_call` blocks (LlamaIndex's own, `ToolCallBlock`), else the
 * provider's calls each integration keeps in `additional_kwargs.tool_calls` (OpenAI's
 * `function`, Anthropic's `input`, Gemini's `args`). An empty id is none: Gemini gives none.
 */
function calls(m: Obj): Obj[] {
  const blocks = (Array.isArray(m['blocks']) ? m['blocks'] : []).filter(
    (b): b is Obj => isObj(b) && b['block_type'] === 'tool_call',
  );
  const kw = isObj(m['additional_kwargs']) ? m['additional_kwargs'] : {};
  const raw: Obj[] =
    blocks.length > 0
      ? blocks.map((b) => ({ id: b['tool_call_id'], name: b['tool_name'], args: b['tool_kwargs'] }))
      : (Array.isArray(kw['tool_calls']) ? kw['tool_calls'] : []).filter(isObj);
  const out: Obj[] = [];
  for (const c of raw) {
    const f = isObj(c['function']) ? c['function'] : c;
    const name = f['name'] ?? c['tool_name'];
    if (typeof name !== 'string' || name === '') continue;
    const a = f['arguments'] ?? c['args'] ?? c['input'] ?? c['tool_kwargs'] ?? {};
    const id = c['id'] ?? c['tool_call_id'] ?? c['tool_id'];
    out.push({
      ...(typeof id === 'string' && id !== '' ? { id } : {}),
      type: 'function',
      function: { name, arguments: typeof a === 'string' ? a : JSON.stringify(a) },
    });
  }
  return out;
}

/** A chat of LlamaIndex messages in OpenAI's form. */
function asOpenAi(list: readonly Obj[]): Obj[] {
  const out = list.map((m) => {
    const r = role(m['role']);
    const kw = isObj(m['additional_kwargs']) ? m['additional_kwargs'] : {};
    if (r === 'tool') {
      const id = kw['tool_call_id'] ?? m['tool_call_id'];
      const name = kw['name'] ?? m['name'];
      return {
        role: 'tool',
        ...(typeof id === 'string' && id !== '' ? { tool_call_id: id } : {}),
        ...(typeof name === 'string' ? { name } : {}),
        content: text(m),
      };
    }
    const tc = r === 'assistant' ? calls(m) : [];
    return { role: r, content: text(m), ...(tc.length > 0 ? { tool_calls: tc } : {}) };
  });
  nameIds(out);
  return out;
}

/**
 * LlamaIndex's Gemini integration gives a call no id and takes its name for one (the
 * `ToolSelection`'s `tool_id`, the answer's `tool_call_id`): a call without an id whose name
 * is the only such in its reply, answered under that name, has it for its id.
 */
function nameIds(chat: Obj[]): void {
  chat.forEach((m, i) => {
    const tc = Array.isArray(m['tool_calls']) ? (m['tool_calls'] as Obj[]) : [];
    const answered = new Set<unknown>();
    for (let j = i + 1; j < chat.length && chat[j]?.['role'] === 'tool'; j++)
      answered.add(chat[j]?.['tool_call_id']);
    const nameOf = (c: Obj): unknown => (c['function'] as Obj)['name'];
    for (const c of tc) {
      const name = nameOf(c);
      if (c['id'] !== undefined || !answered.has(name)) continue;
      if (tc.filter((d) => nameOf(d) === name).length === 1) c['id'] = name;
    }
  });
}

/** The Context as JSON Lines of request bodies, one a chat its memory keeps, and a note. */
export function llamaIndexContextAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const s = tested.take(text);
  if (s === null) {
    return err({
      kind: 'invalid',
      message: `${inputLabel(name, 'The input')} looks like a LlamaIndex workflow's saved Context but keeps no chat in its memory.`,
    });
  }
  const bodies = s.chats.map(asOpenAi);
  let kept = 0;
  for (const b of bodies)
    for (const m of b) if (Array.isArray(m['tool_calls'])) kept += m['tool_calls'].length;
  const head = `Read a LlamaIndex workflow's saved Context as the ${plural(bodies.length, 'chat')} its memory keeps, not its event logs' copies of the same calls`;
  const note =
    s.dispatched > kept
      ? `${head}: its broker log dispatched ${plural(s.dispatched, 'tool call')} and the memory keeps ${kept}, so ${s.dispatched - kept} (dropped from the memory, or run outside it) are not in this replay.`
      : `${head}.`;
  return ok({ text: chatLines(bodies), note });
}
