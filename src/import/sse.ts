import { JsonNumber, parseJson } from '../detector/index';
import type { JsonObject, JsonValue } from '../detector/index';
import { arr, field, obj, str } from './access';

/** The JSON payloads of a server-sent event stream, in order (`[DONE]` ends it). */
export function sseEvents(text: string): JsonValue[] {
  const out: JsonValue[] = [];
  let data: string[] = [];
  const flush = () => {
    if (data.length === 0) return;
    const p = parseJson(data.join('\n'));
    if (p.ok) out.push(p.value.value);
    data = [];
  };
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') {
      flush();
      continue;
    }
    if (!line.startsWith('data:')) continue;
    const d = line.slice(5).replace(/^ /, '');
    if (d === '[DONE]') break;
    data.push(d);
  }
  flush();
  return out;
}

/** Whether a text looks like an SSE capture. */
export function looksLikeSse(text: string): boolean {
  return /^(?:data|event|id):|^:/.test(text.trimStart());
}

/**
 * Reassembles a streamed reply into the shape of a non-streamed one: OpenAI chunks into
 * `{choices: [{message}]}`, Anthropic events into an assistant message, Responses events
 * into `{output}`, Gemini chunks into `{candidates}`. Returns null when nothing matched.
 */
export function assembleStream(events: readonly JsonValue[]): JsonValue | null {
  if (
    events.some(
      (e) => str(e, 'object') === 'chat.completion.chunk' || arr(e, 'choices') !== undefined,
    )
  )
    return openAiChunks(events);
  if (
    events.some(
      (e) => str(e, 'type') === 'message_start' || str(e, 'type') === 'content_block_start',
    )
  )
    return anthropicEvents(events);
  const done = events.find((e) => str(e, 'type') === 'response.completed');
  if (done) return obj(done, 'response') ?? null;
  const items = events
    .filter((e) => str(e, 'type') === 'response.output_item.done')
    .map((e) => field(e, 'item') ?? null);
  if (items.length > 0) return new Map<string, JsonValue>([['output', items]]);
  if (events.some((e) => arr(e, 'candidates') !== undefined)) {
    const parts: JsonValue[] = [];
    for (const e of events)
      for (const p of arr(field(arr(e, 'candidates')?.[0], 'content'), 'parts') ?? [])
        parts.push(p);
    const content = new Map<string, JsonValue>([
      ['role', 'model'],
      ['parts', parts],
    ]);
    return new Map<string, JsonValue>([
      ['candidates', [new Map<string, JsonValue>([['content', content]])]],
    ]);
  }
  return null;
}

function openAiChunks(events: readonly JsonValue[]): JsonValue {
  let content: string | null = null;
  const calls: { id: string; name: string; args: string }[] = [];
  const atIndex = new Map<string, number>();
  for (const e of events) {
    const delta = field(arr(e, 'choices')?.[0], 'delta');
    const text = str(delta, 'content');
    if (text !== undefined) content = (content ?? '') + text;
    for (const tc of arr(delta, 'tool_calls') ?? []) {
      const idx = field(tc, 'index');
      const key = idx instanceof JsonNumber ? idx.lexeme : '0';
      const id = str(tc, 'id');
      const fn = obj(tc, 'function');
      let slot = atIndex.get(key);
      // Some servers reuse index 0 for every call of a batch: a new id means a new call.
      if (
        slot === undefined ||
        (id !== undefined && id !== '' && calls[slot]?.id !== '' && calls[slot]?.id !== id)
      ) {
        slot = calls.length;
        calls.push({ id: id ?? '', name: '', args: '' });
        atIndex.set(key, slot);
      }
      const cur = calls[slot] as { id: string; name: string; args: string };
      if (id !== undefined && cur.id === '') cur.id = id;
      const name = str(fn, 'name');
      if (name !== undefined) cur.name += name;
      const args = str(fn, 'arguments');
      if (args !== undefined) cur.args += args;
    }
  }
  const message: JsonObject = new Map<string, JsonValue>([
    ['role', 'assistant'],
    ['content', content],
  ]);
  if (calls.length > 0) {
    message.set(
      'tool_calls',
      calls.map(
        (c) =>
          new Map<string, JsonValue>([
            ['id', c.id],
            ['type', 'function'],
            [
              'function',
              new Map<string, JsonValue>([
                ['name', c.name],
                ['arguments', c.args],
              ]),
            ],
          ]),
      ),
    );
  }
  return new Map<string, JsonValue>([
    ['choices', [new Map<string, JsonValue>([['message', message]])]],
  ]);
}

function anthropicEvents(events: readonly JsonValue[]): JsonValue {
  const blocks: JsonObject[] = [];
  const partial = new Map<number, string>();
  for (const e of events) {
    const t = str(e, 'type');
    const iv = field(e, 'index');
    const idx = iv instanceof JsonNumber ? Number(iv.lexeme) : blocks.length;
    if (t === 'content_block_start') {
      const b = obj(e, 'content_block');
      blocks[idx] = b ? new Map(b) : new Map();
    } else if (t === 'content_block_delta') {
      const d = obj(e, 'delta');
      const b = blocks[idx];
      if (!b || !d) continue;
      const dt = str(d, 'type');
      if (dt === 'text_delta') b.set('text', (str(b, 'text') ?? '') + (str(d, 'text') ?? ''));
      else if (dt === 'input_json_delta')
        partial.set(idx, (partial.get(idx) ?? '') + (str(d, 'partial_json') ?? ''));
    }
  }
  for (const [idx, json] of partial) {
    const b = blocks[idx];
    if (!b) continue;
    if (json.trim() === '') b.set('input', new Map());
    else {
      const p = parseJson(json);
      b.set('input', p.ok ? p.value.value : json);
    }
  }
  return new Map<string, JsonValue>([
    ['role', 'assistant'],
    ['content', blocks.filter((b) => b !== undefined)],
  ]);
}
