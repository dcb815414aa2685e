/**
 * The report in a compact, transferable form for the trip from the worker to the main
 * thread.
 *
 * Structured-cloning a 100k-batch `Report` builds several hundred thousand objects on the
 * main thread in one task (hundreds of milliseconds: a visible stall). Packed, it is a few
 * typed arrays moved without copying, plus one string holding every distinct id, name and
 * signature; the main thread wraps them as a `Report` whose batches are built when read
 * (lazyReport.ts). The config-independent part (calls, signatures, message indexes) crosses
 * once per transcript (`PackedTranscript`); each config change sends only `PackedReport`.
 */
import type { AgentStep, BatchReport, Report, RunEnd } from '../detector/index';
import {
  BREAKS,
  buildPyramid,
  markChanged,
  FLAG_ANSWERS_KNOWN,
  FLAG_COSTLY,
  FLAG_EXEMPT,
  FLAG_IDENTICAL_REPEAT,
  FLAG_NOT_EVALUATED,
  FLAG_OBSERVATION,
  FLAG_REFUSED,
  FLAG_RESCUED,
  OUTCOMES,
  REASONS,
  signatureColumns,
  type SignatureColumns,
  type TimelinePyramid,
  type VerdictColumns,
} from './packedColumns';
import { hash32 } from './sigHash';

/** The config-independent columns of a transcript's batches. */
export interface PackedTranscript {
  readonly batchCount: number;
  /**
   * Every distinct string, concatenated, as UTF-16 code units: one byte each when all of them
   * are below 256, else two. `stringEnds[i]` is where string `i` ends, in code units. Sent
   * as a transferred buffer, not a string: receiving a string of megabytes costs the main
   * thread a copy, a buffer nothing; it cuts the few strings it shows.
   */
  readonly stringUnits: Uint8Array | Uint16Array;
  readonly stringEnds: Int32Array;
  readonly messageIndex: Int32Array;
  /** String index of each batch's signature. */
  readonly signature: Int32Array;
  /** Batch `i`'s calls are `callStart[i]` up to `callStart[i + 1]` (length batchCount + 1). */
  readonly callStart: Int32Array;
  readonly callId: Int32Array;
  readonly callName: Int32Array;
  readonly callSignature: Int32Array;
  /** Dense signature ids and frequencies, for the views (packedColumns.ts). */
  readonly signatures: SignatureColumns;
}

/** One config's verdicts over a transcript's batches, plus the report's small fields. */
export interface PackedReport extends VerdictColumns {
  readonly head: Omit<Report, 'batches'>;
  readonly batchCount: number;
  /** Indexes into REASONS. */
  readonly reason: Uint8Array;
  /** The timeline's pyramid over these verdicts, built here so the main thread need not. */
  readonly pyramid: TimelinePyramid;
  /**
   * How many batches are refused, rescued and answer-changed: counted here, in the pass that
   * packs them, so the header and the chart summary need no pass over 100k batches of their
   * own on the main thread.
   */
  readonly tally: VerdictTally;
  /** Against the defaults' flags, when the packer was given them (the worker always is). */
  readonly diff?: PackedDiff;
  /** Agent mode only: each batch's `agent` step (docs/report.md §2). */
  readonly agent?: PackedAgentSteps;
}

/** `BatchReport.agent` as columns: codes into AGENT_STEPS and RUN_ENDS (0 = none), and where. */
interface PackedAgentSteps {
  readonly step: Uint8Array;
  readonly endedBy: Uint8Array;
  readonly endedAt: Float64Array;
}

const AGENT_STEPS: readonly AgentStep['step'][] = [
  'checked',
  'overflow',
  'internal-error',
  'outside',
];
export const RUN_ENDS: readonly (RunEnd | null)[] = [
  null,
  'final-answer',
  'refusal',
  'stagnation',
  'internal-error',
  'max-iterations',
];

function packAgentSteps(batches: readonly BatchReport[]): PackedAgentSteps | null {
  const n = batches.length;
  if (n === 0 || batches[0]?.agent === undefined) return null;
  const step = new Uint8Array(n);
  const endedBy = new Uint8Array(n);
  const endedAt = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = (batches[i] as BatchReport).agent;
    if (a === undefined) continue;
    step[i] = Math.max(0, AGENT_STEPS.indexOf(a.step));
    endedBy[i] = Math.max(0, RUN_ENDS.indexOf(a.runEnded?.by ?? null));
    endedAt[i] = a.runEnded?.messageIndex ?? -1;
  }
  return { step, endedBy, endedAt };
}

/** Batch `i`'s `agent` step from its columns. */
export function agentStepAt(p: PackedAgentSteps, i: number): AgentStep {
  const step = AGENT_STEPS[p.step[i] as number] ?? 'checked';
  const by = RUN_ENDS[p.endedBy[i] as number] ?? null;
  return by === null ? { step } : { step, runEnded: { by, messageIndex: p.endedAt[i] as number } };
}

