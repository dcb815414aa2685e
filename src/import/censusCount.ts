// The census's count: the rows a scan recorded, each call once by the identity rules.
import { answeredBetween, emptyArgs, mintedId, placeRanks } from './dialects/shape';
import { callKey, lineages, runsApart, wordsApart } from './lineage';
import { DIALECT_COUNTS, DIALECT_NO, ECHO_FALLBACK, ECHO_NO, ECHO_YES } from './censusRows';
import type { AnswerPlaces, Rows } from './censusRows';
import {
  apartAtOnePath,
  echoNames,
  foldLoneMembers,
  mostAtOnePath,
  oneListOnePath,
  renameSentIds,
  samePath,
  spanCopies,
  turnsCall,
  twinRows,
  unwrappedArgs,
} from './censusCopies';

/** The dialect whose calls are a search tree's, in the order the search ran them. */
const TREE_NO = DIALECT_NO.get('toolbench-tree');

/**
 * Whether every row is a call of one dialect in one list at one path, none an echo, none
 * named without its arguments, and none with an id and empty arguments unless the id is its
 * own. `count` then counts each row once (a repeated id, or the same call without one, there
 * is a turn of its own), so how many there are, and whether the calls read are these, need
 * no id hashed and no arguments compared: a chat body's hundreds of thousands of calls are
 * counted by a scan of the columns. `spans`: whether some list walked was a list of spans.
 */
