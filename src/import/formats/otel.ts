// Importer: OpenTelemetry spans, as OTLP JSON or plain span objects.
import { isJsonArray, isJsonObject, JsonNumber, ok } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { Conversation } from '../build';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { logRecords } from '../records';
import { plural } from '../warnings';
import { spanMessages } from './otel-messages';
import type { SpanIO } from './otel-messages';

/** A span reduced to what the importer needs. */
interface Span {
  readonly attrs: Map<string, JsonValue>;
  readonly start: string;
  readonly order: number;
}

/**
 * OpenTelemetry spans: OTLP JSON (`resourceSpans`, one object or one per line) or plain
 * span objects with an `attributes` map, in any of the attribute conventions
 * `spanMessages` reads. Each LLM span repeats the history, so the conversation is the
 * longest span's input plus its output.
 */
export const importOtel: FormatImporter = (doc) => {
  const spans: Span[] = [];
  for (const r of logRecords(doc)) collectSpans(r.value, spans);
  const c = new Conversation();
  let best: { span: Span; io: SpanIO } | null = null;
  let llmSpans = 0;
  for (const s of spans) {
    const io = spanMessages(s.attrs);
    if (!io) continue;
    llmSpans++;
    if (
      !best ||
      io.length > best.io.length ||
      (io.length === best.io.length && s.start >= best.span.start)
    ) {
      best = { span: s, io };
    }
  }
  if (!best)
    return invalid(
      `None of the ${plural(spans.length, 'span')} carries LLM messages (gen_ai.* or llm.* attributes).`,
    );
  best.io.emit(c);
  if (llmSpans > 1) {
    c.warnings.add(
      `Rebuilt from the longest of ${llmSpans} LLM spans plus its output; each span repeats the history, so they were not concatenated.`,
    );
  }
  return ok(finish(c));
};

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
        key.includes('message') ||
        ((key === 'input' || key === 'output') && v.has('value')))
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
