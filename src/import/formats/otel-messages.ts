// The messages of one OpenTelemetry span, read from its attributes and events.
import { isVercelMessages, mapVercelMessage, mapVercelResponse } from '../dialects/vercel';
import { isJsonArray, isJsonObject, parseJson } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import type { CallInput, Conversation } from '../build';
import { displayText, narration } from '../content';
import { mapReply } from '../dialects/embedded';
import { readLenient } from '../pyLiteral';
import { plural } from '../warnings';
import { inputList, mapInput } from './langfuse';

/** A message read from span attributes, before it joins the conversation. */
interface GenMessage {
  role: string;
  text: string | null;
  calls: CallInput[];
  results: { id: string | undefined; name: string | undefined; content: JsonValue }[];
}

/** What an LLM span (or one side of it, input or output) carries, ready to map. */
export interface SpanIO {
  /** How many input messages: the span with the longest input is the one read. */
  readonly length: number;
  readonly emit: (c: Conversation) => void;
}

const LLM_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);

/**
 * An LLM span's messages, from whichever convention its attributes follow: GenAI semconv
 * (`gen_ai.input.messages` parts), OpenLLMetry's indexed `gen_ai.prompt.N.*` (and the
 * older `llm.prompts.N.*`), the removed one-string `gen_ai.prompt` / `gen_ai.completion`,
 * OpenInference's `llm.input_messages.N.message.*`, or an LLM span's raw `input.value` /
 * `output.value`. A string that carries messages is read in whatever dialect they are
 * in. Null when the span carries none.
 */
export function spanMessages(a: Map<string, JsonValue>): SpanIO | null {
  const input = inputSide(a);
  const output = outputSide(a);
  if (!input && !output) return null;
  return {
    length: input?.length ?? 0,
    emit: (c) => {
      input?.emit(c);
      output?.emit(c);
    },
  };
}

function inputSide(a: Map<string, JsonValue>): SpanIO | null {
  const vercel = jsonAttr(a.get('ai.prompt.messages'));
  if (isJsonArray(vercel) && isVercelMessages(vercel))
    return { length: vercel.length, emit: (c) => vercel.forEach((m) => mapVercelMessage(m, c)) };
  const sem = jsonAttr(a.get('gen_ai.input.messages'));
  if (isJsonArray(sem)) {
    const list = sem.map((m) => semconvMessage(m, 'user'));
    const sys = jsonAttr(a.get('gen_ai.system_instructions'));
    if (isJsonArray(sys) && sys.length > 0)
      list.unshift(gen('system', displayText(sys.map((p) => str(p, 'content') ?? ''))));
    return genSide(list);
  }
  for (const prefix of ['gen_ai.prompt.', 'llm.prompts.']) {
    const list = indexed(a, prefix, '', 'user', true);
    if (list.length > 0) return genSide(list);
  }
  const old = a.get('gen_ai.prompt');
  if (old !== undefined) return carriedInput(old);
  const oi = indexed(a, 'llm.input_messages.', 'message.', 'user', false);
  if (oi.length > 0) return genSide(oi);
  const raw = a.get('input.value');
  return raw !== undefined && isLlmSpan(a) ? carriedInput(raw) : null;
}

function outputSide(a: Map<string, JsonValue>): SpanIO | null {
  if (a.has('ai.response.text') || a.has('ai.response.toolCalls')) {
    const text = a.get('ai.response.text');
    const calls = jsonAttr(a.get('ai.response.toolCalls'));
    return { length: 0, emit: (c) => mapVercelResponse(text, calls, c) };
  }
  const sem = jsonAttr(a.get('gen_ai.output.messages'));
  if (isJsonArray(sem)) return genSide(sem.map((m) => semconvMessage(m, 'assistant')));
  for (const prefix of ['gen_ai.completion.', 'llm.completions.']) {
    const list = indexed(a, prefix, '', 'assistant', true);
    if (list.length > 0) return completions(list);
  }
  const old = a.get('gen_ai.completion');
  if (old !== undefined) return carriedOutput(old);
  const oi = indexed(a, 'llm.output_messages.', 'message.', 'assistant', false);
  if (oi.length > 0) return genSide(oi);
  const raw = a.get('output.value');
  return raw !== undefined && isLlmSpan(a) ? carriedOutput(raw) : null;
}

function isLlmSpan(a: Map<string, JsonValue>): boolean {
  const kind = a.get('openinference.span.kind');
  const op = a.get('gen_ai.operation.name');
  return kind === 'LLM' || (typeof op === 'string' && LLM_OPERATIONS.has(op));
}

/**
 * Indexed completions are keyed by choice, and Anthropic's instrumentation gives a
 * thinking block an index of its own: the reply is the first assistant completion.
 */
