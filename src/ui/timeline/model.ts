// The timeline's view of a report: flat typed arrays per batch plus a min/max pyramid, built
// once per report so every frame reads O(pixels) values instead of walking 100,000 objects.
// Derived, never stored beside the report: the component rebuilds it when the report changes.
import type { BatchReport, CallReport, Report } from '../../detector/report';
import { IndexSet } from '../../report/indexSet';
import { withChanged, type PyramidLevel } from '../../report/packedColumns';
import { columnsOf, type TranscriptColumns } from '../../report/reportColumns';
import { lowerBound } from '../sorted';

export {
  F_ANSWER_CHANGED,
  F_BREAK_ANY,
  F_BREAK_DEVELOPER,
  F_BREAK_OTHER,
  F_BREAK_SYSTEM,
  F_BREAK_USER,
  F_CEILING,
  F_CHANGED,
  F_FIRST_REFUSAL,
  F_REFUSED,
  F_RESCUED,
  F_UNKNOWN,
  type PyramidLevel,
} from '../../report/packedColumns';

export interface SignatureInfo {
  readonly signature: string;
  /** Tool names, as plain text for the legend and tooltips. */
  readonly label: string;
  readonly occurrences: number;
}

export interface TimelineModel {
  readonly report: Report;
  readonly n: number;
  /** Signature id per batch (`signatureAt`'s argument). */
  readonly sigId: Int32Array;
  /** How many distinct signatures there are. */
  readonly signatureCount: number;
  /** A signature's legend entry by id, built when first asked for (most never are). */
  signatureAt(id: number): SignatureInfo | undefined;
  /** Signature ids, most frequent first. */
  readonly byFrequency: Int32Array;
  /** Indices of refused batches, ascending. */
  readonly refusals: Int32Array;
  readonly firstRefusal: number | null;
  /**
   * Where the reference's stagnation verdict falls, in batch-index units (it is a prose turn,
   * so it sits between batches: before the first batch that comes after its message), or null.
   */
  readonly stagnation: { readonly at: number; readonly messageIndex: number } | null;
  /** Largest value among counts, thresholds and ceilings (the totals may exceed it). */
  readonly maxCore: number;
  readonly maxTotal: number;
  readonly levels: readonly PyramidLevel[];
}

/** Build the timeline model for a report; `changed` marks batches whose verdict differs from the defaults. */
export function buildModel(report: Report, changed: ReadonlySet<number>): TimelineModel {
  const { transcript: t, verdicts: v } = columnsOf(report);
  // The pyramid arrives built by the worker (packedColumns.ts); only the comparison with the
  // defaults is marked here, on the changed batches and the blocks above them.
  const p = v.pyramid;
  const firstRefusal = report.firstRefusal?.batchIndex ?? null;
  const n = t.batchCount;
  const sigs = signatureTable(t);
  return {
    report,
    n,
    sigId: t.sigId,
    signatureCount: t.sigCount,
    signatureAt: sigs,
    byFrequency: t.byFrequency,
    refusals: p.refusals,
    firstRefusal: firstRefusal !== null && firstRefusal < n ? firstRefusal : null,
    stagnation: stagnationOf(report),
    maxCore: p.maxCore,
    maxTotal: p.maxTotal,
    // The worker marks its own diff against the defaults on the pyramid (packedReport.ts);
    // any other set of batches is marked here.
    levels:
      v.diff !== undefined && changed instanceof IndexSet && changed.marks === v.diff.marks
        ? p.levels
        : withChanged(p.levels, changed),
  };
}

/** A signature's legend entry; its label is built when first read (most are never shown). */
class LazySignature implements SignatureInfo {
  private text: string | null = null;
  constructor(
    private readonly t: TranscriptColumns,
    private readonly id: number,
  ) {}
  get signature(): string {
    return this.t.sigTextOf(this.id);
  }
  get occurrences(): number {
    return this.t.sigOccurrences[this.id] as number;
  }
  get label(): string {
    this.text ??= callsLabel(this.t.callsOf(this.t.sigFirst[this.id] as number));
    return this.text;
  }
}

const tables = new WeakMap<TranscriptColumns, (id: number) => SignatureInfo | undefined>();

/**
 * The signature entries of a transcript, each built on first read and shared by all its
 * reports' models. (Building all of them up front, ~70k objects at 100k batches, was a
 * large part of the first render after a load.)
 */
function signatureTable(t: TranscriptColumns): (id: number) => SignatureInfo | undefined {
  let hit = tables.get(t);
  if (hit === undefined) {
    const built = new Array<SignatureInfo | undefined>(t.sigCount);
    hit = (id) => {
      if (!(Number.isInteger(id) && id >= 0 && id < t.sigCount)) return undefined;
      let s = built[id];
      if (s === undefined) built[id] = s = new LazySignature(t, id);
      return s;
    };
    tables.set(t, hit);
  }
  return hit;
}

function stagnationOf(report: Report): TimelineModel['stagnation'] {
  // Older reports may lack the field: treat it as "no stagnation verdict".
  const v = (report as Partial<Report>).referenceVerdict;
  if (v === undefined || v.kind !== 'stagnation') return null;
  // The first batch after the verdict's message (message indices are whole numbers).
  const at = lowerBound(columnsOf(report).transcript.messageIndex, v.messageIndex + 1);
  return { at, messageIndex: v.messageIndex };
}

/** Tool names of a batch as text: `read_file`, `grep + read_file ×2`; `(no calls)` when empty. */
export function toolLabel(b: BatchReport): string {
  return callsLabel(b.calls);
}

function callsLabel(calls: readonly CallReport[]): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  if (counts.size === 0) return '(no calls)';
  return [...counts].map(([name, k]) => (k > 1 ? `${name} ×${k}` : name)).join(' + ');
}
