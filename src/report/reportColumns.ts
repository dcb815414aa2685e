/**
 * Column views of a report for the main thread's views: per-batch typed arrays instead of
 * walks over 100k `BatchReport` objects, so the timeline model, the signature colours and
 * the header counts cost a pass over typed arrays rather than hundreds of milliseconds of
 * string lookups and garbage.
 *
 * The config-independent part (`TranscriptColumns`: dense signature ids, their frequencies
 * and ranks) is built once per transcript and shared by every report of it; the verdicts are
 * the `PackedReport` the worker sent. The replay client registers both for each report it
 * delivers (`registerColumns`); for any other report (tests, a report built in place)
 * `columnsOf` derives them with the same packing code, once per report.
 */
import type { CallReport, Report } from '../detector/index';
import {
  packReport,
  packTranscript,
  type PackedReport,
  type PackedTranscript,
} from './packedReport';
import { hash32 } from './sigHash';

/** The config-independent columns of a transcript's batches. */
export interface TranscriptColumns {
  readonly batchCount: number;
  /** The message each batch starts at. */
  readonly messageIndex: Int32Array;
  /** Dense signature id per batch, numbered in order of first appearance. */
  readonly sigId: Int32Array;
  /** How many distinct signatures there are (ids are 0 … sigCount − 1). */
  readonly sigCount: number;
  /**
   * A signature's text by id. Built on first read: a 100k-batch transcript has ~70k distinct
   * signatures, and slicing them all up front made the main thread's first task after a
   * load mostly garbage collection.
   */
  sigTextOf(id: number): string;
  /** `hash32` of a signature's text by id (its colour's hash), without cutting the text out. */
  sigHashOf(id: number): number;
  /** Per signature id: its first batch and how many batches carry it. */
  readonly sigFirst: Int32Array;
  readonly sigOccurrences: Int32Array;
  /** Signature ids, most frequent first; ties keep first-appearance order. */
  readonly byFrequency: Int32Array;
  /** Frequency rank of each signature id (0 = most batches): the inverse of `byFrequency`. */
  readonly rank: Int32Array;
  /** The calls of batch `i`. */
  callsOf(i: number): readonly CallReport[];
  /** Batch `i`'s calls are numbered `callStart[i]` up to `callStart[i + 1]`: counts without objects. */
  readonly callStart: Int32Array;
  /** The packed call names and string table, to read names without building call lists. */
  readonly names: Pick<PackedTranscript, 'callName' | 'stringUnits' | 'stringEnds'>;
}

/** A report's columns: its transcript's shared columns and its own packed verdicts. */
export interface ReportColumns {
  readonly transcript: TranscriptColumns;
  readonly verdicts: PackedReport;
}

/** Wraps a packed transcript's signature columns with their texts and ranks (O(signatures)). */
export function transcriptColumns(
  t: Pick<
    PackedTranscript,
    | 'batchCount'
    | 'messageIndex'
    | 'signatures'
    | 'callStart'
    | 'callName'
    | 'stringUnits'
    | 'stringEnds'
  >,
  signatureOf: (batchIndex: number) => string,
  callsOf: (batchIndex: number) => readonly CallReport[],
): TranscriptColumns {
  const { sigId, sigFirst, sigOccurrences, byFrequency } = t.signatures;
  const count = sigFirst.length;
  const texts = new Array<string | undefined>(count);
  const sigTextOf = (id: number): string => {
    if (!(id >= 0 && id < count)) return '';
    let text = texts[id];
    if (text === undefined) texts[id] = text = signatureOf(sigFirst[id] as number);
    return text;
  };
  const hashes = t.signatures.sigHash;
  const sigHashOf = (id: number): number =>
    hashes !== undefined && id >= 0 && id < hashes.length
      ? (hashes[id] as number)
      : hash32(sigTextOf(id));
  const rank = new Int32Array(count);
  for (let r = 0; r < count; r++) rank[byFrequency[r] as number] = r;
  return {
    batchCount: t.batchCount,
    messageIndex: t.messageIndex,
    sigId,
    sigCount: count,
    sigTextOf,
    sigHashOf,
    sigFirst,
    sigOccurrences,
    byFrequency,
    rank,
    callsOf,
    callStart: t.callStart,
    names: t,
  };
}

const registry = new WeakMap<Report, ReportColumns>();

/** Records the columns of a report the client rebuilt from packed data. */
export function registerColumns(report: Report, columns: ReportColumns): void {
  registry.set(report, columns);
}

/** The columns the client registered for `report`, if it did. */
export const registeredColumns = (report: Report): ReportColumns | undefined =>
  registry.get(report);

/** The columns of `report`: registered by the client, else derived once and remembered. */
export function columnsOf(report: Report): ReportColumns {
  const hit = registry.get(report);
  if (hit !== undefined) return hit;
  const batches = report.batches;
  const columns: ReportColumns = {
    transcript: transcriptColumns(
      packTranscript(report),
      (i) => batches[i]?.signature ?? '',
      (i) => batches[i]?.calls ?? [],
    ),
    verdicts: packReport(report),
  };
  registry.set(report, columns);
  return columns;
}
