// What the walk reads as a tool's answer: result messages, parts and events.
import { isJsonArray, isJsonObject } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import type { Place } from '../dialects/table';
import { atofCallId } from '../dialects/table';
import { sharegptRole, speaker, variant } from './turns';
import type { ShapeResult } from './types';
import { firstStr, spelledJson } from './values';

/** Objects whose members are results keyed by the id of the call each answers. */
export const RESULT_MAPS = new Set(['toolCallResults', 'tool_call_results']);
// Cohere's v1 chat history spells its roles in capitals.
// smolagents' memory as messages answers its calls as `tool-response`.
const RESULT_ROLES = new Set([
  'tool',
  'toolResult',
  'tool_result',
  'function',
  'ipython',
  'TOOL',
  'tool-response',
]);
const RESULT_TYPES = new Set([
  'tool_result',
  'tool-result',
  'function_call_output',
  'custom_tool_call_output',
  'local_shell_call_output',
  'computer_call_output',
  'tool_call_response',
  'tool_response',
  'tool_output',
  'observation',
  // goose: `{ type: "toolResponse", id, toolResult: { status, value } }`.
  'toolResponse',
]);
const RESULT_KEYS = new Set([
  'functionResponse',
  'function_response',
  'toolResult',
  // Haystack's `ToolCallResult` part: `{ result, origin: <the call>, error }`.
  'tool_call_result',
  // Genkit's `{ toolResponse: { ref, name, output } }`.
  'toolResponse',
]);
const RESULT_IDS = [
  'tool_call_id',
  'message.tool_call_id',
  'toolCallId',
  'tool_use_id',
  'toolUseId',
  'call_id',
  'callId',
  'source_call_id',
  'tool_id',
  // Ax's function message (`{ role: "function", functionId, result }`).
  'functionId',
];
const CONTENT_KEYS = [
  'content',
  '_content',
  'message.content',
  'output',
  'result',
  'response',
  'observation',
  'text',
  'error',
  // Letta's `tool_return_message`; goose's `toolResponse`; a UI stream's failed tool.
  'tool_return',
  'toolResult',
  'errorText',
  // An event that names its call and holds the answer as `value`.
  'value',
];

/** The members a message may keep its parts in as JSON text. */
const PARTS_TEXT = ['parts', 'content'];

