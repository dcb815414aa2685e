// OpenTelemetry GenAI messages (`{role, parts}`) mapped to chat messages.
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import type { CallInput, Conversation, Span } from '../build';

/**
 * OpenTelemetry GenAI semantic-convention messages (`{role, parts}`, each part typed: `text`,
 * `tool_call` with `id`, `name`, `arguments`, `tool_call_response` with `id` and `response` or
 * `result`), as pydantic-ai and the gen_ai.input.messages attributes write them
 * (open-telemetry/semantic-conventions, docs/gen-ai/gen-ai-input-messages.json). Gemini's
 * `parts` carry no `type`; these do.
 */
export function isOtelPartsMessage(m: JsonValue): boolean {
  return (arr(m, 'parts') ?? []).some((p) => str(p, 'type') !== undefined);
}

export function mapOtelPartsMessage(m: JsonValue, c: Conversation, span?: Span): void {
  const role = str(m, 'role') ?? 'user';
  let text: string | null = null;
  const calls: CallInput[] = [];
  const results: { id: string | undefined; name: string | undefined; content: JsonValue }[] = [];
  for (const p of arr(m, 'parts') ?? []) {
    const t = str(p, 'type');
    if (t === 'text') text = (text ?? '') + (str(p, 'content') ?? str(p, 'text') ?? '');
    else if (t === 'tool_call')
      calls.push({
        id: str(p, 'id'),
        name: str(p, 'name') ?? '',
        args: field(p, 'arguments') ?? null,
      });
    else if (t === 'tool_call_response')
      results.push({
        id: str(p, 'id'),
        name: str(p, 'name'),
        content: field(p, 'response') ?? field(p, 'result') ?? null,
      });
  }
  if (role === 'assistant' || role === 'model') {
    c.assistant(text, calls, span);
    return;
  }
  for (const r of results) c.result(r.id, r.name, r.content, span);
  if (results.length === 0 || (text !== null && text !== ''))
    c.message(role === 'tool' ? 'user' : role, text ?? '', span);
}
