// An OpenAI Responses SSE stream put back together into the items it streamed.
import { isJsonArray } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { indexField, object } from './shared';
import type { Assembled } from './shared';

interface ResponseAcc {
  /** Items by `output_index`, as added, grown by their deltas, then replaced when done. */
  readonly items: Map<number, JsonObject>;
  /** A message item's `output_text` deltas, joined, by `output_index`. */
  readonly texts: Map<number, string>;
  /** `response.completed`'s output, which is authoritative when a provider sends it. */
  final: JsonValue[] | null;
  done: boolean;
}

const DONE = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * OpenAI Responses stream events, folded as the OpenAI SDK's response stream folds them:
 * items register at their `output_index`, `function_call_arguments.delta` appends to the
 * item's arguments, `output_item.done` replaces the item, and `response.completed` gives the
 * whole output (rebuilt from the items when it is missing). `response.created` opens the
 * next reply.
 */
export function responsesEvents(events: readonly JsonValue[]): Assembled {
  const replies: JsonValue[] = [];
  let unfinished = 0;
  let cur: ResponseAcc | null = null;
  const fresh = (): ResponseAcc => ({
    items: new Map(),
    texts: new Map(),
    final: null,
    done: false,
  });
  const close = () => {
    if (!cur) return;
    if (!cur.done) unfinished++;
    replies.push(object([['output', outputOf(cur)]]));
    cur = null;
  };
  for (const e of events) {
    const t = str(e, 'type');
    if (t === undefined || !t.startsWith('response.')) continue;
    if (t === 'response.created') {
      close();
      cur = fresh();
      continue;
    }
    cur ??= fresh();
    const index = indexField(e, 'output_index');
    if (t === 'response.output_item.added' || t === 'response.output_item.done') {
      const item = obj(e, 'item');
      if (item && index !== undefined) cur.items.set(index, new Map(item));
    } else if (t === 'response.output_text.delta') {
      if (index !== undefined)
        cur.texts.set(index, (cur.texts.get(index) ?? '') + (str(e, 'delta') ?? ''));
    } else if (t === 'response.function_call_arguments.delta') {
      grow(itemOf(cur, e, index), 'arguments', str(e, 'delta'));
    } else if (t === 'response.function_call_arguments.done') {
      const args = str(e, 'arguments');
      if (args !== undefined) itemOf(cur, e, index)?.set('arguments', args);
    } else if (t === 'response.custom_tool_call_input.delta') {
      grow(itemOf(cur, e, index), 'input', str(e, 'delta'));
    } else if (DONE.has(t)) {
      const output = arr(obj(e, 'response'), 'output');
      cur.final = output && (output.length > 0 || cur.items.size === 0) ? output : null;
      cur.done = true;
      close();
    }
  }
  close();
  return { replies, unfinished };
}

/** The item a delta names: by `output_index`, else by `item_id`. */
function itemOf(acc: ResponseAcc, e: JsonValue, index: number | undefined): JsonObject | undefined {
  if (index !== undefined) {
    const hit = acc.items.get(index);
    if (hit) return hit;
  }
  const id = str(e, 'item_id');
  if (id === undefined) return undefined;
  for (const item of acc.items.values()) if (str(item, 'id') === id) return item;
  return undefined;
}

function grow(item: JsonObject | undefined, key: string, delta: string | undefined): void {
  if (item && delta !== undefined) item.set(key, (str(item, key) ?? '') + delta);
}

/** The reply's output: the final one, else the items in `output_index` order (gaps skipped). */
function outputOf(acc: ResponseAcc): JsonValue[] {
  if (acc.final) return acc.final;
  const out: JsonValue[] = [];
  for (const [index, item] of [...acc.items.entries()].sort((a, b) => a[0] - b[0])) {
    const text = acc.texts.get(index);
    const content = field(item, 'content');
    // A message cut short before its output_item.done holds only its deltas.
    if (
      str(item, 'type') === 'message' &&
      text !== undefined &&
      !(isJsonArray(content) && content.length > 0)
    ) {
      item.set('content', [
        object([
          ['type', 'output_text'],
          ['text', text],
        ]),
      ]);
    }
    out.push(item);
  }
  return out;
}
