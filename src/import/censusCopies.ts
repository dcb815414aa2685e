// What tells a copy of a call from another call, for the census's count: paths, ids, spans.
import { canonical, copiesApart, eachMember, embeddedJson, isRec } from './dialects/shape';
import { ancestorCopies } from './spanTree';
import { DIALECT_COUNTS, ECHO_NO } from './censusRows';
import { twinCopies, type ListCalls } from './twins';
import type { PathNode, Rows, SpanItem } from './censusRows';

/**
 * Recorded traffic whose client sent a reply's calls back under ids of its own (a fresh id, the
 * Responses item's `id` for its `call_id`, a number for a Gemini call that had none): a call in
 * a later request's history under an id no reply gave is the earlier reply's call of the same
 * name and arguments that no history claims, and takes its id; failing that, of the same name
 * alone, the earliest such (a client that writes the arguments afresh as well, with defaults
 * filled in). Only in a file that holds requests and replies both: paths through `request…` and
 * `response…` members, or an exchange's `input` beside the `response` that holds a call.
 * Returns the calls matched by name alone: copies of their reply's call, which the count by id
 * and arguments would take for others.
 */
export function renameSentIds(rows: Rows, strong: readonly number[]): Set<number> {
  const copies = new Set<number>();
  // The objects whose `response…` member holds a call: an `input` beside one is what was sent.
  const exchanges = new Set<PathNode>();
  for (const i of strong)
    for (let p = rows.node[i] ?? null; p !== null; p = p.parent)
      if (p.parent !== null && isReplyKey(p.seg)) exchanges.add(p.parent);
  if (exchanges.size === 0) return copies;
  const sides = new Map<PathNode | null, number>();
  const sideOf = (i: number): number => {
    const node = rows.node[i] ?? null;
    let s = sides.get(node);
    if (s === undefined) {
      s = SIDE_NONE;
      for (let p = node; p !== null; p = p.parent)
        if (isReplyKey(p.seg)) s = SIDE_REPLY;
        else if (s === SIDE_NONE && isSent(p)) s = SIDE_SENT;
      sides.set(node, s);
    }
    return s;
  };
  const isSent = (p: PathNode): boolean =>
    isSentKey(p.seg) || (p.seg === 'input' && p.parent !== null && exchanges.has(p.parent));
  const given = new Set<string>();
  const claimed = new Set<string>();
  let sent = false;
  for (const i of strong) {
    const side = sideOf(i);
    const id = rows.id[i] ?? null;
    if (side === SIDE_REPLY && id !== null) given.add(id);
    if (side === SIDE_SENT) {
      sent = true;
      if (id !== null) claimed.add(id);
    }
  }
  if (!sent || given.size === 0) return copies;
  const name = (i: number): string => rows.name[i] as string;
  const shape = (i: number): string => `${name(i)}\u0000${rows.args(i)}`;
  // The replies' calls no history claims, by shape and by name, in file order.
  const open = new Map<string, number[]>();
  const openByName = new Map<string, number[]>();
  for (const i of strong) {
    const id = rows.id[i] ?? null;
    if (sideOf(i) !== SIDE_REPLY || id === null || claimed.has(id)) continue;
    for (const [m, k] of [
      [open, shape(i)],
      [openByName, name(i)],
    ] as const) {
      const l = m.get(k);
      if (l) l.push(i);
      else m.set(k, [i]);
    }
  }
  if (open.size === 0) return copies;
  const taken = new Set<number>();
  // Only a reply recorded before this request, and not yet taken, can be what it sends back.
  const earliest = (l: number[] | undefined, i: number): number =>
    l === undefined ? -1 : (l.find((r) => r < i && !taken.has(r)) ?? -1);
  const renamed = new Map<string, string>();
  const byName = new Set<string>();
  for (const i of strong) {
    const id = rows.id[i] ?? null;
    if (sideOf(i) !== SIDE_SENT || id === null || given.has(id)) continue;
    const known = renamed.get(id);
    if (known !== undefined) {
      rows.id[i] = known;
      if (byName.has(id)) copies.add(i);
      continue;
    }
    let r = earliest(open.get(shape(i)), i);
    if (r < 0) {
      r = earliest(openByName.get(name(i)), i);
      if (r < 0) continue;
      byName.add(id);
      copies.add(i);
    }
    taken.add(r);
    renamed.set(id, rows.id[r] as string);
    rows.id[i] = rows.id[r] as string;
  }
  return copies;
}
/** Where a call stands in recorded traffic: in neither side, a request sent, or a reply. */
export const SIDE_NONE = 0;
export const SIDE_SENT = 1;
export const SIDE_REPLY = 2;
/** A member that holds an exchange's response (`response`, `ResponseBody`, `responses`). */
export function isReplyKey(k: string): boolean {
  return k.startsWith('response') || k.endsWith('Response') || k.endsWith('ResponseBody');
}
/** A member that holds an exchange's request (`request`, `RequestBody`). */
export function isSentKey(k: string): boolean {
  return k.startsWith('request') || k.endsWith('Request') || k.endsWith('RequestBody');
}

