/**
 * A `Report` over packed columns whose batch objects are built when read.
 *
 * Rebuilding 100k `BatchReport` objects for every config change would be a long main-thread
 * task of garbage collection, yet the views read only the rows on screen: the table draws
 * a window, the timeline and the counts read the packed columns (reportColumns.ts). So a
 * report's `batches` is an array proxy: `batches[i]` builds batch `i` on first read and keeps
 * it; `length`, iteration, `JSON.stringify` and every array method behave as on a plain array
 * (the exported report is byte-identical). Whole-transcript passes that must not allocate
 * (filters, sort keys) read through a `BatchCursor` instead.
 */
import type { BatchReport, CallReport, Report } from '../detector/index';
import {
  packedStringOf,
  agentStepAt,
  type PackedReport,
  type PackedTranscript,
} from './packedReport';
import {
  BREAKS,
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
} from './packedColumns';
import {
  registerColumns,
  transcriptColumns,
  type ReportColumns,
  type TranscriptColumns,
} from './reportColumns';

/** Gives control back to the event loop between slices of work. */
export type Yield = () => Promise<void>;

/** A transcript's columns on the main thread, shared by every report of it. */
export type UnpackedTranscript = TranscriptColumns;

/**
 * The shared columns of a packed transcript. Call lists are built per batch when first
 * read and kept, so a transcript costs its distinct strings up front, not 100k arrays.
 */
export async function unpackTranscript(
  t: PackedTranscript,
  yieldNow: Yield,
): Promise<UnpackedTranscript> {
  // Strings are cut from the one packed string when read, not all up front: 300k slices
  // made on arrival would survive into the old generation and cost the main thread long
  // scavenges. What the views show is a few hundred of them.
  const str = packedStringOf(t);
  await yieldNow();
  const n = t.batchCount;
  const calls = new Array<readonly CallReport[] | undefined>(n);
  const callsOf = (i: number): readonly CallReport[] => {
    if (!(i >= 0 && i < n)) return [];
    let list = calls[i];
    if (list === undefined) {
      const built: CallReport[] = [];
      for (let k = t.callStart[i] as number; k < (t.callStart[i + 1] as number); k++) {
        built.push({
          id: str(t.callId[k] as number),
          name: str(t.callName[k] as number),
          signature: str(t.callSignature[k] as number),
        });
      }
      calls[i] = list = built;
    }
    return list;
  };
  return transcriptColumns(t, (i) => str(t.signature[i] as number), callsOf);
}

/**
 * The `Report` of packed verdicts over a transcript's columns: its batches are built when
 * read, and its columns are registered for the views (`columnsOf`).
 */
export async function unpackReport(
  p: PackedReport,
  t: UnpackedTranscript,
  yieldNow?: Yield,
): Promise<Report> {
  if (p.batchCount !== t.batchCount) {
    throw new Error(
      `A report of ${p.batchCount} batches cannot belong to a transcript of ${t.batchCount}.`,
    );
  }
  const columns: ReportColumns = { transcript: t, verdicts: p };
  const h = p.head;
  // The report's own key order, so an exported report reads like the CLI's.
  const report: Report = {
    schemaVersion: h.schemaVersion,
    source: h.source,
    config: h.config,
    batches: lazyBatches(columns),
    firstRefusal: h.firstRefusal,
    referenceVerdict: h.referenceVerdict,
    ledger: h.ledger,
    ...(h.loopCost === undefined ? {} : { loopCost: h.loopCost }),
    ...(h.changedInNumbersOnly === undefined
      ? {}
      : { changedInNumbersOnly: h.changedInNumbersOnly }),
    timing: h.timing,
  };
  registerColumns(report, columns);
  if (yieldNow !== undefined) await yieldNow();
  return report;
}

/** Batch `i` of a report's columns as a plain object, in the report's key order. */
export function batchAt(c: ReportColumns, i: number): BatchReport {
  const t = c.transcript;
  const p = c.verdicts;
  const f = p.flags[i] as number;
  return {
    index: i,
    messageIndex: t.messageIndex[i] as number,
    calls: t.callsOf(i),
    signature: t.sigTextOf(t.sigId[i] as number),
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
    ...(p.agent === undefined ? {} : { agent: agentStepAt(p.agent, i) }),
  };
}

