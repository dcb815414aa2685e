// Importer: OpenAI Responses API input and output, and the Agents SDK's input list.
import { isJsonArray, isJsonObject, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import { Conversation } from '../build';
import type { Span } from '../build';
import { displayText } from '../content';
import { ResponsesMapper } from '../dialects/responses';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { pickSnapshot } from '../snapshots';
import { elementSpans } from '../spans';
import type { TextSpan } from '../spans';

/**
 * OpenAI Responses API (and the Agents SDK's `to_input_list()`): a request (`input`),
 * a response (`output`), a logged request with its response, a bare item array, or
 * JSON Lines of items or of requests.
 */
export const importOpenAiResponses: FormatImporter = (doc) => {
  const c = new Conversation();
  const m = new ResponsesMapper(c);
  if (doc.kind === 'jsonl') {
    const bodies = doc.lines.filter((l) => isJsonArray(field(l.value, 'input')));
    if (bodies.length > 0) {
      const pick = pickSnapshot(bodies, c.warnings, 'input');
      const local = elementSpans(doc.text.slice(pick.start, pick.end), 'input');
      mapRequest(
        pick.value,
        local?.map((s) => ({ start: s.start + pick.start, end: s.end + pick.start })) ?? null,
        c,
        m,
      );
      return ok(finish(c));
    }
    for (const l of doc.lines) m.item(l.value, { start: l.start, end: l.end });
    return ok(finish(c));
  }
  const v = doc.parsed.value;
  if (isJsonArray(v)) {
    mapItems(v, elementSpans(doc.text, null), m);
    return ok(finish(c));
  }
  if (!isJsonObject(v)) return invalid('A Responses transcript must be a JSON object or array.');
  if (v.has('input')) {
    mapRequest(v, elementSpans(doc.text, 'input'), c, m);
    return ok(finish(c));
  }
  const output = arr(v, 'output');
  if (output) {
    mapItems(output, elementSpans(doc.text, 'output'), m);
    return ok(finish(c));
  }
  return invalid('The JSON object has neither `input` nor `output` items.');
};

/** A request body, and the response logged with it (`response.output`), if any. */
function mapRequest(
  body: JsonValue,
  spans: TextSpan[] | null,
  c: Conversation,
  m: ResponsesMapper,
): void {
  if (str(body, 'previous_response_id') !== undefined) {
    c.warnings.add(
      'The request continues a stored conversation (previous_response_id): earlier turns live on the server and are missing, so a loop may go unseen.',
    );
  }
  const instructions = field(body, 'instructions');
  if (typeof instructions === 'string' && instructions !== '') c.message('system', instructions);
  const input = field(body, 'input');
  if (typeof input === 'string') c.message('user', input);
  else if (isJsonArray(input)) mapItems(input, spans, m);
  else if (input !== undefined) c.message('user', displayText(input));
  // The response logged beside the request, or the body is itself a Response object that
  // echoes its input (empty when the items live on the server) beside its `output`.
  const output = arr(field(body, 'response'), 'output') ?? arr(body, 'output');
  if (output) mapItems(output, null, m);
}

function mapItems(
  items: readonly JsonValue[],
  spans: readonly TextSpan[] | null,
  m: ResponsesMapper,
): void {
  const useSpans = spans !== null && spans.length === items.length;
  for (let i = 0; i < items.length; i++) {
    const span: Span = useSpans ? spans[i] : undefined;
    m.item(items[i] as JsonValue, span);
  }
}
