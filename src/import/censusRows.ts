// The census's rows: the places calls were seen, kept in columns, and their order.
import { DIALECTS } from './dialects/table';
import type { DialectId } from './dialects/table';
import { canonical, eachMember, emptyArgs, isRec, REF_KEY, type Rec } from './dialects/shape';

/** One call of the census, once: where it was first seen. */
export interface CensusCall {
  readonly dialect: DialectId;
  readonly id: string | null;
  readonly name: string;
  readonly path: string;
}

/** A dialect as a small number (its place in `DIALECT_IDS`), so a column of them holds no object. */
export const DIALECT_IDS: readonly DialectId[] = [...DIALECTS.map((d) => d.id), 'unknown'];
export const DIALECT_NO = new Map(DIALECT_IDS.map((d, i) => [d, i]));
export const OPENAI_CHAT_NO = DIALECT_NO.get('openai-chat') as number;
/** Whether the client runs a dialect's calls, by its number. */
export const DIALECT_COUNTS: readonly boolean[] = DIALECT_IDS.map(
  (id) => DIALECTS.find((d) => d.id === id)?.counted !== false,
);
export const ECHO_NO = 0;
export const ECHO_YES = 1;
export const ECHO_FALLBACK = 2;

/**
 * Where the values a scan is given stand, so that a call's arguments can be read again there
 * instead of kept: `read` gives the value from `start` to `end` again, as it was given.
 */
export interface CensusSource {
  read(start: number, end: number): unknown;
}

/** Stands in the arguments column for arguments read again from the source when needed. */
export const DEFERRED = Symbol('deferred');

/**
 * Whether arguments are not empty (`{}`, null, ""), by what the raw value tells without its
 * canonical form: a string other than `{}`, a list, an object with a member.
 */
export function notEmpty(r: unknown): boolean {
  if (typeof r === 'string') {
    // Most arguments open with `{"`: not empty, told without the expression.
    if (r.charCodeAt(0) === 0x7b && r.charCodeAt(1) === 0x22) return true;
    return r !== '' && !EMPTY_OBJECT_TEXT.test(r);
  }
  if (r instanceof Map) return r.size > 0;
  if (Array.isArray(r)) return true;
  if (isRec(r)) for (const k in r) if (Object.prototype.hasOwnProperty.call(r, k)) return true;
  return false;
}

/**
 * The places calls were seen, one row each, kept in columns rather than an object a row: a
 * large transcript holds hundreds of thousands, and objects that live through the whole import
 * cost the collector more than the rows cost to read. A row's canonical arguments are worked
 * out only when compared, its path spelled only when asked for (the unread ones).
 */
export class Rows {
  /**
   * `rewalk` walks a value again as it was first walked (at `prefix`, as its member `member`
   * where that is not null) and gives the rows it holds, in the same order.
   */
  constructor(
    private readonly rewalk: (value: unknown, prefix: string | null, member: string | null) => Rows,
  ) {}

  readonly dialect: number[] = [];
  readonly id: (string | null)[] = [];
  readonly name: string[] = [];
  /** The arguments as written; undefined where the place names the call without them. */
  readonly raw: unknown[] = [];
  readonly echo: number[] = [];
  /** The list of steps the call stands in (numbers only tell lists apart). */
  readonly container: number[] = [];
  readonly node: (PathNode | null)[] = [];
  /** The user's words last said before the call in its list, if any (`wordsApart`). */
  readonly words: (string | undefined)[] = [];
  /**
   * Where the value each row was found in stands among the values (`at`): values may be
   * walked out of their order (as an importer first reads them), and `sortByOrder` then puts
   * the rows in it.
   */
  private order: number[] = [];
  at = 0;
  /** For a row whose arguments are read again where they stand (`DEFERRED`): its value's place. */
  private from: number[] = [];
  private readonly canon = new Map<number, string>();
  /** Strings the file keeps once and refers to (`resolveRef`), by reference. */
  private refs: Map<string, string> | null = null;
  /**
   * The values rows were read again from: each one's source, prefix, the member it was walked
   * as (null: the value itself), and start, end and first row (three numbers a place).
   */
  private sources: CensusSource[] = [];
  private prefixes: (string | null)[] = [];
  private members: (string | null)[] = [];
  private places: number[] = [];
  /** The rows of the value last read again, and its place. */
  private again: Rows | null = null;
  private againAt = -1;
  /**
   * The value being added, its place taken only once a row needs it (most values hold no
   * call): its source (null: none), where it stands, and the rows before it. `place` is its
   * place once taken, else -1.
   */
  private source: CensusSource | null = null;
  private start = 0;
  private stop = 0;
  private prefix: string | null = null;
  private member: string | null = null;
  private first = 0;
  private place = -1;

  get length(): number {
    return this.name.length;
  }

