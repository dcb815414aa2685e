/** Comparing two calls' arguments: which leaves differ, and a bounded edit distance. */
import { canonicalArgs } from '../../detector/index';
import { isJsonObject, JsonNumber, type JsonValue } from '../../json/index';

/** Leaves of an arguments value by path (objects and arrays descend; others are leaves). */
function leaves(v: JsonValue, path: string, out: Map<string, JsonValue>, depth: number): void {
  if (depth < 16 && isJsonObject(v) && v.size > 0) {
    for (const [k, x] of v) leaves(x, path + '.' + k, out, depth + 1);
  } else if (depth < 16 && Array.isArray(v) && v.length > 0) {
    v.forEach((x, i) => leaves(x, path + '[' + i + ']', out, depth + 1));
  } else {
    out.set(path, v);
  }
}

/** One differing leaf: its path (`.offset`, `.files[0]`) and the two values. */
interface LeafDiff {
  readonly path: string;
  readonly before: JsonValue | undefined;
  readonly after: JsonValue | undefined;
}

/** An arguments value's leaves by path, for `diffLeafMaps`. */
export type ArgLeaves = ReadonlyMap<string, JsonValue>;

/** The leaves of an arguments value (objects and arrays descend, to depth 16). */
export function argLeaves(v: JsonValue): ArgLeaves {
  const out = new Map<string, JsonValue>();
  leaves(v, '', out, 0);
  return out;
}

/**
 * Whether two leaves print the same canonically. The same string or number lexeme always
 * does, and most leaves of two calls are the same, so the canonical forms are built only for
 * the others.
 */
function sameLeaf(x: JsonValue, y: JsonValue): boolean {
  if (x === y) return true;
  if (x instanceof JsonNumber && y instanceof JsonNumber && x.lexeme === y.lexeme) return true;
  return canonicalArgs(x) === canonicalArgs(y);
}

/** The leaves that differ between two argument values (added and removed ones included). */
export function diffLeaves(a: JsonValue, b: JsonValue): LeafDiff[] {
  return diffLeafMaps(argLeaves(a), argLeaves(b));
}

/** `diffLeaves` over leaves already taken (a lane compares each call with the next one). */
export function diffLeafMaps(la: ArgLeaves, lb: ArgLeaves): LeafDiff[] {
  const out: LeafDiff[] = [];
  // forEach, not for…of: the entry arrays of a Map's iterator were garbage on every call.
  la.forEach((before, path) => {
    const after = lb.get(path);
    if (after === undefined || !sameLeaf(before, after)) out.push({ path, before, after });
  });
  lb.forEach((after, path) => {
    if (!la.has(path)) out.push({ path, before: undefined, after });
  });
  return out;
}

/** A paging step: exactly one leaf differs, a number both times, and it went up. */
export function pagingStep(
  diff: readonly LeafDiff[],
): { path: string; from: number; to: number } | null {
  if (diff.length !== 1) return null;
  const d = diff[0] as LeafDiff;
  if (!(d.before instanceof JsonNumber) || !(d.after instanceof JsonNumber)) return null;
  const from = d.before.value;
  const to = d.after.value;
  return to > from ? { path: d.path, from, to } : null;
}

/** Past this length the edit distance is not computed (the one-field rule still applies). */
const MAX_EDIT_INPUT = 4096;

/**
 * Levenshtein distance between `a` and `b` if it is at most `max`, else `max + 1`. Only a band
 * of width 2·max+1 is computed, in two reused rows, so long arguments stay cheap.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const INF = max + 1;
  if (Math.abs(a.length - b.length) > max) return INF;
  if (a.length > MAX_EDIT_INPUT || b.length > MAX_EDIT_INPUT) return a === b ? 0 : INF;
  const m = b.length;
  let prev = new Array<number>(m + 2).fill(INF);
  let cur = new Array<number>(m + 2).fill(INF);
  for (let j = 0; j <= Math.min(m, max); j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(m, i + max);
    // Cells just outside the band read as "too far" (column 0 is the distance to "").
    cur[lo - 1] = lo - 1 === 0 ? i : INF;
    cur[hi + 1] = INF;
    let best = cur[lo - 1] as number;
    for (let j = lo; j <= hi; j++) {
      const sub = (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const v = Math.min(sub, (prev[j] as number) + 1, (cur[j - 1] as number) + 1, INF);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best >= INF) return INF;
    [prev, cur] = [cur, prev];
  }
  return Math.min(prev[m] as number, INF);
}
