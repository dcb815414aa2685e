// The tool-call census: every call a file holds, found by walking its JSON after the import.
import { DIALECTS, dialectEntry } from './dialects/table';
import { NAME_KEYS, REACT_INPUT, isWantedMember, looksLikeCall } from './dialects/unknownCall';
import type { DialectEntry, DialectId, FoundCall, Place } from './dialects/table';
import { holdsTextCalls, smolagentsCalls, textCalls } from './dialects/textCalls';
import {
  canonical,
  eachMember,
  embeddedJson,
  emptyArgs,
  get,
  getStr,
  has,
  isRec,
  isStreamText,
  jsonLinesValues,
  mintedId,
  answeredBetween,
  copiesApart,
  placeRanks,
  streamEvents,
} from './dialects/shape';
import type { Rec } from './dialects/shape';
import { strFromU8 } from 'fflate';
import { decodeBase64 } from './base64';
import { pythonLiteralToJson } from './pyLiteral';
import { ancestorCopies, spanParents } from './spanTree';
import { callKey, lineages, runsApart } from './lineage';
import {
  DIALECT_COUNTS,
  DIALECT_IDS,
  DIALECT_NO,
  ECHO_FALLBACK,
  ECHO_NO,
  ECHO_YES,
  OPENAI_CHAT_NO,
  Rows,
} from './censusRows';
import type { CensusSource, PathNode, SpanItem } from './censusRows';

export type { CensusSource } from './censusRows';

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
  // Amazon Q Developer CLI: a reply's calls, and the results one user message carries.
  'tool_uses',
  'tool_use_results',
  // OpenInference messages with dotted keys (Phoenix's span dataframes).
  'message.tool_calls',
  // A model span's reply as any-agent records it: the calls of one step.
  'gen_ai.output',
  // DeepEval: the calls one span (or test case) made.
  'toolsCalled',
  'tools_called',
  // Cohere's v1 tool message; Zed's older threads; Haystack before 2.12.
  'tool_results',
  '_content',
]);

/**
 * Lists whose items are separate runs of an agent (an eval log's samples, a benchmark's
 * episodes), never steps of one history. Not `conversations`: ShareGPT's is a list of turns.
 */
export const RUN_LISTS: ReadonlySet<string> = new Set([
  'samples',
  'sessions',
  'episodes',
  'trajectories',
  'trials',
  'simulations',
]);

/** The members a tool's execution span wraps the model's arguments in. */
const WRAPPERS = new Set(['input', 'args', 'arguments', 'kwargs', 'tool_input', 'parameters']);

/** Past this many JSON strings inside strings the census stops looking. */
const MAX_NESTED = 4;
/**
 * A model's thoughts, never read as embedded JSON: a call it reasons about or quotes there was
 * not made there (litellm keeps Gemini's thought signatures as `{"functionCall": …}` text).
 */
export const THOUGHTS: ReadonlySet<string> = new Set([
  'thinking',
  'thought',
  'reasoning',
  'reasoning_content',
]);
/** Strings longer than this are never read as embedded JSON (arguments, bodies are shorter). */
const MAX_EMBEDDED = 8 << 20;
const MARKER = /tool|unction|Call|call_id|hook_event/;

const TOOL_CALL_ITEM: Place = { key: null, listKey: 'tool_calls', outerKey: null };
const ROOT: Place = { key: null, listKey: null, outerKey: null };
const DOCUMENT: Place = { ...ROOT, document: true };

/** Walks JSON values and gathers the tool calls they hold. Iterative: no nesting overflows it. */
export class CensusScan {
  /** The calls seen (read by `Rows.rawOf` to read arguments again). */
  readonly rows: Rows = new Rows((value, prefix, member): Rows => {
    const again = new CensusScan();
    if (member === null) again.add(value, prefix, 0);
    else again.addMember(value, member, prefix ?? '', 0, 0);
    return again.rows;
  });
  private readonly callPaths = new Map<string, PathNode>();
  private containers = 1;
  /** The run each container stands in (an item of `RUN_LISTS`'s), where it stands in one. */
  private readonly runOf: number[] = [];
  /** Whether some list walked was a list of spans linked to their parents (`spanParents`). */
  private spans = false;
  /**
   * Where the answers of a list's chat messages stand (`tool` messages), by container and id:
   * each as the number of rows before it.
   */
  private readonly answers = new Map<string, number[]>();
  /** The rows of `calls()` as last worked out, until something more is seen. */
  private counted: number[] | null = null;

