// The tool-call census: every call a file holds, found by walking its JSON after the import.
import type { DialectId, FoundCall, Place } from './dialects/table';
import { isWantedMember } from './dialects/unknownCall';
import { holdsTextCalls, smolagentsCalls, textCalls } from './dialects/textCalls';
import { reportedAction, reportsRun, type ReportedAction } from './dialects/miniSweAgent';
import { unroundedInvocations } from './dialects/vscodeRequests';
import { apiResults, holdsApiResults } from './dialects/apiResults';
import {
  eachMember,
  embeddedJson,
  get,
  getStr,
  has,
  isRec,
  isStreamText,
  jsonLinesValues,
  streamEvents,
} from './dialects/shape';
import type { Rec } from './dialects/shape';
import { strFromU8 } from 'fflate';
import { decodeBase64 } from './base64';
import { pythonLiteralToJson } from './pyLiteral';
import { printedObject } from './literal';
import { spanParents } from './spanTree';
import { AnswerPlaces, DIALECT_NO, OPENAI_CHAT_NO, Rows } from './censusRows';
import type { CensusCall, CensusSource, PathNode } from './censusRows';
import {
  BY_HAS,
  BY_KEY,
  CALL_WORD_SET,
  OPENAI_CHAT,
  THOUGHTS,
  blockCalls,
  callsAt,
  isPartList,
  isWord,
  jsonReply,
  mayEmbed,
  mayHoldCall,
  otlpAttributes,
  isRunList,
  sharegptSays,
  speaksAsAssistant,
  wordsKey,
} from './censusFind';
import { isReplyKey } from './censusCopies';
import { CensusCount, allInOneList } from './censusCount';
import { heldAgainst, type Census, type ReadCall } from './censusResult';

export type { CensusCall, CensusSource } from './censusRows';
export type { Census, CensusUnread, ReadCall } from './censusResult';
export { censusWarnings, misreadCalls } from './censusResult';
export {
  CALL_WORDS,
  RUN_LISTS,
  THOUGHTS,
  callsAt,
  isPartList,
  mayHoldCall,
  otlpAttributes,
} from './censusFind';
export { echoNames, turnsCall, unwrappedArgs } from './censusCopies';

interface Frame {
  readonly v: unknown;
  readonly at: Place;
  readonly path: PathNode | null;
  readonly container: number;
  /** How many JSON strings deep this value is (a string holding JSON holding JSON …). */
  readonly nested: number;
}