/** Whether a value is JSON text of a list of objects (one test of its first characters). */
function partsText(v: JsonValue | undefined): boolean {
  return typeof v === 'string' && /^\s*\[\s*\{/.test(v.slice(0, 64));
}

/** A tool's answer: a tool message, a result part or event, or an object naming the call it answers. */
export function resultOf(o: JsonObject, at: Place): ShapeResult | null {
  // A part that keeps its result in `data` (Crush's `{ type: "tool_result", data: {
  // tool_call_id, content, is_error } }`): the result is the payload's.
  const payload = o.get('data');
  if (
    RESULT_TYPES.has(o.get('type') as string) &&
    isJsonObject(payload) &&
    firstStr(o, RESULT_IDS) === null &&
    firstStr(payload, RESULT_IDS) !== null
  )
    return resultOf(payload, { ...at, key: null });
  if (
    o.get('type') === 'content_end' &&
    o.get('contentType') === 'tool' &&
    typeof o.get('toolCallId') === 'string'
  ) {
    // A Cline SDK tool's end: its output, or the error it failed with.
    const name = o.get('toolName');
    const error = o.get('error');
    const failed = typeof error === 'string' && error !== '';
    return {
      kind: 'result',
      id: o.get('toolCallId') as string,
      name: typeof name === 'string' ? name : undefined,
      content: failed ? error : (o.get('output') ?? null),
      error: failed,
    };
  }
  // OpenInference spells a message's members with dotted keys in Phoenix's span dataframes;
  // Haystack before 2.12 prefixed them with `_`.
  const role = o.get('role') ?? o.get('message.role') ?? o.get('_role') ?? sharegptRole(o);
  const type = o.get('type');
  let idKeys: readonly string[] | null = null;
  // A harmony message from a tool names the tool as its role and is addressed to the assistant.
  const toolRole =
    typeof role === 'string' && o.get('recipient') === 'assistant' && !speaker(role)
      ? role
      : undefined;
  // A tool's message that keeps its parts as JSON text and names no call itself (Crush's
  // `messages.parts` column, `{ type: "tool_result", data: { tool_call_id, content, is_error }
  // }`, charmbracelet/crush internal/message/content.go @37f36e9382): its parts, walked, are
  // the results.
  if (
    typeof role === 'string' &&
    RESULT_ROLES.has(role) &&
    firstStr(o, RESULT_IDS) === null &&
    PARTS_TEXT.some((k) => partsText(o.get(k)))
  )
    return null;
  if (typeof role === 'string' && (RESULT_ROLES.has(role) || toolRole !== undefined))
    idKeys = RESULT_IDS;
  else if (
    typeof type === 'string' &&
    RESULT_TYPES.has(type) &&
    !(typeof role === 'string' && speaker(role) && spelledJson(o))
  )
    idKeys = [...RESULT_IDS, 'id'];
  // Semantic Kernel's `FunctionResultContent`.
  else if (o.get('content_type') === 'function_result') idKeys = [...RESULT_IDS, 'id'];
  else if (at.key !== null && RESULT_KEYS.has(at.key)) idKeys = ['id', 'toolUseId', ...RESULT_IDS];
  // An ADK eval case's `tool_responses`: google.genai `FunctionResponse`s.
  else if (at.listKey === 'tool_responses' && o.has('response')) idKeys = ['id', ...RESULT_IDS];
  // The Live API's tool response (`functionResponses`, the Python SDK's `function_responses`).
  else if (
    (at.listKey === 'functionResponses' || at.listKey === 'function_responses') &&
    o.has('response')
  )
    idKeys = ['id', ...RESULT_IDS];
  // A printed Haystack `ChatMessage`'s `_content`: a `ToolCallResult(result, origin, error)`.
  else if (at.listKey === '_content' && isJsonObject(o.get('origin')) && o.has('result'))
    idKeys = RESULT_IDS;
  // A message that names the call it answers; one that says the assistant (or the user)
  // speaks is that speaker's, whatever id it carries (Letta writes its calls' own id beside
  // them as `tool_call_id`), and so is one that makes calls (Letta's `approval` message, a
  // call held for the user's consent).
  else if (
    firstStr(o, RESULT_IDS) !== null &&
    CONTENT_KEYS.some((k) => o.has(k)) &&
    !(typeof role === 'string' && speaker(role)) &&
    !makesCalls(o)
  )
    idKeys = RESULT_IDS;
  else if (isJsonObject(o.get('call')) && o.has('outputs')) {
    // Cohere's v1 `ToolResult`: the call it answers, repeated without an id, and its outputs.
    const call = o.get('call') as JsonObject;
    const name = call.get('name');
    const content = o.get('outputs');
    return {
      kind: 'result',
      id: null,
      name: typeof name === 'string' ? name : undefined,
      content,
      error: false,
    };
  } else if (
    (o.get('sessionUpdate') ?? o.get('type')) === 'tool_call_update' &&
    typeof o.get('toolCallId') === 'string' &&
    (o.get('status') === 'completed' || o.get('status') === 'failed')
  ) {
    // An ACP update that ends a call: its raw output, else the content it shows.
    return {
      kind: 'result',
      id: o.get('toolCallId') as string,
      name: undefined,
      content: o.get('rawOutput') ?? o.get('content') ?? null,
      error: o.get('status') === 'failed',
    };
  } else if (
    o.get('kind') === 'scope' &&
    o.get('category') === 'tool' &&
    o.get('scope_category') === 'end'
  ) {
    // An ATOF tool scope's end: what the tool gave back, under the call id its start had.
    const data = o.get('data');
    const name = o.get('name');
    return {
      kind: 'result',
      id: atofCallId(o),
      name: typeof name === 'string' ? name : undefined,
      content: isJsonObject(data) && data.has('result') ? data.get('result') : data,
      error: false,
    };
  } else if (o.get('event') === 'on_tool_end' && typeof o.get('run_id') === 'string') {
    // A LangChain stream's tool end: what the tool returned, under its run's id.
    const data = o.get('data');
    const name = o.get('name');
    return {
      kind: 'result',
      id: o.get('run_id') as string,
      name: typeof name === 'string' ? name : undefined,
      content: isJsonObject(data) ? (data.get('output') ?? data.get('error') ?? null) : null,
      error: isJsonObject(data) && data.has('error'),
    };
  } else if (at.listKey === 'tool_results' && typeof o.get('request_id') === 'string') {
    // An ElevenLabs agent's result, a later transcript entry's, by its call's `request_id`.
    const name = o.get('tool_name');
    return {
      kind: 'result',
      id: o.get('request_id') as string,
      name: typeof name === 'string' ? name : undefined,
      content: o.get('result_value') ?? null,
      error: o.get('is_error') === true,
    };
  } else if (o.get('$type') === 'FunctionResultContent') {
    // Semantic Kernel's .NET `FunctionResultContent`, its members as System.Text.Json names them.
    const id = o.get('CallId');
    const fn = o.get('FunctionName');
    return {
      kind: 'result',
      id: typeof id === 'string' ? id : null,
      name: typeof fn === 'string' ? fn : undefined,
      content: o.get('Result') ?? null,
      error: false,
    };
  } else if (typeof o.get('jsonrpc') === 'string' && isJsonObject(o.get('result'))) {
    // An MCP response to `tools/call` (`result: { content: [...], isError }`). Its id counts
    // requests on one connection, as the call's does not say (the table reads it without), so
    // it answers by order.
    const r = o.get('result') as JsonObject;
    if (!isJsonArray(r.get('content'))) return null;
    return {
      kind: 'result',
      id: null,
      name: undefined,
      content: r.get('content'),
      error: r.get('isError') === true,
    };
  }
  if (idKeys === null) return null;
  let content: JsonValue | undefined;
  for (const k of CONTENT_KEYS) {
    content = o.get(k);
    if (content !== undefined) break;
  }
  // A tool message whose answers are its items or parts (Semantic Kernel's items, Cohere's
  // `tool_results`, Haystack's `tool_call_result` parts): they answer, not it.
  if (content === undefined && (isJsonArray(o.get('items')) || isJsonArray(o.get('tool_results'))))
    return null;
  // An OTel GenAI tool message: its `tool_call_response` parts answer, by their own `id`.
  const parts = o.get('parts');
  if (content === undefined && isJsonArray(parts) && parts.some(isTypedResult)) return null;
  if (isJsonArray(content) && content.some(isResultPart)) return null;
  let error =
    o.get('isError') === true ||
    // Haystack's `ToolCallResult` says it failed with a boolean `error`.
    ((at.key === 'tool_call_result' || at.listKey === '_content') && o.get('error') === true) ||
    o.get('is_error') === true ||
    o.get('status') === 'error' ||
    // An Agent Client Protocol update that ends a call.
    o.get('status') === 'failed' ||
    // Amazon Q Developer CLI's `ToolResultStatus`.
    o.get('status') === 'Error' ||
    // The Vercel AI SDK's UI message stream.
    type === 'tool-output-error';
  // A Rust `Result` as serialized (goose): `{ status: "success", value }` or `{ status: "error", error }`.
  if (isJsonObject(content) && typeof content.get('status') === 'string') {
    const inner = content.get('value') ?? content.get('error');
    if (inner !== undefined) {
      error ||= content.get('status') === 'error';
      content = inner;
    }
  }
  // The Vercel AI SDK 5's tool output: `{ type: "json" | "text" | "error-json" | "error-text", value }`.
  if (type === 'tool-result' && isJsonObject(content) && content.has('value')) {
    const kind = content.get('type');
    if (typeof kind === 'string') {
      error ||= kind.startsWith('error-');
      content = content.get('value');
    }
  }
  // An MCP tool result: `{ content: [...], isError }`.
  if (isJsonObject(content) && isJsonArray(content.get('content'))) {
    error ||= content.get('isError') === true;
    content = content.get('content');
  }
  content = variantData(content);
  // Haystack's result names its call by the whole call it repeats (`origin`).
  const origin = o.get('origin');
  const originId = isJsonObject(origin) ? firstStr(origin, ['id']) : null;
  const originName = isJsonObject(origin) ? firstStr(origin, ['tool_name']) : null;
  return {
    kind: 'result',
    id: firstStr(o, idKeys) ?? originId,
    name: firstStr(o, ['toolName', 'tool_name', 'name']) ?? originName ?? toolRole,
    content,
    error,
  };
}

/** A part typed as a result. */
function isTypedResult(p: JsonValue): boolean {
  if (!isJsonObject(p)) return false;
  const type = p.get('type');
  return typeof type === 'string' && RESULT_TYPES.has(type);
}

/** A part that is a result of its own (`{ tool_call_result: … }`, `{ toolResult: … }`). */
function isResultPart(p: JsonValue): boolean {
  if (!isJsonObject(p)) return false;
  for (const k of RESULT_KEYS) if (isJsonObject(p.get(k))) return true;
  // A typed result part that names its call (the Vercel AI SDK's `tool-result` in a tool
  // message's content).
  const type = p.get('type');
  return typeof type === 'string' && RESULT_TYPES.has(type) && firstStr(p, RESULT_IDS) !== null;
}

/**
 * A tool message that answers several calls as a list of returns (Letta's `tool_returns`:
 * `{ tool_call_id, status, func_response, stdout, stderr }`, letta-ai/letta
 * letta/schemas/message.py @7ca2314037 `ToolReturn`), as one result each; null for any other.
 */
export function toolReturns(o: JsonObject): ShapeResult[] | null {
  const role = o.get('role');
  const list = o.get('tool_returns');
  if (typeof role !== 'string' || !RESULT_ROLES.has(role) || !isJsonArray(list)) return null;
  if (list.length === 0) return null;
  const out: ShapeResult[] = [];
  for (const r of list) {
    const id = isJsonObject(r) ? r.get('tool_call_id') : undefined;
    if (!isJsonObject(r) || typeof id !== 'string') return null;
    const response = r.get('func_response');
    out.push({
      kind: 'result',
      id,
      name: undefined,
      content: response ?? r.get('stdout') ?? null,
      error: r.get('status') === 'error',
    });
  }
  return out;
}

/** Whether a message holds calls of its own (a non-empty `tool_calls` list). */
function makesCalls(o: JsonObject): boolean {
  const calls = o.get('tool_calls');
  return isJsonArray(calls) && calls.length > 0;
}

/**
 * A result's content made of variant blocks (`[{ kind: "text" | "json", data }]`) as what they
 * hold: their texts joined, a lone block's value, or the values in order; else as it is.
 */
function variantData(content: JsonValue | undefined): JsonValue | undefined {
  if (!isJsonArray(content) || content.length === 0) return content;
  const values: JsonValue[] = [];
  for (const p of content) {
    const v = isJsonObject(p) ? variant(p) : null;
    if (v === null) return content;
    values.push(v.data);
  }
  if (values.every((v) => typeof v === 'string')) return values.join('\n');
  return values.length === 1 ? values[0] : values;
}
