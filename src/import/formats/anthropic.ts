// Importer: Anthropic Messages request bodies, message arrays and responses.
import { isJsonArray, isJsonObject, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import { Conversation } from '../build';
import { mapAnthropicMessage, mapSystem } from '../dialects/anthropic';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { elementSpans } from '../spans';
import type { TextSpan } from '../spans';
import { pickSnapshot } from '../snapshots';

/**
 * Anthropic Messages: a request body (`system` + `messages`), a bare messages array, a
 * response (`type: "message"`), a logged request with its `response`, or JSON Lines.
 */
export const importAnthropic: FormatImporter = (doc) => {
  const c = new Conversation();
  if (doc.kind === 'jsonl') {
    const bodies = doc.lines.filter((l) => isJsonArray(field(l.value, 'messages')));
    if (bodies.length === 0) {
      for (const l of doc.lines) mapAnthropicMessage(l.value, c, { start: l.start, end: l.end });
      return ok(finish(c));
    }
    const pick = pickSnapshot(bodies, c.warnings);
    const local = elementSpans(doc.text.slice(pick.start, pick.end), 'messages');
    const spans =
      local?.map((s) => ({ start: s.start + pick.start, end: s.end + pick.start })) ?? null;
    mapBody(pick.value, spans, c);
    return ok(finish(c));
  }
  const v = doc.parsed.value;
  if (isJsonArray(v)) {
    mapList(v, elementSpans(doc.text, null), c);
    return ok(finish(c));
  }
  if (!isJsonObject(v)) return invalid('An Anthropic transcript must be a JSON object or array.');
  if (str(v, 'type') === 'message' && str(v, 'role') === 'assistant') {
    mapAnthropicMessage(v, c);
    return ok(finish(c));
  }
  if (!isJsonArray(v.get('messages'))) return invalid('The JSON object has no `messages` array.');
  mapBody(v, elementSpans(doc.text, 'messages'), c);
  return ok(finish(c));
};

/** A request body (and the response logged with it, if any). */
export function mapBody(body: JsonValue, spans: TextSpan[] | null, c: Conversation): void {
  mapSystem(field(body, 'system'), c);
  mapList(arr(body, 'messages') ?? [], spans, c);
  const resp = field(body, 'response');
  if (str(resp, 'role') === 'assistant') mapAnthropicMessage(resp as JsonValue, c);
}

function mapList(list: readonly JsonValue[], spans: TextSpan[] | null, c: Conversation): void {
  const useSpans = spans !== null && spans.length === list.length;
  for (let i = 0; i < list.length; i++) {
    mapAnthropicMessage(list[i] as JsonValue, c, useSpans ? spans[i] : undefined);
  }
}
