/**
 * The config-independent half of the replay: everything that needs parsing or hashing is
 * done once here (argument parsing, canonical forms, signatures, answer joins, ledger bits,
 * interned prose), so a config change re-runs only `evaluateReplay`'s tight loop.
 */
import {
  differOnlyInNumbers,
  joinAnswers,
  joinAnswersByPosition,
  keptPairs,
  samePairs,
  type AnswerPair,
} from './answers';
import { answerBytesOf } from './loopCost';
import { canonicalArgs } from './canonical';
import type { ChatMessage } from './chat';
import { isCostlyName } from './classify';
import { fnvFeed, fnvHigh, fnvLow, fnvStart, hex64 } from './fnv1a';
import type { CallReport } from './report';
import { joinCallSignatures } from './signature';
import { extractText } from './text';
import { canonicalOfArgumentsText } from './canonicalText';
import { hashArgumentsText } from './canonicalHash';
import { argumentsTextOf } from './argumentsText';
import type { JsonValue } from '../json/value';
import { parseJson, parseJsonStrict } from '../json/parse';

/** A replay prepared for evaluation under any config; opaque apart from the batch count. */
export interface PreparedReplay {
  readonly batchCount: number;
  /** UTF-8 bytes of batch `i`'s answers (loopCost.ts). */
  answerBytes?(i: number): number;
  /** The time the prepare step took (its own share when it took messages as they were read). */
  readonly prepareMs: number;
}

/** One assistant batch with everything the state machine needs. */
export interface PreparedBatch {
  readonly messageIndex: number;
  readonly calls: readonly CallReport[];
  /** Interned: equal signatures are the same string object. */
  readonly signature: string;
  /** Index into `PreparedData.nameSets` (classification is cached per name set). */
  readonly nameSet: number;
  readonly costly: boolean;
  /**
   * The joined answers as a key, or null when they could not be joined (docs/detector.md §7.5). Keys are
   * only meaningful against the previous occurrence of the same signature (the only
   * comparison the reference makes): equal there exactly when the answers are equal.
   */
  readonly results: number | null;
  readonly identicalResultRepeat: boolean;
  readonly repeatNotEvaluated: boolean;
  /** UTF-8 bytes of the answers in its tool window (what a loop's cost counts). */
  readonly answerBytes: number;
  /**
   * The batch as the agent loop reads it (docs/detector.md §9): an `arguments` string that
   * serde_json rejects ends the run before the guards (`agentMalformed`); an empty one is `{}`,
   * which may give another signature; answers are joined by position (`agentResults`, keyed
   * like `results` but against the previous occurrence of `agentSignature`).
   */
  readonly agentMalformed: boolean;
  readonly agentSignature: string;
  readonly agentResults: number | null;
}

/** Event kinds of the walk; tool messages produce none. */
export const EV_BATCH = 0;
export const EV_PROSE = 1;
export const EV_BREAK = 2;

/** Break roles, in `BreakBefore` terms. */
export const BREAK_ROLES = ['user', 'system', 'developer', 'other-role'] as const;

/** The prepared data (the concrete `PreparedReplay`). */
export class PreparedData implements PreparedReplay {
  readonly batches: PreparedBatch[] = [];
  readonly nameSets: (readonly string[])[] = [];
  /** Walk events: kind, argument (batch index / prose key or -1 / break role), message index. */
  readonly eventKind: number[] = [];
  readonly eventArg: number[] = [];
  readonly eventMessage: number[] = [];
  /**
   * Batches that repeat the batch before them and whose answers differ from its only in
   * numbers (answers.ts `differOnlyInNumbers`), ascending.
   */
  readonly numbersOnly: number[] = [];
  messageCount = 0;
  prepareMs = 0;
  get batchCount(): number {
    return this.batches.length;
  }
  answerBytes(i: number): number {
    return this.batches[i]?.answerBytes ?? 0;
  }
}

/** The canonical form of the value a noted arguments text parses to (the same parser). */
function canonicalOfValueText(text: string): string {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error('a noted arguments text no longer parses');
  return canonicalArgs(parsed.value.value);
}

/** A clock that needs no DOM or Node types. */
export function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}

/** One distinct canonical arguments form, found by its FNV hash (low half as the map key). */
interface Canonical {
  readonly hi: number;
  /** The arguments string it came from, or null for non-string arguments. */
  readonly raw: string | null;
  /** The text non-string arguments were parsed from, when the importer noted it. */
  readonly valueText: string | null;
  /** Built only when two inputs share a hash (kept when neither text is known). */
  canonical: string | null;
  readonly id: number;
  readonly hex: string;
  /** The next form with the same low hash half (a chain instead of a bucket array each). */
  next: Canonical | null;
  /**
   * The first tool name seen with this form and its call: most forms go with one name, so
   * the per-name map below is only needed for the others.
   */
  ownerName: string | null;
  ownerCall: CallInfo | null;
}

