// The tool-call census: every call a file holds, found by walking its JSON after the import.
import { DIALECTS, NAME_KEYS, dialectEntry, looksLikeCall } from './dialects/table';
import type { DialectEntry, DialectId, FoundCall, Place } from './dialects/table';
import {
  canonical,
  eachMember,
  embeddedJson,
  emptyArgs,
  get,
  getStr,
  has,
  isRec,
} from './dialects/shape';
import type { Rec } from './dialects/shape';
import { strFromU8 } from 'fflate';
import { decodeBase64 } from './base64';
import { pythonLiteralToJson } from './pyLiteral';

/**
 * The tool-call census: one walk over every JSON value of a file, after its import, that finds
 * every object shaped like a tool call in any dialect of the table (dialects/table.ts), and
 * objects no entry knows that look like one (`unknown`), and counts each call once. The import
 * is then held to it: where it read another number of calls, a warning says so (docs/formats.md
 * §22, docs/report.md §3.1).
 */
export interface Census {
  readonly toolCalls: number;
  readonly byDialect: Readonly<Record<string, number>>;
  /** The first calls the import did not read (tool names and JSON paths only). */
  readonly unread: readonly CensusUnread[];
  /**
   * Set when the conversations were read by shape (docs/formats.md §25): the dialects of the
   * calls read, and the format whose importer read fewer calls (null: no importer knew the file).
   */
  readonly readByShape?: { readonly dialects: readonly string[]; readonly instead: string | null };
}

export interface CensusUnread {
  readonly dialect: string;
  readonly path: string;
  readonly name: string;
}

/** One call of the census, once: where it was first seen. */
export interface CensusCall {
  readonly dialect: DialectId;
  readonly id: string | null;
  readonly name: string;
  readonly path: string;
}

/**
 * One place a call was seen, and the census's call when it is the first of its kind. Its
 * canonical arguments are worked out only when compared, its path spelled only when asked for
 * (the unread ones).
 */
class Occurrence implements CensusCall {
  private canon: string | null = null;
  private text: string | null = null;
  constructor(
    readonly dialect: DialectId,
    readonly id: string | null,
    readonly name: string,
    private readonly raw: unknown,
    readonly echo: boolean | 'fallback',
    readonly container: number,
    readonly node: PathNode | null,
  ) {}

  get path(): string {
    this.text ??= pathText(this.node);
    return this.text;
  }

  get args(): string {
    this.canon ??= canonical(this.raw);
    return this.canon;
  }

  /** Whether the arguments are empty (`{}`, null, ""), worked out without canonical form where the raw value tells. */
  get empty(): boolean {
    const r = this.raw;
    if (typeof r === 'string') {
      if (r !== '' && !EMPTY_OBJECT_TEXT.test(r)) return false;
    } else if (r instanceof Map) {
      if (r.size > 0) return false;
    } else if (Array.isArray(r)) return false;
    return emptyArgs(this.args);
  }

  /** Whether the place names the call without its arguments (a flattened attribute's copy). */
  get bare(): boolean {
    return this.raw === undefined;
  }

  /**
   * The arguments with one wrapping member taken off (`{"input": {…}}`, as a tool's execution
   * span logs what the model asked), or null when they are not so wrapped.
   */
  get unwrapped(): string | null {
    return unwrappedArgs(this.raw);
  }
}

interface PathNode {
  readonly parent: PathNode | null;
  readonly seg: string;
}

interface Frame {
  readonly v: unknown;
  readonly at: Place;
  readonly path: PathNode | null;
  readonly container: number;
  /** How many JSON strings deep this value is (a string holding JSON holding JSON …). */
  readonly nested: number;
}

/**
 * Lists that are parts of one message or reply, not a sequence of steps: their items belong to
 * the list around the message, so the same call in two of them is still one place.
 */
const PART_LISTS = new Set([
  'content',
  'parts',
  'tool_calls',
  'toolCalls',
  'function_calls',
  'candidates',
  'choices',
  'output',
]);

/** The members a tool's execution span wraps the model's arguments in. */
const WRAPPERS = new Set(['input', 'args', 'arguments', 'kwargs', 'tool_input', 'parameters']);

/** Past this many JSON strings inside strings the census stops looking. */
const MAX_NESTED = 4;
/** Strings longer than this are never read as embedded JSON (arguments, bodies are shorter). */
const MAX_EMBEDDED = 8 << 20;
const DIALECT_COUNTED = new Map(DIALECTS.map((d) => [d.id, d.counted]));
const MARKER = /tool|unction|Call|call_id|hook_event/;

