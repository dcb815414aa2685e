// The Vercel AI SDK's messages, as its telemetry records them, mapped to chat messages.
import { isJsonArray } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, either, field, str } from '../access';
import type { CallInput, Conversation } from '../build';
import { displayText } from '../content';

/**
 * The Vercel AI SDK's messages as its telemetry records them (`ai.prompt.messages`,
 * `ai.response.toolCalls`, `ai.response.text`: vercel/ai,
 * packages/ai/src/generate-text/stream-text.ts, commit 1fc17d23efc339a6e3ed49286958bb0da0752f3c):
 * `{role, content}` where content is text or parts, a `tool-call` part (`toolCallId`,
 * `toolName`, `input`, formerly `args`) and a `tool-result` part (`toolCallId`, `toolName`,
 * `output`, formerly `result`).
 */
export function callOfPart(p: JsonValue): CallInput {
  return {
    id: str(p, 'toolCallId'),
    name: str(p, 'toolName') ?? '',
    args: either(p, 'input', 'args') ?? null,
  };
}

export function mapVercelMessage(m: JsonValue, c: Conversation): void {
  const role = str(m, 'role') ?? 'user';
  const content = field(m, 'content');
  const parts = isJsonArray(content) ? content : [];
  if (role === 'assistant') {
    const calls = parts.filter((p) => str(p, 'type') === 'tool-call').map(callOfPart);
    const text = parts.filter((p) => str(p, 'type') === 'text').map((p) => str(p, 'text') ?? '');
    c.assistant(typeof content === 'string' ? content : text.join('') || null, calls);
    return;
  }
  const results = parts.filter((p) => str(p, 'type') === 'tool-result');
  for (const r of results)
    c.result(str(r, 'toolCallId'), str(r, 'toolName'), either(r, 'output', 'result') ?? null);
  if (results.length === 0)
    c.message(role, typeof content === 'string' ? content : displayText(content ?? null));
}

/** The reply of a span: its text and `ai.response.toolCalls`. */
export function mapVercelResponse(
  text: JsonValue | undefined,
  toolCalls: JsonValue | undefined,
  c: Conversation,
): void {
  const calls = (isJsonArray(toolCalls) ? toolCalls : []).map(callOfPart);
  if (typeof text === 'string' || calls.length > 0)
    c.assistant(typeof text === 'string' ? text : null, calls);
}

export function isVercelMessages(list: JsonValue): boolean {
  return (
    isJsonArray(list) &&
    list.some((m) => str(m, 'role') !== undefined && field(m, 'content') !== undefined) &&
    !list.some((m) => arr(m, 'parts') !== undefined)
  );
}