function completions(list: GenMessage[]): SpanIO {
  const replies = list.filter((m) => m.role !== 'thinking');
  const first = replies[0];
  const extra = replies.length - 1;
  return {
    length: 0,
    emit: (c) => {
      if (first) emitGen(first, c);
      if (extra > 0)
        c.warnings.add(
          `The span holds ${replies.length} completions (choices); only the first was used.`,
        );
    },
  };
}

function genSide(list: GenMessage[]): SpanIO {
  return { length: list.length, emit: (c) => list.forEach((m) => emitGen(m, c)) };
}

function emitGen(m: GenMessage, c: Conversation): void {
  if (m.role === 'assistant') {
    c.assistant(m.text, m.calls);
    return;
  }
  if (m.role === 'tool' || m.results.length > 0) {
    for (const r of m.results) c.result(r.id, r.name, r.content);
    // Anthropic tool results share a user turn with any text beside them.
    if (m.role !== 'tool' && m.text !== null && m.text !== '') c.message(m.role, m.text);
    return;
  }
  c.message(m.role, m.text ?? '');
}

function gen(role: string, text: string | null): GenMessage {
  return { role, text, calls: [], results: [] };
}

/** A JSON attribute that may be recorded as a JSON string. */
function jsonAttr(v: JsonValue | undefined): JsonValue | undefined {
  if (typeof v !== 'string') return v;
  const p = parseJson(v);
  return p.ok ? p.value.value : undefined;
}

/** A string attribute carrying messages: JSON, a Python literal, or plain text. */
function carried(v: JsonValue): { value: JsonValue; note: (c: Conversation) => void } {
  const r = typeof v === 'string' ? readLenient(v) : { how: 'json' as const, value: v };
  const note = (c: Conversation) => {
    if (r.how !== 'repaired') return;
    c.warnings.count(
      'py-literal',
      (n) =>
        `${plural(n, 'span attribute')} held Python-style literals rather than JSON; ${n === 1 ? 'its' : 'their'} quotes were repaired to read the messages.`,
    );
  };
  return { value: r.value, note };
}

/** `side` with the note about how its attribute was read. */
function noted(side: SpanIO, note: (c: Conversation) => void): SpanIO {
  return {
    length: side.length,
    emit: (c) => {
      note(c);
      side.emit(c);
    },
  };
}

/** Whether a list is GenAI semconv messages (`parts` of typed parts, not Gemini's). */
function isPartsList(list: readonly JsonValue[]): boolean {
  return list.some((m) => (arr(m, 'parts') ?? []).some((p) => str(p, 'type') !== undefined));
}

function carriedInput(v: JsonValue): SpanIO | null {
  const { value, note } = carried(v);
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    return { length: 1, emit: (c) => c.message('user', value) };
  }
  if (isJsonArray(value) && isPartsList(value))
    return noted(genSide(value.map((m) => semconvMessage(m, 'user'))), note);
  // One message alone, or a list or request body in any dialect.
  const input = isJsonObject(value) && value.has('role') ? [value] : value;
  const list = inputList(input);
  if (!list) return null;
  return noted({ length: list.length, emit: (c) => mapInput(input, c) }, note);
}

function carriedOutput(v: JsonValue): SpanIO | null {
  const { value, note } = carried(v);
  if (typeof value === 'string') {
    if (value === '') return null;
    return { length: 0, emit: (c) => c.assistant(value, []) };
  }
  if (isJsonArray(value) && isPartsList(value))
    return noted(genSide(value.map((m) => semconvMessage(m, 'assistant'))), note);
  // The removed attribute's completion is `{text, finish_reason}`, not a message.
  const text = str(value, 'text');
  if (text !== undefined && field(value, 'role') === undefined)
    return noted({ length: 0, emit: (c) => c.assistant(text, []) }, note);
  return noted({ length: 0, emit: (c) => mapReply(value, c) }, note);
}

function semconvMessage(m: JsonValue, role: string): GenMessage {
  const g = gen(str(m, 'role') ?? role, null);
  for (const p of arr(m, 'parts') ?? []) {
    const t = str(p, 'type');
    if (t === 'text') g.text = (g.text ?? '') + (str(p, 'content') ?? '');
    else if (t === 'tool_call')
      g.calls.push({
        id: str(p, 'id'),
        name: str(p, 'name') ?? '',
        args: field(p, 'arguments') ?? null,
      });
    else if (t === 'tool_call_response')
      g.results.push({ id: str(p, 'id'), name: undefined, content: field(p, 'response') ?? null });
  }
  if (g.role === 'tool' && g.results.length === 0 && g.text !== null)
    g.results.push({ id: undefined, name: undefined, content: g.text });
  return g;
}