const TOOL_CALL_ITEM: Place = { key: null, listKey: 'tool_calls', outerKey: null };

/** Whether `embedded` might read the string as JSON (the same first tests it makes). */
function mayHoldJson(s: string): boolean {
  if (s.length < 16) return false;
  const c = s.charCodeAt(0);
  return c === 0x7b || c === 0x5b || c === 0x64 || c === 0x65;
}

/** Text that may spell an empty object; anything else is not empty arguments. */
const EMPTY_OBJECT_TEXT = /^\s*\{\s*\}\s*$/;

/** Walks JSON values and gathers the tool calls they hold. Iterative: no nesting overflows it. */
export class CensusScan {
  private readonly seen: Occurrence[] = [];
  private readonly callPaths = new Map<string, PathNode>();
  private containers = 1;
  /** `calls()` as last worked out, until something more is seen. */
  private counted: CensusCall[] | null = null;

  /**
   * Walks one value. Values added with the same `container` (the lines of one JSON Lines file)
   * are one list of steps; `prefix` names where the value sits (`lines[*]`).
   */
  add(root: unknown, prefix: string | null = null, container = 0): void {
    this.counted = null;
    if (prefix !== null && root instanceof Map && this.chatMessage(root, prefix, container)) return;
    const stack: Frame[] = [
      {
        v: root,
        at: { key: null, listKey: null, outerKey: null },
        path: prefix === null ? null : { parent: null, seg: prefix },
        container,
        nested: 0,
      },
    ];
    while (stack.length > 0) {
      const f = stack.pop() as Frame;
      const v = f.v;
      if (Array.isArray(v)) {
        const listKey = f.at.key ?? f.at.listKey;
        const container =
          listKey !== null && PART_LISTS.has(listKey) ? f.container : this.containers++;
        const path: PathNode = { parent: f.path, seg: '[*]' };
        const at: Place = { key: null, listKey, outerKey: f.at.outerKey };
        const attrs = otlpAttributes(v);
        if (attrs !== null) {
          // OTLP's `[{ key, value: { stringValue } }]` read as the flat attributes it spells.
          stack.push({
            v: attrs,
            at: f.at,
            path: f.path,
            container: f.container,
            nested: f.nested,
          });
          continue;
        }
        for (let i = v.length - 1; i >= 0; i--) {
          const x: unknown = v[i];
          if (typeof x === 'object' && x !== null) {
            stack.push({ v: x, at, path, container, nested: f.nested });
          } else if (typeof x === 'string') this.embedded(x, at, path, container, f.nested, stack);
        }
        continue;
      }
      if (!isRec(v)) continue;
      // A demonstration in a prompt shows calls nobody made.
      if (get(v, 'is_demo') === true) continue;
      if (this.read(v, f)) continue;
      const base64 = get(v, 'encoding') === 'base64';
      // A message's text is what was said or returned: calls quoted in a tool's output were
      // not made here, and reading every result again would cost as much as the import.
      const said = has(v, 'role');
      const outerKey = f.at.key ?? f.at.listKey;
      eachMember(v, (k, x) => {
        if (typeof x === 'object' && x !== null) {
          stack.push({
            v: x,
            at: { key: k, listKey: null, outerKey },
            path: { parent: f.path, seg: k },
            container: f.container,
            nested: f.nested,
          });
        } else if (typeof x === 'string' && !(said && k === 'content')) {
          const text = base64 && k === 'text' ? fromBase64(x) : x;
          this.embedded(
            text,
            { key: k, listKey: null, outerKey },
            { parent: f.path, seg: k },
            f.container,
            f.nested,
            stack,
          );
        }
      });
    }
  }

