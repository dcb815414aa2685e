/**
 * The config-independent half of the replay: everything that needs parsing or hashing is
 * done once here (argument parsing, canonical forms, signatures, answer joins, ledger bits,
 * interned prose), so a config change re-runs only `evaluateReplay`'s tight loop.
 */
import { joinAnswers, samePairs, type AnswerPair } from './answers';
import { canonicalArgs } from './canonical';
import type { ChatMessage } from './chat';
import { isCostlyName } from './classify';
import { fnv1a64Hex } from './fnv1a';
import type { CallReport } from './report';
import { joinCallSignatures } from './signature';
import { extractText } from './text';
import { readCallShape } from './toolCalls';
import { canonicalOfArgumentsText } from './json/canonicalText';

/** A replay prepared for evaluation under any config; opaque apart from the batch count. */
export interface PreparedReplay {
  readonly batchCount: number;
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
   * The joined answers as a key, or null when they could not be joined (§7.5). Keys are
   * only meaningful against the previous occurrence of the same signature (the only
   * comparison the reference makes): equal there exactly when the answers are equal.
   */
  readonly results: number | null;
  readonly identicalResultRepeat: boolean;
  readonly repeatNotEvaluated: boolean;
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
  constructor(
    readonly messageCount: number,
    public prepareMs: number,
  ) {}
  get batchCount(): number {
    return this.batches.length;
  }
}

/** A clock that needs no DOM or Node types. */
export function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}

interface ArgsEntry {
  readonly raw: string;
  readonly hash: string;
  readonly canonicalId: number;
}

/** Recent argument strings kept per tool name; repeats are what loops are made of. */
const RECENT_ARGS = 4;

function breakRole(role: unknown): number {
  if (role === 'user') return 0;
  if (role === 'system') return 1;
  if (role === 'developer') return 2;
  return 3;
}

/**
 * Parses, hashes and joins everything in `messages` once (detector.md §7.2–§7.7). The
 * result is evaluated under any config by `evaluateReplay`.
 */
export function prepareReplay(messages: readonly ChatMessage[]): PreparedReplay {
  const started = now();
  const data = new PreparedData(messages.length, 0);
  const recentArgs = new Map<string, ArgsEntry[]>();
  // Canonical forms identified exactly, bucketed by their FNV hash (computed anyway). A
  // bucket keeps the raw arguments string (already held by the transcript) rather than the
  // canonical form, so canonical strings die young; on a hash hit the stored raw is
  // re-canonicalised to compare, which only happens for near-identical arguments.
  const canonicalsByHash = new Map<
    string,
    { raw: string | null; canonical: string | null; id: number }[]
  >();
  let canonicalCount = 0;
  const pairKeys = new Map<string, number>();
  const signatures = new Map<string, string>();
  const nameSetIds = new Map<string, number>();
  const proseKeys = new Map<string, number>();
  const costlyByName = new Map<string, boolean>();
  // The proxy's session-wide map: batch signature → the results last seen (§7.4 step 2).
  const lastResults = new Map<string, { pairs: AnswerPair[] | null; key: number | null }>();
  let resultsCount = 0;

  /** `raw` is the arguments string, or null when the arguments were not a string. */
  const argsEntry = (raw: string | null, canonical: string): ArgsEntry => {
    const hash = fnv1a64Hex(canonical);
    let bucket = canonicalsByHash.get(hash);
    if (bucket === undefined) {
      bucket = [];
      canonicalsByHash.set(hash, bucket);
    }
    let found = bucket.find(
      (b) =>
        (raw !== null && b.raw === raw) ||
        (b.canonical ?? canonicalOfArgumentsText(b.raw as string)) === canonical,
    );
    if (found === undefined) {
      found = { raw, canonical: raw === null ? canonical : null, id: canonicalCount++ };
      bucket.push(found);
    }
    return { raw: raw ?? '', hash, canonicalId: found.id };
  };

  const stringArgs = (name: string, raw: string): ArgsEntry => {
    let recent = recentArgs.get(name);
    if (recent === undefined) {
      recent = [];
      recentArgs.set(name, recent);
    }
    for (const e of recent) if (e.raw === raw) return e;
    const e = argsEntry(raw, canonicalOfArgumentsText(raw));
    recent.unshift(e);
    if (recent.length > RECENT_ARGS) recent.pop();
    return e;
  };

  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as ChatMessage;
    const role = m.role;
    if (role === 'tool') continue;
    if (role !== 'assistant') {
      pushEvent(data, EV_BREAK, breakRole(role), i);
      continue;
    }
    const tc = m.tool_calls;
    if (!Array.isArray(tc) || tc.length === 0) {
      const text = extractText(m.content);
      let key = -1;
      if (text !== '') {
        key = proseKeys.get(text) ?? proseKeys.size;
        if (key === proseKeys.size) proseKeys.set(text, key);
      }
      pushEvent(data, EV_PROSE, key, i);
      continue;
    }
    const calls: CallReport[] = [];
    const joinable: { id: string; pairKey: number }[] = [];
    const callSigs: string[] = [];
    const names: string[] = [];
    let costly = false;
    for (const el of tc) {
      const shape = readCallShape(el);
      const entry = shape.argsIsString
        ? stringArgs(shape.name, shape.args as string)
        : argsEntry(null, canonicalArgs(shape.args));
      const sig = shape.name + ':' + entry.hash;
      calls.push(Object.freeze({ id: shape.id, name: shape.name, signature: sig }));
      callSigs.push(sig);
      names.push(shape.name);
      const pk = shape.name + '\u0000' + entry.canonicalId;
      let pairKey = pairKeys.get(pk);
      if (pairKey === undefined) {
        pairKey = pairKeys.size;
        pairKeys.set(pk, pairKey);
      }
      joinable.push({ id: shape.id, pairKey });
      let c = costlyByName.get(shape.name);
      if (c === undefined) {
        c = isCostlyName(shape.name);
        costlyByName.set(shape.name, c);
      }
      costly ||= c;
    }
    const joined = joinCallSignatures(callSigs);
    let signature = signatures.get(joined);
    if (signature === undefined) {
      signature = joined;
      signatures.set(joined, joined);
    }
    const nameKey = names.join('\u0000');
    let nameSet = nameSetIds.get(nameKey);
    if (nameSet === undefined) {
      nameSet = data.nameSets.length;
      nameSetIds.set(nameKey, nameSet);
      data.nameSets.push(names);
    }
    const pairs = joinAnswers(joinable, messages, i);
    const before = lastResults.get(signature);
    const same =
      before !== undefined &&
      before.pairs !== null &&
      pairs !== null &&
      samePairs(before.pairs, pairs);
    const results = pairs === null ? null : same ? (before.key as number) : resultsCount++;
    lastResults.set(signature, { pairs, key: results });
    pushEvent(data, EV_BATCH, data.batches.length, i);
    data.batches.push({
      messageIndex: i,
      calls: Object.freeze(calls),
      signature,
      nameSet,
      costly,
      results,
      identicalResultRepeat: same,
      repeatNotEvaluated: before !== undefined && (before.pairs === null || pairs === null),
    });
  }
  data.prepareMs = now() - started;
  return data;
}

function pushEvent(data: PreparedData, kind: number, arg: number, message: number): void {
  data.eventKind.push(kind);
  data.eventArg.push(arg);
  data.eventMessage.push(message);
}
