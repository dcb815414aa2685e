// The walk of the reader by shape: a file's JSON read as lists of steps and calls.
import { isJsonArray, isJsonObject } from '../../json/index';
import type { JsonObject, JsonValue } from '../../json/index';
import { callsAt, isPartList, otlpAttributes, THOUGHTS } from '../census';
import { isRunList, jsonReply, wordsKey } from '../censusFind';
import { holdsTextCalls, smolagentsCalls, textCalls } from '../dialects/textCalls';
import { apiResults, holdsApiResults } from '../dialects/apiResults';
import { streamText } from '../dialects/shape';
import { spanParents } from '../spanTree';
import type { DialectId, Place } from '../dialects/table';
import { DIALECTS } from '../dialects/table';
import { isWantedMember } from '../dialects/unknownCall';
import { RESULT_MAPS, resultOf, toolReturns } from './results';
import { dropSpanCopies, isReply, isSpan, sameCall, settleStep } from './steps';
import { roundMessages } from './rounds';
import { turnOf } from './turns';
import type { ShapeCall, ShapeList, ShapeStep } from './types';
import {
  asMessage,
  embedded,
  inputOf,
  join,
  jsonValue,
  keyedById,
  spelledJson,
  MAX_DEPTH,
  MAX_NESTED,
  ownOutput,
  runOf,
  itemSession,
  sessionOf,
  titleOf,
  valueText,
} from './values';

export type { ShapeCall, ShapeEvent, ShapeList, ShapeResult, ShapeStep } from './types';

/** The dialects whose calls the census lists but never counts (run by the API). */
const UNCOUNTED: ReadonlySet<DialectId> = new Set(
  DIALECTS.filter((d) => !d.counted).map((d) => d.id),
);

/** Lists that nest the same kind of item (a span's child spans): one history, in tree order. */
const TREE_KEYS = new Set([
  'children',
  'child_runs',
  'childRuns',
  'subspans',
  'spans',
  // VS Code chat: the model's rounds of one request, each a step after the user's words.
  'toolCallRounds',
]);

/** Walks the roots (a document, or the lines of JSON Lines as one list) into its lists of steps. */
export function walkShapes(roots: readonly JsonValue[], lines: boolean): ShapeList[] {
  const w = new Walker();
  if (lines) w.list(roots, null, null, 'lines', null, 0);
  else for (const r of roots) w.value(r, { key: null, listKey: null, outerKey: null }, '', null, 0);
  return w.lists;
}

class Walker {
  readonly lists: ShapeList[] = [];
  private order = 0;
  /** The run being walked (`ShapeList.run`), and how many runs were met. */
  private run: number | null = null;
  private runs = 0;
  /** The `title` of the nearest object the walk is inside. */
  private title: string | undefined;

  /** A list of steps: each item one step, its own nested lists walked as lists of their own. */
  list(
    items: readonly JsonValue[],
    key: string | null,
    outer: string | null,
    path: string,
    session: string | null,
    depth: number,
    keyed = false,
  ): void {
    const l = this.open(path, session, keyed);
    // A history kept as exchanges, each `[what was sent, what came back]` (Amazon Q Developer
    // CLI's `history`): one list of their halves.
    const pairs = items.length > 0 && items.every((x) => isJsonArray(x) && x.length === 2);
    this.items(pairs ? items.flat() : items, l, key, outer, path, session, depth);
  }

  private items(
    items: readonly JsonValue[],
    l: ShapeList,
    key: string | null,
    outer: string | null,
    path: string,
    session: string | null,
    depth: number,
  ): void {
    const at: Place = { key: null, listKey: key, outerKey: outer };
    const own: ShapeStep[] = [];
    const runs = isRunList(key, items);
    const outerRun = this.run;
    for (const item of items) {
      // Each item of a list of runs is a history of its own, as the census counts it.
      if (runs) this.run = this.runs++;
      const mine = isJsonObject(item) ? (itemSession(item) ?? runOf(item)) : null;
      const step: ShapeStep =
        isJsonObject(item) && (isSpan(item) || isReply(item))
          ? { events: [], session: mine, apart: true }
          : { events: [], session: mine };
      l.steps.push(step);
      own.push(step);
      this.step(item, at, step, l, `${path}[*]`, mine ?? session, depth + 1);
      settleStep(step, item);
    }
    this.run = outerRun;
    const parents = spanParents(items);
    if (parents !== null) dropSpanCopies(own, parents);
  }