  /**
   * A plain OpenAI chat message (strings and `tool_calls` only, as most lines of a chat body
   * are), recorded as the walk below would record it without walking it; false, having recorded
   * nothing, when it holds anything else.
   */
  private chatMessage(m: Map<unknown, unknown>, prefix: string, container: number): boolean {
    if (typeof m.get('role') !== 'string') return false;
    let calls: unknown[] | null = null;
    for (const k of m.keys()) {
      const x = m.get(k);
      if (typeof k !== 'string' || k === 'type' || k === 'encoding' || k === 'is_demo')
        return false;
      if (BY_HAS.has(k)) return false;
      if (typeof x === 'object' && x !== null) {
        if (k !== 'tool_calls' || !Array.isArray(x)) return false;
        calls = x;
      } else if (typeof x === 'string' && k !== 'content' && mayHoldJson(x)) return false;
    }
    if (calls === null) return true;
    const found: FoundCall[] = [];
    for (const x of calls) {
      if (!(x instanceof Map) || x.has('is_demo') || x.has('key')) return false;
      const c = OPENAI_CHAT.read(x, TOOL_CALL_ITEM);
      if (c === null || Array.isArray(c)) return false;
      found.push(c as FoundCall);
    }
    const path = this.callPath(prefix);
    for (const c of found)
      this.seen.push(new Occurrence('openai-chat', c.id, c.name, c.args, false, container, path));
    return true;
  }

  /** `<prefix>.tool_calls[*]`, one node chain per prefix (paths compare by their names). */
  private callPath(prefix: string): PathNode {
    let p = this.callPaths.get(prefix);
    if (p === undefined) {
      const list: PathNode = { parent: { parent: null, seg: prefix }, seg: 'tool_calls' };
      p = { parent: list, seg: '[*]' };
      this.callPaths.set(prefix, p);
    }
    return p;
  }

  /** A string that holds JSON (a span attribute, a logged body) is walked as that JSON. */
  private embedded(
    s: string,
    at: Place,
    path: PathNode,
    container: number,
    nested: number,
    stack: Frame[],
  ): void {
    if (nested >= MAX_NESTED || s.length < 16 || s.length > MAX_EMBEDDED) return;
    const c = s.charCodeAt(0);
    const stream = (c === 0x64 || c === 0x65) && /^(?:data|event):/.test(s.slice(0, 6));
    if (c !== 0x7b && c !== 0x5b && !stream) return;
    if (!MARKER.test(s)) return;
    if (stream) {
      // A captured event stream: each `data:` line is one event, the events one list.
      const events: unknown[] = [];
      for (const line of s.split('\n')) {
        if (!line.startsWith('data:')) continue;
        const e = embeddedJson(line.slice(5).trim());
        if (e !== undefined) events.push(e);
      }
      stack.push({ v: events, at, path, container, nested: nested + 1 });
      return;
    }
    let v = embeddedJson(s);
    if (v === undefined) {
      // Python's repr of a list of dicts, as some tracers log messages.
      const fixed = pythonLiteralToJson(s);
      if (fixed !== null) v = embeddedJson(fixed);
    }
    if (v === undefined) return;
    stack.push({ v, at, path, container, nested: nested + 1 });
  }

  /** Records the calls an object is; true when it is one (its insides are its arguments). */
  private read(o: Rec, f: Frame): boolean {
    const found = callsAt(o, f.at);
    if (found === null) return false;
    // Calls of messages flattened into the object (`llm.input_messages.N…`) stand in a list
    // of their own, as the same messages unflattened would.
    let history: number | null = null;
    for (const c of found.calls) {
      if (c.history === true) history ??= this.containers++;
      this.record(
        found.dialect,
        c,
        c.history === true ? { ...f, container: history as number } : f,
      );
    }
    // An unknown is only a guess: what it holds is walked too.
    return found.dialect !== 'unknown';
  }

  private record(dialect: DialectId, c: FoundCall, f: Frame): void {
    const path = c.sub === undefined ? f.path : { parent: f.path, seg: c.sub };
    this.seen.push(
      new Occurrence(dialect, c.id, c.name, c.args, c.echo ?? false, f.container, path),
    );
  }

  /** How many occurrences are recorded so far, for `rollback`. */
  mark(): number {
    return this.seen.length;
  }

  /** Forgets what was recorded after `mark` (a session rewound to an earlier message). */
  rollback(mark: number): void {
    this.counted = null;
    if (mark < this.seen.length) this.seen.length = mark;
  }

  /** Each call once, in the order first seen, by the identity rules of docs/formats.md §22. */
  calls(): CensusCall[] {
    this.counted ??= this.count();
    return this.counted;
  }