/**
 * Rebuilds `<prefix>N.<inner>role|content|tool_calls.J.…` flattened attributes in numeric
 * index order ("10" after "2"; gaps allowed). `blocks` reads a content that is a JSON
 * string of content blocks, as OpenLLMetry writes list content.
 */
function indexed(
  a: Map<string, JsonValue>,
  prefix: string,
  inner: string,
  role: string,
  blocks: boolean,
): GenMessage[] {
  const byIndex = new Map<number, Map<string, JsonValue>>();
  for (const [k, v] of a) {
    if (!k.startsWith(prefix)) continue;
    const m = /^(\d+)\.(.+)$/.exec(k.slice(prefix.length));
    if (!m) continue;
    const n = Number(m[1]);
    let key = m[2] as string;
    if (inner && key.startsWith(inner)) key = key.slice(inner.length);
    let fields = byIndex.get(n);
    if (!fields) byIndex.set(n, (fields = new Map()));
    fields.set(key, v);
  }
  return [...byIndex.keys()]
    .sort((x, y) => x - y)
    .map((n) => flatMessage(byIndex.get(n) as Map<string, JsonValue>, role, blocks));
}

/** Sub-fields `<head>.J.<rest>` grouped by J, in numeric order. */
function groups(m: Map<string, JsonValue>, head: RegExp): Map<string, JsonValue>[] {
  const byIndex = new Map<number, Map<string, JsonValue>>();
  for (const [k, v] of m) {
    const mt = head.exec(k);
    if (!mt) continue;
    const j = Number(mt[1]);
    let g = byIndex.get(j);
    if (!g) byIndex.set(j, (g = new Map()));
    g.set(mt[2] as string, v);
  }
  return [...byIndex.keys()]
    .sort((x, y) => x - y)
    .map((j) => byIndex.get(j) as Map<string, JsonValue>);
}

function flatMessage(m: Map<string, JsonValue>, fallback: string, blocks: boolean): GenMessage {
  const r = m.get('role');
  const role = typeof r === 'string' ? r : fallback;
  // The legacy completions API logs its prompt as `.user`.
  const content = m.get('content') ?? m.get('user');
  const g = gen(role, typeof content === 'string' ? content : null);
  for (const cm of groups(m, /^tool_calls\.(\d+)\.(?:tool_call\.)?(?:function\.)?(.+)$/)) {
    const id = cm.get('id');
    const name = cm.get('name');
    g.calls.push({
      id: typeof id === 'string' ? id : undefined,
      name: typeof name === 'string' ? name : '',
      args: cm.get('arguments') ?? null,
    });
  }
  const fname = m.get('function_call_name');
  if (typeof fname === 'string')
    g.calls.push({
      id: undefined,
      name: fname,
      args: m.get('function_call_arguments_json') ?? null,
    });
  if (role === 'tool') {
    const id = m.get('tool_call_id');
    const name = m.get('name');
    g.results.push({
      id: typeof id === 'string' ? id : undefined,
      name: typeof name === 'string' ? name : undefined,
      content: content ?? null,
    });
    return g;
  }
  if (blocks && typeof content === 'string') readBlocks(content, g);
  if (g.text === null) {
    const refusal = m.get('refusal');
    const parts = groups(m, /^contents\.(\d+)\.message_content\.(.+)$/)
      .map((p) => p.get('text'))
      .filter((t): t is string => typeof t === 'string');
    if (typeof refusal === 'string') g.text = refusal;
    else if (parts.length > 0) g.text = parts.join(role === 'assistant' ? '' : '\n');
  }
  return g;
}

/**
 * A content that is a JSON list of Anthropic or OpenAI content blocks: tool results go to
 * `results` (they have no `tool_call_id` key of their own), the rest is the text. Its
 * `tool_use` blocks count only when no `tool_calls.J` key names the calls.
 */
function readBlocks(content: string, g: GenMessage): void {
  if (!content.trimStart().startsWith('[')) return;
  const p = parseJson(content);
  if (!p.ok) return;
  const list = p.value.value;
  if (!isJsonArray(list) || !list.every((b) => str(b, 'type') !== undefined)) return;
  const rest: JsonValue[] = [];
  const uses: CallInput[] = [];
  for (const b of list) {
    const t = str(b, 'type');
    if (t === 'tool_result')
      g.results.push({
        id: str(b, 'tool_use_id'),
        name: undefined,
        content: field(b, 'content') ?? null,
      });
    else if (t === 'tool_use')
      uses.push({ id: str(b, 'id'), name: str(b, 'name') ?? '', args: field(b, 'input') ?? null });
    else rest.push(b);
  }
  // One by one: a reply of a few hundred thousand calls would overflow a spread.
  if (g.calls.length === 0 && g.role === 'assistant') for (const u of uses) g.calls.push(u);
  g.text = g.role === 'assistant' ? narration(rest) : rest.length > 0 ? displayText(rest) : null;
}