  /** A new list of steps, in walk order, under the nearest title. */
  private open(path: string, session: string | null, keyed = false): ShapeList {
    const l: ShapeList = {
      path,
      ...(keyed ? { keyed: true } : {}),
      steps: [],
      session,
      run: this.run,
      server: new Set(),
      order: this.order++,
      ...(this.title === undefined ? {} : { title: this.title }),
    };
    this.lists.push(l);
    return l;
  }

  /** An object that holds a run of calls outside any list: a list of one step, read where it stands. */
  private lone(
    v: JsonObject,
    at: Place,
    path: string,
    session: string | null,
    depth: number,
  ): void {
    const own = sessionOf(v);
    const step: ShapeStep = { events: [], session: own };
    const l = this.open(path === '' ? '(top)' : path, session);
    l.steps.push(step);
    this.step(v, at, step, l, path, own ?? session, depth + 1);
    settleStep(step, v);
  }

  /** A value outside any list of steps (the document's top, an object's members). */
  value(v: JsonValue, at: Place, path: string, session: string | null, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const stream = isJsonArray(v) ? streamText(v) : null;
    if (stream !== null) {
      this.value(stream, at, path, session, depth);
      return;
    }
    if (isJsonArray(v)) {
      this.list(v, at.key, at.outerKey, path === '' ? '(top)' : path, session, depth);
      return;
    }
    if (typeof v === 'string') {
      const inner = at.key !== null && THOUGHTS.has(at.key) ? undefined : embedded(v, depth);
      if (inner !== undefined) this.value(inner, at, path, session, depth + MAX_DEPTH / MAX_NESTED);
      return;
    }
    if (!isJsonObject(v)) return;
    if (keyedById(v)) {
      this.list([...v.values()], at.key, at.outerKey, join(path, '*'), session, depth, true);
      return;
    }
    const rounds = roundMessages(v);
    if (rounds !== null) {
      this.list(rounds, 'steps', at.key, join(path, 'steps'), sessionOf(v) ?? session, depth + 1);
      return;
    }
    // An object that spells a run of calls in members of its own (DSPy's numbered trajectory)
    // is a history even where no list holds it.
    if (callsAt(v, at)?.calls.some((c) => c.sub !== undefined) === true) {
      this.lone(v, at, path, session, depth);
      return;
    }
    const s = sessionOf(v) ?? session;
    const outer = this.title;
    this.title = titleOf(v) ?? outer;
    for (const [k, x] of v) {
      if (isWantedMember(k) && typeof x === 'object' && x !== null) continue;
      this.value(x, { key: k, listKey: null, outerKey: at.key }, join(path, k), s, depth + 1);
    }
    this.title = outer;
  }

