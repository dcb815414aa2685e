// The walk's steps settled: a call spelled twice, or repeated by a parent span, read once.
import { isJsonArray, isJsonObject } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { canonical } from '../dialects/shape';
import { ancestorCopies } from '../spanTree';
import type { ShapeCall, ShapeEvent, ShapeStep } from './types';

/** Whether an object is a trace's span: it has a span id, its own or its OTel `context`'s. */
export function isSpan(v: JsonObject): boolean {
  if (v.has('spanId') || v.has('span_id')) return true;
  const ctx = v.get('context');
  return isJsonObject(ctx) && (ctx.has('span_id') || ctx.has('spanId'));
}

/**
 * Whether an object is one whole reply of a model API (a chat completion, a Responses object,
 * an Anthropic message, a step with its own list of calls), as a log of responses keeps one a
 * record: its calls are its own.
 */
export function isReply(v: JsonObject): boolean {
  const object = v.get('object');
  if (object === 'chat.completion' || object === 'response') return true;
  const choices = v.get('choices');
  if (isJsonArray(choices) && choices.some((c) => isJsonObject(c) && c.has('message'))) return true;
  if (v.get('type') === 'message' && v.get('role') === 'assistant' && v.has('stop_reason'))
    return true;
  // A step that keeps a message's whole list of calls as its own member (a step log's
  // `tool_calls`) is that one reply, as a chat message with that list is.
  const own = v.get('tool_calls') ?? v.get('toolCalls');
  return isJsonArray(own) && own.length > 0;
}

/** Whether two calls name the same tool with the same arguments. */
export function sameCall(a: ShapeCall, b: ShapeCall): boolean {
  return a.name === b.name && canonical(a.args) === canonical(b.args);
}

/** A call's identity across spans: its id, name and canonical arguments. */
function spanKey(e: ShapeCall): string {
  return `${e.id ?? ''}\u0000${e.name}\u0000${canonical(e.args)}`;
}

/**
 * A span's calls that one of its descendant spans holds too (the same id, name and arguments)
 * are dropped: the parent's output repeats its child's, as the census counts them once.
 */
export function dropSpanCopies(steps: readonly ShapeStep[], parents: Int32Array): void {
  const keys = new Map<number, string[]>();
  const keyOf = new Map<ShapeEvent, string>();
  steps.forEach((s, i) => {
    for (const e of s.events) {
      if (e.kind !== 'call' || e.echo !== false) continue;
      const key = spanKey(e);
      keyOf.set(e, key);
      const k = keys.get(i);
      if (k) k.push(key);
      else keys.set(i, [key]);
    }
  });
  if (keys.size < 2) return;
  for (const [i, copies] of ancestorCopies(parents, keys)) {
    const s = steps[i];
    if (s === undefined || !keys.has(i)) continue;
    const kept = s.events.filter((e) => {
      const key = keyOf.get(e);
      return key === undefined || !copies.has(key);
    });
    s.events.length = 0;
    s.events.push(...kept);
  }
}

/**
 * What a step says as a whole about its calls. A call it spells twice (its `tool_calls` and
 * again in the model's message it keeps beside them, as smolagents' steps do) is one call: ids
 * are unique within one reply. A step whose calls carry no answer of their own and that holds
 * no result answers them with its `observations` (smolagents: the results of all its calls,
 * joined).
 */
export function settleStep(step: ShapeStep, item: JsonValue): void {
  const events = step.events;
  // By id and name first: the arguments are spelled out only where those two meet again.
  let seen: Map<string, ShapeCall[]> | null = null;
  const kept = events.filter((e) => {
    if (e.kind !== 'call' || e.id === null) return true;
    const key = `${e.id}\u0000${e.name}`;
    seen ??= new Map();
    const same = seen.get(key);
    if (same === undefined) seen.set(key, [e]);
    else if (same.some((x) => canonical(x.args) === canonical(e.args))) return false;
    else same.push(e);
    return true;
  });
  if (kept.length !== events.length) {
    events.length = 0;
    for (const e of kept) events.push(e);
  }
  const observations = isJsonObject(item) ? item.get(STEP_OUTPUT) : undefined;
  if (observations === undefined || observations === null) return;
  if (events.some((e) => e.kind === 'result')) return;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as ShapeEvent;
    if (e.kind === 'call' && e.output === undefined) events[i] = { ...e, output: observations };
  }
}
const STEP_OUTPUT = 'observations';
