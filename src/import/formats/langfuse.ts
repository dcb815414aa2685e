import { isJsonArray, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import { Conversation } from '../build';
import { displayText } from '../content';
import { dialectOf, mapList, mapReply } from '../dialects/embedded';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { logRecords } from '../records';

/**
 * Langfuse exports: a trace (`observations[]`), an observations API page (`data[]`), a
 * bare array or JSON Lines of observations. Each GENERATION carries the whole history,
 * so the conversation is the longest generation's `input` plus its `output`.
 */
export const importLangfuse: FormatImporter = (doc) => {
  const obs: JsonValue[] = [];
  for (const r of logRecords(doc)) {
    const list = arr(r.value, 'observations') ?? arr(r.value, 'data');
    if (list) for (const o of list) obs.push(o);
    else if (isJsonArray(r.value)) for (const o of r.value) obs.push(o);
    else obs.push(r.value);
  }
  const gens = obs.filter((o) => str(o, 'type') === 'GENERATION');
  if (gens.length === 0) return invalid('The Langfuse export holds no GENERATION observations.');
  let best = gens[0] as JsonValue;
  for (const g of gens) {
    const n = inputLength(g);
    const b = inputLength(best);
    if (n > b || (n === b && (str(g, 'startTime') ?? '') >= (str(best, 'startTime') ?? '')))
      best = g;
  }
  const c = new Conversation();
  mapInput(field(best, 'input'), c);
  mapReply(field(best, 'output'), c);
  if (gens.length > 1) {
    c.warnings.add(
      `Rebuilt from the longest of ${gens.length} generations (${str(best, 'name') ?? str(best, 'id') ?? 'unnamed'}) plus its output; each repeats the history, so they were not concatenated.`,
    );
  }
  return ok(finish(c));
};

/**
 * The message list of a model input: the list itself, or a request body's `messages`
 * (Chat, Anthropic), `contents` (Gemini) or `input` (Responses). LangChain logs a batch
 * of prompts, a list of lists: its first prompt is read.
 */
export function inputList(input: JsonValue | undefined): JsonValue[] | undefined {
  const list = isJsonArray(input)
    ? input
    : (arr(input, 'messages') ?? arr(input, 'contents') ?? arr(input, 'input'));
  const first = list?.[0];
  return isJsonArray(first) ? first : list;
}

function inputLength(o: JsonValue): number {
  return inputList(field(o, 'input'))?.length ?? 0;
}

/** A generation's input: a message list in any dialect, a `{messages}` body, or text. */
export function mapInput(input: JsonValue | undefined, c: Conversation): void {
  const list = inputList(input);
  if (list) {
    // Anthropic keeps the system prompt beside the messages, Responses as `instructions`.
    const system = field(input, 'system') ?? field(input, 'instructions');
    if (system !== undefined && system !== null) c.message('system', displayText(system));
    mapList(list, dialectOf(list), c);
  } else if (typeof input === 'string') c.message('user', input);
}
