/**
 * The report in a compact, transferable form for the trip from the worker to the main
 * thread.
 *
 * Structured-cloning a 100k-batch `Report` builds several hundred thousand objects on the
 * main thread in one task (hundreds of milliseconds: a visible stall). Packed, it is a few
 * typed arrays moved without copying, plus one string holding every distinct id, name and
 * signature; the main thread rebuilds the `Report` in slices (`unpackReport`), yielding
 * between them. The config-independent part (calls, signatures, message indexes) crosses
 * once per transcript (`PackedTranscript`); each config change sends only `PackedReport`.
 */
import type {
  BatchReport,
  BreakBefore,
  CallReport,
  RefusalReason,
  RepeatOutcome,
  Report,
} from '../detector/index';

/** The config-independent columns of a transcript's batches. */
export interface PackedTranscript {
  readonly batchCount: number;
  /** Every distinct string, concatenated; `stringEnds[i]` is where string `i` ends. */
  readonly strings: string;
  readonly stringEnds: Int32Array;
  readonly messageIndex: Int32Array;
  /** String index of each batch's signature. */
  readonly signature: Int32Array;
  /** Batch `i`'s calls are `callStart[i]` up to `callStart[i + 1]` (length batchCount + 1). */
  readonly callStart: Int32Array;
  readonly callId: Int32Array;
  readonly callName: Int32Array;
  readonly callSignature: Int32Array;
}

/** One config's verdicts over a transcript's batches, plus the report's small fields. */
export interface PackedReport {
  readonly head: Omit<Report, 'batches'>;
  readonly batchCount: number;
  /** FLAG_* bits. */
  readonly flags: Uint8Array;
  readonly threshold: Float64Array;
  readonly ceiling: Float64Array;
  readonly count: Float64Array;
  readonly total: Float64Array;
  /** Indexes into OUTCOMES, REASONS, BREAKS. */
  readonly outcome: Uint8Array;
  readonly reason: Uint8Array;
  readonly breakBefore: Uint8Array;
}

const FLAG_OBSERVATION = 1;
const FLAG_COSTLY = 2;
const FLAG_EXEMPT = 4;
const FLAG_ANSWERS_KNOWN = 8;
const FLAG_REFUSED = 16;
const FLAG_RESCUED = 32;
const FLAG_IDENTICAL_REPEAT = 64;
const FLAG_NOT_EVALUATED = 128;

const OUTCOMES: readonly RepeatOutcome[] = [
  'not-comparable',
  'answer-repeated',
  'answer-changed',
  'not-the-current-run',
];
const REASONS: readonly (RefusalReason | null)[] = [null, 'strikes', 'ceiling'];
const BREAKS: readonly BreakBefore[] = [
  null,
  'start',
  'signature',
  'user',
  'system',
  'developer',
  'other-role',
];

function codeOf<T>(table: readonly T[], value: T): number {
  const i = table.indexOf(value);
  return i < 0 ? 0 : i;
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
    strings: parts.join(''),
    stringEnds: Int32Array.from(ends),
    messageIndex,
    signature,
    callStart,
    callId,
    callName,
    callSignature,
  };
}

/** Packs the config-dependent columns of `report`. */
export function packReport(report: Report): PackedReport {
  const n = report.batches.length;
  const flags = new Uint8Array(n);
  const threshold = new Float64Array(n);
  const ceiling = new Float64Array(n);
  const count = new Float64Array(n);
  const total = new Float64Array(n);
  const outcome = new Uint8Array(n);
  const reason = new Uint8Array(n);
  const breakBefore = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const b = report.batches[i] as BatchReport;
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
    reason[i] = codeOf(REASONS, b.reason);
    breakBefore[i] = codeOf(BREAKS, b.breakBefore);
  }
  const { batches: _omitted, ...head } = report;
  return {
    head,
    batchCount: n,
    flags,
    threshold,
    ceiling,
    count,
    total,
    outcome,
    reason,
    breakBefore,
  };
}

/** The buffers of packed data, for `postMessage`'s transfer list. */
export function transferablesOf(
  ...packed: readonly (PackedTranscript | PackedReport | null | undefined)[]
): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const p of packed) {
    if (p === null || p === undefined) continue;
    for (const v of Object.values(p)) {
      if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
    }
  }
  return [...out];
}