/** Past this many JSON strings inside strings the census stops looking. */
const MAX_NESTED = 4;

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
  /** Where the answers of a list's chat messages stand. */
  private readonly answers = new AnswerPlaces();
  /** The user's words last said in each list (`Rows.words`). */
  private readonly said = new Map<number, string>();
  /** The assistant's text last said in each list, for the report that may follow it. */
  private readonly spoke = new Map<number, string>();
  /** The lists where a reply's run was reported. */
  private readonly reported = new Set<number>();
  /** The count behind `calls()` as last worked out, until something more is seen. */
  private counted: CensusCount | null = null;

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
        const runs = isRunList(listKey, v);
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
      const unrounded = unroundedInvocations(v);
      if (unrounded !== null) stack.push(foundFrame(unrounded, 'response', 'response', f));
      const kept = get(v, 'attachments');
      if (isRec(kept)) this.rows.keptStrings(kept);
      const smolagents = smolagentsCalls(v);
      if (smolagents !== null) {
        // smolagents writes a step's calls into a message's text (textCalls.ts).
        stack.push(foundFrame(smolagents, 'tool_calls', 'content', f));
        continue;
      }
      const base64 = get(v, 'encoding') === 'base64';
      // A message's text is what was said or returned: calls quoted in a tool's output were
      // not made here, and reading every result again would cost as much as the import.
      const said = has(v, 'role');
      // Only a list's items, walked in order (an object's members are walked last first).
      if (said && f.at.key === null) {
        this.heard(v, f.container);
        const ran = this.ranBefore(v, f.container);
        if (ran !== null) stack.push(foundFrame([ran], 'content', 'content', f));
      }
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
          if (said && k === 'content' && Array.isArray(x) && speaksAsAssistant(get(v, 'role'))) {
            for (const b of x) {
              const text = blockCalls(b);
              if (text !== null) stack.push(tagsFrame(text, k, outerKey, f));
            }
          }
        } else if (typeof x === 'string' && said && k === wordsKey(v)) {
          // Open WebUI, and a model served without a tool parser, write an assistant's calls into
          // its text as tags (textCalls.ts).
          if (speaksAsAssistant(get(v, 'role')) && holdsTextCalls(x))
            stack.push(tagsFrame(x, k, outerKey, f));
          // A call kept as the reply's whole text, as JSON: the one part it spells.
          else if (speaksAsAssistant(get(v, 'role')) && jsonReply(x)) {
            const part = embeddedJson(x);
            if (part !== undefined)
              stack.push({
                v: [part],
                at: { key: 'content', listKey: null, outerKey },
                path: { parent: f.path, seg: k },
                container: f.container,
                nested: f.nested + 1,
              });
          }
          // A harness that runs the calls a reply names reports them in the next user message.
          else if (get(v, 'role') === 'user' && holdsApiResults(x))
            stack.push({ ...tagsFrame(x, k, outerKey, f), v: apiResults(x) });
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
    this.heard(m as Rec, container);
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
        if (k !== 'content' ? mayEmbed(x) : saysCalls(role, x)) return false;
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
      this.rows.push(
        OPENAI_CHAT_NO,
        c.id,
        c.name,
        c.args,
        false,
        container,
        path,
        this.said.get(container),
      );
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
    const assistant = speaksAsAssistant(m.get('role'));
    let content: unknown[] | null = null;
    const words = wordsKey(m as Rec);
    for (const k of m.keys()) {
      const x = m.get(k);
      if (typeof k !== 'string' || CALL_WORD_SET.has(k) || k === 'is_demo' || k === 'encoding')
        return false;
      if (k === 'content' && Array.isArray(x)) content = x;
      else if (typeof x === 'string') {
        // A message's own `content` string is what was said, walked only for the tool-call
        // tags an assistant's text may hold (textCalls.ts), or a user's report of calls run.
        if (k !== words ? isWord(x) : saysCalls(m.get('role'), x)) return false;
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
    this.answers.note(container, id, this.rows.length);
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
    v ??= printedObject(s);
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
    const words = this.said.get(f.container);
    this.rows.push(no, c.id, c.name, c.args, c.echo ?? false, f.container, path, words);
  }

  /**
   * A mini-swe-agent v1 reply whose next message reports that its action ran, seen at that
   * report: the reply's one ```` ```bash ```` block (dialects/miniSweAgent.ts). Only a report
   * tells such a block from a code block any chat may hold.
   */
  private ranBefore(m: Rec, container: number): ReportedAction | null {
    const content = get(m, 'content');
    if (typeof content !== 'string') return null;
    const role = get(m, 'role');
    if (role === 'assistant') {
      this.spoke.set(container, content);
      return null;
    }
    const reply = this.spoke.get(container);
    this.spoke.delete(container);
    if (role !== 'user' || reply === undefined) return null;
    // Once a list has reported a run, a reply's block is its action whatever answers it (the
    // last, whose answer is the submission).
    if (reportsRun(content)) this.reported.add(container);
    else if (!this.reported.has(container)) return null;
    const command = reportedAction(reply);
    return command === null ? null : { type: 'mswea_reported', command };
  }

  /** A user's message whose `content` is text: the words its list's next calls answer. */
  private heard(m: Rec, container: number): void {
    const content = get(m, 'content');
    if (get(m, 'role') !== 'user' || typeof content !== 'string' || content === '') return;
    this.said.set(container, content);
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

  /** `allInOneList` of the rows, worked out once until something more is seen. */
  private inOneList(): boolean {
    this.oneList ??= allInOneList(this.rows, this.spans);
    return this.oneList;
  }

  /**
   * The census held against the calls an import read: the counts, and the calls not matched
   * by a read call (first by id, then by name).
   */
  census(read: readonly ReadCall[]): Census {
    return heldAgainst(this.rows, this.inOneList(), () => this.counting(), read);
  }

  /** The rows of the calls, worked out once until something more is seen. */
  private countedRows(): number[] {
    return this.counting().calls;
  }

  /** The count of the rows, worked out once until something more is seen. */
  private counting(): CensusCount {
    this.counted ??= new CensusCount(
      this.rows,
      this.containers,
      this.runOf,
      this.answers,
      this.spans,
    );
    return this.counted;
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
}

/** Whether a message's text names calls: an assistant's tags, a user's report of calls run. */
function saysCalls(role: unknown, text: string): boolean {
  return speaksAsAssistant(role)
    ? holdsTextCalls(text) || jsonReply(text)
    : role === 'user' && holdsApiResults(text);
}

/**
 * Calls an object spells in a form of its own, made into the objects they spell and walked as
 * the member `key` of it (at `seg` in the paths the census reports).
 */
function foundFrame(v: unknown[], key: string, seg: string, f: Frame): Frame {
  return {
    v,
    at: { key, listKey: null, outerKey: f.at.key ?? f.at.listKey },
    path: { parent: f.path, seg },
    container: f.container,
    nested: f.nested,
  };
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
