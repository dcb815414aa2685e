import { isJsonArray, ok } from '../../detector/index';
import type { JsonValue } from '../../detector/index';
import { arr, field, obj, str } from '../access';
import { Conversation } from '../build';
import { mapReply } from '../dialects/embedded';
import { finish, invalid } from '../format';
import type { FormatImporter } from '../format';
import { logRecords } from '../records';
import { mapInput } from './langfuse';

/**
 * LangSmith run exports: one run (with `child_runs`), `{runs}`, an array or JSON Lines
 * of runs. LLM runs repeat the history, so the conversation is the longest run's
 * `inputs.messages` (LangChain or provider messages) plus its `outputs`.
 */
export const importLangSmith: FormatImporter = (doc) => {
  const runs: JsonValue[] = [];
  const stack: JsonValue[] = [];
  for (const r of logRecords(doc)) {
    const list = arr(r.value, 'runs');
    const items = list ?? (isJsonArray(r.value) ? r.value : [r.value]);
    for (const x of items) stack.push(x);
  }
  while (stack.length > 0) {
    const run = stack.pop() as JsonValue;
    if (field(run, 'run_type') !== undefined) runs.push(run);
    for (const ch of arr(run, 'child_runs') ?? []) stack.push(ch);
  }
  const candidates = runs.filter((r) => messagesOf(r) !== undefined);
  if (candidates.length === 0) return invalid('None of the LangSmith runs has `inputs.messages`.');
  let best = candidates[0] as JsonValue;
  for (const r of candidates) {
    const n = messagesOf(r)?.length ?? 0;
    const b = messagesOf(best)?.length ?? 0;
    const llm = str(r, 'run_type') === 'llm';
    if (
      n > b ||
      (n === b && (llm || (str(r, 'start_time') ?? '') > (str(best, 'start_time') ?? '')))
    )
      best = r;
  }
  const c = new Conversation();
  const outputs = obj(best, 'outputs');
  const finalState = arr(outputs, 'messages');
  if (finalState && finalState.length >= (messagesOf(best)?.length ?? 0)) {
    // A graph run's output state already holds the whole conversation.
    mapInput(finalState, c);
    return ok(finish(c));
  }
  mapInput(messagesOf(best), c);
  mapReply(
    outputs && (outputs.has('generations') || outputs.has('choices'))
      ? outputs
      : (field(outputs, 'output') ?? outputs),
    c,
  );
  if (candidates.length > 1) {
    c.warnings.add(
      `Rebuilt from the longest of ${candidates.length} model runs plus its output; each repeats the history, so they were not concatenated.`,
    );
  }
  return ok(finish(c));
};

/** `inputs.messages`, unwrapping LangChain's list of lists. */
function messagesOf(run: JsonValue): JsonValue[] | undefined {
  const m = arr(obj(run, 'inputs'), 'messages');
  if (!m) return undefined;
  if (m.length > 0 && isJsonArray(m[0])) return m[0];
  return m;
}
