// The reader by shape: conversations built from the calls the walk found.
import { isJsonArray, isJsonObject, printJson } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { Conversation } from '../build';
import type { CallInput } from '../build';
import { displayText } from '../content';
import { serverCallsNote } from '../dialects/anthropic';
import { emptyArgs } from '../dialects/shape';
import { echoNames, turnsCall, unwrappedArgs } from '../census';
import { callKey, holdsInOrder, lineages, runsApart, sameLineage, wordsApart } from '../lineage';
import { dialectEntry, type DialectId } from '../dialects/table';
import { plural } from '../warnings';
import type { ConversationOutput } from '../format';
import { canonOf, dropBlankStarts, dropStreamCopies, dropTwins, push } from './streamCopies';
import { renameSentCalls } from './sentIds';
import { walkShapes } from './walk';
import type { ShapeCall, ShapeEvent, ShapeList, ShapeResult, ShapeStep } from './types';

/**
 * The reader by shape (docs/formats.md §25): the conversations of a file built from what the
 * census finds, for a file no importer reads whole. The lists that hold the calls are the
 * histories; a list whose calls all stand in a longer one is a copy of it (a request's history
 * again in the next request, a growing message array logged at every turn) and adds nothing;
 * a list of calls of its own is another conversation (a subagent, another session).
 */
export interface ShapeRead {
  /** The dialects of the calls read, most calls first. */
  readonly dialects: readonly DialectId[];
  readonly calls: number;
  readonly conversations: readonly ConversationOutput[];
  /** How many lists were left out as another's run rendered again (`twinCopies`). */
  readonly twins: number;
}

/** One history: a list, or one session's steps of it. */
interface Unit {
  readonly list: ShapeList;
  readonly steps: ShapeStep[];
  readonly label: string;
  /** The session its list's items name, if any. */
  readonly session: string | null;
  readonly keys: string[];
  /** Its calls in order, each by its id, name and arguments (as numbers: `CALL_NO`). */
  readonly calls: number[];
  /** How much it says: its turns, calls and answers. */
  readonly events: number;
  /** The user's words last said before each call's first place (by `CALL_NO`). */
  readonly words: Map<number, string>;
}

/** Reads the roots (a document, or JSON Lines' lines) by shape; null when they hold no call. */
export function readByShape(roots: readonly JsonValue[], lines: boolean): ShapeRead | null {
  const walked = walkShapes(roots, lines);
  renameSentCalls(walked);
  let all = joinReplies(walked);
  const records = lines || roots.length !== 1 ? null : keyedRecords(roots[0] as JsonValue);
  // A dump of records keyed by id (Cursor's `bubbleId:…` rows): its records are the steps.
  if (records !== null && !all.some(hasCall)) all = walkShapes(records, true);
  const found = all.length;
  all = dropTwins(all);
  const twins = found - all.length;
  const answers = resultsById(all);
  dropEchoes(all, answers);
  for (const l of all) dropStreamCopies(l);
  dropBlankStarts(all);
  const lists = all.filter(hasCall);
  if (lists.length === 0) return null;
  const callNo = new Map<string, number>();
  const units = lists.flatMap((l) => unitsOf(l, callNo)).filter((u) => u.keys.length > 0);
  // The longest histories first: a copy of one is then seen to add nothing. Of two with the
  // same calls, the fuller (the messages a request sent, not the spans that logged its calls).
  const bySize = [...units].sort(
    (a, b) => b.keys.length - a.keys.length || b.events - a.events || a.list.order - b.list.order,
  );
  const covered = new Map<string, Unit[][]>();
  const chosen: Unit[][] = [];
  for (const u of bySize) {
    // Only a history of the same run copies or goes on from one taken: two runs that share
    // their first calls (two trials of one task) are two conversations.
    const related = new Set<Unit[]>();
    const other = new Set<Unit[]>();
    for (const k of u.keys)
      for (const conv of covered.get(k) ?? []) {
        if (related.has(conv) || other.has(conv)) continue;
        if (conv.some((p) => !apart(p, u) && oneRun(p, u))) related.add(conv);
        else other.add(conv);
      }
    const taken = (k: string): Unit[] | undefined =>
      covered.get(k)?.find((conv) => related.has(conv));
    const fresh = u.keys.filter((k) => taken(k) === undefined);
    if (fresh.length === 0) continue;
    if (fresh.length === u.keys.length && [...other].some((conv) => interleavedIn(u, conv)))
      continue;
    let into: Unit[] | undefined;
    if (fresh.length < u.keys.length) {
      const isFresh = new Set(fresh);
      // A history that goes on from one already taken: its new steps continue that one.
      const firstNew = u.steps.findIndex((s) =>
        s.events.some((e) => e.kind === 'call' && isFresh.has(keyAt(u, e))),
      );
      into = taken(u.keys.find((k) => !isFresh.has(k)) as string);
      if (into) into.push({ ...u, steps: u.steps.slice(Math.max(0, firstNew)) });
    }
    if (!into) {
      into = [u];
      chosen.push(into);
    }
    for (const k of fresh) {
      const convs = covered.get(k);
      if (convs) convs.push(into);
      else covered.set(k, [into]);
    }
  }
  // In file order: by list, then, for the sessions of one list, by where each begins (each
  // step's place found once, not at every comparison).
  const stepAt = new Map<ShapeStep, number>();
  for (const l of new Set(chosen.map((parts) => (parts[0] as Unit).list)))
    l.steps.forEach((st, i) => stepAt.set(st, i));
  const begins = (u: Unit): number => stepAt.get(u.steps[0] as ShapeStep) ?? 0;
  chosen.sort(
    (a, b) =>
      (a[0] as Unit).list.order - (b[0] as Unit).list.order ||
      begins(a[0] as Unit) - begins(b[0] as Unit),
  );
  const byDialect = new Map<DialectId, number>();
  let calls = 0;
  const conversations = chosen.map((parts) => {
    const c = build(parts, answers, byDialect);
    for (const m of c.messages) if (isJsonArray(m.tool_calls)) calls += m.tool_calls.length;
    return {
      label: (parts[0] as Unit).label,
      messages: c.messages,
      warnings: c.warnings.toArray(),
    };
  });
  if (calls === 0) return null;
  const dialects = [...byDialect.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d);
  return { dialects, calls, conversations, twins };
}

