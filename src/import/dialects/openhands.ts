// OpenHands' V0 actions as the dialect table reads them: the serialized events and the issue
// resolver's flat copies of them.
import type { FoundCall, Place } from './entry';
import { eachMember, get, getRec, has, isRec, recLike, type Rec } from './shape';

/** The arguments of call `id` in an OpenHands action's `model_response`, or undefined. */
export function responseArguments(meta: Rec, id: string): unknown {
  const choices = get(getRec(meta, 'model_response') ?? new Map(), 'choices');
  if (!Array.isArray(choices)) return undefined;
  for (const ch of choices) {
    const msg = isRec(ch) ? getRec(ch, 'message') : undefined;
    const calls = msg ? get(msg, 'tool_calls') : undefined;
    if (!Array.isArray(calls)) continue;
    for (const c of calls) {
      if (!isRec(c) || get(c, 'id') !== id) continue;
      const f = getRec(c, 'function');
      return f ? get(f, 'arguments') : undefined;
    }
  }
  return undefined;
}

/** OpenHands actions that are not tool calls (openhands.ts reads the same). */
export const OPENHANDS_NOT_CALLS = new Set([
  'message',
  'system',
  'change_agent_state',
  'recall',
  'null',
  'condensation',
  'condensation_request',
]);

/**
 * The issue resolver's form of an action (`dataclasses.asdict`): its fields at the top, no
 * `source`, `args` or id, known by the fields every tool action has, or in a `history` list by
 * the thought every action has (`think`, `finish`); its arguments are its fields but `action`.
 */
export function resolverCall(o: Rec, at: Place, action: string): FoundCall | null {
  const flat =
    !has(o, 'source') &&
    !has(o, 'id') &&
    !has(o, 'role') &&
    (has(o, 'security_risk') ||
      has(o, 'confirmation_state') ||
      has(o, 'is_confirmed') ||
      (at.listKey === 'history' && has(o, 'thought')));
  if (!flat) return null;
  const args: Record<string, unknown> = {};
  eachMember(o, (k, x) => {
    if (k !== 'action') args[k] = x;
  });
  return { id: null, name: action, args: recLike(o, args) };
}