  /** One item of a list, or a value inside one: what it says goes into `step`. */
  private step(
    v: JsonValue,
    at: Place,
    step: ShapeStep,
    l: ShapeList,
    path: string,
    session: string | null,
    depth: number,
  ): void {
    if (depth > MAX_DEPTH) return;
    const stream = isJsonArray(v) ? streamText(v) : null;
    if (stream !== null) {
      this.step(stream, at, step, l, path, session, depth);
      return;
    }
    if (isJsonArray(v)) {
      const attrs = otlpAttributes(v);
      if (attrs !== null) {
        // OTLP's `[{ key, value: { stringValue } }]`, read as the flat attributes it spells, as
        // the census reads it.
        this.step(attrs as JsonObject, at, step, l, path, session, depth + 1);
        return;
      }
      const key = at.key ?? at.listKey;
      if (isPartList(key)) {
        const inner: Place = { key: null, listKey: key, outerKey: at.outerKey };
        for (const x of v) this.step(x, inner, step, l, `${path}[*]`, session, depth + 1);
      } else if (key !== null && TREE_KEYS.has(key)) {
        this.items(v, l, key, at.outerKey, path, session, depth);
      } else this.list(v, key, at.outerKey, path, session, depth);
      return;
    }
    if (typeof v === 'string') {
      const inner = at.key !== null && THOUGHTS.has(at.key) ? undefined : embedded(v, depth);
      if (inner !== undefined)
        this.step(inner, at, step, l, path, session, depth + MAX_DEPTH / MAX_NESTED);
      return;
    }
    if (!isJsonObject(v) || v.get('is_demo') === true) return;
    v = asMessage(v);
    if (at.key !== null && RESULT_MAPS.has(at.key)) {
      this.resultMap(v, join(path, '*'));
      return;
    }
    if (keyedById(v)) {
      this.list([...v.values()], at.key, at.outerKey, join(path, '*'), session, depth, true);
      return;
    }
    // An agent's rounds (Elastic Agent Builder's): a history of their own, its words and calls.
    const rounds = roundMessages(v);
    if (rounds !== null) {
      this.list(rounds, 'steps', at.key ?? at.listKey, join(path, 'steps'), session, depth + 1);
      return;
    }
    const smolagents = smolagentsCalls(v);
    if (smolagents !== null) {
      // A step's calls written into a message's text (textCalls.ts), read as its `tool_calls`.
      const calls: Place = { key: null, listKey: 'tool_calls', outerKey: at.key ?? at.listKey };
      for (const c of smolagents)
        this.step(c, calls, step, l, `${join(path, 'content')}[*]`, session, depth + 2);
      return;
    }
    const found = callsAt(v, at);
    // A call the API ran itself (a server tool) is not the client's loop, as the importers
    // skip it and the census does not count it.
    if (found !== null && UNCOUNTED.has(found.dialect)) {
      for (const c of found.calls) l.server.add(c.id ?? `${path}#${l.server.size}`);
      return;
    }
    if (found !== null) {
      const holder = found.calls.length > 1 && found.calls[0]?.together === true ? v : undefined;
      for (const c of found.calls) {
        if (c.idOnly === true) continue;
        step.events.push({
          kind: 'call',
          dialect: found.dialect,
          id: c.id,
          name: c.name,
          args: c.args,
          input: inputOf(v, c.args),
          echo: c.echo ?? (c.history === true && SENT_HISTORY.test(c.sub ?? '')),
          output: (c.output as JsonValue | undefined) ?? ownOutput(v),
          failed: c.failed ?? false,
          path,
          ...(holder === undefined ? {} : { holder }),
          ...(c.turn === undefined ? {} : { turn: c.turn }),
          ...(c.shown === undefined ? {} : { shown: c.shown }),
        });
      }
      // An unknown is only a guess: what it holds is walked too, as the census does.
      if (found.dialect !== 'unknown') return;
      const inner = { key: null, listKey: null, outerKey: at.key ?? at.listKey };
      const before = step.events.length;
      for (const [k, x] of v)
        if (typeof x === 'object' && x !== null)
          this.step(x, { ...inner, key: k }, step, l, join(path, k), session, depth + 1);
      // An echo inside it of its own call (a span's list of the calls it ran) is that call.
      const own = step.events[before - 1] as ShapeCall;
      const held = step.events.splice(before);
      for (const e of held)
        if (!(e.kind === 'call' && e.echo !== false && sameCall(e, own))) step.events.push(e);
      return;
    }
    const returns = toolReturns(v);
    if (returns !== null) {
      for (const r of returns) step.events.push(r);
      return;
    }
    const result = resultOf(v, at);
    if (result !== null) {
      step.events.push(result);
      return;
    }
    const turn = turnOf(v);
    // Only a list's own items, in their order, as the census hears them.
    const item = at.key === null && l.keyed !== true;
    const words = item && v.get('role') === 'user' ? v.get('content') : undefined;
    // Terminus' harness sends the screen its keystrokes left as the next user message, a ReAct
    // harness what its action met (its text, or its text parts'): their answer, no person's turn.
    const seen = typeof words === 'string' ? words : Array.isArray(words) ? turn?.text : undefined;
    const asked = seen !== undefined && turn?.role === 'user' ? screenAsked(l, step) : [];
    if (asked.length > 0)
      for (const c of asked)
        step.events.push({ kind: 'result', id: c.id, name: c.name, content: seen, error: false });
    else if (typeof words === 'string' && words !== '' && turn !== null)
      step.events.push({ ...turn, words });
    else if (turn !== null && turn.text !== '' && !(turn.role === 'assistant' && spelledJson(v)))
      step.events.push(turn);
    const s = sessionOf(v) ?? session;
    const outer = this.title;
    this.title = titleOf(v) ?? outer;
    for (const [k, x] of v) {
      if (isWantedMember(k) && typeof x === 'object' && x !== null) continue;
      // A turn's text was taken above; its parts are walked for calls and results only, and
      // the calls an assistant's text spells as tags (textCalls.ts).
      const said = k === 'content' || k === 'text' || (k === 'value' && v.has('from'));
      if (turn !== null && typeof x === 'string' && said && turn.role === 'assistant') {
        // A call kept as the reply's whole text, as JSON: the one part it spells.
        const part = jsonReply(x) ? jsonValue(x) : undefined;
        if (part !== undefined && isJsonObject(part)) {
          const parts: Place = { key: null, listKey: k, outerKey: at.key ?? at.listKey };
          this.step(part, parts, step, l, `${join(path, k)}[*]`, s, depth + 2);
          continue;
        }
      }
      if (turn !== null && typeof x === 'string' && said) {
        // Calls an assistant's text spells as tags, or that a harness reports in the user's
        // message after the reply that named them, each with what it gave.
        const spelled =
          turn.role === 'assistant' && (k !== 'text' || wordsKey(v) === 'text') && holdsTextCalls(x)
            ? textCalls(x)
            : turn.role === 'user' && k === 'content' && holdsApiResults(x)
              ? apiResults(x)
              : [];
        const parts: Place = { key: null, listKey: k, outerKey: at.key ?? at.listKey };
        for (const d of spelled) {
          const tag: JsonValue = new Map<string, JsonValue>(Object.entries(d));
          this.step(tag, parts, step, l, `${join(path, k)}[*]`, s, depth + 2);
        }
        continue;
      }
      if ((turn !== null || (k === 'events' && isSpan(v))) && isJsonArray(x)) {
        // Whatever list a message holds is its parts, not a history of its own; so are a
        // span's events (a call it logged as one), which happened within it.
        const parts: Place = { key: null, listKey: k, outerKey: at.key ?? at.listKey };
        for (const p of x) {
          this.step(p, parts, step, l, `${join(path, k)}[*]`, s, depth + 2);
          // An assistant's text block may spell calls as tags (Cline's XML).
          const text = isJsonObject(p) && p.get('type') === 'text' ? p.get('text') : undefined;
          if (turn?.role !== 'assistant' || typeof text !== 'string' || !holdsTextCalls(text))
            continue;
          for (const d of textCalls(text)) {
            const tag: JsonValue = new Map<string, JsonValue>(Object.entries(d));
            this.step(tag, parts, step, l, `${join(path, k)}[*]`, s, depth + 2);
          }
        }
        continue;
      }
      this.step(
        x,
        { key: k, listKey: null, outerKey: at.key ?? at.listKey },
        step,
        l,
        join(path, k),
        s,
        depth + 1,
      );
    }
    this.title = outer;
  }

