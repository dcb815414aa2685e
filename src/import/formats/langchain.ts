// Importer: LangChain and LangGraph message dicts.
import { isJsonArray, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr } from '../access';
import { Conversation } from '../build';
import { mapLangChainMessage } from '../dialects/langchain';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { elementSpans } from '../spans';

/**
 * LangChain / LangGraph message dicts: `model_dump()` (`type` human / ai / tool / system),
 * `messages_to_dict()` (`{type, data}`), the `lc` constructor form, a bare list, a
 * LangGraph state (`{messages}`), or one message per line.
 */
export const importLangChain: FormatImporter = (doc) => {
  const c = new Conversation();
  if (doc.kind === 'jsonl') {
    for (const l of doc.lines) mapLangChainMessage(l.value, c, { start: l.start, end: l.end });
    return ok(finish(c));
  }
  const v = doc.parsed.value;
  const list: JsonValue[] | undefined = isJsonArray(v) ? v : arr(v, 'messages');
  if (!list) return invalid('Expected a list of LangChain messages or an object with `messages`.');
  const spans = elementSpans(doc.text, isJsonArray(v) ? null : 'messages');
  const useSpans = spans !== null && spans.length === list.length;
  list.forEach((m, i) => mapLangChainMessage(m, c, useSpans ? spans[i] : undefined));
  return ok(finish(c));
};