  private count(): CensusCall[] {
    const out: { call: CensusCall; order: number }[] = [];
    const strong = this.seen.filter((o) => !o.echo && DIALECT_COUNTED.get(o.dialect) !== false);
    const echoes = this.seen.filter(
      (o) => o.echo === true || (o.echo === 'fallback' && strong.length === 0),
    );
    // With an id: one call per id and name, and per distinct non-empty arguments under them.
    // Keyed by id, then (rarely) by another name under the same id.
    const byId = new Map<string, IdGroup>();
    // Without an id: as many as the most any one list of steps holds.
    const byShape = new Map<
      string,
      { first: Occurrence; order: number; per: Map<number, number> }
    >();
    // Without an id or arguments: only as many as the calls of that name spelled in full leave.
    const nameOnly = new Map<
      string,
      { first: Occurrence; order: number; per: Map<number, number> }
    >();
    strong.forEach((o, order) => {
      if (o.id !== null) {
        const g = byId.get(o.id);
        if (g === undefined) byId.set(o.id, { name: o.name, order, list: [o], other: null });
        else if (g.name === o.name) g.list.push(o);
        else {
          g.other ??= new Map();
          const h = g.other.get(o.name);
          if (h) h.list.push(o);
          else g.other.set(o.name, { name: o.name, order, list: [o], other: null });
        }
        return;
      }
      if (o.bare) {
        // Named without arguments: a copy of a call some other place spells in full.
        let g = nameOnly.get(o.name);
        if (!g) nameOnly.set(o.name, (g = { first: o, order, per: new Map() }));
        g.per.set(o.container, (g.per.get(o.container) ?? 0) + 1);
        return;
      }
      const shape = `${o.name}\u0000${o.args}`;
      let g = byShape.get(shape);
      if (!g) byShape.set(shape, (g = { first: o, order, per: new Map() }));
      g.per.set(o.container, (g.per.get(o.container) ?? 0) + 1);
    });
    // The arguments are compared only where something else may be the same call: a call of the
    // same name without an id, or an echo of that name.
    const compare = byShape.size > 0 || echoes.length > 0;
    const compared = new Set<string>();
    for (const g of byShape.values()) compared.add(g.first.name);
    for (const o of echoes) compared.add(o.name);
    const strongShapes = new Set<string>();
    const idCallsByShape = new Map<string, number>();
    // Where the calls with ids stand, by shape and list: a list holds each call once, so an
    // id-less copy in the same list is another call.
    const idPer = new Map<string, Map<number, number>>();
    const noteId = (shape: string, container: number, n: number): void => {
      strongShapes.add(shape);
      idCallsByShape.set(shape, (idCallsByShape.get(shape) ?? 0) + n);
      let per = idPer.get(shape);
      if (!per) idPer.set(shape, (per = new Map()));
      per.set(container, (per.get(container) ?? 0) + n);
    };
    for (const g of idGroups(byId)) {
      const first = g.list[0] as Occurrence;
      if (g.list.length === 1) {
        out.push({ call: callOf(first), order: g.order });
        if (compared.has(first.name))
          noteId(`${first.name}\u0000${first.args}`, first.container, 1);
        continue;
      }
      // The same id again and again in one list at one path (a local model's `call_0` every
      // turn): each is a call, whatever its arguments, so they need not be compared.
      if (!compared.has(first.name) && g.list.length < 1e6 && oneListOnePath(g.list)) {
        for (let i = 0; i < g.list.length; i++)
          out.push({ call: callOf(first), order: g.order + i * 1e-6 });
        continue;
      }
      // Ids are not trusted: the same id with other arguments is another call; the same id and
      // arguments twice at one path of one list (two turns of a history) are two; at two paths
      // (an event and the reply it builds) or in two lists, one. A copy without arguments is a
      // stream's first word of a call its own dialect completes elsewhere.
      const args = new Map<string, Map<number, Occurrence[]>>();
      const firstIn = new Map<string, number>();
      const argued = new Set<DialectId>();
      const bare = new Set<DialectId>();
      for (const o of g.list) {
        if (o.empty) {
          bare.add(o.dialect);
          continue;
        }
        argued.add(o.dialect);
        let per = args.get(o.args);
        if (!per) {
          args.set(o.args, (per = new Map()));
          firstIn.set(o.args, o.container);
        }
        const inList = per.get(o.container);
        if (inList) inList.push(o);
        else per.set(o.container, [o]);
      }
      for (const [a, per] of args) {
        let n = 0;
        for (const inList of per.values()) n = Math.max(n, mostAtOnePath(inList));
        if (compared.has(first.name)) noteId(`${first.name}\u0000${a}`, firstIn.get(a) ?? 0, n);
        for (let i = 0; i < n; i++) out.push({ call: callOf(first), order: g.order + i * 1e-6 });
      }
      let lone = 0;
      for (const d of bare) if (!argued.has(d)) lone++;
      if (lone > 0 && compare && compared.has(first.name))
        strongShapes.add(`${first.name}\u0000${first.args}`);
      for (let i = 0; i < lone; i++) out.push({ call: callOf(first), order: g.order + 0.5 });
    }
    for (const [shape, g] of byShape) {
      strongShapes.add(shape);
      const withIds = idPer.get(shape);
      let most = 0;
      for (const [c, n] of g.per) most = Math.max(most, n + (withIds?.get(c) ?? 0));
      const extra = most - (idCallsByShape.get(shape) ?? 0);
      for (let i = 0; i < extra; i++)
        out.push({ call: callOf(g.first), order: g.order + i * 1e-6 });
    }
    if (nameOnly.size > 0) {
      const named = new Map<string, number>();
      for (const x of out) named.set(x.call.name, (named.get(x.call.name) ?? 0) + 1);
      for (const [name, g] of nameOnly) {
        const extra = Math.max(...g.per.values()) - (named.get(name) ?? 0);
        for (let i = 0; i < extra; i++)
          out.push({ call: callOf(g.first), order: g.order + i * 1e-6 });
        if (extra > 0 || named.has(name)) strongShapes.add(`${name}\u0000${g.first.args}`);
      }
    }
    if (echoes.length > 0) {
      const ids = new Set<string>(byId.keys());
      this.echoCalls(strong, echoes, strongShapes, ids, out);
    }
    out.sort((a, b) => a.order - b.order);
    return out.map((x) => x.call);
  }