/**
 * How a report's verdicts differ from the defaults' over the same transcript, worked out in
 * the worker as it packs the report, so a config change costs the main thread no pass over
 * 100k batches: the changed batches (one byte each, already marked on the pyramid), and the
 * batches whose refusal or rescue came or went, ascending.
 */
export interface PackedDiff {
  readonly marks: Uint8Array;
  readonly count: number;
  readonly refusedBefore: number;
  readonly newlyRefused: Int32Array;
  readonly noLongerRefused: Int32Array;
  readonly newlyRescued: Int32Array;
  readonly noLongerRescued: Int32Array;
}

/** Verdict counts over a report's batches. */
interface VerdictTally {
  readonly refused: number;
  readonly rescued: number;
  readonly answerChanged: number;
}

function codeOf<T>(table: readonly T[], value: T): number {
  const i = table.indexOf(value);
  return i < 0 ? 0 : i;
}

/** A string's UTF-16 code units, one byte each when they all fit (lossless either way). */
export function codeUnits(s: string): Uint8Array | Uint16Array {
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0xff) {
      const wide = new Uint16Array(s.length);
      for (let j = 0; j < s.length; j++) wide[j] = s.charCodeAt(j);
      return wide;
    }
    bytes[i] = c;
  }
  return bytes;
}

/** Code units `from` up to `to` as a string (the inverse of `codeUnits`). */
export function unitsToString(units: Uint8Array | Uint16Array, from: number, to: number): string {
  // fromCharCode.apply takes an argument per unit; chunks keep clear of engine limits.
  const CHUNK = 8192;
  let out = '';
  for (let a = from; a < to; a += CHUNK) {
    out += String.fromCharCode.apply(null, units.subarray(a, Math.min(to, a + CHUNK)) as never);
  }
  return out;
}

/** Reads string `i` of a packed transcript's string table ('' when out of range). */
export function packedStringOf(
  t: Pick<PackedTranscript, 'stringUnits' | 'stringEnds'>,
): (i: number) => string {
  const ends = t.stringEnds;
  return (i) =>
    i >= 0 && i < ends.length
      ? unitsToString(t.stringUnits, i === 0 ? 0 : (ends[i - 1] as number), ends[i] as number)
      : '';
}

/** Packs the config-independent columns of `report` (any report of the transcript). */
export function packTranscript(report: Report): PackedTranscript {
  const n = report.batches.length;
  const ids = new Map<string, number>();
  const parts: string[] = [];
  const ends: number[] = [];
  let length = 0;
  const intern = (s: string): number => {
    let id = ids.get(s);
    if (id === undefined) {
      id = parts.length;
      ids.set(s, id);
      parts.push(s);
      length += s.length;
      ends.push(length);
    }
    return id;
  };
  const messageIndex = new Int32Array(n);
  const signature = new Int32Array(n);
  const callStart = new Int32Array(n + 1);
  let calls = 0;
  for (const b of report.batches) calls += b.calls.length;
  const callId = new Int32Array(calls);
  const callName = new Int32Array(calls);
  const callSignature = new Int32Array(calls);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const b = report.batches[i] as BatchReport;
    messageIndex[i] = b.messageIndex;
    signature[i] = intern(b.signature);
    callStart[i] = k;
    for (const c of b.calls) {
      callId[k] = intern(c.id);
      callName[k] = intern(c.name);
      callSignature[k] = intern(c.signature);
      k++;
    }
  }
  callStart[n] = k;
  return {
    batchCount: n,
    stringUnits: codeUnits(parts.join('')),
    stringEnds: Int32Array.from(ends),
    messageIndex,
    signature,
    callStart,
    callId,
    callName,
    callSignature,
    signatures: withHashes(signatureColumns(signature, parts.length), signature, parts),
  };
}

/** Adds each signature's colour hash (`hash32` of its text) to its columns. */
function withHashes(
  s: SignatureColumns,
  signature: Int32Array,
  strings: readonly string[],
): SignatureColumns {
  const sigHash = new Uint32Array(s.sigFirst.length);
  for (let id = 0; id < sigHash.length; id++) {
    sigHash[id] = hash32(strings[signature[s.sigFirst[id] as number] as number] ?? '');
  }
  return { ...s, sigHash };
}

/** The FLAG_REFUSED / FLAG_RESCUED bits of a report's batches: what a diff compares. */
export function verdictFlags(report: Report): Uint8Array {
  const out = new Uint8Array(report.batches.length);
  report.batches.forEach((b, i) => {
    out[i] = (b.refused ? FLAG_REFUSED : 0) | (b.rescued ? FLAG_RESCUED : 0);
  });
  return out;
}