  /**
   * Walks one value. Values added with the same `container` (the lines of one JSON Lines file)
   * are one list of steps; `prefix` names where the value sits (`lines[*]`). Where `source`
   * gives the value again (from `start` to `end`), the calls' arguments are read again from it
   * when compared rather than kept.
   */
  add(
    root: unknown,
    prefix: string | null = null,
    container = 0,
    source: CensusSource | null = null,
    start = -1,
    end = -1,
  ): void {
    if (source !== null) this.rows.begin(source, start, end, prefix, null);
    this.walk(root, prefix, container, null);
    this.rows.end();
  }

  /**
   * Walks `value` as the member `member` of an object at `prefix` whose other members hold no
   * call (a JSON line whose `message` its importer read), as the walk of that object would
   * reach it. `source` gives the member's value again, from `start` to `end`.
   */
  addMember(
    value: unknown,
    member: string,
    prefix: string,
    start: number,
    end: number,
    source: CensusSource | null = null,
  ): void {
    if (source !== null) this.rows.begin(source, start, end, prefix, member);
    this.walk(value, prefix, 0, member);
    this.rows.end();
  }

  /**
   * Where the values added next stand among all of them (a line's offset): values may be
   * added out of that order, and `inOrder()` then sorts what they held.
   */
  set at(order: number) {
    this.rows.at = order;
  }

  /** Puts what was found in the order of `at`, as if the values had been added in it. */
  inOrder(): void {
    this.counted = null;
    this.oneList = null;
    this.rows.sortByOrder();
  }