  /** Echoes count only where nothing else is the same call. */
  private echoCalls(
    strong: readonly Occurrence[],
    echoes: readonly Occurrence[],
    strongShapes: ReadonlySet<string>,
    ids: ReadonlySet<string>,
    out: { call: CensusCall; order: number }[],
  ): void {
    const namesByArgs = new Map<string, string[]>();
    for (const o of strong) {
      const list = namesByArgs.get(o.args);
      if (list) list.push(o.name);
      else namesByArgs.set(o.args, [o.name]);
    }
    const groups = new Map<
      string,
      { first: Occurrence; order: number; per: Map<number, number> }
    >();
    echoes.forEach((o, i) => {
      const shape = `${o.name}\u0000${o.args}`;
      if (strongShapes.has(shape) || (o.id !== null && ids.has(o.id))) return;
      // A tool's execution span often names it in a longer label ("running tool: search"),
      // and may wrap the arguments it was given in one member.
      const inner = o.unwrapped;
      for (const a of inner === null ? [o.args] : [o.args, inner]) {
        if (strongShapes.has(`${o.name}\u0000${a}`)) return;
        if (namesByArgs.get(a)?.some((n) => o.name.includes(n))) return;
      }
      const key = o.id ?? shape;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { first: o, order: strong.length + i, per: new Map() }));
      g.per.set(o.container, (g.per.get(o.container) ?? 0) + 1);
    });
    for (const g of groups.values()) {
      const most = g.first.id !== null ? 1 : Math.max(...g.per.values());
      for (let i = 0; i < most; i++) out.push({ call: callOf(g.first), order: g.order + i * 1e-6 });
    }
  }
}

/** The entries an object might be, in table order (most objects: none, at a few lookups). */
const BY_KEY = new Map<string, DialectEntry[]>();
const BY_LIST = new Map<string, DialectEntry[]>();
const BY_TYPE = new Map<string, DialectEntry[]>();
const BY_HAS = new Map<string, DialectEntry[]>();
for (const d of DIALECTS) {
  const put = (m: Map<string, DialectEntry[]>, ks: readonly string[] | undefined): void => {
    for (const k of ks ?? []) {
      const l = m.get(k);
      if (l) l.push(d);
      else m.set(k, [d]);
    }
  };
  put(BY_KEY, d.when.keys);
  put(BY_LIST, d.when.lists);
  put(BY_TYPE, d.when.types);
  put(BY_HAS, d.when.has);
}
const ORDER = new Map(DIALECTS.map((d, i) => [d, i]));

/**
 * Every string that, as a member name or a `type`, can make the walk find a call: the members,
 * lists and types the table's entries are tried by (`candidates`), the members an unknown call
 * is named by (`looksLikeCall`), and `base64`, since a body so encoded is decoded and may hold
 * anything. A value none of them is spelled in holds no call the census counts.
 */
