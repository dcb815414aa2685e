import { DIALECTS, dialectEntry, looksLikeCall } from './dialects/table';
import type { DialectId, FoundCall, Place } from './dialects/table';
import {
  canonical,
  eachMember,
  embeddedJson,
  emptyArgs,
  get,
  getStr,
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

interface Occurrence {
  readonly dialect: DialectId;
  readonly id: string | null;
  readonly name: string;
  readonly args: string;
  readonly echo: boolean | 'fallback';
  readonly container: number;
  readonly path: PathNode | null;
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

/** Past this many JSON strings inside strings the census stops looking. */
const MAX_NESTED = 4;
/** Strings longer than this are never read as embedded JSON (arguments, bodies are shorter). */
const MAX_EMBEDDED = 8 << 20;
const DIALECT_COUNTED = new Map(DIALECTS.map((d) => [d.id, d.counted]));
const MARKER = /tool|unction|Call|call_id|hook_event/;

/** Walks JSON values and gathers the tool calls they hold. Iterative: no nesting overflows it. */
export class CensusScan {
  private readonly seen: Occurrence[] = [];
  private containers = 1;

  /**
   * Walks one value. Values added with the same `container` (the lines of one JSON Lines file)
   * are one list of steps; `prefix` names where the value sits (`lines[*]`).
   */
  add(root: unknown, prefix: string | null = null, container = 0): void {
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
        } else if (typeof x === 'string') {
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
    for (const d of DIALECTS) {
      const r = d.read(o, f.at);
      if (r === null) continue;
      const list: readonly FoundCall[] = Array.isArray(r) ? r : [r as FoundCall];
      for (const c of list) this.record(d.id, c, f);
      return true;
    }
    const u = looksLikeCall(o, f.at);
    if (u !== null) this.record('unknown', u, f);
    // An unknown is only a guess: what it holds is walked too.
    return false;
  }

  private record(dialect: DialectId, c: FoundCall, f: Frame): void {
    this.seen.push({
      dialect,
      id: c.id,
      name: c.name,
      args: canonical(c.args),
      echo: c.echo ?? false,
      container: f.container,
      path: c.sub === undefined ? f.path : { parent: f.path, seg: c.sub },
    });
  }

  /** How many occurrences are recorded so far, for `rollback`. */
  mark(): number {
    return this.seen.length;
  }

  /** Forgets what was recorded after `mark` (a session rewound to an earlier message). */
  rollback(mark: number): void {
    if (mark < this.seen.length) this.seen.length = mark;
  }

  /** Each call once, in the order first seen, by the identity rules of docs/formats.md §22. */
  calls(): CensusCall[] {
    const out: { call: CensusCall; order: number }[] = [];
    const strong = this.seen.filter((o) => !o.echo && DIALECT_COUNTED.get(o.dialect) !== false);
    const echoes = this.seen.filter(
      (o) => o.echo === true || (o.echo === 'fallback' && strong.length === 0),
    );
    // With an id: one call per id and name, and per distinct non-empty arguments under them
    // (an id reused with other arguments is another call; an empty copy is a stream's start).
    const byId = new Map<
      string,
      {
        first: Occurrence;
        order: number;
        args: Map<string, { order: number; per: Map<string, number> }>;
        argued: Set<DialectId>;
        bare: Set<DialectId>;
      }
    >();
    const idCallsByShape = new Map<string, number>();
    const ids = new Set<string>();
    // Without an id: as many as the most any one list of steps holds.
    const byShape = new Map<
      string,
      { first: Occurrence; order: number; per: Map<number, number> }
    >();
    strong.forEach((o, order) => {
      const shape = `${o.name}\u0000${o.args}`;
      if (o.id !== null) {
        ids.add(o.id);
        const key = `${o.id}\u0000${o.name}`;
        let g = byId.get(key);
        if (!g) {
          g = { first: o, order, args: new Map(), argued: new Set(), bare: new Set() };
          byId.set(key, g);
        }
        if (emptyArgs(o.args)) g.bare.add(o.dialect);
        else {
          g.argued.add(o.dialect);
          let a = g.args.get(o.args);
          if (!a) g.args.set(o.args, (a = { order, per: new Map() }));
          // One id and arguments twice in one list, at one path (two turns of a history), are
          // two calls; at two paths (an event and the reply it builds), or in two lists, one.
          const at = `${o.container}\u0000${pathText(o.path)}`;
          a.per.set(at, (a.per.get(at) ?? 0) + 1);
        }
        return;
      }
      let g = byShape.get(shape);
      if (!g) byShape.set(shape, (g = { first: o, order, per: new Map() }));
      g.per.set(o.container, (g.per.get(o.container) ?? 0) + 1);
    });
    const strongShapes = new Set<string>();
    for (const g of byId.values()) {
      // A copy without arguments is a stream's first word of a call its own dialect completes
      // elsewhere; in a dialect that never gives the arguments, it is a call of its own.
      let bare = 0;
      for (const d of g.bare) if (!g.argued.has(d)) bare++;
      const shapes = g.args.size > 0 ? [...g.args.keys()] : [g.first.args];
      for (const a of shapes) {
        const shape = `${g.first.name}\u0000${a}`;
        strongShapes.add(shape);
        const per = g.args.get(a)?.per;
        const n = per ? Math.max(...per.values()) : 0;
        idCallsByShape.set(shape, (idCallsByShape.get(shape) ?? 0) + n);
        for (let i = 0; i < n; i++) out.push({ call: callOf(g.first), order: g.order + i * 1e-6 });
      }
      for (let i = 0; i < bare; i++) out.push({ call: callOf(g.first), order: g.order + 0.5 });
    }
    for (const [shape, g] of byShape) {
      strongShapes.add(shape);
      const most = Math.max(...g.per.values());
      const extra = most - (idCallsByShape.get(shape) ?? 0);
      for (let i = 0; i < extra; i++)
        out.push({ call: callOf(g.first), order: g.order + i * 1e-6 });
    }
    // Echoes count only where nothing else is the same call.
    const namesByArgs = new Map<string, string[]>();
    for (const o of strong) {
      const list = namesByArgs.get(o.args);
      if (list) list.push(o.name);
      else namesByArgs.set(o.args, [o.name]);
    }
    const echoGroups = new Map<
      string,
      { first: Occurrence; order: number; per: Map<number, number> }
    >();
    echoes.forEach((o, i) => {
      const shape = `${o.name}\u0000${o.args}`;
      if (strongShapes.has(shape) || (o.id !== null && ids.has(o.id))) return;
      // A tool's execution span often names it in a longer label ("running tool: search").
      if (namesByArgs.get(o.args)?.some((n) => o.name.includes(n))) return;
      const key = o.id ?? shape;
      let g = echoGroups.get(key);
      if (!g) echoGroups.set(key, (g = { first: o, order: strong.length + i, per: new Map() }));
      g.per.set(o.container, (g.per.get(o.container) ?? 0) + 1);
    });
    for (const g of echoGroups.values()) {
      const most = g.first.id !== null ? 1 : Math.max(...g.per.values());
      for (let i = 0; i < most; i++) out.push({ call: callOf(g.first), order: g.order + i * 1e-6 });
    }
    out.sort((a, b) => a.order - b.order);
    return out.map((x) => x.call);
  }
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
  return { dialect: o.dialect, id: o.id, name: o.name, path: pathText(o.path) };
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
  const readNames = new Map<string, number>();
  for (const r of read) {
    if (r.id !== null) readIds.set(r.id, (readIds.get(r.id) ?? 0) + 1);
    readNames.set(r.name, (readNames.get(r.name) ?? 0) + 1);
  }
  const take = (m: Map<string, number>, k: string): boolean => {
    const n = m.get(k) ?? 0;
    if (n === 0) return false;
    m.set(k, n - 1);
    return true;
  };
  const left: CensusCall[] = [];
  for (const c of calls) {
    if (c.id !== null && take(readIds, c.id)) take(readNames, c.name);
    else left.push(c);
  }
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
