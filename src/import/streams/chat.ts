// An OpenAI chat-completions SSE stream put back together into the message it streamed, tool-call
// deltas joined.
import { JsonNumber } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { plural } from '../warnings';
import type { Warnings } from '../warnings';
import { chatMessage, indexField, object } from './shared';
import type { Assembled } from './shared';

interface CallAcc {
  id: string;
  type: string;
  name: string;
  args: string;
}

interface ChoiceAcc {
  role: JsonValue;
  content: string | null;
  readonly calls: CallAcc[];
  /** `tool_calls[].index` → the slot in `calls` it last named. */
  readonly atIndex: Map<number, number>;
  finish: JsonValue;
}

interface Completion {
  id: string | undefined;
  readonly choices: Map<number, ChoiceAcc>;
}

/**
 * OpenAI chat-completions chunks, folded as the OpenAI SDK's stream helper folds them: per
 * choice `index`, then per `tool_calls[].index`; `id` and `type` are set when present, the
 * function name is set (never appended), the arguments appended.
 */
export function chatChunks(events: readonly JsonValue[], w: Warnings): Assembled {
  const done: Completion[] = [];
  let cur: Completion | null = null;
  let drifted = 0;
  for (const e of events) {
    const choices = arr(e, 'choices');
    // The usage-only tail and error payloads carry no choice.
    if (!choices || choices.length === 0) continue;
    const id = str(e, 'id');
    if (cur && id !== undefined && cur.id !== undefined && id !== cur.id) {
      // Some servers mint a fresh id per chunk; only an ended reply or a new role opens the next.
      if (finished(cur) || choices.some((c) => str(obj(c, 'delta'), 'role') !== undefined)) {
        done.push(cur);
        cur = null;
      } else drifted++;
    }
    if (!cur) cur = { id, choices: new Map() };
    if (cur.id === undefined) cur.id = id;
    for (const ch of choices) addChoice(cur, ch);
  }
  if (cur) done.push(cur);
  if (drifted > 0) {
    w.add(
      `${plural(drifted, 'chunk')} changed id in the middle of a reply (before its finish_reason); ${drifted === 1 ? 'it was' : 'they were'} read as part of that reply.`,
    );
  }
  let missingId = 0;
  let missingName = 0;
  const replies = done.map((c) => {
    const list = [...c.choices.entries()].sort((a, b) => a[0] - b[0]);
    return object([
      ...(c.id !== undefined ? [['id', c.id] as const] : []),
      [
        'choices',
        list.map(([index, acc]) => {
          for (const call of acc.calls) {
            if (call.id === '') missingId++;
            if (call.name === '') missingName++;
          }
          return object([
            ['index', new JsonNumber(String(index))],
            ['message', chatMessage(acc.role, acc.content, acc.calls)],
            ['finish_reason', acc.finish],
          ]);
        }),
      ],
    ]);
  });
  if (missingId > 0)
    w.add(
      `${plural(missingId, 'streamed tool call')} never received an id; each kept an empty one.`,
    );
  if (missingName > 0)
    w.add(`${plural(missingName, 'streamed tool call')} never received a function name.`);
  return { replies, unfinished: done.filter((c) => !finished(c)).length };
}

function finished(c: Completion): boolean {
  for (const acc of c.choices.values()) if (acc.finish === null) return false;
  return c.choices.size > 0;
}

function addChoice(c: Completion, ch: JsonValue): void {
  const index = indexField(ch, 'index') ?? 0;
  let acc = c.choices.get(index);
  if (!acc) {
    acc = { role: 'assistant', content: null, calls: [], atIndex: new Map(), finish: null };
    c.choices.set(index, acc);
  }
  const delta = obj(ch, 'delta');
  const role = str(delta, 'role');
  if (role !== undefined && role !== '') acc.role = role;
  const text = str(delta, 'content');
  if (text !== undefined) acc.content = (acc.content ?? '') + text;
  for (const tc of arr(delta, 'tool_calls') ?? []) addCall(acc, tc);
  const finish = field(ch, 'finish_reason');
  if (finish !== undefined && finish !== null) acc.finish = finish;
}

function addCall(acc: ChoiceAcc, tc: JsonValue): void {
  const key = indexField(tc, 'index') ?? 0;
  const id = str(tc, 'id') ?? '';
  let slot = acc.atIndex.get(key);
  const named = slot === undefined ? '' : (acc.calls[slot]?.id ?? '');
  // Some servers reuse index 0 for every call of a batch: a new id means a new call.
  if (slot === undefined || (id !== '' && named !== '' && named !== id)) {
    slot = acc.calls.length;
    acc.calls.push({ id: '', type: '', name: '', args: '' });
    acc.atIndex.set(key, slot);
  }
  const call = acc.calls[slot] as CallAcc;
  if (id !== '') call.id = id;
  const type = str(tc, 'type');
  if (type !== undefined && type !== '') call.type = type;
  const fn = obj(tc, 'function');
  const name = str(fn, 'name');
  if (name !== undefined && name !== '') call.name = name;
  const args = str(fn, 'arguments');
  if (args !== undefined) call.args += args;
}