/**
 * One id's calls by their arguments, with the calls that spell only the lone member's value of
 * another's arguments (`"Go 1.0"` beside `{"__arg1": "Go 1.0"}`: a framework that resends a
 * one-argument call's input bare in the next request's history) counted with those. Each
 * list of rows is kept by container.
 */
export function foldLoneMembers(args: Map<string, Map<number, number[]>>, rows: Rows): void {
  for (const [a, per] of [...args]) {
    const first = per.values().next().value?.[0];
    if (first === undefined) continue;
    const inner = loneMember(rows.rawOf(first));
    const copies = inner === null || inner === a ? undefined : args.get(inner);
    if (copies === undefined) continue;
    for (const [c, list] of copies) {
      const mine = per.get(c);
      if (mine) mine.push(...list);
      else per.set(c, list);
    }
    args.delete(inner as string);
  }
}

/**
 * The canonical value of arguments that are an object of one member (of one of `names`, where
 * given); else null.
 */
function loneMember(raw: unknown, names?: ReadonlySet<string>): string | null {
  const v = typeof raw === 'string' ? embeddedJson(raw) : raw;
  if (!isRec(v)) return null;
  let only: unknown;
  let n = 0;
  eachMember(v, (k, x) => {
    n++;
    only = names === undefined || names.has(k) ? x : undefined;
  });
  return n === 1 && only !== undefined ? canonical(only) : null;
}

/** The members a tool's execution span wraps the model's arguments in. */
const WRAPPERS = new Set(['input', 'args', 'arguments', 'kwargs', 'tool_input', 'parameters']);

/**
 * Arguments with one wrapping member taken off (`{"input": {…}}`), canonical; null when they are
 * not so wrapped.
 */
export function unwrappedArgs(raw: unknown): string | null {
  return loneMember(raw, WRAPPERS);
}

/** The lists that hold one message's calls: a call there is that turn's own. */
const TURN_CALLS = /(?:^|\.)(?:tool_calls|toolCalls|function_calls|tool_uses)\[\*\]$/;

/** Whether a call at this path stands in a message's own list of calls. */
export function turnsCall(path: string): boolean {
  return TURN_CALLS.test(path);
}

/**
 * Whether an echo's name is that of a call: a span's longer label that names it ("running
 * tool: search"), or the server's own name of a tool an agent calls as `mcp__<server>__<tool>`
 * (Claude Code's names for MCP tools), whose MCP `tools/call` a log keeps beside the call.
 */
export function echoNames(echo: string, call: string): boolean {
  return echo.includes(call) || call.endsWith(`__${echo}`);
}

/** The span item a row stands in, if it stands in one. */
function spanOf(node: PathNode | null): SpanItem | null {
  for (let n = node; n !== null; n = n.parent) if (n.span !== undefined) return n.span;
  return null;
}

/**
 * The rows that repeat a call a span below theirs holds (the same id, name and arguments in a
 * span and in one of its descendants): the descendant's row is the call, the ancestor's a copy.
 */
