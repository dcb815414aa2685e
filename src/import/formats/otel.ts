import { isJsonArray, isJsonObject, JsonNumber, ok, parseJson } from '../../detector/index';
import type { JsonObject, JsonValue } from '../../detector/index';
import { arr, field, obj, str } from '../access';
import { Conversation } from '../build';
import type { CallInput } from '../build';
import { displayText } from '../content';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { logRecords } from '../records';
import { plural } from '../warnings';

/** A span reduced to what the importer needs. */
interface Span {
  readonly attrs: Map<string, JsonValue>;
  readonly start: string;
  readonly order: number;
}

/** A message read from span attributes, before it joins the conversation. */
interface GenMessage {
  role: string;
  text: string | null;
  calls: CallInput[];
  results: { id: string | undefined; name: string | undefined; content: JsonValue }[];
}

/**
 * OpenTelemetry spans: OTLP JSON (`resourceSpans`, one object or one per line) or plain
 * span objects with an `attributes` map. Three attribute conventions are read: GenAI
 * semconv (`gen_ai.input.messages` parts), OpenLLMetry (`gen_ai.prompt.N.*`) and
 * OpenInference (`llm.input_messages.N.message.*`). Each LLM span repeats the history, so
 * the conversation is the longest span's input plus its output.
 */
export const importOtel: FormatImporter = (doc) => {
  const spans: Span[] = [];
  for (const r of logRecords(doc)) collectSpans(r.value, spans);
  const c = new Conversation();
  let best: { span: Span; input: GenMessage[]; output: GenMessage[] } | null = null;
  let llmSpans = 0;
  for (const s of spans) {
    const io = spanMessages(s.attrs);
    if (!io) continue;
    llmSpans++;
    if (
      !best ||
      io.input.length > best.input.length ||
      (io.input.length === best.input.length && s.start >= best.span.start)
    ) {
      best = { span: s, ...io };
    }
  }
  if (!best)
    return invalid(
      `None of the ${plural(spans.length, 'span')} carries LLM messages (gen_ai.* or llm.* attributes).`,
    );
  for (const m of [...best.input, ...best.output]) emit(m, c);
  if (llmSpans > 1) {
    c.warnings.add(
      `Rebuilt from the longest of ${llmSpans} LLM spans plus its output; each span repeats the history, so they were not concatenated.`,
    );
  }
  return ok(finish(c));
};

function emit(m: GenMessage, c: Conversation): void {
  if (m.role === 'assistant') c.assistant(m.text, m.calls);
  else if (m.role === 'tool' || m.results.length > 0)
    for (const r of m.results) c.result(r.id, r.name, r.content);
  else c.message(m.role, m.text ?? '');
}

function collectSpans(v: JsonValue, out: Span[]): void {
  const rs = arr(v, 'resourceSpans');
  if (rs) {
    for (const r of rs)
      for (const ss of arr(r, 'scopeSpans') ?? arr(r, 'instrumentationLibrarySpans') ?? [])
        for (const s of arr(ss, 'spans') ?? []) addSpan(s, out);
    return;
  }
  if (isJsonArray(v)) {
    for (const s of v) addSpan(s, out);
    return;
  }
  const spans = arr(v, 'spans') ?? arr(v, 'data');
  if (spans) for (const s of spans) addSpan(s, out);
  else addSpan(v, out);
}

function addSpan(s: JsonValue, out: Span[]): void {
  const attrs = new Map<string, JsonValue>();
  const a = field(s, 'attributes');
  if (isJsonArray(a)) {
    for (const kv of a) {
      const k = str(kv, 'key');
      if (k !== undefined) attrs.set(k, anyValue(field(kv, 'value')));
    }
  } else if (isJsonObject(a)) {
    flatten(a, '', attrs);
  } else if (isJsonObject(s)) {
    flatten(s, '', attrs);
  }
  const startV = field(s, 'startTimeUnixNano') ?? field(s, 'start_time') ?? field(s, 'startTime');
  const start =
    typeof startV === 'string'
      ? startV.padStart(24, '0')
      : startV instanceof JsonNumber
        ? startV.lexeme.padStart(24, '0')
        : '';
  out.push({ attrs, start, order: out.length });
}

/** Phoenix exports nest dotted keys in objects; flatten them back into dotted paths. */
function flatten(o: JsonObject, prefix: string, out: Map<string, JsonValue>): void {
  for (const [k, v] of o) {
    const key = prefix + k;
    if (
      isJsonObject(v) &&
      (key.startsWith('llm') ||
        key.startsWith('gen_ai') ||
        /^\d+$/.test(k) ||
        key.includes('message'))
    ) {
      flatten(v, `${key}.`, out);
    } else out.set(key, v);
  }
}

