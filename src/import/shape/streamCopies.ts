// The copies of one call a list of the reader by shape holds, told from calls made again, and
// the lists that render another list's run again.
import {
  answeredBetween,
  canonical,
  copiesApart,
  emptyArgs,
  mintedId,
  placeRanks,
} from '../dialects/shape';
import { runsApart } from '../lineage';
import { twinCopies } from '../twins';
import type { ShapeCall, ShapeList } from './types';

const CANON = new WeakMap<ShapeCall, string>();

/** A call's arguments in canonical form, worked out once. */
export function canonOf(e: ShapeCall): string {
  let c = CANON.get(e);
  if (c === undefined) CANON.set(e, (c = canonical(e.args)));
  return c;
}

/**
 * The census's rule for one id in one list (docs/formats.md §22): a copy without arguments is a
 * stream's first word of a call spelled in full elsewhere, and the same arguments at two paths
 * (a streamed event's item and the finished response's output) are one call; at one path, as
 * many as stand there (a reused id, turn after turn), but for a minted id's copies side by side.
 */
export function dropStreamCopies(l: ShapeList): void {
  const byId = new Map<string, ShapeCall[]>();
  // Each call's place among the list's calls, to tell copies side by side from copies apart.
  const seq = new Map<ShapeCall, number>();
  // Where each id's answers stand among the calls: a copy after one is the call made again.
  const answers = new Map<string, number[]>();
  for (const s of l.steps)
    for (const e of s.events) {
      if (e.kind === 'result' && e.id !== null) push(answers, e.id, seq.size);
      if (e.kind !== 'call' || e.echo !== false) continue;
      seq.set(e, seq.size);
      if (e.id !== null) push(byId, `${e.id}\u0000${e.name}`, e);
    }
  const drop = new Set<ShapeCall>();
  for (const same of byId.values()) {
    if (same.length < 2) continue;
    // A minted id's copies side by side at one place are one call logged twice (a stream's
    // `added` and `done` events): of each such run the first is kept (`copiesApart`).
    const minted = mintedId((same[0] as ShapeCall).id ?? '');
    const sideBySide = (copies: readonly ShapeCall[]): void => {
      const ranks = placeRanks(same.map((e) => seq.get(e) ?? 0));
      const answered = (from: number, to: number): boolean =>
        answeredBetween(answers.get((same[0] as ShapeCall).id ?? ''), from, to);
      let prev: ShapeCall | null = null;
      for (const e of copies) {
        const at = [seq.get(prev ?? e) ?? 0, seq.get(e) ?? 0];
        if (prev !== null && copiesApart(at, ranks, answered) === 1) drop.add(e);
        prev = e;
      }
    };
    const argued = same.filter((e) => !emptyArgs(canonOf(e)));
    if (argued.length === 0) {
      // A call with no arguments, copied at several places (a stream's start and end events,
      // then the final message): one call, as the census counts it. At one place only, the
      // same id again is another turn (a local model's `call_0`).
      if (same.some((e) => e.path !== (same[0] as ShapeCall).path)) {
        const kept = same.find((e) => isPart(e.path)) ?? (same[0] as ShapeCall);
        for (const e of same) if (e !== kept) drop.add(e);
      } else if (minted) sideBySide(same);
      continue;
    }
    for (const e of same) if (emptyArgs(canonOf(e))) drop.add(e);
    const byArgs = new Map<string, ShapeCall[]>();
    for (const e of argued) push(byArgs, canonOf(e), e);
    for (const copies of byArgs.values()) {
      const perPath = new Map<string, number>();
      for (const e of copies) perPath.set(e.path, (perPath.get(e.path) ?? 0) + 1);
      // The place most copies stand at; of two as full, a message's part (`parts[*]`) rather
      // than an event's member (a stream's `part_end`): the message says where the call
      // stands among the turns.
      let keep = copies[0]?.path ?? '';
      for (const [p, n] of perPath) {
        const k = perPath.get(keep) ?? 0;
        if (n > k || (n === k && isPart(p) && !isPart(keep))) keep = p;
      }
      for (const e of copies) if (e.path !== keep) drop.add(e);
      if (minted) sideBySide(copies.filter((e) => e.path === keep));
    }
  }
  if (drop.size === 0) return;
  for (const s of l.steps) {
    const kept = s.events.filter((e) => e.kind !== 'call' || !drop.has(e));
    if (kept.length === s.events.length) continue;
    s.events.length = 0;
    s.events.push(...kept);
  }
}

/** Whether a call stands as an item of a list (a message's parts), not as a member. */
function isPart(path: string): boolean {
  return path.endsWith('[*]');
}

export function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l === undefined) m.set(k, [v]);
  else l.push(v);
}

/**
 * A call whose arguments are an empty string where a call of its id and name elsewhere spells
 * them is that call's start, its input streamed after it (LangGraph's `content-block-start`
 * before the deltas and the state that completes it): dropped, by the census's rule.
 */
export function dropBlankStarts(lists: readonly ShapeList[]): void {
  const key = (e: ShapeCall): string => `${e.id as string}\u0000${e.name}`;
  const blank = (e: ShapeCall): boolean => e.args === '';
  const argued = new Set<string>();
  for (const l of lists)
    for (const s of l.steps)
      for (const e of s.events)
        if (e.kind === 'call' && e.id !== null && !blank(e) && !emptyArgs(canonOf(e)))
          argued.add(key(e));
  if (argued.size === 0) return;
  for (const l of lists)
    for (const s of l.steps) {
      const kept = s.events.filter(
        (e) => !(e.kind === 'call' && e.id !== null && blank(e) && argued.has(key(e))),
      );
      if (kept.length === s.events.length) continue;
      s.events.length = 0;
      for (const e of kept) s.events.push(e);
    }
}

/** The lists left when those that render another's run again (`twinCopies`) are dropped. */
export function dropTwins(all: ShapeList[]): ShapeList[] {
  const lists = all.filter((l) => l.steps.some((s) => s.events.some((e) => e.kind === 'call')));
  if (lists.length < 2) return all;
  const calls = lists.map((l) =>
    l.steps.flatMap((s) => s.events.filter((e): e is ShapeCall => e.kind === 'call')),
  );
  const copies = twinCopies(
    calls.map((cs) => ({
      ids: cs.some((c) => c.id !== null),
      names: cs.map((c) => c.name),
      args: (at: number) => canonOf(cs[at] as ShapeCall),
    })),
    (a, b) => runsApart(lists[a]?.run, lists[b]?.run),
  );
  if (copies.size === 0) return all;
  const dropped = new Set([...copies].map((k) => lists[k]));
  return all.filter((l) => !dropped.has(l));
}