export function spanCopies(rows: Rows): Set<number> {
  const keyOf = (i: number): string =>
    `${rows.id[i] ?? ''}\u0000${rows.name[i] as string}\u0000${rows.args(i)}`;
  const trees = new Map<Int32Array, { rows: [number, number][]; keys: Map<number, string[]> }>();
  for (let i = 0; i < rows.length; i++) {
    if (rows.echo[i] !== ECHO_NO) continue;
    const span = spanOf(rows.node[i] ?? null);
    if (span === null) continue;
    let t = trees.get(span.parents);
    if (!t) trees.set(span.parents, (t = { rows: [], keys: new Map() }));
    t.rows.push([i, span.item]);
    const keys = t.keys.get(span.item);
    if (keys) keys.push(keyOf(i));
    else t.keys.set(span.item, [keyOf(i)]);
  }
  const out = new Set<number>();
  for (const [parents, t] of trees) {
    const copies = ancestorCopies(parents, t.keys);
    for (const [i, item] of t.rows) if (copies.get(item)?.has(keyOf(i)) === true) out.add(i);
  }
  return out;
}

/** Whether the rows all stand in one list at one path, none without arguments. */
export function oneListOnePath(rows: Rows, list: readonly number[]): boolean {
  const first = list[0] as number;
  const c = rows.container[first];
  const node = rows.node[first] ?? null;
  // A call without arguments beside the same id with them is a stream's first word of it; the
  // same call with none every time (`ls {}` under `call_0`) is made each time.
  const empty = rows.empty(first);
  for (const i of list) {
    if (rows.container[i] !== c || !samePath(rows.node[i] ?? null, node) || rows.empty(i) !== empty)
      return false;
  }
  return true;
}

export function samePath(a: PathNode | null, b: PathNode | null): boolean {
  while (a !== b) {
    if (a === null || b === null || a.seg !== b.seg) return false;
    a = a.parent;
    b = b.parent;
  }
  return true;
}

/** The most rows of one list that stand at one path. */
export function mostAtOnePath(rows: Rows, list: readonly number[]): number {
  if (list.length === 1) return 1;
  const per = new Map<string, number>();
  let most = 0;
  for (const i of list) {
    const at = rows.path(i);
    const n = (per.get(at) ?? 0) + 1;
    per.set(at, n);
    most = Math.max(most, n);
  }
  return most;
}

/** As `mostAtOnePath`, for a minted id: copies side by side at a path are one (`copiesApart`). */
export function apartAtOnePath(
  rows: Rows,
  list: readonly number[],
  orderOf: Int32Array,
  same: ReadonlyMap<number, number>,
  answered: (from: number, to: number) => boolean,
): number {
  const per = new Map<string, number[]>();
  for (const i of list) {
    const at = rows.path(i);
    const l = per.get(at);
    if (l === undefined) per.set(at, [orderOf[i] as number]);
    else l.push(orderOf[i] as number);
  }
  let most = 0;
  for (const at of per.values()) most = Math.max(most, copiesApart(at, same, answered));
  return most;
}

/**
 * The rows of the lists that render again another list's run (`twinCopies`), by container;
 * null where none is. `apart`: whether two containers stand in two runs.
 */
export function twinRows(rows: Rows, apart: (a: number, b: number) => boolean): Set<number> | null {
  // Most files hold their calls in one list: told by a scan before anything is gathered.
  let one = true;
  for (let i = 1; i < rows.length && one; i++) one = rows.container[i] === rows.container[0];
  if (one) return null;
  const byContainer = new Map<number, number[]>();
  for (let i = 0; i < rows.length; i++) {
    if (!DIALECT_COUNTS[rows.dialect[i] as number]) continue;
    const c = rows.container[i] as number;
    const l = byContainer.get(c);
    if (l) l.push(i);
    else byContainer.set(c, [i]);
  }
  if (byContainer.size < 2) return null;
  const containers = [...byContainer.keys()].sort((a, b) => a - b);
  const lists: ListCalls[] = containers.map((c) => {
    const at = byContainer.get(c) as number[];
    return {
      ids: at.some((i) => (rows.id[i] ?? null) !== null),
      names: at.map((i) => rows.name[i] as string),
      args: (k) => rows.args(at[k] as number),
    };
  });
  const copies = twinCopies(lists, (a, b) =>
    apart(containers[a] as number, containers[b] as number),
  );
  if (copies.size === 0) return null;
  const out = new Set<number>();
  for (const k of copies)
    for (const i of byContainer.get(containers[k] as number) ?? []) out.add(i);
  return out;
}