  /** Results keyed by call id: a list of its own, whose answers the calls find by id. */
  private resultMap(v: JsonObject, path: string): void {
    const l: ShapeList = {
      path,
      steps: [],
      session: null,
      run: this.run,
      server: new Set(),
      order: this.order++,
    };
    for (const [id, x] of v) {
      const content = isJsonObject(x) ? (x.get('content') ?? x) : x;
      const error = isJsonObject(x) && (x.get('isError') === true || x.get('is_error') === true);
      l.steps.push({
        events: [{ kind: 'result', id, name: undefined, content: valueText(content), error }],
        session: null,
      });
    }
    this.lists.push(l);
  }
}

/**
 * Where a span's flattened attributes keep the messages its request sent (`gen_ai.prompt.N`,
 * `llm.input_messages.N`): a call there repeats one a reply made before, which counts only
 * where no reply holds it (a trace of the last request alone).
 */
const SENT_HISTORY = /(^|\.)(prompts?|input_messages)(\[|\.|$)/;

/**
 * Terminus' commands, a ReAct action or OpenHands' function tags in the step before `step`,
 * which `step`'s user message answers.
 */
function screenAsked(l: ShapeList, step: ShapeStep): ShapeCall[] {
  const before = l.steps[l.steps.lastIndexOf(step) - 1];
  return (before?.events ?? []).filter(
    (e): e is ShapeCall => e.kind === 'call' && ASKED.has(e.dialect),
  );
}

/** Dialects whose harness answers in the user message after the reply. */
const ASKED: ReadonlySet<string> = new Set([
  'terminus',
  'react-text',
  'openhands-function',
  'codeact',
]);