/**
 * Whether two histories may be one run logged twice (`sameLineage`), or one is a path of the
 * other's search tree (ToolBench's final chain beside its answer tree).
 */
function oneRun(a: Unit, b: Unit): boolean {
  if (sameLineage(a.calls, b.calls)) return true;
  if (!searchTree(a) && !searchTree(b)) return false;
  return holdsInOrder(a.calls, b.calls) || holdsInOrder(b.calls, a.calls);
}

/** Whether a history holds a search tree's calls (asked of each pair compared: kept). */
function searchTree(u: Unit): boolean {
  let t = TREES.get(u);
  if (t === undefined)
    TREES.set(
      u,
      (t = u.steps.some((s) => s.events.some((e) => e.kind === 'call' && e.dialect === TREE))),
    );
  return t;
}
const TREES = new WeakMap<Unit, boolean>();
const TREE: DialectId = 'toolbench-tree';

/**
 * Whether a history's calls, each under an id, all stand in that order in a conversation taken
 * from a list whose steps hold another's calls between them (a search tree's nodes, each with
 * the calls of its own inner model call): the history copies it.
 */
function interleavedIn(u: Unit, conv: readonly Unit[]): boolean {
  if (conv.some((p) => apart(p, u)) || u.keys.some((k) => k.startsWith('\u0000'))) return false;
  let i = 0;
  for (const p of conv) for (const k of p.keys) if (i < u.keys.length && k === u.keys[i]) i++;
  return i === u.keys.length;
}

/**
 * Whether two histories are sessions apart: items of one list that name other sessions (a
 * benchmark's test cases, each `test_id` its own run), or lists in two runs of a list of runs,
 * are never one run logged twice, however alike their calls.
 */
function apart(a: Unit, b: Unit): boolean {
  if (runsApart(a.list.run, b.list.run) || wordsApart(a.words, b.words)) return true;
  return a.list === b.list && a.session !== null && b.session !== null && a.session !== b.session;
}

const REPLY = /(^|\.)output_messages$/;

/**
 * A request's messages and the reply logged beside them (an OpenInference span's
 * `input_messages` and `output_messages`) are one history: the reply goes on from the request.
 */
function joinReplies(lists: readonly ShapeList[]): ShapeList[] {
  const out: ShapeList[] = [];
  for (const l of lists) {
    const prev = out[out.length - 1];
    const request = l.path.replace(REPLY, '$1input_messages');
    const span = prev !== undefined && request !== l.path && prev.path === request;
    if (span || (prev !== undefined && sameExchange(prev.path, l.path))) {
      for (const st of l.steps) prev.steps.push(st);
      continue;
    }
    out.push(l);
  }
  return out;
}

