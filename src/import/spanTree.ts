// Lists of spans that name their parents: trace exports, where a span's output may repeat
// what one of its descendants holds.
import { get, has, isRec } from './dialects/shape';
import type { Rec } from './dialects/shape';

/**
 * The members that link a span to its parent, each with the member that names the span: a
 * Langfuse observation, an OTLP span (camelCase or snake_case), a LangSmith run. A message's own
 * link to the message before it (`parentUuid`, `parentMessageId`) is not one: a message never
 * repeats the calls of the messages after it, and a local model's reused id in a chain of
 * messages is a call each time.
 */
const SPAN_LINKS: readonly (readonly [parent: string, id: string])[] = [
  ['parentObservationId', 'id'],
  ['parent_observation_id', 'id'],
  ['parentSpanId', 'spanId'],
  ['parent_span_id', 'span_id'],
  ['parent_run_id', 'id'],
];

/** The span id of an item: its own member, or its OTel `context`'s (Phoenix's span exports). */
function spanId(x: Rec, idKey: string): unknown {
  const own = get(x, idKey);
  if (own !== undefined) return own;
  const ctx = get(x, 'context');
  return isRec(ctx) ? get(ctx, idKey) : undefined;
}

/**
 * Where a list is a list of spans, each one's parent's index in it (-1: none in the list);
 * otherwise null. A parent span's output often repeats its child's calls (an SDK's
 * `generateText` span and its `doGenerate` span both list the reply's calls).
 */
export function spanParents(list: readonly unknown[]): Int32Array | null {
  if (list.length < 2) return null;
  let link: readonly [string, string] | null = null;
  for (let i = 0; i < Math.min(list.length, 4) && link === null; i++) {
    const x = list[i];
    if (!isRec(x)) return null;
    for (const l of SPAN_LINKS) if (has(x, l[0])) link = l;
    if (link === null && has(x, 'parent_id') && spanId(x, 'span_id') !== undefined)
      link = ['parent_id', 'span_id'];
  }
  if (link === null) return null;
  const [parentKey, idKey] = link;
  const index = new Map<unknown, number>();
  list.forEach((x, i) => {
    if (!isRec(x)) return;
    const id = spanId(x, idKey);
    if (typeof id === 'string' && id !== '' && !index.has(id)) index.set(id, i);
  });
  const parents = new Int32Array(list.length).fill(-1);
  let linked = false;
  list.forEach((x, i) => {
    if (!isRec(x)) return;
    const p = index.get(get(x, parentKey));
    if (p !== undefined && p !== i) {
      parents[i] = p;
      linked = true;
    }
  });
  if (!linked) return null;
  // A cycle of parents (hostile input) is cut where the walk up from an item comes back to it.
  const seen = new Int32Array(list.length).fill(-1);
  for (let i = 0; i < list.length; i++) {
    let p = i;
    while (p >= 0 && seen[p] === -1) {
      seen[p] = i;
      const up = parents[p] as number;
      if (up >= 0 && seen[up] === i) parents[p] = -1;
      p = parents[p] as number;
    }
  }
  return parents;
}

/**
 * Which of the keys each item holds (`keysAt[i]`) a descendant of it holds too: those are the
 * ancestor's copies, the descendant's the thing itself. `parents` has no cycle (`spanParents`).
 */
export function ancestorCopies(
  parents: Int32Array,
  keysAt: ReadonlyMap<number, readonly string[]>,
): Map<number, Set<string>> {
  const copies = new Map<number, Set<string>>();
  for (const [item, keys] of keysAt) {
    let p = parents[item] ?? -1;
    while (p >= 0) {
      let held = copies.get(p);
      if (!held) copies.set(p, (held = new Set()));
      for (const k of keys) held.add(k);
      p = parents[p] ?? -1;
    }
  }
  return copies;
}