export const CALL_WORDS: readonly string[] = [
  ...new Set([
    ...BY_KEY.keys(),
    ...BY_LIST.keys(),
    ...BY_TYPE.keys(),
    ...BY_HAS.keys(),
    ...NAME_KEYS,
    'base64',
  ]),
];
/** The first entry of the table, so the first any `tool_calls` item is tried against. */
const OPENAI_CHAT = DIALECTS[0] as DialectEntry;
const NONE: readonly DialectEntry[] = [];
const HAS_KEYS = [...BY_HAS.keys()];

function candidates(o: Rec, at: Place): readonly DialectEntry[] {
  const byKey = at.key === null ? undefined : BY_KEY.get(at.key);
  const byList = at.listKey === null ? undefined : BY_LIST.get(at.listKey);
  const t = get(o, 'type');
  const byType = typeof t === 'string' ? BY_TYPE.get(t) : undefined;
  let byHas: DialectEntry[] | undefined;
  for (const k of HAS_KEYS) {
    if (!has(o, k)) continue;
    const l = BY_HAS.get(k) as DialectEntry[];
    byHas = byHas === undefined ? l : [...byHas, ...l];
  }
  if (byKey === undefined && byList === undefined && byType === undefined && byHas === undefined)
    return NONE;
  const out: DialectEntry[] = [];
  for (const l of [byKey, byList, byType, byHas]) {
    if (l !== undefined) for (const d of l) if (!out.includes(d)) out.push(d);
  }
  if (out.length > 1) out.sort((x, y) => (ORDER.get(x) ?? 0) - (ORDER.get(y) ?? 0));
  return out;
}

/**
 * Arguments with one wrapping member taken off (`{"input": {…}}`), canonical; null when they are
 * not so wrapped.
 */
export function unwrappedArgs(raw: unknown): string | null {
  const v = typeof raw === 'string' ? embeddedJson(raw) : raw;
  if (!isRec(v)) return null;
  let only: unknown;
  let n = 0;
  eachMember(v, (k, x) => {
    n++;
    only = WRAPPERS.has(k) ? x : undefined;
  });
  return n === 1 && only !== undefined ? canonical(only) : null;
}

/**
 * The calls an object is, by the first entry of the table that reads it, else as an unknown
 * that looks like a call; null when it is none. The census and the reader by shape
 * (shape/walk.ts) see calls through this one function.
 */
export function callsAt(
  o: Rec,
  at: Place,
): { readonly dialect: DialectId; readonly calls: readonly FoundCall[] } | null {
  for (const d of candidates(o, at)) {
    const r = d.read(o, at);
    if (r === null) continue;
    return { dialect: d.id, calls: Array.isArray(r) ? r : [r as FoundCall] };
  }
  const u = looksLikeCall(o, at);
  return u === null ? null : { dialect: 'unknown', calls: [u] };
}

/** The member names of lists that are the parts of one message, not a list of steps. */
export function isPartList(key: string | null): boolean {
  return key !== null && PART_LISTS.has(key);
}

/** OTLP attributes, `[{ key, value: { stringValue | intValue | … } }]`, as one flat object; else null. */
function otlpAttributes(list: readonly unknown[]): Map<string, unknown> | null {
  if (list.length === 0) return null;
  const first: unknown = list[0];
  if (!isRec(first) || getStr(first, 'key') === undefined || !isRec(get(first, 'value')))
    return null;
  const out = new Map<string, unknown>();
  for (const a of list) {
    if (!isRec(a)) return null;
    const k = getStr(a, 'key');
    const v = get(a, 'value');
    if (k === undefined || !isRec(v)) return null;
    let scalar: unknown;
    eachMember(v, (_, x) => {
      if (scalar === undefined) scalar = x;
    });
    out.set(k, scalar);
  }
  return out;
}

/** A base64 body as text, or the string itself when it does not decode. */
function fromBase64(s: string): string {
  const bytes = decodeBase64(s);
  if (bytes === null) return s;
  try {
    return strFromU8(bytes);
  } catch {
    return s;
  }
}

function callOf(o: Occurrence): CensusCall {
  return o;
}

interface IdGroup {
  readonly name: string;
  readonly order: number;
  readonly list: Occurrence[];
  other: Map<string, IdGroup> | null;
}

