// The message dialects a tracing export or capture may embed, and their mapping to chat.
import { isJsonArray, isJsonObject } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import type { Conversation } from '../build';
import type { StreamReply } from '../sse';
import { mapAnthropicMessage } from './anthropic';
import { isConverseList, mapConverseMessage } from './converse';
import { mapGeminiContent } from './gemini';
import { mapLangChainMessage } from './langchain';
import { isOtelPartsMessage, mapOtelPartsMessage } from './otelParts';
import { isLegacyFunctionMessage, rawMessage } from './openai';
import { ResponsesMapper } from './responses';
import { isResponsesItem, messageListDialect } from '../sniff';

/** The dialects a tracing export or capture may embed. */
export type Dialect =
  | 'openai-chat'
  | 'anthropic'
  | 'gemini'
  | 'langchain'
  | 'openai-responses'
  | 'otel-parts'
  | 'converse';

/**
 * Guesses the dialect of an embedded message list, by the rules a bare message list is
 * sniffed with: Anthropic or Gemini blocks settle it, then any Responses item (a call or
 * output item, a `call_id`, a typed `message`), then LangChain, else OpenAI chat.
 */
export function dialectOf(list: readonly JsonValue[]): Dialect {
  if (list.some(isOtelPartsMessage)) return 'otel-parts';
  if (isConverseList(list)) return 'converse';
  // Role-style messages whose calls sit in LangChain's `additional_kwargs` (its callbacks log
  // them so): read as LangChain, which looks there.
  if (list.some(hasKwargsCalls)) return 'langchain';
  const d = messageListDialect(list);
  if (d === 'anthropic' || d === 'gemini') return d;
  if (list.some(isResponsesItem)) return 'openai-responses';
  return d === 'langchain' ? d : 'openai-chat';
}

/** Maps an embedded message list in the given dialect. OpenAI messages keep their raw values. */
export function mapList(list: readonly JsonValue[], dialect: Dialect, c: Conversation): void {
  const responses = dialect === 'openai-responses' ? new ResponsesMapper(c) : null;
  for (const m of list) {
    if (responses) responses.item(m);
    else if (dialect === 'anthropic') mapAnthropicMessage(m, c);
    else if (dialect === 'gemini') mapGeminiContent(m, c);
    else if (dialect === 'langchain') mapLangChainMessage(m, c);
    else if (dialect === 'otel-parts') mapOtelPartsMessage(m, c);
    else if (dialect === 'converse') mapConverseMessage(m, c);
    else mapChatMessage(m, c);
  }
}

/**
 * One chat message; legacy function calling (an assistant's `function_call`, a `function`
 * message answering it) as the call and the result it is, its id made up.
 */
export function mapChatMessage(m: JsonValue, c: Conversation): void {
  if (!isJsonObject(m) || !isLegacyFunctionMessage(m)) {
    c.raw(rawMessage(m));
    return;
  }
  if (str(m, 'role') === 'function') {
    c.result(undefined, str(m, 'name'), m.get('content'));
    return;
  }
  const fc = obj(m, 'function_call');
  const name = str(fc, 'name') ?? '';
  c.assistant(m.get('content'), [{ id: undefined, name, args: fc?.get('arguments') ?? null }]);
}

/**
 * Maps a model's reply in whatever shape it was logged: an OpenAI response (`choices`),
 * an assistant message, an Anthropic response, a Gemini response, Responses `output`,
 * a LangChain generation, or plain text.
 */
export function mapReply(reply: JsonValue | undefined, c: Conversation): void {
  if (reply === undefined || reply === null) return;
  if (typeof reply === 'string') {
    c.assistant(reply, []);
    return;
  }
  if (isJsonArray(reply)) {
    if (reply.length === 0) return;
    mapList(reply, dialectOf(reply), c);
    return;
  }
  if (!isJsonObject(reply)) return;
  const choices = arr(reply, 'choices');
  if (choices) {
    if (choices.length > 1)
      c.warnings.add(`The response has ${choices.length} choices; only choice 0 was used.`);
    // A reduced stream keeps `object: "chat.completion.chunk"` but holds whole messages.
    const msg = field(choices[0], 'message') ?? field(choices[0], 'delta');
    if (msg !== undefined) mapChatMessage(msg, c);
    return;
  }
  const candidates = arr(reply, 'candidates');
  if (candidates) {
    const content = field(candidates[0], 'content');
    if (content !== undefined) mapGeminiContent(content, c);
    return;
  }
  // Bedrock Converse's reply: `{ output: { message }, stopReason }`.
  const said = obj(obj(reply, 'output'), 'message');
  if (said !== undefined && str(said, 'role') !== undefined) {
    mapConverseMessage(said, c);
    return;
  }
  const output = arr(reply, 'output');
  if (output) {
    const r = new ResponsesMapper(c);
    for (const it of output) r.item(it);
    return;
  }
  const generations = arr(reply, 'generations');
  if (generations) {
    const g = arr(generations, '0') ?? generations;
    const first = isJsonArray(g[0]) ? g[0][0] : g[0];
    const msg = field(first, 'message');
    if (msg !== undefined) mapLangChainMessage(msg, c);
    else if (typeof field(first, 'text') === 'string') c.assistant(str(first, 'text') ?? '', []);
    return;
  }
  const msgs = arr(reply, 'messages');
  if (msgs) {
    mapList(msgs, dialectOf(msgs), c);
    return;
  }
  // Ollama's `/api/chat` reply: one message, its calls' arguments objects.
  const message = obj(reply, 'message');
  if (message !== undefined && str(message, 'role') !== undefined) {
    mapList([message], dialectOf([message]), c);
    return;
  }
  // An agent framework's response wrapper around one Gemini content (Google ADK's LlmResponse).
  const content = obj(reply, 'content');
  if (content !== undefined && arr(content, 'parts') !== undefined) {
    mapGeminiContent(content, c);
    return;
  }
  if (str(reply, 'role') !== undefined) {
    // One message of any dialect: an Anthropic response, a Gemini content, an OpenAI message.
    mapList([reply], dialectOf([reply]), c);
    return;
  }
  if (reply.has('lc') || reply.has('type')) mapLangChainMessage(reply, c);
}

/** Maps one reply reassembled from a stream; an Anthropic one is read as Anthropic blocks. */
export function mapStreamReply(r: StreamReply, c: Conversation): void {
  if (r.dialect === 'anthropic') mapAnthropicMessage(r.value, c);
  else mapReply(r.value, c);
}

function hasKwargsCalls(m: JsonValue): boolean {
  return (
    isJsonObject(m) &&
    !m.has('tool_calls') &&
    (arr(obj(m, 'additional_kwargs'), 'tool_calls') ?? []).length > 0
  );
}