  /**
   * The rows pushed until `end()` stand in `source`'s value from `start` to `stop`, walked as
   * its member `member` where that is not null.
   */
  begin(
    source: CensusSource,
    start: number,
    stop: number,
    prefix: string | null,
    member: string | null,
  ): void {
    this.source = source;
    this.start = start;
    this.stop = stop;
    this.prefix = prefix;
    this.member = member;
    this.first = this.length;
    this.place = -1;
  }

  end(): void {
    this.source = null;
    this.place = -1;
  }

  /** The place of the value being added, taken now if it was not. */
  private takePlace(source: CensusSource): number {
    if (this.place < 0) {
      this.place = this.sources.length;
      this.sources.push(source);
      this.prefixes.push(this.prefix);
      this.members.push(this.member);
      this.places.push(this.start, this.stop, this.first);
    }
    return this.place;
  }

  /** The arguments as written, read again from the source where they were not kept. */
  rawOf(i: number): unknown {
    const r = this.raw[i];
    if (r !== DEFERRED) return r;
    const p = this.from[i] as number;
    const places = this.places;
    // The calls of one value are compared one after another: it is read again once for all.
    if (this.againAt !== p || this.again === null) {
      const start = places[3 * p] as number;
      const stop = places[3 * p + 1] as number;
      const value = (this.sources[p] as CensusSource).read(start, stop);
      this.again = this.rewalk(value, this.prefixes[p] ?? null, this.members[p] ?? null);
      this.againAt = p;
    }
    return this.again.raw[i - (places[3 * p + 2] as number)];
  }

  /** Records a call (`dialect`: its number in `DIALECT_IDS`). */
  push(
    dialect: number,
    id: string | null,
    name: string,
    raw: unknown,
    echo: boolean | 'fallback',
    container: number,
    node: PathNode | null,
    words?: string,
  ): void {
    this.dialect.push(dialect);
    this.id.push(id);
    this.name.push(name);
    // Arguments that are not empty whatever they hold are not kept where they can be read
    // again: kept to the end of a large import, they would cost the collector more than the
    // few that are compared cost to read twice.
    const source = this.source;
    if (source !== null && notEmpty(raw)) {
      this.raw.push(DEFERRED);
      this.from.push(this.takePlace(source));
    } else {
      this.raw.push(raw);
      this.from.push(-1);
    }
    this.echo.push(echo === 'fallback' ? ECHO_FALLBACK : echo ? ECHO_YES : ECHO_NO);
    this.container.push(container);
    this.node.push(node);
    this.words.push(words);
    this.order.push(this.at);
  }

  /**
   * Puts the rows in the order of the values they were found in (stable: a value's rows keep
   * theirs), as if the values had been walked in that order.
   */
  sortByOrder(): void {
    const n = this.length;
    const order = this.order;
    const perm = stableOrder(order);
    if (perm === null) return;
    const newIndex = new Int32Array(n);
    perm.forEach((old, i) => {
      newIndex[old] = i;
    });
    const pick = <T>(col: T[]): T[] => perm.map((i) => col[i] as T);
    const cols = [
      this.dialect,
      this.id,
      this.name,
      this.raw,
      this.echo,
      this.container,
      this.node,
      this.words,
    ];
    for (const col of cols as unknown[][]) {
      const moved = pick(col);
      for (let i = 0; i < n; i++) col[i] = moved[i];
    }
    this.order = pick(order);
    // A place's rows stay together; the places follow their first rows.
    const places = this.places.length / 3;
    const placeAt = new Int32Array(n).fill(-1);
    for (let p = 0; p < places; p++) placeAt[this.places[3 * p + 2] as number] = p;
    const byFirst: number[] = [];
    for (const old of perm) if ((placeAt[old] as number) >= 0) byFirst.push(placeAt[old] as number);
    const newPlace = new Int32Array(places);
    byFirst.forEach((old, p) => {
      newPlace[old] = p;
    });
    this.sources = byFirst.map((p) => this.sources[p] as CensusSource);
    this.prefixes = byFirst.map((p) => this.prefixes[p] ?? null);
    this.members = byFirst.map((p) => this.members[p] ?? null);
    const moved: number[] = [];
    for (const p of byFirst) {
      const at = this.places;
      moved.push(
        at[3 * p] as number,
        at[3 * p + 1] as number,
        newIndex[at[3 * p + 2] as number] as number,
      );
    }
    this.places = moved;
    this.from = perm.map((i) => {
      const p = this.from[i] as number;
      return p < 0 ? p : (newPlace[p] as number);
    });
    this.canon.clear();
    this.again = null;
    this.againAt = -1;
  }

  truncate(n: number): void {
    if (n >= this.length) return;
    this.dialect.length = n;
    this.id.length = n;
    this.name.length = n;
    this.raw.length = n;
    this.from.length = n;
    this.echo.length = n;
    this.container.length = n;
    this.node.length = n;
    this.words.length = n;
    this.order.length = n;
    this.canon.clear();
    this.again = null;
    this.againAt = -1;
    let p = this.sources.length;
    while (p > 0 && (this.places[3 * p - 1] as number) >= n) p--;
    if (this.place >= p) this.place = -1;
    this.sources.length = p;
    this.prefixes.length = p;
    this.members.length = p;
    this.places.length = 3 * p;
  }