/** One (name, canonical arguments) pairing. */
interface CallInfo {
  readonly pairKey: number;
  readonly signature: string;
  /** The signature's index into the per-signature state of the walk. */
  readonly sigId: number;
}

/** A recently seen arguments string of one tool name. */
interface RecentArgs {
  readonly raw: string;
  readonly canonical: Canonical;
  /** serde_json accepts the string (what the agent loop's stream collector needs). */
  readonly valid: boolean;
}

/** A recently seen non-string arguments value of one tool name, by the text it was read from. */
interface RecentInput {
  readonly text: string;
  readonly canonical: Canonical;
}

/** What the walk keeps per tool name. */
interface NameInfo {
  readonly costly: boolean;
  /** Recent argument strings, newest first; repeats are what loops are made of. */
  readonly recent: RecentArgs[];
  /** The same for arguments that are objects whose text the importer noted. */
  readonly recentInputs: RecentInput[];
  /** Per canonical id: the (name, canonical arguments) pairing key and the call signature. */
  readonly calls: Map<number, CallInfo>;
  /** The name set of a one-call batch of this name, once known. */
  singleSet: number;
}

/** Recent argument strings kept per tool name. */
const RECENT_ARGS = 4;

function breakRole(role: unknown): number {
  if (role === 'user') return 0;
  if (role === 'system') return 1;
  if (role === 'developer') return 2;
  return 3;
}

/**
 * `readCallShape` (toolCalls.ts) without the intermediate object: the fields of one
 * `tool_calls` element, left in `shapeId`, `shapeName`, `shapeArgs`.
 */
let shapeId = '';
let shapeName = '';
let shapeArgs: JsonValue = null;
function readShape(el: JsonValue): void {
  if (!(el instanceof Map)) {
    shapeId = '';
    shapeName = '';
    shapeArgs = null;
    return;
  }
  const idv = el.get('id');
  shapeId = typeof idv === 'string' ? idv : '';
  const fn = el.get('function');
  if (!(fn instanceof Map)) {
    shapeName = '';
    shapeArgs = null;
    return;
  }
  const namev = fn.get('name');
  shapeName = typeof namev === 'string' ? namev : '';
  const args = fn.get('arguments');
  shapeArgs = args === undefined ? null : args;
}

/** Canonical forms identified exactly: by FNV hash, then (on a shared hash) by content. */
class CanonicalTable {
  private readonly byLow = new Map<number, Canonical>();
  private count = 0;
  /** Whether two different canonical forms share a 64-bit hash (never seen in practice). */
  collided = false;

  /** Whether the last `ofText` hashed a parse of its input (so serde_json accepts it). */
  lastParsed = false;

  /** The canonical form of an arguments string (hashed piecewise, no canonical string built). */
  ofText(raw: string): Canonical {
    this.lastParsed = hashArgumentsText(raw);
    return this.find(fnvHigh(), fnvLow(), raw, null);
  }

  /**
   * The canonical form of non-string arguments. `text`: the text the value was parsed from, if
   * known; the form is then kept as that text, and printed again only to tell two forms with
   * one hash apart.
   */
  ofValue(v: JsonValue, text: string | null = null): Canonical {
    const canonical = canonicalArgs(v);
    fnvStart();
    fnvFeed(canonical, 0, canonical.length);
    return this.find(fnvHigh(), fnvLow(), null, canonical, text);
  }

  private find(
    hi: number,
    lo: number,
    raw: string | null,
    canonical: string | null,
    valueText: string | null = null,
  ): Canonical {
    const first = this.byLow.get(lo);
    let mine = canonical;
    for (let c = first ?? null; c !== null; c = c.next) {
      if (c.hi !== hi) continue;
      if (raw !== null && c.raw === raw) return c;
      // Same hash, different input: compare the canonical forms themselves (rare).
      mine ??= canonicalOfArgumentsText(raw as string);
      c.canonical ??=
        c.valueText !== null
          ? canonicalOfValueText(c.valueText)
          : canonicalOfArgumentsText(c.raw as string);
      if (c.canonical === mine) return c;
      this.collided = true;
    }
    const c: Canonical = {
      hi,
      raw,
      valueText,
      canonical: valueText === null ? canonical : null,
      id: this.count++,
      hex: hex64(hi, lo),
      next: first ?? null,
      ownerName: null,
      ownerCall: null,
    };
    this.byLow.set(lo, c);
    return c;
  }
}

