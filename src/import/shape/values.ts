// The walk's small helpers: paths, titles, sessions, JSON in strings, a call's input and output.
import { isJsonArray, isJsonObject, parseJson } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { isStreamText, jsonLinesValues, streamEvents } from '../dialects/shape';
import { ARG_KEYS, TOOL_NAMED } from '../dialects/unknownCall';
import { printedObject } from '../literal';
import { jsonReply } from '../censusFind';

/** Past this depth the walk stops: calls deeper than any real transcript's are left uncounted. */
export const MAX_DEPTH = 256;
export const MAX_NESTED = 4;
const SESSION_KEYS = [
  'sessionKey',
  'session_id',
  'sessionId',
  // opencode's events and parts.
  'sessionID',
  'conversation_id',
  'conversationId',
  'thread_id',
  'threadId',
  'trajectory_id',
  // A unit of work an agent's audit log interleaves with others: a support ticket (a
  // ticket-handling agent's `{ ts, ticket_id, event }` lines), an episode, a chat, a case.
  'ticket_id',
  'episode_id',
  'chat_id',
  'case_id',
  // A tracer's runs, a trace each (the census keeps them apart too: `isRunList`).
  'trace_id',
  'traceId',
  // A benchmark's results, one task a record (CAMEL's GAIA runs; SWE-bench's instances; a
  // function-calling benchmark's test cases).
  'task_id',
  'instance_id',
  'test_id',
];
const OWN_OUTPUT = [
  'output',
  'outputs',
  'result',
  'observation',
  'tool_output',
  'toolOutput',
  'tool_result',
  'toolResult',
  'response',
  // A Vercel AI SDK UI tool part that failed.
  'errorText',
  // A logged call that failed, its output null (`{ tool_name, input_args, output, error }`).
  'error',
];
const MARKER = /tool|unction|Call|call_id/;

/** VS Code's serialized result parts (`[{ $mid, value }]`) as their text; else as they are. */
export function valueText(v: JsonValue): JsonValue {
  if (!isJsonArray(v)) return v;
  const out: string[] = [];
  for (const p of v) {
    const t = isJsonObject(p) ? p.get('value') : undefined;
    if (typeof t !== 'string') return v;
    out.push(t);
  }
  return out.join('\n');
}

export function join(path: string, k: string): string {
  return path === '' ? k : `${path}.${k}`;
}

export function titleOf(o: JsonObject): string | undefined {
  const t = o.get('title');
  return typeof t === 'string' && t.trim() !== '' ? t.trim() : undefined;
}

