// A Cohere v2 chat stream put back together into the reply it streamed, tool-call deltas joined.
import { JsonNumber } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field, obj, str } from '../access';
import { chatMessage, indexField, object } from './shared';
import type { Assembled } from './shared';

/**
 * The event types of Cohere's v2 chat stream (cohere-ai/cohere-python
 * src/cohere/v2/types/streamed_chat_response2.py @099f5aaa85): `message-start`, then content,
 * tool-plan and tool-call events, `message-end` with the finish reason.
 */
export const COHERE_EVENTS: ReadonlySet<string> = new Set([
  'message-start',
  'content-start',
  'content-delta',
  'content-end',
  'tool-plan-delta',
  'tool-call-start',
  'tool-call-delta',
  'tool-call-end',
  'citation-start',
  'citation-end',
  'message-end',
]);

interface Reply {
  id: JsonValue | undefined;
  text: string | null;
  readonly calls: { id: string; type: string; name: string; args: string }[];
  /** A `tool-call-*` event's `index` → the slot in `calls` it names. */
  readonly atIndex: Map<number, number>;
  finish: JsonValue | null;
}

/**
 * Cohere v2 chat events, folded as its SDK streams them: each `message-start` opens a reply;
 * a `tool-call-start` carries a call's id and name (its `delta.message.tool_calls` one object,
 * not a list), each `tool-call-delta` of the same `index` appends to its arguments. The
 * replies take the OpenAI chat completion's shape, whose `tool_calls` Cohere's v2 calls
 * already have.
 */
export function cohereEvents(events: readonly JsonValue[]): Assembled {
  const done: Reply[] = [];
  let cur: Reply | null = null;
  for (const e of events) {
    const type = str(e, 'type');
    if (type === undefined || !COHERE_EVENTS.has(type)) continue;
    const message = obj(obj(e, 'delta'), 'message');
    if (type === 'message-start' || cur === null) {
      if (cur !== null) done.push(cur);
      cur = { id: field(e, 'id'), text: null, calls: [], atIndex: new Map(), finish: null };
    }
    if (type === 'content-delta') {
      const t = str(obj(message, 'content'), 'text');
      if (t !== undefined) cur.text = (cur.text ?? '') + t;
    } else if (type === 'tool-call-start' || type === 'tool-call-delta') {
      const tc = obj(message, 'tool_calls');
      const index = indexField(e, 'index') ?? cur.calls.length;
      let slot = cur.atIndex.get(index);
      if (slot === undefined || type === 'tool-call-start') {
        slot = cur.calls.length;
        cur.calls.push({ id: '', type: 'function', name: '', args: '' });
        cur.atIndex.set(index, slot);
      }
      const call = cur.calls[slot] as Reply['calls'][number];
      const fn = obj(tc, 'function');
      call.id = str(tc, 'id') ?? call.id;
      call.name = str(fn, 'name') || call.name;
      call.args += str(fn, 'arguments') ?? '';
    } else if (type === 'message-end') {
      cur.finish = field(obj(e, 'delta'), 'finish_reason') ?? null;
    }
  }
  if (cur !== null) done.push(cur);
  const replies = done.map((r) => {
    const message = chatMessage('assistant', r.text, r.calls);
    const choice = object([
      ['index', new JsonNumber('0')],
      ['message', message],
      ['finish_reason', r.finish],
    ]);
    return object([...(r.id === undefined ? [] : [['id', r.id] as const]), ['choices', [choice]]]);
  });
  return { replies, unfinished: done.filter((r) => r.finish === null).length };
}