export function allInOneList(rows: Rows, spans: boolean): boolean {
  const n = rows.length;
  // A span's call may stand again in its parent span's output, at the same path.
  if (n === 0 || n >= 1e6 || spans) return false;
  const d = rows.dialect[0] as number;
  if (!DIALECT_COUNTS[d]) return false;
  const c = rows.container[0];
  const node = rows.node[0] ?? null;
  let emptyIds: Set<string> | null = null;
  for (let i = 0; i < n; i++) {
    const id = rows.id[i] ?? null;
    if (rows.echo[i] !== ECHO_NO || rows.dialect[i] !== d) return false;
    if (rows.container[i] !== c || !samePath(rows.node[i] ?? null, node)) return false;
    // Without an id: as many as the one list holds, unless the call is named without
    // arguments (only as many as its name's calls spelled in full leave over).
    if (id === null) {
      if (rows.bare(i)) return false;
    } else if (rows.empty(i)) (emptyIds ??= new Set()).add(id);
  }
  if (emptyIds === null) return true;
  // A call without arguments whose id another row shares may be that call's copy.
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const id = rows.id[i] ?? null;
    if (id === null || !emptyIds.has(id)) continue;
    if (seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/**
 * The rows of a scan counted into calls (`calls`: each call's row, once, in the order first seen),
 * given how many containers it made, the run each stands in, and where its answers stand.
 */
export class CensusCount {
  /** The rows of the calls. */
  readonly calls: number[];

  constructor(
    private readonly rows: Rows,
    private readonly containers: number,
    private readonly runOf: readonly number[],
    private readonly answers: AnswerPlaces,
    private readonly spans: boolean,
  ) {
    this.calls = this.count();
  }

  /** Each call's id as a number, and each row's (-1: none), as `census` matches the calls read. */
  idNo = new Map<string, number>();
  rowId = new Int32Array(0);

  private count(): number[] {
    this.lineage = null;
    const rows = this.rows;
    const n = rows.length;
    const outRow: number[] = [];
    const outOrder: number[] = [];
    const out = (row: number, order: number): void => {
      outRow.push(row);
      outOrder.push(order);
    };
    const shadowed = this.spans ? spanCopies(rows) : null;
    const twins = twinRows(rows, (a, b) => runsApart(this.runOf[a], this.runOf[b]));
    const strong: number[] = [];
    for (let i = 0; i < n; i++)
      if (rows.echo[i] === ECHO_NO && DIALECT_COUNTS[rows.dialect[i] as number])
        if ((shadowed === null || !shadowed.has(i)) && (twins === null || !twins.has(i)))
          strong.push(i);
    const echoes: number[] = [];
    for (let i = 0; i < n; i++) {
      const e = rows.echo[i];
      if (twins !== null && twins.has(i)) continue;
      if (e === ECHO_YES || (e === ECHO_FALLBACK && strong.length === 0)) echoes.push(i);
    }
    const sentCopies = renameSentIds(rows, strong);
    if (sentCopies.size > 0) {
      let w = 0;
      for (const i of strong) if (!sentCopies.has(i)) strong[w++] = i;
      strong.length = w;
    }
    const name = (i: number): string => rows.name[i] as string;
    // Arguments absent, null, "" or {} are one shape: Gemini leaves `args` out of a call with
    // none, and a client that sends it back may write `{}` or nothing.
    const shapeOf = (i: number): string => {
      const a = rows.args(i);
      return `${name(i)}\u0000${emptyArgs(a) ? '{}' : a}`;
    };
    // With an id: one call per id and name, and per distinct non-empty arguments under them.
    // Grouped by id (`idNo`), then (rarely) by another name under the same id; a group's rows
    // are linked through `next`.
    const idNo = new Map<string, number>();
    const rowId = new Int32Array(n).fill(-1);
    const groups = new IdGroups(n);
    // Without an id: as many as the most any one list of steps holds.
    const byShape = new Map<string, { first: number; order: number; per: Map<number, number> }>();
    // Without an id or arguments: only as many as the calls of that name spelled in full leave.
    const nameOnly = new Map<string, { first: number; order: number; per: Map<number, number> }>();
    const orderOf = new Int32Array(n).fill(-1);
    for (let order = 0; order < strong.length; order++) {
      const i = strong[order] as number;
      orderOf[i] = order;
      const id = rows.id[i] ?? null;
      if (id !== null) {
        const k = idNo.get(id);
        if (k === undefined) {
          rowId[i] = groups.top.length;
          idNo.set(id, groups.top.length);
          groups.top.push(groups.open(name(i), order, i));
        } else {
          rowId[i] = k;
          groups.add(groups.top[k] as number, name(i), order, i);
        }
        continue;
      }
      if (rows.bare(i)) {
        // Named without arguments: a copy of a call some other place spells in full.
        let g = nameOnly.get(name(i));
        if (!g) nameOnly.set(name(i), (g = { first: i, order, per: new Map() }));
        g.per.set(rows.container[i] as number, (g.per.get(rows.container[i] as number) ?? 0) + 1);
        continue;
      }
      const shape = shapeOf(i);
      let g = byShape.get(shape);
      if (!g) byShape.set(shape, (g = { first: i, order, per: new Map() }));
      g.per.set(rows.container[i] as number, (g.per.get(rows.container[i] as number) ?? 0) + 1);
    }
    // The arguments are compared only where something else may be the same call: a call of the
    // same name without an id, or an echo of that name.
    const compare = byShape.size > 0 || echoes.length > 0;
    const compared = new Set<string>();
    for (const g of byShape.values()) compared.add(name(g.first));
    for (const i of echoes) compared.add(name(i));
    const strongShapes = new Set<string>();
    const idCallsByShape = new Map<string, number>();
    // Where the calls with ids stand, by shape and list: a list holds each call once, so an
    // id-less copy in the same list is another call.
    const idPer = new Map<string, Map<number, number>>();
    const noteId = (shape: string, container: number, k: number): void => {
      strongShapes.add(shape);
      idCallsByShape.set(shape, (idCallsByShape.get(shape) ?? 0) + k);
      let per = idPer.get(shape);
      if (!per) idPer.set(shape, (per = new Map()));
      per.set(container, (per.get(container) ?? 0) + k);
    };
    for (const g of groups.inOrder()) {
      const first = groups.first[g] as number;
      const order = groups.order[g] as number;
      const size = groups.size[g] as number;
      const gName = name(first);
      if (size === 1) {
        out(first, order);
        if (compare && compared.has(gName))
          noteId(shapeOf(first), rows.container[first] as number, 1);
        continue;
      }
      const list = groups.rows(g);
      // The same id again and again in one list at one path (a local model's `call_0` every
      // turn): each is a call, whatever its arguments, so they need not be compared. A minted
      // id is compared: its copies side by side are one call logged twice.
      const same = mintedId(rows.id[first] ?? '')
        ? placeRanks(list.map((r) => orderOf[r] as number))
        : null;
      if (
        same === null &&
        !(compare && compared.has(gName)) &&
        size < 1e6 &&
        oneListOnePath(rows, list)
      ) {
        for (let i = 0; i < size; i++) out(first, order + i * 1e-6);
        continue;
      }
      // Ids are not trusted: the same id with other arguments is another call; the same id and
      // arguments twice at one path of one list (two turns of a history) are two; at two paths
      // (an event and the reply it builds) or in two lists, one. A copy without arguments is a
      // stream's first word of a call its own dialect completes elsewhere.
      const args = new Map<string, Map<number, number[]>>();
      const firstIn = new Map<string, number>();
      const argued = new Set<number>();
      const bare = new Set<number>();
      let blank = false;
      for (const i of list) {
        if (rows.empty(i)) {
          // Arguments that are an empty string are a stream's start of a call whose input
          // streams after it (LangGraph's `content-block-start`), whatever dialect completes it.
          if (rows.rawOf(i) === '') blank = true;
          else bare.add(rows.dialect[i] as number);
          continue;
        }
        argued.add(rows.dialect[i] as number);
        const a = rows.args(i);
        const c = rows.container[i] as number;
        let per = args.get(a);
        if (!per) {
          args.set(a, (per = new Map()));
          firstIn.set(a, c);
        }
        const inList = per.get(c);
        if (inList) inList.push(i);
        else per.set(c, [i]);
      }
      if (args.size > 1) foldLoneMembers(args, rows);
      for (const [a, per] of args) {
        let most = 0;
        const atOnePath = (inList: readonly number[]): number =>
          same === null
            ? mostAtOnePath(rows, inList)
            : apartAtOnePath(rows, inList, orderOf, same, (from, to) =>
                answeredBetween(
                  this.answers.at(
                    rows.container[inList[0] as number] as number,
                    rows.id[first] as string,
                  ),
                  strong[from] as number,
                  strong[to] as number,
                ),
              );
        if (per.size === 1) for (const inList of per.values()) most = atOnePath(inList);
        else most = this.perLineage(strong, per, atOnePath);
        if (compared.has(gName)) noteId(`${gName}\u0000${a}`, firstIn.get(a) ?? 0, most);
        for (let i = 0; i < most; i++) out(first, order + i * 1e-6);
      }
      // A call that takes no arguments has no copy with any: its copies in several dialects
      // (a trace's message parts and its framework's own record) are that one call.
      let lone = 0;
      if (argued.size === 0) lone = bare.size > 0 || blank ? 1 : 0;
      else for (const d of bare) if (!argued.has(d)) lone++;
      if (lone > 0 && compare && compared.has(gName)) strongShapes.add(shapeOf(first));
      for (let i = 0; i < lone; i++) out(first, order + 0.5);
    }
    for (const [shape, g] of byShape) {
      strongShapes.add(shape);
      const withIds = idPer.get(shape);
      const most = this.perLineage(strong, g.per, (k, c) => k + (withIds?.get(c) ?? 0));
      const extra = most - (idCallsByShape.get(shape) ?? 0);
      for (let i = 0; i < extra; i++) out(g.first, g.order + i * 1e-6);
    }
    if (nameOnly.size > 0) {
      const named = new Map<string, number>();
      for (const i of outRow) named.set(name(i), (named.get(name(i)) ?? 0) + 1);
      for (const [gName, g] of nameOnly) {
        const extra = mostOf(g.per.values()) - (named.get(gName) ?? 0);
        for (let i = 0; i < extra; i++) out(g.first, g.order + i * 1e-6);
        if (extra > 0 || named.has(gName)) strongShapes.add(`${gName}\u0000${rows.args(g.first)}`);
      }
    }
    if (echoes.length > 0) this.echoCalls(strong, echoes, strongShapes, idNo, out);
    // Echoes' ids are numbered too, after the others, for `census` to match.
    for (const i of outRow) {
      const id = rows.id[i] ?? null;
      if (id === null || rows.echo[i] === ECHO_NO) continue;
      let k = idNo.get(id);
      if (k === undefined) idNo.set(id, (k = idNo.size));
      rowId[i] = k;
    }
    this.idNo = idNo;
    this.rowId = rowId;
    return inOrder(outRow, outOrder);
  }

  /** Each container's lineage (`lineages`), worked out once a count when first needed. */
  private lineage: Int32Array | null = null;

  /**
   * The calls of one identity held in several lists: as many as the fullest list of each
   * lineage holds (`most` of a list), summed over the lineages. One conversation's history
   * logged again at every request holds a call once; two runs that part after a shared start
   * each made it.
   */
  private perLineage<T>(
    calls: readonly number[],
    per: ReadonlyMap<number, T>,
    most: (inList: T, container: number) => number,
  ): number {
    const roots = (this.lineage ??= this.lineages(calls));
    const best = new Map<number, number>();
    for (const [c, x] of per) {
      const r = roots[c] ?? c;
      best.set(r, Math.max(best.get(r) ?? 0, most(x, c)));
    }
    let sum = 0;
    for (const k of best.values()) sum += k;
    return sum;
  }

  /** The lineages of the lists the calls stand in, keyed by each call's id, name and arguments. */
  private lineages(calls: readonly number[]): Int32Array {
    const rows = this.rows;
    const keyNo = new Map<string, number>();
    const lists = new Map<number, number[]>();
    const words = new Map<number, Map<number, string>>();
    for (const i of calls) {
      const key = callKey(rows.id[i] ?? null, rows.name[i] as string, rows.args(i));
      let k = keyNo.get(key);
      if (k === undefined) keyNo.set(key, (k = keyNo.size));
      const c = rows.container[i] as number;
      const l = lists.get(c);
      if (l) l.push(k);
      else lists.set(c, [k]);
      const w = rows.words[i];
      if (w === undefined) continue;
      let said = words.get(c);
      if (said === undefined) words.set(c, (said = new Map()));
      if (!said.has(k)) said.set(k, w);
    }
    const none = new Map<number, string>();
    const trees = new Set<number>();
    for (const i of calls) if (rows.dialect[i] === TREE_NO) trees.add(rows.container[i] as number);
    return lineages(
      lists,
      this.containers,
      (a, b) =>
        runsApart(this.runOf[a], this.runOf[b]) ||
        wordsApart(words.get(a) ?? none, words.get(b) ?? none),
      (c) => trees.has(c),
    );
  }

  /** Echoes count only where nothing else is the same call. */
  private echoCalls(
    strong: readonly number[],
    echoes: readonly number[],
    strongShapes: ReadonlySet<string>,
    ids: ReadonlyMap<string, number>,
    out: (row: number, order: number) => void,
  ): void {
    const rows = this.rows;
    // Each name once: a hundred thousand calls with the same arguments have a few names.
    const namesByArgs = new Map<string, Set<string>>();
    for (const i of strong) {
      const a = rows.args(i);
      const names = namesByArgs.get(a);
      if (names) names.add(rows.name[i] as string);
      else namesByArgs.set(a, new Set([rows.name[i] as string]));
    }
    const groups = new Map<
      string,
      { first: number; order: number; per: Map<string, number>; lists: Map<number, number> }
    >();
    echoes.forEach((o, i) => {
      const name = rows.name[o] as string;
      const id = rows.id[o] ?? null;
      const shape = `${name}\u0000${rows.args(o)}`;
      if (strongShapes.has(shape) || (id !== null && ids.has(id))) return;
      // A tool's execution span often names it in a longer label ("running tool: search"),
      // and may wrap the arguments it was given in one member.
      const inner = unwrappedArgs(rows.rawOf(o));
      for (const a of inner === null ? [rows.args(o)] : [rows.args(o), inner]) {
        if (strongShapes.has(`${name}\u0000${a}`)) return;
        const names = namesByArgs.get(a);
        if (names) for (const x of names) if (echoNames(name, x)) return;
      }
      // A reused id with other arguments is another call; an id named without arguments (a
      // hook's record of a request, under the name of each thing it did) is that one call.
      const key = id === null ? shape : rows.bare(o) ? id : `${id}\u0000${shape}`;
      let g = groups.get(key);
      if (!g)
        groups.set(
          key,
          (g = { first: o, order: strong.length + i, per: new Map(), lists: new Map() }),
        );
      // Echoes of one list at two paths are two records of the same calls (a tool span, and
      // the list of calls it keeps inside itself), so each path of each list counts apart.
      const c = rows.container[o] as number;
      const at = `${c}\u0000${rows.path(o)}`;
      const k = (g.per.get(at) ?? 0) + 1;
      g.per.set(at, k);
      g.lists.set(c, Math.max(g.lists.get(c) ?? 0, k));
    });
    // The same call echoed with its id and without (a tool's execution span beside the
    // model's call kept with its id, perhaps without the arguments it streamed) is counted by
    // its id.
    const idShapes = new Set<string>();
    const idNames = new Set<string>();
    for (const [key, g] of groups) {
      if (rows.id[g.first] == null) continue;
      idShapes.add(key.slice(key.indexOf('\u0000') + 1));
      if (rows.empty(g.first)) idNames.add(rows.name[g.first] as string);
    }
    for (const [key, g] of groups) {
      const twin = idShapes.has(key) || idNames.has(rows.name[g.first] as string);
      if (rows.id[g.first] == null && twin) continue;
      // An id counts its echoes once (a call's start and end events), but for copies that are
      // each a message's own calls: the same call made again in a later turn, under an id the
      // model reuses.
      const id = rows.id[g.first] != null && !turnsCall(rows.path(g.first));
      // Where no call stands beside them, the echoes are the calls: one in each run that
      // made it, as the calls of a dialect that counts are.
      const most =
        strong.length === 0 && g.lists.size > 1
          ? this.perLineage(echoes, g.lists, (k) => (id ? 1 : k))
          : id
            ? 1
            : mostOf(g.per.values());
      for (let i = 0; i < most; i++) out(g.first, g.order + i * 1e-6);
    }
  }
}

/**
 * The groups of rows with ids, one per id and name, in columns: a group's first row, its order
 * (the first row's place among the counted rows), its size, and its rows linked through `next`.
 */
class IdGroups {
  readonly first: number[] = [];
  readonly order: number[] = [];
  readonly size: number[] = [];
  private readonly last: number[] = [];
  private readonly name: string[] = [];
  /** The groups of other names under a group's id (rare), by name, in the order first seen. */
  private readonly other: (Map<string, number> | null)[] = [];
  /** The group of each id's first name, in the order the ids were first seen. */
  readonly top: number[] = [];
  private readonly next: Int32Array;

  constructor(rows: number) {
    this.next = new Int32Array(rows).fill(-1);
  }

  /** A new group of one row. */
  open(name: string, order: number, row: number): number {
    const g = this.first.length;
    this.first.push(row);
    this.order.push(order);
    this.size.push(1);
    this.last.push(row);
    this.name.push(name);
    this.other.push(null);
    return g;
  }

  /** Adds a row to the id's group of that name (`top`: the id's first group). */
  add(top: number, name: string, order: number, row: number): void {
    let g = top;
    if (this.name[top] !== name) {
      let other = this.other[top];
      if (!other) this.other[top] = other = new Map();
      const h = other.get(name);
      if (h === undefined) {
        other.set(name, this.open(name, order, row));
        return;
      }
      g = h;
    }
    this.next[this.last[g] as number] = row;
    this.last[g] = row;
    (this.size[g] as number)++;
  }

  /** Every group: each id's first, then its other names'. */
  *inOrder(): Generator<number> {
    for (const g of this.top) {
      yield g;
      const other = this.other[g];
      if (other) yield* other.values();
    }
  }

  /** A group's rows, in order. */
  rows(g: number): number[] {
    const out: number[] = [];
    for (let r = this.first[g] as number; r >= 0; r = this.next[r] as number) out.push(r);
    return out;
  }
}

/** The largest of `counts` (0 for none), without spreading them into arguments. */
function mostOf(counts: Iterable<number>): number {
  let most = 0;
  for (const k of counts) if (k > most) most = k;
  return most;
}

/** `rows` sorted by `order`, rows of equal order as they came (most often already in order). */
function inOrder(rows: number[], order: readonly number[]): number[] {
  let sorted = true;
  for (let i = 1; i < order.length && sorted; i++)
    sorted = (order[i - 1] as number) <= (order[i] as number);
  if (sorted) return rows;
  const idx = rows.map((_, i) => i);
  idx.sort((a, b) => (order[a] as number) - (order[b] as number) || a - b);
  return idx.map((i) => rows[i] as number);
}