/** The array index a property key names, or -1 ("01", "-1", "1.5" and symbols are not). */
export function indexKey(key: string | symbol, length: number): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > 10) return -1;
  if (key.length > 1 && key.charCodeAt(0) === 48) return -1;
  let v = 0;
  for (let k = 0; k < key.length; k++) {
    const d = key.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v < length ? v : -1;
}

/** The batches of a report's columns as a read-only array whose elements are built on read. */
export function lazyBatches(c: ReportColumns): readonly BatchReport[] {
  const n = c.verdicts.batchCount;
  // A holey array: `length` and the prototype are real, the elements appear when read.
  const built = new Array<BatchReport>(n);
  const at = (i: number): BatchReport => (built[i] ??= batchAt(c, i));
  return new Proxy(built, {
    get(target, key, receiver) {
      const i = indexKey(key, n);
      return i >= 0 ? at(i) : Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return indexKey(key, n) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = indexKey(key, n);
      if (i >= 0) at(i);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      const keys: (string | symbol)[] = [];
      for (let i = 0; i < n; i++) keys.push(String(i));
      for (const k of Reflect.ownKeys(target)) if (indexKey(k, n) < 0) keys.push(k);
      return keys;
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  });
}

/**
 * One batch of a report's columns at a time, read through getters: a pass over every batch
 * (a filter, sort keys) reads `cursor.at(i)` without building an object per batch. The
 * cursor is valid until the next `at`; never keep it.
 */
export class BatchCursor implements BatchReport {
  private i = 0;
  constructor(private readonly c: ReportColumns) {}
  at(i: number): this {
    this.i = i;
    return this;
  }
  private get f(): number {
    return this.c.verdicts.flags[this.i] as number;
  }
  get index(): number {
    return this.i;
  }
  get messageIndex(): number {
    return this.c.transcript.messageIndex[this.i] as number;
  }
  get calls(): readonly CallReport[] {
    return this.c.transcript.callsOf(this.i);
  }
  get signature(): string {
    const t = this.c.transcript;
    return t.sigTextOf(t.sigId[this.i] as number);
  }
  get observation(): boolean {
    return (this.f & FLAG_OBSERVATION) !== 0;
  }
  get costly(): boolean {
    return (this.f & FLAG_COSTLY) !== 0;
  }
  get threshold(): number {
    return this.c.verdicts.threshold[this.i] as number;
  }
  get ceiling(): number {
    return this.c.verdicts.ceiling[this.i] as number;
  }
  get exempt(): boolean {
    return (this.f & FLAG_EXEMPT) !== 0;
  }
  get count(): number {
    return this.c.verdicts.count[this.i] as number;
  }
  get total(): number {
    return this.c.verdicts.total[this.i] as number;
  }
  get answersKnown(): boolean {
    return (this.f & FLAG_ANSWERS_KNOWN) !== 0;
  }
  get outcome(): BatchReport['outcome'] {
    return OUTCOMES[this.c.verdicts.outcome[this.i] as number] ?? 'not-comparable';
  }
  get refused(): boolean {
    return (this.f & FLAG_REFUSED) !== 0;
  }
  get reason(): BatchReport['reason'] {
    return REASONS[this.c.verdicts.reason[this.i] as number] ?? null;
  }
  get rescued(): boolean {
    return (this.f & FLAG_RESCUED) !== 0;
  }
  get identicalResultRepeat(): boolean {
    return (this.f & FLAG_IDENTICAL_REPEAT) !== 0;
  }
  get repeatNotEvaluated(): boolean {
    return (this.f & FLAG_NOT_EVALUATED) !== 0;
  }
  get breakBefore(): BatchReport['breakBefore'] {
    return BREAKS[this.c.verdicts.breakBefore[this.i] as number] ?? null;
  }
  get agent(): BatchReport['agent'] {
    const a = this.c.verdicts.agent;
    return a === undefined ? undefined : agentStepAt(a, this.i);
  }
}