function anyValue(v: JsonValue | undefined): JsonValue {
  if (!isJsonObject(v)) return v ?? null;
  if (v.has('stringValue')) return v.get('stringValue') as JsonValue;
  if (v.has('intValue')) return v.get('intValue') as JsonValue;
  if (v.has('doubleValue')) return v.get('doubleValue') as JsonValue;
  if (v.has('boolValue')) return v.get('boolValue') as JsonValue;
  const av = arr(obj(v, 'arrayValue'), 'values');
  if (av) return av.map(anyValue);
  return null;
}

/** A JSON attribute that may be recorded as a JSON string. */
function jsonAttr(v: JsonValue | undefined): JsonValue | undefined {
  if (typeof v !== 'string') return v;
  const p = parseJson(v);
  return p.ok ? p.value.value : undefined;
}

function spanMessages(
  a: Map<string, JsonValue>,
): { input: GenMessage[]; output: GenMessage[] } | null {
  const semIn = jsonAttr(a.get('gen_ai.input.messages'));
  if (isJsonArray(semIn)) {
    const outV = jsonAttr(a.get('gen_ai.output.messages'));
    const input = semIn.map(semconvMessage);
    const sys = jsonAttr(a.get('gen_ai.system_instructions'));
    if (isJsonArray(sys) && sys.length > 0)
      input.unshift({
        role: 'system',
        text: displayText(sys.map(semText)),
        calls: [],
        results: [],
      });
    return { input, output: isJsonArray(outV) ? outV.map(semconvMessage) : [] };
  }
  const input = indexed(a, 'gen_ai.prompt.', '');
  const output = indexed(a, 'gen_ai.completion.', '');
  if (input.length > 0 || output.length > 0) return { input, output };
  const oiIn = indexed(a, 'llm.input_messages.', 'message.');
  const oiOut = indexed(a, 'llm.output_messages.', 'message.');
  if (oiIn.length > 0 || oiOut.length > 0) return { input: oiIn, output: oiOut };
  return null;
}

function semText(p: JsonValue): JsonValue {
  return str(p, 'content') ?? '';
}

function semconvMessage(m: JsonValue): GenMessage {
  const g: GenMessage = { role: str(m, 'role') ?? 'user', text: null, calls: [], results: [] };
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
  return g;
}

/** Rebuilds `<prefix>N.<inner>role|content|tool_calls.J.…` flattened attributes, in index order. */
function indexed(a: Map<string, JsonValue>, prefix: string, inner: string): GenMessage[] {
  const byIndex = new Map<number, Map<string, JsonValue>>();
  for (const [k, v] of a) {
    if (!k.startsWith(prefix)) continue;
    const rest = k.slice(prefix.length);
    const dot = rest.indexOf('.');
    const n = Number(rest.slice(0, dot));
    if (dot < 0 || !Number.isInteger(n)) continue;
    let key = rest.slice(dot + 1);
    if (inner && key.startsWith(inner)) key = key.slice(inner.length);
    let m = byIndex.get(n);
    if (!m) byIndex.set(n, (m = new Map()));
    m.set(key, v);
  }
  return [...byIndex.keys()]
    .sort((x, y) => x - y)
    .map((n) => flatMessage(byIndex.get(n) as Map<string, JsonValue>));
}

function flatMessage(m: Map<string, JsonValue>): GenMessage {
  const role = (m.get('role') as string | undefined) ?? 'user';
  const content = m.get('content');
  const g: GenMessage = {
    role: typeof role === 'string' ? role : 'user',
    text: typeof content === 'string' ? content : null,
    calls: [],
    results: [],
  };
  const calls = new Map<number, Map<string, JsonValue>>();
  for (const [k, v] of m) {
    const mt = /^tool_calls\.(\d+)\.(?:tool_call\.)?(.+)$/.exec(k);
    if (!mt) continue;
    const j = Number(mt[1]);
    let cm = calls.get(j);
    if (!cm) calls.set(j, (cm = new Map()));
    cm.set((mt[2] as string).replace(/^function\./, ''), v);
  }
  for (const j of [...calls.keys()].sort((x, y) => x - y)) {
    const cm = calls.get(j) as Map<string, JsonValue>;
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
  if (g.role === 'tool') {
    const id = m.get('tool_call_id');
    const name = m.get('name');
    g.results.push({
      id: typeof id === 'string' ? id : undefined,
      name: typeof name === 'string' ? name : undefined,
      content: content ?? null,
    });
  }
  return g;
}