export function sessionOf(o: JsonObject): string | null {
  for (const k of SESSION_KEYS) {
    const v = o.get(k);
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}

/**
 * The members an event wraps its payload in (opencode's `{ type, properties: { part: {
 * sessionID, … } } }`, an MCP request's `params._meta`), looked through for the session an
 * item of a list names, two levels down at most. Never a call's own members: a tool's
 * arguments may name a session of their own.
 */
const ENVELOPES = ['properties', 'data', 'payload', 'params', 'event', 'part', 'info', '_meta'];
/** The session key VS Code's MCP client sends in a request's `_meta`. */
const VSCODE_CONVERSATION = 'vscode.conversationId';

/** The session an item names itself, else in the payload it wraps (`ENVELOPES`). */
export function itemSession(o: JsonObject): string | null {
  const own = sessionOf(o);
  if (own !== null) return own;
  let level: JsonObject[] = [o];
  for (let depth = 0; depth < 2 && level.length > 0; depth++) {
    const next: JsonObject[] = [];
    for (const x of level)
      for (const k of ENVELOPES) {
        const v = x.get(k);
        if (!isJsonObject(v)) continue;
        const found = sessionOf(v) ?? stringAt(v, VSCODE_CONVERSATION);
        if (found !== null) return found;
        next.push(v);
      }
    level = next;
  }
  return null;
}

function stringAt(o: JsonObject, k: string): string | null {
  const v = o.get(k);
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * The run an agent's own log of its calls says a record was made in (`{ run_id, tool,
 * arguments }`, a record a line): its conversation. Only a flat record that names its tool and
 * says no kind of its own: a traced event's `run_id` is its span's (LangChain's
 * `astream_events`, `{ event, name, run_id }`).
 */
export function runOf(o: JsonObject): string | null {
  if (o.has('type') || o.has('event') || !TOOL_NAMED.some((k) => o.has(k))) return null;
  const v = o.get('run_id') ?? o.get('runId');
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * Whether an object keeps records by their own ids (`{ "<id>": { id: "<id>", … } }`, as Open
 * WebUI keeps a chat's messages): a list of them, not one step.
 */
export function keyedById(v: JsonObject): boolean {
  if (v.size === 0) return false;
  for (const [k, x] of v) if (!isJsonObject(x) || x.get('id') !== k) return false;
  return true;
}

/** A string that holds JSON naming a call or a result, as that JSON; else undefined. */
export function embedded(s: string, depth: number): JsonValue | undefined {
  if (depth > MAX_DEPTH - MAX_DEPTH / MAX_NESTED || s.length < 16) return undefined;
  // A captured event stream, as the census reads it: its events one list.
  if (isStreamText(s)) return MARKER.test(s) ? streamEvents(s, jsonValue) : undefined;
  if (!MARKER.test(s)) return undefined;
  // A streamed body of JSON Lines (Ollama's): its objects one list, as the census reads it.
  return jsonValue(s) ?? jsonLinesValues(s, jsonValue) ?? printedObject(s);
}

/**
 * Whether a message's whole text is a call or an answer as JSON (`jsonReply`): the JSON is the
 * message's one part, its text no words and no answer of its own.
 */
export function spelledJson(o: JsonObject): boolean {
  const text = o.get('content');
  return typeof text === 'string' && jsonReply(text);
}

/** A JSON object or array spelled by a string; undefined for anything else. */
export function jsonValue(s: string): JsonValue | undefined {
  const c = s.trimStart().charCodeAt(0);
  if (c !== 0x7b && c !== 0x5b) return undefined;
  const r = parseJson(s);
  return r.ok ? r.value.value : undefined;
}

/** The arguments to hand on: what the dialect read when it is JSON, else the object's own. */
export function inputOf(o: JsonObject, args: unknown): JsonValue {
  if (args !== undefined) return args as JsonValue;
  for (const k of ARG_KEYS) {
    const v = o.get(k);
    if (v !== undefined) return v;
  }
  return new Map();
}

export function ownOutput(o: JsonObject): JsonValue | undefined {
  for (const k of OWN_OUTPUT) {
    const v = o.get(k);
    if (v !== undefined && v !== null) return v;
  }
  const state = o.get('state');
  if (isJsonObject(state)) {
    const v = state.get('output') ?? state.get('error');
    if (v !== undefined && v !== null) return v;
  }
  // An OpenAI Assistants run step's function call keeps its output beside its arguments.
  const f = o.get('function');
  if (isJsonObject(f)) {
    const v = f.get('output');
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

export function firstStr(o: JsonObject, keys: readonly string[]): string | null {
  for (const k of keys) {
    const v = o.get(k);
    if (typeof v === 'string' && v !== '') return v;
  }
  return null;
}

/**
 * A logger's record of one chat message, its members prefixed (`message_type: "AI"`,
 * `message_content`, `message_tool_calls`): read with the role and content a message has.
 */
export function asMessage(o: JsonObject): JsonObject {
  if (o.has('role') || o.has('content') || !o.has('message_content')) return o;
  const who = o.get('message_role') ?? o.get('message_type');
  if (typeof who !== 'string') return o;
  const out: JsonObject = new Map(o);
  out.set('role', who.toLowerCase());
  out.set('content', o.get('message_content') as JsonValue);
  out.delete('message_content');
  return out;
}