  private walk(
    root: unknown,
    prefix: string | null,
    container: number,
    member: string | null,
  ): void {
    this.counted = null;
    this.oneList = null;
    if (member === null && prefix !== null && root instanceof Map) {
      if (this.chatMessage(root, prefix, container)) return;
    }
    const top: PathNode | null = prefix === null ? null : { parent: null, seg: prefix };
    const path = member === null ? top : { parent: top, seg: member };
    if (member !== null && root instanceof Map) {
      if (this.blocksMessage(root, path as PathNode, member, container)) return;
    }
    const at: Place =
      member !== null
        ? { key: member, listKey: null, outerKey: null }
        : prefix === null
          ? DOCUMENT
          : ROOT;
    const stack: Frame[] = [];
    // A document that is one JSON string holding JSON (a result saved twice encoded).
    if (typeof root === 'string') this.embedded(root, at, path, container, 0, stack);
    else stack.push({ v: root, at, path, container, nested: 0 });
    while (stack.length > 0) {
      const f = stack.pop() as Frame;
      const v = f.v;
      if (Array.isArray(v)) {
        const listKey = f.at.key ?? f.at.listKey;
        const container = isPartList(listKey) ? f.container : this.within(f.container);
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
        const parents = spanParents(v);
        if (parents !== null) this.spans = true;
        // Each item of a list of runs is a history of its own: a call it keeps outside its
        // lists (a sample's last reply, kept again as its `output`) is that run's alone.
        const runs = listKey !== null && RUN_LISTS.has(listKey);
        for (let i = v.length - 1; i >= 0; i--) {
          const x: unknown = v[i];
          if (typeof x === 'object' && x !== null) {
            const itemPath =
              parents === null ? path : { parent: f.path, seg: '[*]', span: { item: i, parents } };
            const c = runs ? this.newRun() : container;
            stack.push({ v: x, at, path: itemPath, container: c, nested: f.nested });
          } else if (typeof x === 'string') this.embedded(x, at, path, container, f.nested, stack);
        }
        continue;
      }
      if (!isRec(v)) continue;
      // A demonstration in a prompt shows calls nobody made.
      if (get(v, 'is_demo') === true) continue;
      if (this.read(v, f)) continue;
      const kept = get(v, 'attachments');
      if (isRec(kept)) this.rows.keptStrings(kept);
      const smolagents = smolagentsCalls(v);
      if (smolagents !== null) {
        // smolagents writes a step's calls into a message's text (textCalls.ts).
        stack.push({
          v: smolagents,
          at: { key: 'tool_calls', listKey: null, outerKey: f.at.key ?? f.at.listKey },
          path: { parent: f.path, seg: 'content' },
          container: f.container,
          nested: f.nested,
        });
        continue;
      }
      const base64 = get(v, 'encoding') === 'base64';
      // A message's text is what was said or returned: calls quoted in a tool's output were
      // not made here, and reading every result again would cost as much as the import.
      const said = has(v, 'role');
      if (said && get(v, 'role') === 'tool') {
        const answer = getStr(v, 'tool_call_id');
        if (answer !== undefined) this.answered(f.container, answer);
      }
      const outerKey = f.at.key ?? f.at.listKey;
      const base = stack.length;
      eachMember(v, (k, x) => {
        if (typeof x === 'object' && x !== null) {
          if (isWantedMember(k)) return;
          const frame: Frame = {
            v: x,
            at: { key: k, listKey: null, outerKey },
            path: { parent: f.path, seg: k },
            container: f.container,
            nested: f.nested,
          };
          // An exchange's response is walked after its request, whatever their order, so the
          // calls stand in the order they were made (`renameSentIds`).
          if (isReplyKey(k)) stack.splice(base, 0, frame);
          else stack.push(frame);
          if (said && k === 'content' && Array.isArray(x) && get(v, 'role') === 'assistant') {
            for (const b of x) {
              const text = blockCalls(b);
              if (text !== null) stack.push(tagsFrame(text, k, outerKey, f));
            }
          }
        } else if (typeof x === 'string' && said && k === 'content') {
          // Open WebUI, and a model served without a tool parser, write an assistant's calls into
          // its text as tags (textCalls.ts).
          if (get(v, 'role') === 'assistant' && holdsTextCalls(x))
            stack.push(tagsFrame(x, k, outerKey, f));
        } else if (typeof x === 'string' && k === 'value' && sharegptSays(v) && holdsTextCalls(x)) {
          // So does tool-use training data in ShareGPT turns (Hermes' `gpt` turns).
          stack.push(tagsFrame(x, k, outerKey, f));
        } else if (typeof x === 'string' && !THOUGHTS.has(k)) {
          const text = base64 && k === 'text' ? fromBase64(x) : x;
          // Most strings are no JSON: told before a place is made for one.
          if (f.nested >= MAX_NESTED || !mayEmbed(text)) return;
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
    const role = m.get('role');
    if (typeof role !== 'string') return false;
    const assistant = role === 'assistant';
    const answer = role === 'tool' ? m.get('tool_call_id') : undefined;
    let calls: unknown[] | null = null;
    for (const k of m.keys()) {
      const x = m.get(k);
      if (typeof k !== 'string' || k === 'type' || k === 'encoding' || k === 'is_demo')
        return false;
      if (BY_HAS.has(k)) return false;
      if (typeof x === 'object' && x !== null) {
        if (k !== 'tool_calls' || !Array.isArray(x)) return false;
        calls = x;
      } else if (typeof x === 'string') {
        if (k !== 'content' ? mayEmbed(x) : assistant && holdsTextCalls(x)) return false;
      }
    }
    if (calls === null) {
      if (typeof answer === 'string') this.answered(container, answer);
      return true;
    }
    const found: FoundCall[] = [];
    for (const x of calls) {
      if (!(x instanceof Map) || x.has('is_demo') || x.has('key')) return false;
      const c = OPENAI_CHAT.read(x, TOOL_CALL_ITEM);
      if (c === null || Array.isArray(c)) return false;
      found.push(c as FoundCall);
    }
    const path = this.callPath(prefix);
    for (const c of found)
      this.rows.push(OPENAI_CHAT_NO, c.id, c.name, c.args, false, container, path);
    return true;
  }

  /**
   * A message of content blocks (`{ role, content: [ … ] }`, as Anthropic's API and Claude
   * Code write it) at `path`, under the member `key`, recorded as the walk below would record
   * it without its frames: each block a call the table reads, or one in which `mayHoldCall`
   * finds nothing, and nothing else a call could be named by. False, having recorded nothing,
   * when it holds anything else.
   */
  private blocksMessage(
    m: Map<unknown, unknown>,
    path: PathNode,
    key: string,
    container: number,
  ): boolean {
    if (typeof m.get('role') !== 'string' || BY_KEY.has(key)) return false;
    const assistant = m.get('role') === 'assistant';
    let content: unknown[] | null = null;
    for (const k of m.keys()) {
      const x = m.get(k);
      if (typeof k !== 'string' || CALL_WORD_SET.has(k) || k === 'is_demo' || k === 'encoding')
        return false;
      if (k === 'content' && Array.isArray(x)) content = x;
      else if (typeof x === 'string') {
        // A message's own `content` string is what was said, walked only for the tool-call
        // tags an assistant's text may hold (textCalls.ts).
        if (k !== 'content' ? isWord(x) : assistant && holdsTextCalls(x)) return false;
      } else if (typeof x === 'object' && x !== null && mayHoldCall(x)) return false;
    }
    if (content === null) return true;
    if (otlpAttributes(content) !== null) return false;
    const mark = this.rows.length;
    const list: PathNode = { parent: path, seg: 'content' };
    const f: Frame = {
      v: null,
      at: { key: null, listKey: 'content', outerKey: key },
      path: { parent: list, seg: '[*]' },
      container,
      nested: 0,
    };
    for (const b of content) {
      if (typeof b === 'string') {
        if (isWord(b)) return this.undo(mark);
        continue;
      }
      if (typeof b !== 'object' || b === null) continue;
      if (!isRec(b)) return this.undo(mark);
      if (get(b, 'is_demo') === true) continue;
      if (assistant && blockCalls(b) !== null) return this.undo(mark);
      const before = this.rows.length;
      if (this.read(b, f)) continue;
      // An unknown call is walked into too, and anything else may hold one.
      if (this.rows.length > before || mayHoldCall(b)) return this.undo(mark);
    }
    return true;
  }

  /** Forgets the rows from `mark` on; false. */
  private undo(mark: number): false {
    this.rows.truncate(mark);
    return false;
  }

  /** Notes an answer to `id` in `container`, after the rows seen so far. */
  private answered(container: number, id: string): void {
    const k = `${container}\u0000${id}`;
    const l = this.answers.get(k);
    if (l === undefined) this.answers.set(k, [this.rows.length]);
    else if (l[l.length - 1] !== this.rows.length) l.push(this.rows.length);
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
    path: PathNode | null,
    container: number,
    nested: number,
    stack: Frame[],
  ): void {
    if (nested >= MAX_NESTED || !mayEmbed(s)) return;
    if (isStreamText(s)) {
      stack.push({ v: streamEvents(s, embeddedJson), at, path, container, nested: nested + 1 });
      return;
    }
    let v: unknown = embeddedJson(s) ?? jsonLinesValues(s, embeddedJson) ?? undefined;
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
      if (c.history === true) history ??= this.within(f.container);
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
    const no = DIALECT_NO.get(dialect) as number;
    this.rows.push(no, c.id, c.name, c.args, c.echo ?? false, f.container, path);
  }

  /** How many occurrences are recorded so far, for `rollback`. */
  mark(): number {
    return this.rows.length;
  }

  /** Forgets what was recorded after `mark` (a session rewound to an earlier message). */
  rollback(mark: number): void {
    this.counted = null;
    this.oneList = null;
    this.rows.truncate(mark);
  }

  /** Each call once, in the order first seen, by the identity rules of docs/formats.md §22. */
  calls(): CensusCall[] {
    return this.countedRows().map((i) => this.rows.call(i));
  }

  /** How many calls `calls()` lists. */
  get callCount(): number {
    return this.inOneList() ? this.rows.length : this.countedRows().length;
  }

  /** `inOneList()` as last worked out, until something more is seen. */
  private oneList: boolean | null = null;

  /**
   * Whether every row is a call of one dialect in one list at one path, none an echo, none
   * named without its arguments, and none with an id and empty arguments unless the id is its
   * own. `count` then counts each row once (a repeated id, or the same call without one, there
   * is a turn of its own), so how many there are, and whether the calls read are these, need
   * no id hashed and no arguments compared: a chat body's hundreds of thousands of calls are
   * counted by a scan of the columns.
   */
  private inOneList(): boolean {
    this.oneList ??= this.allInOneList();
    return this.oneList;
  }

  private allInOneList(): boolean {
    const rows = this.rows;
    const n = rows.length;
    // A span's call may stand again in its parent span's output, at the same path.
    if (n === 0 || n >= 1e6 || this.spans) return false;
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

  /** Whether the calls read are the rows, one for one in order, by id and name. */
  private readAsRows(read: readonly ReadCall[]): boolean {
    const { id: ids, name: names } = this.rows;
    if (read.length !== ids.length) return false;
    for (let i = 0; i < read.length; i++) {
      const r = read[i] as ReadCall;
      if (r.id !== ids[i] || r.name !== names[i]) return false;
    }
    return true;
  }

  /**
   * The census held against the calls an import read: the counts, and the calls not matched
   * by a read call (first by id, then by name).
   */
  census(read: readonly ReadCall[]): Census {
    if (this.inOneList() && this.readAsRows(read)) {
      // Every row a call, every one read: what `count` and the match below would say.
      const n = this.rows.length;
      return { toolCalls: n, byDialect: { [this.rows.dialectId(0)]: n }, unread: [] };
    }
    const calls = this.countedRows();
    const rows = this.rows;
    const byNo: number[] = [];
    const seenNo: number[] = [];
    for (const i of calls) {
      const d = rows.dialect[i] as number;
      const k = byNo[d];
      if (k === undefined) seenNo.push(d);
      byNo[d] = (k ?? 0) + 1;
    }
    const byDialect: Record<string, number> = {};
    for (const d of seenNo) byDialect[DIALECT_IDS[d] as string] = byNo[d] as number;
    // Ids as numbers: the calls read count against the ids the census has.
    const { idNo, rowId } = this;
    const readIds = new Int32Array(idNo.size);
    for (const r of read) {
      // A call read without its name (a dialect the importer took for another, its name where
      // that one keeps none) is no reading of the named call the census found under its id.
      if (r.id === null || r.name === '') continue;
      const k = idNo.get(r.id);
      if (k !== undefined) readIds[k] = (readIds[k] as number) + 1;
    }
    const left: number[] = [];
    const byId: boolean[] = [];
    for (const i of calls) {
      const k = rowId[i] as number;
      const matched = k >= 0 && (readIds[k] as number) > 0;
      if (matched) readIds[k] = (readIds[k] as number) - 1;
      byId.push(matched);
      if (!matched) left.push(i);
    }
    // Names matter only for the calls no id matched (most files: none).
    if (left.length === 0) return { toolCalls: calls.length, byDialect, unread: [] };
    const readNames = new Map<string, number>();
    for (const r of read) readNames.set(r.name, (readNames.get(r.name) ?? 0) + 1);
    const take = (k: string): boolean => {
      const n = readNames.get(k) ?? 0;
      if (n === 0) return false;
      readNames.set(k, n - 1);
      return true;
    };
    calls.forEach((i, j) => {
      if (byId[j] === true) take(rows.name[i] as string);
    });
    const unread: CensusUnread[] = [];
    for (const i of left) {
      if (take(rows.name[i] as string)) continue;
      if (unread.length < MAX_UNREAD)
        unread.push({
          dialect: rows.dialectId(i),
          path: rows.path(i),
          name: rows.name[i] as string,
        });
    }
    return { toolCalls: calls.length, byDialect, unread };
  }

  /** The rows of the calls, worked out once until something more is seen. */
  private countedRows(): number[] {
    this.counted ??= this.count();
    return this.counted;
  }

  /** Each call's id as a number, and each row's (-1: none), as `census` matches the calls read. */
  private idNo = new Map<string, number>();
  private rowId = new Int32Array(0);

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
    const strong: number[] = [];
    for (let i = 0; i < n; i++)
      if (rows.echo[i] === ECHO_NO && DIALECT_COUNTS[rows.dialect[i] as number])
        if (shadowed === null || !shadowed.has(i)) strong.push(i);
    const echoes: number[] = [];
    for (let i = 0; i < n; i++) {
      const e = rows.echo[i];
      if (e === ECHO_YES || (e === ECHO_FALLBACK && strong.length === 0)) echoes.push(i);
    }
    renameSentIds(rows, strong);
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
      for (const i of list) {
        if (rows.empty(i)) {
          bare.add(rows.dialect[i] as number);
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
                  this.answers.get(
                    `${rows.container[inList[0] as number] as number}\u0000${rows.id[first] as string}`,
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
      let lone = 0;
      for (const d of bare) if (!argued.has(d)) lone++;
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
    for (const i of calls) {
      const key = callKey(rows.id[i] ?? null, rows.name[i] as string, rows.args(i));
      let k = keyNo.get(key);
      if (k === undefined) keyNo.set(key, (k = keyNo.size));
      const c = rows.container[i] as number;
      const l = lists.get(c);
      if (l) l.push(k);
      else lists.set(c, [k]);
    }
    return lineages(lists, this.containers, (a, b) => runsApart(this.runOf[a], this.runOf[b]));
  }

  /** A new container inside `outer`: in its run. */
  private within(outer: number): number {
    const c = this.containers++;
    const r = this.runOf[outer];
    if (r !== undefined) this.runOf[c] = r;
    return c;
  }

  /** A new container that is a run of its own (an item of a list of runs, a ZIP's member). */
  newRun(): number {
    const c = this.containers++;
    this.runOf[c] = c;
    return c;
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
      // A reused id with other arguments is another call.
      const key = id === null ? shape : `${id}\u0000${shape}`;
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
 * One id's calls by their arguments, with the calls that spell only the lone member's value of
 * another's arguments (`"Go 1.0"` beside `{"__arg1": "Go 1.0"}`: a framework that resends a
 * one-argument call's input bare in the next request's history) counted with those. Each
 * list of rows is kept by container.
 */
/**
 * Recorded traffic whose client sent a reply's calls back under ids of its own (a fresh id, the
 * Responses item's `id` for its `call_id`, a number for a Gemini call that had none): a call in
 * a later request's history under an id no reply gave is the earlier reply's call of the same
 * name and arguments that no history claims, and takes its id. Only in a file that holds
 * requests and replies both (paths through `request…` and `response…` members).
 */
function renameSentIds(rows: Rows, strong: readonly number[]): void {
  const sides = new Map<PathNode | null, number>();
  const sideOf = (i: number): number => {
    const node = rows.node[i] ?? null;
    let s = sides.get(node);
    if (s === undefined) {
      s = SIDE_NONE;
      for (let p = node; p !== null; p = p.parent)
        if (isReplyKey(p.seg)) s = SIDE_REPLY;
        else if (s === SIDE_NONE && isSentKey(p.seg)) s = SIDE_SENT;
      sides.set(node, s);
    }
    return s;
  };
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
  if (!sent || given.size === 0) return;
  const shape = (i: number): string => `${rows.name[i] as string}\u0000${rows.args(i)}`;
  // The replies' calls no history claims, by shape, in file order.
  const open = new Map<string, number[]>();
  for (const i of strong) {
    const id = rows.id[i] ?? null;
    if (sideOf(i) !== SIDE_REPLY || id === null || claimed.has(id)) continue;
    const k = shape(i);
    const l = open.get(k);
    if (l) l.push(i);
    else open.set(k, [i]);
  }
  if (open.size === 0) return;
  const renamed = new Map<string, string>();
  for (const i of strong) {
    const id = rows.id[i] ?? null;
    if (sideOf(i) !== SIDE_SENT || id === null || given.has(id)) continue;
    const known = renamed.get(id);
    if (known !== undefined) {
      rows.id[i] = known;
      continue;
    }
    const l = open.get(shape(i));
    // Only a reply recorded before this request can be what it sends back.
    const at = l === undefined ? -1 : l.findIndex((r) => r < i);
    if (at < 0) continue;
    const r = (l as number[]).splice(at, 1)[0] as number;
    renamed.set(id, rows.id[r] as string);
    rows.id[i] = rows.id[r] as string;
  }
}
const SIDE_NONE = 0;
const SIDE_SENT = 1;
const SIDE_REPLY = 2;
/** A member that holds an exchange's response (`response`, `ResponseBody`, `responses`). */
function isReplyKey(k: string): boolean {
  return k.startsWith('response') || k.endsWith('Response') || k.endsWith('ResponseBody');
}
function isSentKey(k: string): boolean {
  return k.startsWith('request') || k.endsWith('Request') || k.endsWith('RequestBody');
}

function foldLoneMembers(args: Map<string, Map<number, number[]>>, rows: Rows): void {
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
    REACT_INPUT,
    'base64',
  ]),
];
const CALL_WORD_SET = new Set(CALL_WORDS);
/** The longest of `CALL_WORDS`: a longer string is none, told without hashing it. */
const LONGEST_WORD = Math.max(...CALL_WORDS.map((w) => w.length));

/**
 * Whether the walk could find a call in a parsed value: false when no member is named by one
 * of `CALL_WORDS`, no string is one, and no string is one `embedded` would read as JSON. This
 * is the text prefilter's test (censusInput.ts) over the tree, where escapes are already
 * decoded: a value it passes holds no call the census counts, so it is not walked.
 */
export function mayHoldCall(root: unknown): boolean {
  const stack = HOLD_STACK;
  stack.length = 0;
  stack.push(root);
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) if (holds(x, stack)) return true;
    } else if (v instanceof Map) {
      if (toolTags(v)) return true;
      for (const k of v.keys()) {
        if (typeof k !== 'string' || CALL_WORD_SET.has(k) || holds(v.get(k), stack)) return true;
      }
    } else if (isRec(v)) {
      if (toolTags(v)) return true;
      for (const k of Object.keys(v)) {
        if (CALL_WORD_SET.has(k) || holds((v as Record<string, unknown>)[k], stack)) return true;
      }
    }
  }
  return false;
}

/**
 * Whether an object is a ShareGPT turn of the model's (`{ from: "gpt", value }`, as
 * NousResearch/hermes-function-calling-v1 and LLaMA-Factory's data write it).
 */
function sharegptSays(m: Rec): boolean {
  const from = get(m, 'from');
  return (from === 'gpt' || from === 'assistant') && !has(m, 'role');
}

/** Whether an assistant message's text holds calls written as tags (textCalls.ts). */
function toolTags(m: Rec): boolean {
  if (sharegptSays(m)) {
    const value = get(m, 'value');
    return typeof value === 'string' && holdsTextCalls(value);
  }
  if (get(m, 'role') !== 'assistant') return false;
  const content = get(m, 'content');
  if (typeof content === 'string') return holdsTextCalls(content);
  return Array.isArray(content) && content.some((b) => blockCalls(b) !== null);
}

/**
 * The calls a text spells as tags, walked as a list under the member `k` of `f`'s object: the
 * parts of one message, as its `content` list would be.
 */
function tagsFrame(text: string, k: string, outerKey: string | null, f: Frame): Frame {
  return {
    v: textCalls(text),
    at: { key: 'content', listKey: null, outerKey },
    path: { parent: f.path, seg: k },
    container: f.container,
    nested: f.nested,
  };
}

/**
 * The text of a text block (`{ type: "text", text }`) of an assistant's content, where it holds
 * calls written as tags (Cline's XML, as an Anthropic message keeps its text); else null.
 */
function blockCalls(b: unknown): string | null {
  if (!isRec(b) || get(b, 'type') !== 'text') return null;
  const text = get(b, 'text');
  return typeof text === 'string' && holdsTextCalls(text) ? text : null;
}

/** Whether a member or item is a word (`isWord`); an object or list is left on `stack`. */
function holds(x: unknown, stack: unknown[]): boolean {
  if (typeof x === 'string') return isWord(x);
  if (typeof x === 'object' && x !== null) stack.push(x);
  return false;
}

/** `mayHoldCall`'s stack, kept: it runs once a line. */
const HOLD_STACK: unknown[] = [];

/** Whether a string is one of `CALL_WORDS`, or JSON `embedded` would walk. */
function isWord(s: string): boolean {
  return (s.length <= LONGEST_WORD && CALL_WORD_SET.has(s)) || mayEmbed(s);
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

/** Whether `embedded` would read the string as JSON (its tests before it parses). */
function mayEmbed(s: string): boolean {
  if (s.length < 16 || s.length > MAX_EMBEDDED) return false;
  // A body may open with white space: OpenRouter keeps a connection alive with blank lines.
  let i = 0;
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  const c = s.charCodeAt(i);
  return (c === 0x7b || c === 0x5b || isStreamText(s)) && MARKER.test(s);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

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
  let hasKeys = 0;
  for (const k of HAS_KEYS) {
    if (!has(o, k)) continue;
    hasKeys++;
    const l = BY_HAS.get(k) as DialectEntry[];
    byHas = byHas === undefined ? l : [...byHas, ...l];
  }
  const some = (byKey ? 1 : 0) + (byList ? 1 : 0) + (byType ? 1 : 0) + hasKeys;
  if (some === 0) return NONE;
  // One of the table's lists is in its order already (most calls: their type's alone).
  if (some === 1) return (byKey ?? byList ?? byType ?? byHas) as DialectEntry[];
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
  return loneMember(raw, WRAPPERS);
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
  if (key === null) return false;
  if (PART_LISTS.has(key)) return true;
  // The same list kept as JSON text (goose's sessions store a message's `content_json`).
  if (key.endsWith('_json')) return PART_LISTS.has(key.slice(0, -5));
  return key.endsWith('Json') && PART_LISTS.has(key.slice(0, -4));
}

/** OTLP attributes, `[{ key, value: { stringValue | intValue | … } }]`, as one flat object; else null. */
export function otlpAttributes(list: readonly unknown[]): Map<string, unknown> | null {
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

/** Whether the rows all stand in one list at one path, none without arguments. */
/** The span item a row stands in, if it stands in one. */
function spanOf(node: PathNode | null): SpanItem | null {
  for (let n = node; n !== null; n = n.parent) if (n.span !== undefined) return n.span;
  return null;
}

/**
 * The rows that repeat a call a span below theirs holds (the same id, name and arguments in a
 * span and in one of its descendants): the descendant's row is the call, the ancestor's a copy.
 */
function spanCopies(rows: Rows): Set<number> {
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

function oneListOnePath(rows: Rows, list: readonly number[]): boolean {
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

function samePath(a: PathNode | null, b: PathNode | null): boolean {
  while (a !== b) {
    if (a === null || b === null || a.seg !== b.seg) return false;
    a = a.parent;
    b = b.parent;
  }
  return true;
}

/** The most rows of one list that stand at one path. */
function mostAtOnePath(rows: Rows, list: readonly number[]): number {
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
function apartAtOnePath(
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

/** The calls an import read, as the census compares them. */
export interface ReadCall {
  readonly id: string | null;
  readonly name: string;
}

const MAX_UNREAD = 20;

/**
 * The warnings a census gives an import that read `read` calls: none when the counts agree.
 * Says how many calls, in which form and where; never an argument.
 */
export function censusWarnings(census: Census, read: number, nameless = 0): string[] {
  const misread = misreadCalls(census, read, () => nameless);
  if (census.toolCalls === read && misread === 0) return [];
  const out: string[] = [];
  const groups = new Map<string, { dialect: string; path: string; n: number }>();
  for (const u of census.unread) {
    const key = `${u.dialect}\u0000${u.path}`;
    const g = groups.get(key);
    if (g) g.n++;
    else groups.set(key, { dialect: u.dialect, path: u.path, n: 1 });
  }
  if (census.toolCalls === read) {
    const where = [...groups.values()]
      .slice(0, 3)
      .map((g) => `${g.n} in ${formName(g.dialect)} form under \`${g.path}\``)
      .join('; ');
    out.push(
      `${misread} of the ${census.toolCalls} tool calls in the file were read without the name the file gives them (${where}): their signatures are not the file's.`,
    );
  } else if (census.toolCalls > read) {
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

/**
 * Of as many calls read as the census finds, those it misses that were read without a name:
 * calls of another dialect the importer took for its own (an importer that names a call
 * otherwise than the census, by the tool its server runs, has read it). `nameless` is asked
 * only where the numbers agree and the census misses some.
 */
export function misreadCalls(census: Census, read: number, nameless: () => number): number {
  if (census.toolCalls !== read || census.unread.length === 0) return 0;
  return Math.min(nameless(), census.unread.length);
}

function formName(dialect: string): string {
  if (dialect === 'unknown') return 'an unknown';
  return dialectEntry(dialect as DialectId)?.label ?? dialect;
}