/**
 * Whether two lists are a recorded exchange's request and its response (an HTTP recording's
 * `Entries[*].RequestBody.input` and `Entries[*].ResponseBody`): the reply goes on from the
 * history the request sent.
 */
function sameExchange(request: string, response: string): boolean {
  const at = (path: string, word: RegExp): string | null => {
    const segs = path.split('.');
    const i = segs.findIndex((x) => word.test(x));
    return i > 0 && (segs[i - 1] as string).endsWith('[*]') ? segs.slice(0, i).join('.') : null;
  };
  const asked = at(request, /request/i);
  return asked !== null && asked === at(response, /response/i);
}

function hasCall(l: ShapeList): boolean {
  return l.steps.some((st) => st.events.some((e) => e.kind === 'call'));
}

/** An object of two or more members that are all objects, as the list of them; else null. */
function keyedRecords(v: JsonValue): JsonValue[] | null {
  if (!isJsonObject(v) || v.size < 2) return null;
  const out: JsonValue[] = [];
  for (const x of v.values()) {
    if (!isJsonObject(x)) return null;
    out.push(x);
  }
  return out;
}

/**
 * A hook's `PostToolUse`, a tool's execution span: an echo of a call the file holds elsewhere
 * is no call of its own, by the census's rule (docs/formats.md §22).
 */
function dropEchoes(lists: readonly ShapeList[], answers: ReadonlyMap<string, ShapeResult>): void {
  // The calls that are no echoes, by id and by canonical arguments.
  const byId = new Map<string, StrongCall[]>();
  const byArgs = new Map<string, StrongCall[]>();
  const full = new Set<string>();
  let strong = 0;
  let at = 0;
  for (const l of lists)
    for (const s of l.steps) {
      at++;
      for (const e of s.events) {
        if (e.kind !== 'call' || e.echo !== false) continue;
        strong++;
        const c: StrongCall = { step: s, call: e, at, list: l };
        if (e.id !== null) push(byId, e.id, c);
        if (e.args !== undefined) full.add(e.name);
        push(byArgs, canonOf(e), c);
      }
    }
  // Echoes with an id by name and arguments: an echo without one of the same call (a tool's
  // execution span beside the model's call recorded with its id) is that call again.
  // One without the arguments it streamed is that call whatever arguments the other holds.
  const idEchoes = new Map<string, StrongCall[]>();
  const bareIdEchoes = new Map<string, StrongCall[]>();
  at = 0;
  for (const l of lists)
    for (const s of l.steps) {
      at++;
      for (const e of s.events) {
        if (e.kind !== 'call' || e.echo !== true || e.id === null) continue;
        const c: StrongCall = { step: s, call: e, at, list: l };
        push(idEchoes, `${e.name}\u0000${canonOf(e)}`, c);
        if (emptyArgs(canonOf(e))) push(bareIdEchoes, e.name, c);
      }
    }
  at = 0;
  const echoIds = new Set<string>();
  // How often each echo stands in a message's own calls in each list so far.
  const turns = new Map<string, number>();
  // Where no call stands beside them, the echoes are the calls: one in each run that made it.
  const runs = strong === 0 ? callLineages(lists) : null;
  lists.forEach((l, li) => {
    for (const s of l.steps) {
      at++;
      const kept = s.events.filter((e) => {
        if (e.kind !== 'call') return true;
        // A call named without arguments copies one spelled in full elsewhere.
        if (e.echo === false) return !(e.id === null && e.args === undefined && full.has(e.name));
        if (e.echo === 'fallback') return strong === 0;
        const named = (c: StrongCall) => echoNames(e.name, c.call.name);
        if (e.id !== null && byId.has(e.id))
          return answerEcho(e, l, at, byId.get(e.id) ?? [], answers);
        const inner = unwrappedArgs(e.args);
        const argsOf = [canonOf(e), ...(inner === null ? [] : [inner])];
        const same = argsOf.flatMap((a) => (byArgs.get(a) ?? []).filter(named));
        if (same.length === 0) {
          // Echoes of one call and nothing else (a call-like object logged as it streamed, in
          // the reply and as it ran): one call by its id and arguments, as the census counts
          // them (a reused id with other arguments is another call).
          if (e.id === null) {
            const twin = idEchoes.get(`${e.name}\u0000${canonOf(e)}`);
            if (twin !== undefined) return answerEcho(e, l, at, twin, answers);
            const bare = bareIdEchoes.get(e.name);
            if (bare === undefined) return true;
            giveArgs(e, bare);
            return answerEcho(e, l, at, bare, answers);
          }
          let key = `${runs?.[li] ?? ''}\u0000${e.id}\u0000${e.name}\u0000${canonOf(e)}`;
          // A message's own calls: the same one in a later turn of a list is made again.
          if (turnsCall(e.path)) {
            const mine = `${li}\u0000${key}`;
            const n = (turns.get(mine) ?? 0) + 1;
            turns.set(mine, n);
            key += `\u0000${n}`;
          }
          if (echoIds.has(key)) return false;
          echoIds.add(key);
          return true;
        }
        // An id no call has is the echo's own (a span's), not a call's: the echo answers the
        // first call of its name and arguments that has no answer yet.
        return answerEcho(e, l, at, same, answers);
      });
      if (kept.length === s.events.length) continue;
      s.events.length = 0;
      for (const e of kept) s.events.push(e);
    }
  });
}

