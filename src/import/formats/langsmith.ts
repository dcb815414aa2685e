// LangSmith run exports (docs/formats.md): runs grouped by trace, their messages to chat-
// completions messages.
import { isJsonArray, isJsonObject, ok } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { arr, field, obj, str } from '../access';
import { Conversation } from '../build';
import { mapReply } from '../dialects/embedded';
import { finish, invalid } from '../format';
import type { ConversationOutput, FormatImporter } from '../format';
import { logRecords } from '../records';
import { isRunBatch } from '../sniff';
import { inputList, mapInput } from './langfuse';

interface Run {
  readonly run: JsonValue;
  /** The trace the run belongs to: its own `trace_id`, else its parent's in the tree. */
  readonly trace: string;
  /** `dotted_order` (start time and id, root first), else `start_time`: sorts runs by start. */
  readonly order: string;
}

/**
 * LangSmith run exports: one run (with `child_runs`), `{runs}`, an array or JSON Lines
 * of runs, or batch-ingest payloads (`{post, patch}`, merged by run id first). Each trace
 * is a conversation. Its model runs repeat the history, so it is the longest run's
 * `inputs` (LangChain or provider messages, any dialect) plus its `outputs`.
 */
export const importLangSmith: FormatImporter = (doc) => {
  const top: JsonValue[] = [];
  const batches: JsonObject[] = [];
  for (const r of logRecords(doc)) {
    if (isJsonObject(r.value) && isRunBatch(r.value, false)) {
      batches.push(r.value);
      continue;
    }
    const list = arr(r.value, 'runs');
    for (const x of list ?? (isJsonArray(r.value) ? r.value : [r.value])) top.push(x);
  }
  for (const run of mergeBatches(batches)) top.push(run);
  const runs: Run[] = [];
  const stack = top.map((run) => ({ run, parent: '' }));
  while (stack.length > 0) {
    const { run, parent } = stack.pop() as { run: JsonValue; parent: string };
    const trace = str(run, 'trace_id') ?? parent;
    if (field(run, 'run_type') !== undefined || obj(run, 'inputs') !== undefined) {
      const order = str(run, 'dotted_order') ?? str(run, 'start_time') ?? '';
      runs.push({ run, trace, order });
    }
    for (const ch of arr(run, 'child_runs') ?? []) stack.push({ run: ch, parent: trace });
  }
  const traces = new Map<string, Run[]>();
  for (const r of runs) {
    if (messagesOf(r.run) === undefined) continue;
    const group = traces.get(r.trace);
    if (group) group.push(r);
    else traces.set(r.trace, [r]);
  }
  if (traces.size === 0)
    return invalid('None of the LangSmith runs has `inputs.messages` (or a model input).');
  const groups = [...traces.values()].map((g) => g.sort((a, b) => cmp(a.order, b.order)));
  groups.sort((a, b) => cmp((a[0] as Run).order, (b[0] as Run).order));
  const conversations = groups.map(traceConversation);
  const first = conversations[0] as ConversationOutput;
  return ok({
    messages: first.messages,
    warnings: first.warnings,
    ...(conversations.length > 1 ? { conversations } : {}),
  });
};

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One trace's runs (sorted by start) as a conversation. */
function traceConversation(group: readonly Run[]): ConversationOutput {
  // The longest input wins; among equals, a model run, then the later one.
  let best = group[0] as Run;
  for (const r of group) {
    const n = messagesOf(r.run)?.length ?? 0;
    const b = messagesOf(best.run)?.length ?? 0;
    const llm = str(r.run, 'run_type') === 'llm';
    if (n > b || (n === b && (llm || str(best.run, 'run_type') !== 'llm'))) best = r;
  }
  const c = new Conversation();
  const inputs = obj(best.run, 'inputs');
  const outputs = nonEmpty(obj(best.run, 'outputs'));
  const finalState = arr(outputs, 'messages');
  // Whole ids: uuid7 trace ids of one session share their leading (time) digits.
  const label = `trace ${best.trace === '' ? '(no id)' : best.trace}`;
  if (finalState && finalState.length >= (messagesOf(best.run)?.length ?? 0)) {
    // A graph run's output state already holds the whole conversation.
    mapInput(finalState, c);
    return { label, ...finish(c) };
  }
  mapInput(inputs, c);
  mapReply(
    outputs && (outputs.has('generations') || outputs.has('choices'))
      ? outputs
      : (field(outputs, 'output') ?? outputs),
    c,
  );
  if (group.length > 1) {
    c.warnings.add(
      `Rebuilt from the longest of ${group.length} model runs plus its output; each repeats the history, so they were not concatenated.`,
    );
  }
  return { label, ...finish(c) };
}

/** A run's `outputs`, or undefined when it is missing or `{}` (a post not yet patched). */
function nonEmpty(o: JsonObject | undefined): JsonObject | undefined {
  return o && o.size > 0 ? o : undefined;
}

/** The model input of a run: `inputs.messages` for any run, `input` / `contents` for an llm run. */
function messagesOf(run: JsonValue): JsonValue[] | undefined {
  const inputs = obj(run, 'inputs');
  if (arr(inputs, 'messages')) return inputList(inputs);
  return str(run, 'run_type') === 'llm' ? inputList(inputs) : undefined;
}

/**
 * Batch payloads' runs, each post merged with the patches of its id as the SDK combines
 * them: every non-null top-level patch field replaces the post's, later patches win, and
 * a patch whose post is not in the file stands alone. Posts come first, in file order.
 */
function mergeBatches(batches: readonly JsonObject[]): JsonValue[] {
  const posts = new Map<string, JsonObject>();
  const patches = new Map<string, JsonObject[]>();
  const loose: JsonValue[] = [];
  for (const b of batches) {
    for (const p of arr(b, 'post') ?? []) {
      const id = str(p, 'id');
      if (id === undefined || !isJsonObject(p)) loose.push(p);
      else {
        const had = posts.get(id);
        posts.set(id, had ? overlay(had, p) : p);
      }
    }
    for (const p of arr(b, 'patch') ?? []) {
      const id = str(p, 'id');
      if (id === undefined || !isJsonObject(p)) loose.push(p);
      else patches.set(id, [...(patches.get(id) ?? []), p]);
    }
  }
  const out: JsonValue[] = [];
  for (const [id, post] of posts) {
    let run = post;
    for (const p of patches.get(id) ?? []) run = overlay(run, p);
    out.push(run);
  }
  for (const [id, list] of patches) {
    if (posts.has(id)) continue;
    let run = list[0] as JsonObject;
    for (const p of list.slice(1)) run = overlay(run, p);
    out.push(run);
  }
  return [...out, ...loose];
}

/** `base` with every non-null field of `top` replacing its own (an empty `outputs` replaces nothing). */
function overlay(base: JsonObject, top: JsonObject): JsonObject {
  const out: JsonObject = new Map(base);
  for (const [k, v] of top) {
    if (v === null) continue;
    if (k === 'outputs' && isJsonObject(v) && v.size === 0 && base.has(k)) continue;
    out.set(k, v);
  }
  return out;
}
