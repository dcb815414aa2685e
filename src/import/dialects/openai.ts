// OpenAI chat messages as written, legacy function calls converted, missing ids warned.
import { isJsonArray, isJsonObject } from '../../json/index';
import type { ChatMessage } from '../../detector/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { chatMessage, toolCallValue } from '../build';
import type { Span } from '../build';
import type { TextSpan } from '../spans';
import { plural } from '../warnings';
import type { Warnings } from '../warnings';

/**
 * One element of an OpenAI `messages` array, with its four fields kept exactly as
 * written: the reference's edge-case rules (a non-string role, a `tool_calls` that is
 * not an array, …) depend on the raw values. An array element is read positionally,
 * as serde does (docs/detector.md §7.1).
 */
export function rawMessage(v: JsonValue, span?: Span): ChatMessage {
  if (isJsonObject(v)) {
    return chatMessage(
      v.get('role'),
      v.get('content'),
      v.get('tool_calls'),
      v.get('tool_call_id'),
      span,
    );
  }
  if (isJsonArray(v)) return chatMessage(v[0], v[1], v[2], v[3], span);
  return chatMessage(undefined, undefined, undefined, undefined, span);
}

/** Raw messages of an array, with spans when they line up one to one. */
export function rawMessages(
  list: readonly JsonValue[],
  spans: readonly TextSpan[] | null,
): ChatMessage[] {
  const useSpans = spans !== null && spans.length === list.length;
  const out: ChatMessage[] = new Array<ChatMessage>(list.length);
  for (let i = 0; i < list.length; i++) {
    out[i] = rawMessage(list[i] as JsonValue, useSpans ? spans[i] : undefined);
  }
  return out;
}

/**
 * Whether a message keeps its tool results in AutoGen's `tool_responses` list: AutoGen (0.2,
 * and AG2) stores a `role: "tool"` message whose `tool_responses` are the tool messages it
 * sends the model, and unrolls them before each request (ag2ai/ag2
 * `autogen/agentchat/conversable_agent.py` @5b109b0aa2, `_generate_oai_reply_from_client`).
 */
export function hasToolResponses(m: JsonValue): boolean {
  const list = isJsonObject(m) ? m.get('tool_responses') : undefined;
  return isJsonArray(list) && list.length > 0;
}

/**
 * The messages as AutoGen sends them: each `tool_responses` list in place of its message, and
 * the message itself after them unless its role is `tool` (its content then only joins theirs).
 * Null where no message has one.
 */
export function unrollToolResponses(list: readonly JsonValue[]): JsonValue[] | null {
  if (!list.some(hasToolResponses)) return null;
  const out: JsonValue[] = [];
  for (const m of list) {
    if (!hasToolResponses(m)) {
      out.push(m);
      continue;
    }
    const o = m as JsonObject;
    for (const r of o.get('tool_responses') as JsonValue[]) out.push(r);
    if (str(o, 'role') !== 'tool') {
      const rest: JsonObject = new Map();
      for (const [k, v] of o) if (k !== 'tool_responses') rest.set(k, v);
      out.push(rest);
    }
  }
  return out;
}

/** Whether any message uses legacy function calling (`function_call`, `role: "function"`). */
export function usesLegacyFunctions(list: readonly JsonValue[]): boolean {
  for (const m of list) if (isJsonObject(m) && isLegacyFunctionMessage(m)) return true;
  return false;
}

/** Whether one message uses legacy function calling. */
export function isLegacyFunctionMessage(m: JsonObject): boolean {
  if (str(m, 'role') === 'function') return true;
  return isJsonObject(m.get('function_call')) && !isJsonArray(m.get('tool_calls'));
}

/**
 * Rewrites legacy function calling into `tool_calls` / `role: "tool"` so the replay can
 * see the calls: each `function_call` gets a synthesized id, and each `role: "function"`
 * result takes the id of the nearest preceding call with the same name.
 */
export function convertLegacy(
  list: readonly JsonValue[],
  messages: ChatMessage[],
  warnings: Warnings,
): void {
  let open: { id: string; name: string; answered: boolean }[] = [];
  let converted = 0;
  for (let i = 0; i < list.length; i++) {
    const m = list[i] as JsonValue;
    const cur = messages[i] as ChatMessage;
    const role = str(m, 'role');
    const fc = obj(m, 'function_call');
    if (role === 'assistant' && fc && !isJsonArray(field(m, 'tool_calls'))) {
      const name = str(fc, 'name') ?? '';
      const id = `syn-${i}-0`;
      const args: JsonValue = fc.has('arguments') ? (fc.get('arguments') as JsonValue) : null;
      messages[i] = chatMessage(
        'assistant',
        cur.content,
        [toolCallValue(id, name, args)],
        undefined,
        cur.span,
      );
      open = [{ id, name, answered: false }];
      converted++;
      continue;
    }
    if (role === 'function') {
      const name = str(m, 'name');
      const call =
        open.find((c) => !c.answered && c.name === name) ?? open.find((c) => !c.answered);
      const id = call ? call.id : `syn-orphan-${i}`;
      if (call) call.answered = true;
      messages[i] = chatMessage('tool', cur.content, undefined, id, cur.span);
      converted++;
      continue;
    }
    if (role !== 'tool') open = [];
  }
  if (converted > 0) {
    warnings.add(
      `Converted ${plural(converted, 'legacy function-calling message')} to tool_calls / role "tool" with synthesized ids; the reference itself reads only tool_calls and would see no calls in them.`,
    );
  }
}

/** Counts tool calls without a string id (the reference reads them as id "", so answers cannot be joined). */
export function warnMissingIds(messages: readonly ChatMessage[], warnings: Warnings): void {
  let missing = 0;
  for (const m of messages) missing += missingIds(m);
  if (missing > 0) warnings.add(missingIdsWarning(missing));
}

/** How many of a message's tool calls have no string id. */
export function missingIds(m: ChatMessage): number {
  if (!isJsonArray(m.tool_calls)) return 0;
  let missing = 0;
  for (const c of m.tool_calls) if (typeof field(c, 'id') !== 'string') missing++;
  return missing;
}

/** The warning for `missing` tool calls without an id. */
export function missingIdsWarning(missing: number): string {
  return `${plural(missing, 'tool call')} ${missing === 1 ? 'has' : 'have'} no id; like the reference, Loopscope reads it as "" so its answer cannot be joined when a batch holds two of them.`;
}

/** The assistant message of a chat-completions response (`choices[0].message`), or null. */
export function responseMessage(resp: JsonValue, warnings: Warnings): JsonValue | null {
  const choices = arr(resp, 'choices');
  if (!choices || choices.length === 0) return null;
  if (choices.length > 1) {
    warnings.add(`The response has ${choices.length} choices; only choice 0 was used.`);
  }
  const first = choices[0];
  const msg = field(first, 'message') ?? field(first, 'delta');
  return msg === undefined ? null : msg;
}
