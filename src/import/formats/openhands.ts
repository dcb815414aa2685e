// OpenHands event streams (docs/formats.md): actions and observations to chat-completions calls and
// answers.
import { isJsonArray, isJsonObject, JsonNumber, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { Conversation } from '../build';
import type { CallInput, Span } from '../build';
import { displayText, narration } from '../content';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { logRecords } from '../records';

const SKIP_ACTIONS = new Set([
  'change_agent_state',
  'recall',
  'null',
  'condensation',
  'condensation_request',
]);

/** Observations of actions skipped above: the agent's state, not a tool's answer. */
const SKIP_OBSERVATIONS = new Set(['recall', 'agent_state_changed', 'null', 'condensation']);

/**
 * OpenHands trajectories: V0 events (`action` / `observation` with `source`, linked by
 * `cause` or `tool_call_metadata`) and V1 SDK events (`kind: "ActionEvent"`, …). Actions
 * from one model response (`tool_call_metadata.model_response.id`, `llm_response_id`)
 * form one batch. The issue resolver's output (one JSON object a line, each run's `history`)
 * is a conversation a run.
 */
export const importOpenHands: FormatImporter = (doc) => {
  const v = doc.kind === 'json' ? doc.parsed.value : null;
  const history =
    v !== null && !isJsonArray(v) ? (arr(v, 'history') ?? arr(v, 'events')) : undefined;
  if (history) return ok(finish(readEvents(history.map((value) => ({ value, span: undefined })))));
  const records = logRecords(doc);
  const runs = records.map((r) => arr(r.value, 'history'));
  if (records.length > 0 && runs.every((h) => h !== undefined)) {
    const out = records.map((r, i) => {
      const c = readEvents((runs[i] ?? []).map((value) => ({ value, span: undefined })));
      const issue = field(obj(r.value, 'issue'), 'number');
      const label = issue instanceof JsonNumber ? `issue ${issue.lexeme}` : `run ${i + 1}`;
      return { label, ...finish(c) };
    });
    const first = out[0] as (typeof out)[number];
    return ok({ ...first, ...(out.length > 1 ? { conversations: out } : {}) });
  }
  const events = records.map((r) => ({ value: r.value, span: r.span }));
  if (events.length === 0) return invalid('The OpenHands trajectory holds no events.');
  return ok(finish(readEvents(events)));
};

function readEvents(events: readonly { value: JsonValue; span: Span }[]): Conversation {
  const c = new Conversation();
  const callIdOfEvent = new Map<string, string>();
  let lastResponse: string | undefined;
  for (const { value: e, span } of events) {
    const kind = str(e, 'kind');
    if (kind !== undefined) {
      lastResponse = v1Event(e, kind, c, span, lastResponse);
      continue;
    }
    const action = str(e, 'action');
    const source = str(e, 'source');
    // The resolver writes each event with `dataclasses.asdict`: its fields at the top, with
    // no `args`, `source`, id or `cause`; an observation answers the action before it.
    const flat = isJsonObject(e) && !e.has('args') && !e.has('source') && !e.has('id');
    if (action !== undefined) {
      const args = field(e, 'args') ?? (flat ? without(e, 'action') : undefined);
      if (action === 'message' || action === 'system') {
        const text = str(args, 'content') ?? str(e, 'message') ?? '';
        if (action === 'system') c.message('system', text, span);
        else if (source === 'user' || flat) c.message('user', text, span);
        else c.assistant(text, [], span);
        lastResponse = undefined;
        continue;
      }
      if (SKIP_ACTIONS.has(action) || source === 'environment') continue;
      const meta = obj(e, 'tool_call_metadata');
      const responseId = str(obj(meta, 'model_response'), 'id');
      const id = str(meta, 'tool_call_id');
      const call: CallInput = {
        id,
        name: str(meta, 'function_name') ?? action,
        args: args ?? null,
      };
      const joined =
        responseId !== undefined && responseId === lastResponse && c.extendAssistant(null, [call]);
      if (!joined) c.assistant(str(args, 'thought') ?? null, [call], span);
      lastResponse = responseId;
      const at = c.openAssistant >= 0 ? c.messages[c.openAssistant] : undefined;
      const calls = at && isJsonArray(at.tool_calls) ? at.tool_calls : [];
      const usedId = str(calls[calls.length - 1], 'id');
      const eid = eventId(e);
      if (eid !== undefined && usedId !== undefined) callIdOfEvent.set(eid, usedId);
      continue;
    }
    const observation = str(e, 'observation');
    if (observation !== undefined) {
      const cause = field(e, 'cause');
      const causeKey =
        cause instanceof JsonNumber ? cause.lexeme : typeof cause === 'string' ? cause : undefined;
      const metaId = str(obj(e, 'tool_call_metadata'), 'tool_call_id');
      const id = metaId ?? (causeKey !== undefined ? callIdOfEvent.get(causeKey) : undefined);
      if (flat && id === undefined && causeKey === undefined) {
        if (SKIP_OBSERVATIONS.has(observation)) continue;
        c.result(undefined, undefined, field(e, 'content') ?? null, span, observation === 'error');
        continue;
      }
      if (id === undefined && causeKey === undefined) continue; // state changes, not results
      // V0 reports a failed action as an `error` observation.
      c.result(id, undefined, field(e, 'content') ?? null, span, observation === 'error');
    }
  }
  return c;
}

/** An object's members but one, in their order. */
function without(o: Map<string, JsonValue>, key: string): Map<string, JsonValue> {
  const out = new Map<string, JsonValue>();
  for (const [k, x] of o) if (k !== key) out.set(k, x);
  return out;
}

function eventId(e: JsonValue): string | undefined {
  const id = field(e, 'id');
  return id instanceof JsonNumber ? id.lexeme : typeof id === 'string' ? id : undefined;
}

function v1Event(
  e: JsonValue,
  kind: string,
  c: Conversation,
  span: Span,
  last: string | undefined,
): string | undefined {
  if (kind === 'SystemPromptEvent') {
    c.message('system', displayText(field(e, 'system_prompt') ?? null), span);
    return undefined;
  }
  if (kind === 'MessageEvent') {
    const msg = field(e, 'llm_message');
    const role = str(msg, 'role') ?? (str(e, 'source') === 'agent' ? 'assistant' : 'user');
    if (role === 'assistant') c.assistant(narration(field(msg, 'content')), [], span);
    else c.message(role, displayText(field(msg, 'content') ?? null), span);
    return undefined;
  }
  if (kind === 'ActionEvent') {
    const tc = obj(e, 'tool_call');
    const args =
      field(tc, 'arguments') ??
      field(obj(tc, 'function'), 'arguments') ??
      field(e, 'action') ??
      null;
    const call: CallInput = {
      id: str(e, 'tool_call_id') ?? str(tc, 'id'),
      name: str(e, 'tool_name') ?? str(tc, 'name') ?? '',
      args,
    };
    const resp = str(e, 'llm_response_id');
    const thought = field(e, 'thought');
    const joined = resp !== undefined && resp === last && c.extendAssistant(null, [call]);
    if (!joined) c.assistant(isJsonArray(thought) ? narration(thought) : null, [call], span);
    return resp;
  }
  if (
    kind === 'ObservationEvent' ||
    kind === 'AgentErrorEvent' ||
    kind === 'UserRejectObservation'
  ) {
    const obs = field(e, 'observation');
    c.result(
      str(e, 'tool_call_id'),
      str(e, 'tool_name'),
      isJsonObject(obs) ? (field(obs, 'content') ?? obs) : (obs ?? field(e, 'error') ?? null),
      span,
      // The SDK's stuck detector tells errors by this event type, not by the observation.
      kind === 'AgentErrorEvent',
    );
    return last;
  }
  return last;
}