/** Gives control back to the event loop between slices of work. */
export type Yield = () => Promise<void>;

/** Batches rebuilt per slice: a few milliseconds of work on an ordinary machine. */
export const UNPACK_SLICE = 4096;

/** The calls of every batch of a packed transcript, rebuilt once and shared by its reports. */
export interface UnpackedTranscript {
  readonly batchCount: number;
  readonly messageIndex: Int32Array;
  readonly signatures: readonly string[];
  readonly calls: readonly (readonly CallReport[])[];
}

/** Rebuilds the call lists of a packed transcript, yielding every `UNPACK_SLICE` batches. */
export async function unpackTranscript(
  t: PackedTranscript,
  yieldNow: Yield,
): Promise<UnpackedTranscript> {
  const strings = new Array<string>(t.stringEnds.length);
  let start = 0;
  for (let i = 0; i < t.stringEnds.length; i++) {
    const end = t.stringEnds[i] as number;
    strings[i] = t.strings.slice(start, end);
    start = end;
    if ((i & 0xffff) === 0xffff) await yieldNow();
  }
  const str = (i: number): string => strings[i] as string;
  const calls = new Array<readonly CallReport[]>(t.batchCount);
  const signatures = new Array<string>(t.batchCount);
  for (let i = 0; i < t.batchCount; i++) {
    const from = t.callStart[i] as number;
    const to = t.callStart[i + 1] as number;
    const list: CallReport[] = [];
    for (let k = from; k < to; k++) {
      list.push({
        id: str(t.callId[k] as number),
        name: str(t.callName[k] as number),
        signature: str(t.callSignature[k] as number),
      });
    }
    calls[i] = list;
    signatures[i] = str(t.signature[i] as number);
    if (i % UNPACK_SLICE === UNPACK_SLICE - 1) await yieldNow();
  }
  return { batchCount: t.batchCount, messageIndex: t.messageIndex, signatures, calls };
}

/** Rebuilds a `Report` from its packed verdicts and its transcript's calls, in slices. */
export async function unpackReport(
  p: PackedReport,
  t: UnpackedTranscript,
  yieldNow: Yield,
): Promise<Report> {
  if (p.batchCount !== t.batchCount) {
    throw new Error(
      `A report of ${p.batchCount} batches cannot belong to a transcript of ${t.batchCount}.`,
    );
  }
  const batches = new Array<BatchReport>(p.batchCount);
  for (let i = 0; i < p.batchCount; i++) {
    const f = p.flags[i] as number;
    batches[i] = {
      index: i,
      messageIndex: t.messageIndex[i] as number,
      calls: t.calls[i] as readonly CallReport[],
      signature: t.signatures[i] as string,
      observation: (f & FLAG_OBSERVATION) !== 0,
      costly: (f & FLAG_COSTLY) !== 0,
      threshold: p.threshold[i] as number,
      ceiling: p.ceiling[i] as number,
      exempt: (f & FLAG_EXEMPT) !== 0,
      count: p.count[i] as number,
      total: p.total[i] as number,
      answersKnown: (f & FLAG_ANSWERS_KNOWN) !== 0,
      outcome: OUTCOMES[p.outcome[i] as number] ?? 'not-comparable',
      refused: (f & FLAG_REFUSED) !== 0,
      reason: REASONS[p.reason[i] as number] ?? null,
      rescued: (f & FLAG_RESCUED) !== 0,
      identicalResultRepeat: (f & FLAG_IDENTICAL_REPEAT) !== 0,
      repeatNotEvaluated: (f & FLAG_NOT_EVALUATED) !== 0,
      breakBefore: BREAKS[p.breakBefore[i] as number] ?? null,
    };
    if (i % UNPACK_SLICE === UNPACK_SLICE - 1) await yieldNow();
  }
  const h = p.head;
  // The report's own key order, so an exported report reads like the CLI's.
  return {
    schemaVersion: h.schemaVersion,
    source: h.source,
    config: h.config,
    batches,
    firstRefusal: h.firstRefusal,
    referenceVerdict: h.referenceVerdict,
    ledger: h.ledger,
    timing: h.timing,
  };
}