/**
 * Parses, hashes and joins everything in `messages` once (docs/detector.md §7.2–§7.7). The
 * result is evaluated under any config by `evaluateReplay`.
 */
export function prepareReplay(messages: readonly ChatMessage[]): PreparedReplay {
  const preparer = replayPreparer();
  for (let i = 0; i < messages.length; i++) preparer.push(messages[i] as ChatMessage);
  return preparer.finish();
}

/**
 * `prepareReplay` one message at a time, in order, so a reader can hand over each message as it
 * parses it and let it go (no whole tree of a large transcript). A batch is prepared
 * once the next message that is not a tool result arrives, or at `finish`; only its own
 * message and tool results are held until then.
 */
export interface ReplayPreparer {
  /**
   * `literal`: a tool message's `content` as written in the transcript's text (a slice of it),
   * when the content is a string read from there; the answer is then kept as that slice.
   * `bytes`: the content's UTF-8 length, given when reading `content` would decode the literal
   * again (then it is not read).
   */
  push(message: ChatMessage, literal?: string | null, bytes?: number): void;
  /**
   * What is prepared so far, without closing the batch still waiting for its tool results
   * (more may follow): the same object every time, grown by later pushes, so a `ReplayWalk`
   * can continue over it. `finish` closes that batch too.
   */
  settled(): PreparedReplay;
  /**
   * The batch waiting for its tool results has them all: the next message is known not to be
   * one, though it is not pushed yet (it may still grow). Prepares that batch now.
   */
  closeBatch(): void;
  finish(): PreparedReplay;
}