/** Each list's lineage (lineage.ts), by the calls it holds: their ids, names and arguments. */
function callLineages(lists: readonly ShapeList[]): Int32Array {
  const callNo = new Map<string, number>();
  const calls = new Map<number, number[]>();
  lists.forEach((l, li) => {
    const mine: number[] = [];
    for (const s of l.steps)
      for (const e of s.events) {
        if (e.kind !== 'call') continue;
        const base = baseOf(e);
        let no = callNo.get(base);
        if (no === undefined) callNo.set(base, (no = callNo.size));
        mine.push(no);
      }
    if (mine.length > 0) calls.set(li, mine);
  });
  return lineages(calls, lists.length, (a, b) => runsApart(lists[a]?.run, lists[b]?.run));
}

/**
 * An echo that carries the tool's answer (an execution span's output) gives it to the first of
 * the calls it echoes (`candidates`, in file order) that has no answer anywhere else: of those
 * before it in its own list (`list`; `at`, its step's place in the walk) where any stand there,
 * as a tool runs after its call and a trace's summary elsewhere may repeat the call; else of
 * those before it; else of all. False: the echo itself is dropped.
 */
function answerEcho(
  echo: ShapeCall,
  list: ShapeList,
  at: number,
  candidates: readonly StrongCall[],
  answers: ReadonlyMap<string, ShapeResult>,
): false {
  if (echo.output === undefined) return false;
  const before = candidates.filter((c) => c.at <= at);
  const mine = before.filter((c) => c.list === list);
  for (const s of mine.length > 0 ? mine : before.length > 0 ? before : candidates) {
    const c = s.call;
    if (c.output !== undefined || (c.id !== null && answers.has(c.id))) continue;
    const at = s.step.events.indexOf(c);
    if (at < 0) continue;
    s.call = { ...c, output: echo.output, failed: echo.failed };
    s.step.events[at] = s.call;
    return false;
  }
  return false;
}

/**
 * An echo's arguments given to the first of the calls it echoes that has none (the model's
 * call a tracer kept without the arguments it streamed, beside the tool's span that ran it).
 */
function giveArgs(echo: ShapeCall, candidates: readonly StrongCall[]): void {
  for (const s of candidates) {
    const c = s.call;
    if (!emptyArgs(canonOf(c))) continue;
    const at = s.step.events.indexOf(c);
    if (at < 0) continue;
    s.call = { ...c, args: echo.args, input: echo.input };
    s.step.events[at] = s.call;
    return;
  }
}

/** A call no echo: where it stands, to be given an echo's answer. */
interface StrongCall {
  readonly step: ShapeStep;
  call: ShapeCall;
  /** Its step's place in the walk, and its list. */
  readonly at: number;
  readonly list: ShapeList;
}

/** Every result with an id, wherever it stands (a history's answers may sit in the next request). */
function resultsById(lists: readonly ShapeList[]): Map<string, ShapeResult> {
  const out = new Map<string, ShapeResult>();
  for (const l of lists)
    for (const s of l.steps)
      for (const e of s.events)
        if (e.kind === 'result' && e.id !== null && !out.has(e.id)) out.set(e.id, e);
  return out;
}

const KEYS = new WeakMap<ShapeCall, string>();

