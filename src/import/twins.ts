// One run that a record keeps twice, in two renderings (docs/formats.md §22).
import { emptyArgs } from './dialects/shape';

/** One list's calls, in order: whether any has an id, and each one's name and arguments. */
export interface ListCalls {
  readonly ids: boolean;
  readonly names: readonly string[];
  /** The arguments of the call at a place, canonical (asked only of lists compared). */
  readonly args: (at: number) => string;
}

/**
 * The lists that are another list's run rendered again: a rollout may keep its `conversation`
 * as the API saw it (each call an object with every argument) beside its `final_messages` as
 * the model wrote them (the same calls as tags in the text, without the `work_dir` the harness
 * added). No id ties the two and their arguments differ, so each call's identity would count
 * them twice. A list is such a copy of another of the same run (`apart` false) when it holds as
 * many calls, two or more, none with an id, named alike in the same order, and each call's arguments all
 * stand with the same values in its counterpart's (a string standing for a value's text, as
 * tags write every value), at least one call's fewer. Only lists next to each other among those
 * of the same names are compared: a record's renderings stand side by side, and a file of many
 * short lists of the same calls costs no comparison of each with all. Returns the copies'
 * indexes.
 */
export function twinCopies(
  lists: readonly ListCalls[],
  apart: (a: number, b: number) => boolean,
): Set<number> {
  const copies = new Set<number>();
  const lastOf = new Map<string, number>();
  lists.forEach((l, i) => {
    // One call alike in two lists says too little: two lists of one call each, the one with
    // more arguments, are as likely two calls.
    if (l.names.length < 2) return;
    const sig = l.names.join('\u0000');
    const prev = lastOf.get(sig);
    lastOf.set(sig, i);
    if (prev === undefined || copies.has(prev) || apart(prev, i)) return;
    const p = lists[prev] as ListCalls;
    const n = l.names.length;
    if (!p.ids && holdsAll(n, l.args, p.args)) copies.add(prev);
    else if (!l.ids && holdsAll(n, p.args, l.args)) copies.add(i);
  });
  return copies;
}

/**
 * Whether each of `full`'s arguments hold all of `part`'s, one of them more (more members, or
 * a value `part` spells only as text).
 */
function holdsAll(n: number, full: (at: number) => string, part: (at: number) => string): boolean {
  let more = false;
  for (let i = 0; i < n; i++) {
    const f = full(i);
    const p = part(i);
    if (f === p) continue;
    // A call kept without its arguments is a copy of another kind (the census's `bare`).
    if (emptyArgs(p) || !objectHolds(f, p)) return false;
    more = true;
  }
  return more;
}

/** Whether every member of the object `part` stands in the object `full`. */
function objectHolds(full: string, part: string): boolean {
  if (full.charCodeAt(0) !== 0x7b /* { */ || part.charCodeAt(0) !== 0x7b) return false;
  let f: unknown;
  let p: unknown;
  try {
    f = JSON.parse(full);
    p = JSON.parse(part);
  } catch {
    return false;
  }
  if (!isPlain(f) || !isPlain(p)) return false;
  for (const [k, v] of Object.entries(p)) {
    if (!Object.hasOwn(f, k)) return false;
    const w = f[k];
    const vt = JSON.stringify(v);
    const wt = JSON.stringify(w);
    if (vt === wt) continue;
    if (typeof v !== 'string') return false;
    if (typeof w === 'string' ? w.trim() !== v.trim() : wt !== v.trim()) return false;
  }
  return true;
}

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