  dialectId(i: number): DialectId {
    return DIALECT_IDS[this.dialect[i] as number] as DialectId;
  }

  path(i: number): string {
    return pathText(this.node[i] ?? null);
  }

  /** The canonical arguments of row `i`. */
  args(i: number): string {
    let c = this.canon.get(i);
    if (c === undefined) this.canon.set(i, (c = canonical(this.rawOf(i), undefined, this.refs)));
    return c;
  }

  /** Notes strings the file keeps once, by the reference that stands for each. */
  keptStrings(table: Rec): void {
    let kept = false;
    eachMember(table, (k, v) => {
      if (typeof v !== 'string' || !REF_KEY.test(k)) return;
      (this.refs ??= new Map()).set(k, v);
      kept = true;
    });
    // Arguments compared before these were known are compared again.
    if (kept) this.canon.clear();
  }

  /** Whether the arguments are empty (`{}`, null, ""), worked out without canonical form where the raw value tells. */
  empty(i: number): boolean {
    const r = this.raw[i];
    return r !== DEFERRED && !notEmpty(r) && emptyArgs(this.args(i));
  }

  /** Whether the place names the call without its arguments (a flattened attribute's copy). */
  bare(i: number): boolean {
    return this.raw[i] === undefined;
  }

  /** The call row `i` stands for, as the census lists it. */
  call(i: number): CensusCall {
    return new RowCall(this, i);
  }
}

/**
 * The indexes of `keys` (offsets in a text: whole numbers from 0) in the order of their keys,
 * equal keys in index order; null when they are in order already.
 */
export function stableOrder(keys: readonly number[]): number[] | null {
  const n = keys.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = (keys[i - 1] as number) <= (keys[i] as number);
  if (sorted) return null;
  if (n < 1 << 21 && keys.every((k) => k < 2 ** 31)) {
    // Key and index in one double, sorted as numbers: a comparator costs ten times more.
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) packed[i] = (keys[i] as number) * (1 << 21) + i;
    packed.sort();
    return Array.from(packed, (k) => k % (1 << 21));
  }
  const out = Array.from({ length: n }, (_, i) => i);
  return out.sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
}

/** A census call: the row of its first occurrence, its path spelled when asked for. */
class RowCall implements CensusCall {
  readonly dialect: DialectId;
  readonly id: string | null;
  readonly name: string;
  constructor(
    private readonly rows: Rows,
    private readonly row: number,
  ) {
    this.dialect = rows.dialectId(row);
    this.id = rows.id[row] ?? null;
    this.name = rows.name[row] as string;
  }

  get path(): string {
    return this.rows.path(this.row);
  }
}

export interface PathNode {
  readonly parent: PathNode | null;
  readonly seg: string;
  /** Set on an item of a span list (spans linked to their parents): the item and its tree. */
  readonly span?: SpanItem;
}

/** An item of a list of spans: its index, and each item's parent's index (-1: none). */
export interface SpanItem {
  readonly item: number;
  readonly parents: Int32Array;
}

/** Text that may spell an empty object; anything else is not empty arguments. */
const EMPTY_OBJECT_TEXT = /^\s*\{\s*\}\s*$/;

/** A JSON path with `[*]` for every list index: `events[*].content.parts[*].functionCall`. */
export function pathText(p: PathNode | null): string {
  const segs: string[] = [];
  for (let n = p; n !== null; n = n.parent) segs.push(n.seg);
  segs.reverse();
  let out = '';
  for (const s of segs) {
    if (s === '[*]') out += s;
    else out += out === '' ? s : `.${s}`;
  }
  return out === '' ? '(top)' : out;
}

/**
 * Where the answers of a list's chat messages stand (`tool` messages), by container and id:
 * each as the number of rows before it. Noted in flat lists as they are met (a history may
 * hold a hundred thousand), indexed only when a count asks (calls copied side by side).
 */
export class AnswerPlaces {
  private readonly containers: number[] = [];
  private readonly ids: string[] = [];
  private readonly rows: number[] = [];
  private index: Map<string, number[]> | null = null;

  note(container: number, id: string, row: number): void {
    this.containers.push(container);
    this.ids.push(id);
    this.rows.push(row);
    this.index = null;
  }

  /** The places of the answers to `id` in `container`, in order, each once. */
  at(container: number, id: string): readonly number[] | undefined {
    if (this.index === null) {
      const index = new Map<string, number[]>();
      for (let i = 0; i < this.ids.length; i++) {
        const k = `${this.containers[i] as number}\u0000${this.ids[i] as string}`;
        const row = this.rows[i] as number;
        const l = index.get(k);
        if (l === undefined) index.set(k, [row]);
        else if (l[l.length - 1] !== row) l.push(row);
      }
      this.index = index;
    }
    return this.index.get(`${container}\u0000${id}`);
  }
}