const BASES = new WeakMap<ShapeCall, string>();

/** A call's identity across lists (`callKey`), worked out once. */
function baseOf(e: ShapeCall): string {
  let b = BASES.get(e);
  if (b === undefined) BASES.set(e, (b = callKey(e.id, e.name, canonOf(e))));
  return b;
}

/** A call's identity: its id, name and arguments, and how many times the same came before in its history. */
function keyAt(_u: Unit, e: ShapeEvent): string {
  return KEYS.get(e as ShapeCall) ?? '';
}

/** A list as histories: one, or one per session when its items name several. */
function unitsOf(l: ShapeList, callNo: Map<string, number>): Unit[] {
  const sessions = new Set<string>();
  for (const s of l.steps) if (s.session !== null) sessions.add(s.session);
  const groups = new Map<string | null, ShapeStep[]>();
  if (sessions.size < 2) groups.set(l.session ?? [...sessions][0] ?? null, l.steps);
  else {
    let current: string | null = null;
    for (const s of l.steps) {
      current = s.session ?? current;
      const g = groups.get(current);
      if (g) g.push(s);
      else groups.set(current, [s]);
    }
  }
  return [...groups].map(([session, steps]) => {
    const seen = new Map<string, number>();
    const keys: string[] = [];
    const calls: number[] = [];
    const words = new Map<number, string>();
    let said: string | undefined;
    let events = 0;
    for (const s of steps) {
      events += s.events.length;
      for (const e of s.events) {
        if (e.kind === 'turn' && e.words !== undefined) said = e.words;
        if (e.kind !== 'call') continue;
        const base = baseOf(e);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        let no = callNo.get(base);
        if (no === undefined) callNo.set(base, (no = callNo.size));
        calls.push(no);
        if (said !== undefined && !words.has(no)) words.set(no, said);
        const key = `${base}\u0000${n}`;
        KEYS.set(e, key);
        keys.push(key);
      }
    }
    const label = session ?? l.title ?? l.path;
    return { list: l, steps, label, session, keys, calls, events, words };
  });
}

/** Warns of the calls whose writer kept no arguments, each dialect's in a sentence. */
function shownCalls(parts: readonly Unit[], c: Conversation): void {
  const by = new Map<string, { n: number; shown: string; dialect: DialectId }>();
  for (const u of parts)
    for (const s of u.steps)
      for (const e of s.events) {
        if (e.kind !== 'call' || e.shown === undefined) continue;
        const got = by.get(e.dialect);
        if (got === undefined) by.set(e.dialect, { n: 1, shown: e.shown, dialect: e.dialect });
        else got.n++;
      }
  for (const { n, shown, dialect } of by.values())
    c.warnings.add(
      `${plural(n, 'tool call')} in ${dialectEntry(dialect)?.label ?? dialect} form ${n === 1 ? 'carries' : 'carry'} no arguments: ${n === 1 ? 'it is' : 'each is'} signed by ${shown} instead, so calls shown alike are one signature.`,
    );
}

