// Importer: ATIF, the Agent Trajectory Interchange Format of the Harbor project.
import { isJsonArray, isJsonObject, ok } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { arr, field, str } from '../access';
import { Conversation } from '../build';
import { displayText } from '../content';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { elementSpans } from '../spans';

/**
 * ATIF, the Agent Trajectory Interchange Format of the Harbor project (the RFC,
 * laude-institute/harbor docs/rfcs/0001-trajectory-format.md, read in its mirror
 * OpenAgentsInc/openagents, docs/atif/0001-trajectory-format.md, commit
 * d39efb6f16b8c5efc3ffa84578400f948f9800a1): `{schema_version: "ATIF-v1.x", session_id, agent,
 * steps}`. A step's `source` is system, user or agent; an agent step's `tool_calls`
 * (`tool_call_id`, `function_name`, `arguments`) are one batch, answered by its
 * `observation.results` (`source_call_id`, `content`).
 */
export function isAtif(v: JsonValue): boolean {
  return (
    isJsonObject(v) &&
    (str(v, 'schema_version')?.startsWith('ATIF') === true ||
      (isJsonArray(v.get('steps')) && isJsonObject(v.get('agent')) && v.has('session_id')))
  );
}

export const importAtif: FormatImporter = (doc) => {
  if (doc.kind !== 'json' || !isAtif(doc.parsed.value))
    return invalid('An ATIF trajectory is one JSON object with `schema_version` and `steps`.');
  const steps = arr(doc.parsed.value, 'steps') ?? [];
  const spans = elementSpans(doc.text, 'steps');
  const useSpans = spans !== null && spans.length === steps.length;
  const c = new Conversation();
  steps.forEach((s, i) => {
    const span = useSpans ? spans[i] : undefined;
    const source = str(s, 'source');
    const message = field(s, 'message');
    const text = message === undefined || message === null ? '' : displayText(message);
    if (source !== 'agent') {
      c.message(source === 'system' ? 'system' : 'user', text, span);
      return;
    }
    const calls = (arr(s, 'tool_calls') ?? []).map((t) => ({
      id: str(t, 'tool_call_id'),
      name: str(t, 'function_name') ?? '',
      args: field(t, 'arguments') ?? null,
    }));
    c.assistant(text === '' ? null : text, calls, span);
    for (const r of arr(field(s, 'observation'), 'results') ?? [])
      c.result(str(r, 'source_call_id'), undefined, field(r, 'content') ?? null, span);
  });
  return ok(finish(c));
};