const PASSED = 0;
const REFUSED = 1;
const RESCUED = 2;

function verdictCode(f: number): number {
  if ((f & FLAG_REFUSED) !== 0) return REFUSED;
  if ((f & FLAG_RESCUED) !== 0) return RESCUED;
  return PASSED;
}

/** Compares packed flags with the defaults' (same transcript, same length). */
export function diffFlags(flags: Uint8Array, defaults: Uint8Array): PackedDiff {
  const marks = new Uint8Array(flags.length);
  let count = 0;
  let refusedBefore = 0;
  const newlyRefused: number[] = [];
  const noLongerRefused: number[] = [];
  const newlyRescued: number[] = [];
  const noLongerRescued: number[] = [];
  for (let i = 0; i < flags.length; i++) {
    const now = verdictCode(flags[i] as number);
    const before = verdictCode(defaults[i] as number);
    if (before === REFUSED) refusedBefore++;
    if (now === before) continue;
    marks[i] = 1;
    count++;
    if (now === REFUSED) newlyRefused.push(i);
    if (before === REFUSED) noLongerRefused.push(i);
    if (now === RESCUED) newlyRescued.push(i);
    if (before === RESCUED) noLongerRescued.push(i);
  }
  return {
    marks,
    count,
    refusedBefore,
    newlyRefused: Int32Array.from(newlyRefused),
    noLongerRefused: Int32Array.from(noLongerRefused),
    newlyRescued: Int32Array.from(newlyRescued),
    noLongerRescued: Int32Array.from(noLongerRescued),
  };
}

/**
 * Packs the config-dependent columns of `report`; with the defaults' `verdictFlags` for the
 * same transcript it also packs the difference and marks it on the pyramid.
 */
export function packReport(report: Report, defaults?: Uint8Array): PackedReport {
  const n = report.batches.length;
  const flags = new Uint8Array(n);
  const threshold = new Float64Array(n);
  const ceiling = new Float64Array(n);
  const count = new Float64Array(n);
  const total = new Float64Array(n);
  const outcome = new Uint8Array(n);
  const reason = new Uint8Array(n);
  const breakBefore = new Uint8Array(n);
  const answerChangedCode = codeOf(OUTCOMES, 'answer-changed');
  let refused = 0;
  let rescued = 0;
  let answerChanged = 0;
  for (let i = 0; i < n; i++) {
    const b = report.batches[i] as BatchReport;
    if (b.refused) refused++;
    if (b.rescued) rescued++;
    flags[i] =
      (b.observation ? FLAG_OBSERVATION : 0) |
      (b.costly ? FLAG_COSTLY : 0) |
      (b.exempt ? FLAG_EXEMPT : 0) |
      (b.answersKnown ? FLAG_ANSWERS_KNOWN : 0) |
      (b.refused ? FLAG_REFUSED : 0) |
      (b.rescued ? FLAG_RESCUED : 0) |
      (b.identicalResultRepeat ? FLAG_IDENTICAL_REPEAT : 0) |
      (b.repeatNotEvaluated ? FLAG_NOT_EVALUATED : 0);
    threshold[i] = b.threshold;
    ceiling[i] = b.ceiling;
    count[i] = b.count;
    total[i] = b.total;
    outcome[i] = codeOf(OUTCOMES, b.outcome);
    if (outcome[i] === answerChangedCode) answerChanged++;
    reason[i] = codeOf(REASONS, b.reason);
    breakBefore[i] = codeOf(BREAKS, b.breakBefore);
  }
  const { batches: _omitted, ...head } = report;
  const agent = packAgentSteps(report.batches);
  const columns = { flags, threshold, ceiling, count, total, outcome, breakBefore };
  const pyramid = buildPyramid(columns, n, report.firstRefusal?.batchIndex ?? null);
  const diff = defaults !== undefined && defaults.length === n ? diffFlags(flags, defaults) : null;
  if (diff !== null && diff.count > 0) markChanged(pyramid.levels, diff.marks);
  return {
    head,
    batchCount: n,
    ...columns,
    reason,
    pyramid,
    tally: { refused, rescued, answerChanged },
    ...(diff === null ? {} : { diff }),
    ...(agent === null ? {} : { agent }),
  };
}

/** The buffers of packed data, for `postMessage`'s transfer list. */
export function transferablesOf(
  ...packed: readonly (PackedTranscript | PackedReport | null | undefined)[]
): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const add = (o: object): void => {
    for (const v of Object.values(o)) {
      if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
    }
  };
  for (const p of packed) {
    if (p === null || p === undefined) continue;
    add(p);
    if ('signatures' in p) add(p.signatures);
    if ('diff' in p && p.diff !== undefined) add(p.diff);
    if ('pyramid' in p) {
      add(p.pyramid);
      for (const level of p.pyramid.levels) add(level);
    }
  }
  return [...out];
}