/** The groups of calls with ids, one per id and name. */
function* idGroups(byId: ReadonlyMap<string, IdGroup>): Generator<IdGroup> {
  for (const g of byId.values()) {
    yield g;
    if (g.other !== null) yield* g.other.values();
  }
}

/** Whether the occurrences all stand in one list at one path, none without arguments. */
function oneListOnePath(list: readonly Occurrence[]): boolean {
  const first = list[0] as Occurrence;
  for (const o of list) {
    if (o.container !== first.container || !samePath(o.node, first.node) || o.empty) return false;
  }
  return true;
}

function samePath(a: PathNode | null, b: PathNode | null): boolean {
  while (a !== b) {
    if (a === null || b === null || a.seg !== b.seg) return false;
    a = a.parent;
    b = b.parent;
  }
  return true;
}

/** The most occurrences of one list that stand at one path. */
function mostAtOnePath(list: readonly Occurrence[]): number {
  if (list.length === 1) return 1;
  const per = new Map<string, number>();
  let most = 0;
  for (const o of list) {
    const at = pathText(o.node);
    const n = (per.get(at) ?? 0) + 1;
    per.set(at, n);
    most = Math.max(most, n);
  }
  return most;
}

/** A JSON path with `[*]` for every list index: `events[*].content.parts[*].functionCall`. */
function pathText(p: PathNode | null): string {
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

/** The calls an import read, as the census compares them. */
export interface ReadCall {
  readonly id: string | null;
  readonly name: string;
}

const MAX_UNREAD = 20;

/**
 * The census of `calls` held against what the import read: the counts, and the calls not
 * matched by a read call (first by id, then by name).
 */
export function censusOf(calls: readonly CensusCall[], read: readonly ReadCall[]): Census {
  const byDialect: Record<string, number> = {};
  for (const c of calls) byDialect[c.dialect] = (byDialect[c.dialect] ?? 0) + 1;
  const readIds = new Map<string, number>();
  for (const r of read) if (r.id !== null) readIds.set(r.id, (readIds.get(r.id) ?? 0) + 1);
  const take = (m: Map<string, number>, k: string): boolean => {
    const n = m.get(k) ?? 0;
    if (n === 0) return false;
    m.set(k, n - 1);
    return true;
  };
  const left: CensusCall[] = [];
  const byId: boolean[] = [];
  for (const c of calls) {
    const matched = c.id !== null && take(readIds, c.id);
    byId.push(matched);
    if (!matched) left.push(c);
  }
  // Names matter only for the calls no id matched (most files: none).
  if (left.length === 0) return { toolCalls: calls.length, byDialect, unread: [] };
  const readNames = new Map<string, number>();
  for (const r of read) readNames.set(r.name, (readNames.get(r.name) ?? 0) + 1);
  calls.forEach((c, i) => {
    if (byId[i] === true) take(readNames, c.name);
  });
  const unread: CensusUnread[] = [];
  for (const c of left) {
    if (take(readNames, c.name)) continue;
    if (unread.length < MAX_UNREAD) unread.push({ dialect: c.dialect, path: c.path, name: c.name });
  }
  return { toolCalls: calls.length, byDialect, unread };
}

/**
 * The warnings a census gives an import that read `read` calls: none when the counts agree.
 * Says how many calls, in which form and where; never an argument.
 */
export function censusWarnings(census: Census, read: number): string[] {
  if (census.toolCalls === read) return [];
  const out: string[] = [];
  const groups = new Map<string, { dialect: string; path: string; n: number }>();
  for (const u of census.unread) {
    const key = `${u.dialect}\u0000${u.path}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { dialect: u.dialect, path: u.path, n: 1 });
  }
  if (census.toolCalls > read) {
    const missing = census.toolCalls - read;
    const where = [...groups.values()]
      .slice(0, 3)
      .map((g) => `${g.n} in ${formName(g.dialect)} form under \`${g.path}\``)
      .join('; ');
    out.push(
      `${missing} of the ${census.toolCalls} tool calls in the file were not read${where === '' ? '' : ` (${where})`}: the loop verdict does not see them.`,
    );
  } else {
    out.push(
      `The import read ${read} tool calls where the census of the file finds ${census.toolCalls}: some calls may be read twice or invented.`,
    );
  }
  return out;
}

function formName(dialect: string): string {
  if (dialect === 'unknown') return 'an unknown';
  return dialectEntry(dialect as DialectId)?.label ?? dialect;
}