export function replayPreparer(): ReplayPreparer {
  const data = new PreparedData();
  const canonicals = new CanonicalTable();
  const names = new Map<string, NameInfo>();
  let pairCount = 0;
  // Every distinct signature string (call or batch) gets an id, once; the walk's state per
  // signature lives in arrays by id. Equal strings must share an id, as the reference keys
  // its map by the string. A call signature (`name:` + 16 hex digits) can only equal another
  // call's if two canonical forms share a hash, and a joined one only if the name holds '|';
  // so until a hash is shared, call signatures of '|'-free names take a fresh id without a
  // string-keyed map, which grows costly per entry at 100k entries.
  const sigIds = new Map<string, number>();
  const sigStrings: string[] = [];
  let exact = false;
  const nameSetIds = new Map<string, number>();
  const proseKeys = new Map<string, number>();
  // The proxy's session-wide map: batch signature → the results last seen (§7.4 step 2).
  // Indexed by signature id (arrays, not a map keyed by 100k signature strings).
  const seen: boolean[] = [];
  const lastPairs: (AnswerPair[] | null)[] = [];
  const lastKey: (number | null)[] = [];
  // The same per signature for the agent loop's positional join.
  const agentLastPairs: (AnswerPair[] | null)[] = [];
  const agentLastKey: (number | null)[] = [];
  const newSigId = (signature: string): number => {
    sigStrings.push(signature);
    seen.push(false);
    lastPairs.push(null);
    lastKey.push(null);
    agentLastPairs.push(null);
    agentLastKey.push(null);
    return sigStrings.length - 1;
  };
  const sigIdOf = (signature: string, unique: boolean): number => {
    if (unique && !exact) {
      if (!canonicals.collided) return newSigId(signature);
      // From now on every signature goes through the map, which first learns the earlier
      // ones (all distinct so far, by the argument above).
      exact = true;
      sigStrings.forEach((str, i) => {
        if (!sigIds.has(str)) sigIds.set(str, i);
      });
    }
    let id = sigIds.get(signature);
    if (id === undefined) {
      id = newSigId(signature);
      sigIds.set(signature, id);
    }
    return id;
  };
  let resultsCount = 0;
  /** The signature id of the batch prepared last, or -1. */
  let lastBatchSig = -1;

  const nameInfo = (name: string): NameInfo => {
    let info = names.get(name);
    if (info === undefined) {
      info = {
        costly: isCostlyName(name),
        recent: [],
        recentInputs: [],
        calls: new Map(),
        singleSet: -1,
      };
      names.set(name, info);
    }
    return info;
  };

  /** Whether the string `stringArgs` last read is one serde_json accepts. */
  let argsValid = true;
  const stringArgs = (info: NameInfo, raw: string): Canonical => {
    const recent = info.recent;
    for (let k = 0; k < recent.length; k++) {
      const e = recent[k] as RecentArgs;
      if (e.raw === raw) {
        argsValid = e.valid;
        return e.canonical;
      }
    }
    const canonical = canonicals.ofText(raw);
    // A parse the hash took piece by piece is a parse serde_json accepts; otherwise ask.
    argsValid = canonicals.lastParsed || parseJsonStrict(raw).ok;
    recent.unshift({ raw, canonical, valid: argsValid });
    if (recent.length > RECENT_ARGS) recent.pop();
    return canonical;
  };

  /**
   * The canonical form of non-string arguments: a repeat of a recent input's exact text is
   * that input's form; anything else is printed from the value.
   */
  const valueArgs = (info: NameInfo, v: JsonValue): Canonical => {
    const text = argumentsTextOf(v);
    if (text === undefined) return canonicals.ofValue(v);
    const recent = info.recentInputs;
    for (let k = 0; k < recent.length; k++) {
      const e = recent[k] as RecentInput;
      if (e.text === text) return e.canonical;
    }
    const canonical = canonicals.ofValue(v, text);
    recent.unshift({ text, canonical });
    if (recent.length > RECENT_ARGS) recent.pop();
    return canonical;
  };

  /** The (name, canonical arguments) pairing of one call, interned. */
  const callOf = (name: string, info: NameInfo, canonical: Canonical): CallInfo => {
    if (canonical.ownerName === name) return canonical.ownerCall as CallInfo;
    let call = canonical.ownerName === null ? undefined : info.calls.get(canonical.id);
    if (call === undefined) {
      const sigId = sigIdOf(name + ':' + canonical.hex, !name.includes('|'));
      call = { pairKey: pairCount++, signature: sigStrings[sigId] as string, sigId };
      if (canonical.ownerName === null) {
        canonical.ownerName = name;
        canonical.ownerCall = call;
      } else info.calls.set(canonical.id, call);
    }
    return call;
  };

  const nameSetOf = (key: string, list: readonly string[]): number => {
    let id = nameSetIds.get(key);
    if (id === undefined) {
      id = data.nameSets.length;
      nameSetIds.set(key, id);
      data.nameSets.push(list);
    }
    return id;
  };

  /** The batch waiting for its tool results: its message, then the results so far. */
  let pending: ChatMessage[] | null = null;
  /** Beside `pending`: each message's content literal, when the import passed one. */
  let pendingLiterals: (string | null)[] = [];
  /** Beside `pending`: each message's answer bytes, when the import passed them (else -1). */
  let pendingBytes: number[] = [];
  let pendingIndex = -1;
  let count = 0;
  let spent = 0;

  const batch = (
    group: ChatMessage[],
    literals: (string | null)[],
    bytes: number[],
    i: number,
  ): void => {
    const m = group[0] as ChatMessage;
    const tc = m.tool_calls as JsonValue[];
    const n = tc.length;
    const calls: CallReport[] = new Array<CallReport>(n);
    const joinable: { id: string; pairKey: number }[] = new Array<{ id: string; pairKey: number }>(
      n,
    );
    let costly = false;
    let single: NameInfo | null = null;
    let singleCall: CallInfo | null = null;
    let malformed = false;
    const agentKeys: number[] = new Array<number>(n);
    /** The calls' signatures as the agent loop reads them, once one differs. */
    let agentSigs: string[] | null = null;
    let agentSingle: CallInfo | null = null;
    for (let k = 0; k < n; k++) {
      readShape(tc[k] as JsonValue);
      const id = shapeId;
      const name = shapeName;
      const info = nameInfo(name);
      let call: CallInfo;
      let agentCall: CallInfo;
      if (typeof shapeArgs === 'string') {
        const raw = shapeArgs;
        call = callOf(name, info, stringArgs(info, raw));
        malformed ||= !argsValid && raw !== '';
        // The stream collector reads an empty arguments string as `{}`.
        agentCall = raw === '' ? callOf(name, info, stringArgs(info, '{}')) : call;
      } else {
        call = callOf(name, info, valueArgs(info, shapeArgs));
        agentCall = call;
      }
      calls[k] = { id, name, signature: call.signature };
      joinable[k] = { id, pairKey: call.pairKey };
      agentKeys[k] = agentCall.pairKey;
      if (agentCall !== call) {
        agentSigs ??= calls.slice(0, k).map((c) => c.signature);
        agentSingle = agentCall;
      }
      if (agentSigs !== null) agentSigs[k] = agentCall.signature;
      costly ||= info.costly;
      single = info;
      singleCall = call;
    }
    let signature: string;
    let sigId: number;
    let nameSet: number;
    if (n === 1) {
      // One call: its signature is already interned, and so is its name set.
      signature = (calls[0] as CallReport).signature;
      sigId = (singleCall as CallInfo).sigId;
      const info = single as NameInfo;
      if (info.singleSet < 0) info.singleSet = nameSetOf(shapeName, [shapeName]);
      nameSet = info.singleSet;
    } else {
      const joined = joinCallSignatures(calls.map((c) => c.signature));
      sigId = sigIdOf(joined, false);
      signature = sigStrings[sigId] as string;
      const list = calls.map((c) => c.name);
      nameSet = nameSetOf(list.join('\u0000'), list);
    }
    const pairs = joinAnswers(joinable, group, 0, literals, bytes);
    let answerBytes = 0;
    for (let k = 1; k < group.length; k++) {
      const b = bytes[k] as number;
      answerBytes += b >= 0 ? b : answerBytesOf(group[k]?.content);
    }
    const wasSeen = seen[sigId] as boolean;
    const beforePairs = lastPairs[sigId] as AnswerPair[] | null;
    const same = wasSeen && beforePairs !== null && pairs !== null && samePairs(beforePairs, pairs);
    const results = pairs === null ? null : same ? (lastKey[sigId] as number) : resultsCount++;
    const repeatNotEvaluated = wasSeen && (beforePairs === null || pairs === null);
    // Only a repeat of the batch just before: a run, where a poll shows (docs/detector.md §5.3).
    if (sigId === lastBatchSig && !same && beforePairs !== null && pairs !== null) {
      if (differOnlyInNumbers(beforePairs, pairs)) data.numbersOnly.push(data.batches.length);
    }
    seen[sigId] = true;
    lastBatchSig = sigId;
    lastPairs[sigId] = keptPairs(pairs);
    lastKey[sigId] = results;
    // The agent loop's reading: its own signature and a positional join, compared with the
    // previous occurrence of that signature in a chain of its own.
    let agentSigId = sigId;
    let agentSignature = signature;
    if (agentSigs !== null) {
      agentSigId =
        n === 1 ? (agentSingle as CallInfo).sigId : sigIdOf(joinCallSignatures(agentSigs), false);
      agentSignature = sigStrings[agentSigId] as string;
    }
    const byPosition = joinAnswersByPosition(agentKeys, group, 0, literals, bytes);
    const agentBefore = agentLastPairs[agentSigId] ?? null;
    const agentResults =
      byPosition === null
        ? null
        : agentBefore !== null && samePairs(agentBefore, byPosition)
          ? (agentLastKey[agentSigId] as number)
          : resultsCount++;
    agentLastPairs[agentSigId] = keptPairs(byPosition);
    agentLastKey[agentSigId] = agentResults;
    pushEvent(data, EV_BATCH, data.batches.length, i);
    data.batches.push({
      messageIndex: i,
      calls,
      signature,
      nameSet,
      costly,
      results,
      identicalResultRepeat: same,
      repeatNotEvaluated,
      answerBytes,
      agentMalformed: malformed,
      agentSignature,
      agentResults,
    });
  };

  const flush = (): void => {
    if (pending === null) return;
    const group = pending;
    pending = null;
    batch(group, pendingLiterals, pendingBytes, pendingIndex);
  };

  return {
    push(m: ChatMessage, literal: string | null = null, bytes = -1): void {
      const i = count++;
      const role = m.role;
      if (role === 'tool') {
        if (pending !== null) {
          pending.push(m);
          pendingLiterals.push(literal);
          pendingBytes.push(literal === null ? -1 : bytes);
        }
        return;
      }
      const started = now();
      flush();
      if (role !== 'assistant') {
        pushEvent(data, EV_BREAK, breakRole(role), i);
      } else {
        const tc = m.tool_calls;
        if (!Array.isArray(tc) || tc.length === 0) {
          const text = extractText(m.content);
          let key = -1;
          if (text !== '') {
            key = proseKeys.get(text) ?? proseKeys.size;
            if (key === proseKeys.size) proseKeys.set(text, key);
          }
          pushEvent(data, EV_PROSE, key, i);
        } else {
          pending = [m];
          pendingLiterals = [null];
          pendingBytes = [-1];
          pendingIndex = i;
        }
      }
      spent += now() - started;
    },
    closeBatch(): void {
      const started = now();
      flush();
      spent += now() - started;
    },
    settled(): PreparedReplay {
      data.messageCount = pending === null ? count : pendingIndex;
      data.prepareMs = spent;
      return data;
    },
    finish(): PreparedReplay {
      const started = now();
      flush();
      data.messageCount = count;
      data.prepareMs = spent + (now() - started);
      return data;
    },
  };
}

function pushEvent(data: PreparedData, kind: number, arg: number, message: number): void {
  data.eventKind.push(kind);
  data.eventArg.push(arg);
  data.eventMessage.push(message);
}