/** One conversation from its histories' steps, in order. */
function build(
  parts: readonly Unit[],
  answers: ReadonlyMap<string, ShapeResult>,
  byDialect: Map<DialectId, number>,
): Conversation {
  const c = new Conversation();
  const server = new Set<string>();
  for (const l of new Set(parts.map((u) => u.list))) for (const id of l.server) server.add(id);
  if (server.size > 0) c.warnings.count('server-tool', serverCallsNote, server.size);
  shownCalls(parts, c);
  const answered = new Set<string>();
  const callIds = new Set<string>();
  for (const u of parts)
    for (const s of u.steps)
      for (const e of s.events) {
        if (e.kind === 'result' && e.id !== null) answered.add(e.id);
        if (e.kind === 'call' && e.id !== null) callIds.add(e.id);
      }
  let last: 'turn' | 'assistant' | 'call' | 'result' | null = null;
  let owed: {
    id: string | undefined;
    name: string;
    content: JsonValue | undefined;
    error: boolean;
  }[] = [];
  const pay = (): void => {
    for (const r of owed) c.result(r.id, r.name, r.content, undefined, r.error);
    if (owed.length > 0) last = 'result';
    owed = [];
  };
  // Whether the last step held calls of no known dialect only, and the turn they name.
  let unknownStep = false;
  let lastTurn: string | undefined;
  for (const u of parts)
    for (const s of u.steps) {
      const calls = s.events.filter((e) => e.kind === 'call');
      // A call log's entries (or an event stream's parts) that name the turn before's are that
      // turn's reply.
      const turn = calls[0]?.turn;
      const sameTurn = turn !== undefined && turn === lastTurn;
      // A step whose calls are answered elsewhere is done before the next step begins.
      if (!sameTurn) pay();
      // A span's calls are its own reply's, never one an earlier span made, as are a whole
      // reply's; so are the calls of a step of unknown shape (a call log's entries), which no
      // dialect says were made together.
      // So are the calls of a turn other than the last step's (a hook's payload per model
      // generation).
      const otherTurn = turn !== undefined && lastTurn !== undefined && !sameTurn;
      if ((s.apart === true || unknownStep || otherTurn) && last === 'call' && !sameTurn)
        last = null;
      unknownStep = calls.length > 0 && calls.every((e) => e.dialect === 'unknown');
      // A step that holds no call (a planner's step between a log's actions) leaves it.
      if (calls.length > 0) lastTurn = calls[calls.length - 1]?.turn;
      s.events.forEach((e, i) => {
        if (e.kind === 'call') {
          const call: CallInput = { id: e.id ?? undefined, name: e.name, args: e.input };
          if ((last === 'call' || last === 'assistant') && c.openAssistant >= 0)
            c.extendAssistant(null, [call]);
          else c.assistant(null, [call]);
          byDialect.set(e.dialect, (byDialect.get(e.dialect) ?? 0) + 1);
          last = 'call';
          const own = e.output;
          const elsewhere = e.id !== null && !answered.has(e.id) ? answers.get(e.id) : undefined;
          if (own !== undefined) {
            // A step that carries its own answer is done before the next step begins; calls
            // one object holds with their answers (a browser agent's actions of one step) are
            // one reply, answered after the last of them.
            owed.push({ id: e.id ?? undefined, name: e.name, content: text(own), error: e.failed });
            const next = s.events[i + 1];
            const together = e.holder !== undefined && next?.kind === 'call';
            // A logged turn's answers wait for its last call, which a later step may hold.
            const turnGoesOn = e.turn !== undefined && next === undefined;
            if (!(together && next.holder === e.holder && next.output !== undefined) && !turnGoesOn)
              pay();
          } else if (elsewhere !== undefined) {
            owed.push({
              id: e.id ?? undefined,
              name: e.name,
              content: text(elsewhere.content),
              error: elsewhere.error,
            });
          }
          return;
        }
        pay();
        if (e.kind === 'result') {
          // An answer to a call of another history is that history's.
          if (e.id !== null && !callIds.has(e.id)) return;
          c.result(e.id ?? undefined, e.name, text(e.content), undefined, e.error);
          last = 'result';
        } else if (e.role === 'assistant') {
          c.assistant(e.text, []);
          last = 'assistant';
        } else {
          c.message(e.role, e.text);
          last = 'turn';
        }
      });
    }
  pay();
  return c;
}

/** A result's content as the detector reads it: text as is, parts as their text, else the JSON. */
function text(v: JsonValue | undefined): JsonValue {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (isJsonArray(v))
    return v.every(typedOrText) ? displayText(v.map(textPart)) : v.map(partText).join('\n');
  return printJson(v);
}

/** A text part that keeps its words as `content` (AgentDojo's `{ type: "text", content }`) as its words. */
function textPart(p: JsonValue): JsonValue {
  if (!isJsonObject(p) || p.get('type') !== 'text' || p.has('text')) return p;
  const c = p.get('content');
  return typeof c === 'string' ? c : p;
}

function typedOrText(p: JsonValue): boolean {
  return typeof p === 'string' || (isJsonObject(p) && p.has('type'));
}

/**
 * A result part without a `type`, whole: a Rust enum's `{ Text }` as its text, `{ Json }` as
 * its JSON (Amazon Q Developer CLI), Bedrock Converse's `{ text }` and `{ json }` blocks
 * (`ToolResultContentBlock`, a union keyed by member) the same, anything else printed, so
 * two answers that differ never read as the same placeholder.
 */
function partText(p: JsonValue): string {
  if (typedOrText(p)) return displayText([p]);
  if (isJsonObject(p) && p.size === 1) {
    const t = p.get('Text') ?? p.get('text');
    if (typeof t === 'string') return t;
    const j = p.get('Json') ?? p.get('json');
    if (j !== undefined) return printJson(j);
  }
  return printJson(p);
}
