import type { BatchReport, Report } from '../../detector/report';

// The timeline's view of a report: flat typed arrays per batch plus a min/max pyramid, built
// once per report so every frame reads O(pixels) values instead of walking 100,000 objects.
// Derived, never stored beside the report: the component rebuilds it when the report changes.

export const F_REFUSED = 1;
export const F_FIRST_REFUSAL = 2;
export const F_RESCUED = 4;
export const F_ANSWER_CHANGED = 8;
export const F_UNKNOWN = 16;
export const F_CHANGED = 32;
export const F_BREAK_USER = 64;
export const F_BREAK_SYSTEM = 128;
export const F_BREAK_DEVELOPER = 256;
export const F_BREAK_OTHER = 512;
/** The ceiling applies (the batch is not exempt). */
export const F_CEILING = 1024;
export const F_BREAK_ANY = F_BREAK_USER | F_BREAK_SYSTEM | F_BREAK_DEVELOPER | F_BREAK_OTHER;

/** Aggregates over aligned blocks of 2^level batches; level 0 is the batches themselves. */
export interface PyramidLevel {
  readonly size: number;
  readonly maxCount: Int32Array;
  readonly maxTotal: Int32Array;
  /** Batch index of the (first) largest count in the block: its signature colours the mark. */
  readonly argMax: Int32Array;
  /** First refused batch in the block, or -1. */
  readonly firstRefused: Int32Array;
  readonly refusedCount: Int32Array;
  readonly minThreshold: Int32Array;
  readonly maxThreshold: Int32Array;
  /** Lowest ceiling among non-exempt batches in the block, or -1 when all are exempt. */
  readonly minCeiling: Int32Array;
  readonly flags: Uint16Array;
}

export interface SignatureInfo {
  readonly signature: string;
  /** Tool names, as plain text for the legend and tooltips. */
  readonly label: string;
  readonly occurrences: number;
}

export interface TimelineModel {
  readonly report: Report;
  readonly n: number;
  /** Signature id per batch (index into `signatures`). */
  readonly sigId: Int32Array;
  readonly signatures: readonly SignatureInfo[];
  /** Signature ids, most frequent first. */
  readonly byFrequency: readonly number[];
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
  const batches = report.batches;
  const n = batches.length;
  const sigIds = new Map<string, number>();
  const sigs: { signature: string; label: string; occurrences: number }[] = [];
  const sigId = new Int32Array(n);
  const refusals: number[] = [];
  const firstRefusal = report.firstRefusal?.batchIndex ?? null;
  const base = allocLevel(n);
  let maxCore = 1;
  let maxTotal = 0;
  for (let i = 0; i < n; i++) {
    const b = batches[i] as BatchReport;
    let id = sigIds.get(b.signature);
    if (id === undefined) {
      id = sigs.length;
      sigIds.set(b.signature, id);
      sigs.push({ signature: b.signature, label: toolLabel(b), occurrences: 0 });
    }
    (sigs[id] as { occurrences: number }).occurrences++;
    sigId[i] = id;
    if (b.refused) refusals.push(i);
    base.maxCount[i] = b.count;
    base.maxTotal[i] = b.total;
    base.argMax[i] = i;
    base.firstRefused[i] = b.refused ? i : -1;
    base.refusedCount[i] = b.refused ? 1 : 0;
    base.minThreshold[i] = b.threshold;
    base.maxThreshold[i] = b.threshold;
    base.minCeiling[i] = b.exempt ? -1 : b.ceiling;
    base.flags[i] = batchFlags(b, i === firstRefusal, changed.has(i));
    maxCore = Math.max(maxCore, b.count, b.threshold, b.exempt ? 0 : b.ceiling);
    maxTotal = Math.max(maxTotal, b.total);
  }
  const levels: PyramidLevel[] = [base];
  for (let prev = base; prev.size > 1;) {
    prev = combineLevel(prev);
    levels.push(prev);
  }
  const byFrequency = sigs
    .map((_, i) => i)
    .sort((a, b) => (sigs[b]?.occurrences ?? 0) - (sigs[a]?.occurrences ?? 0) || a - b);
  return {
    report,
    n,
    sigId,
    signatures: sigs,
    byFrequency,
    refusals: Int32Array.from(refusals),
    firstRefusal: firstRefusal !== null && firstRefusal < n ? firstRefusal : null,
    stagnation: stagnationOf(report),
    maxCore,
    maxTotal,
    levels,
  };
}

function stagnationOf(report: Report): TimelineModel['stagnation'] {
  // Older reports may lack the field: treat it as "no stagnation verdict".
  const v = (report as Partial<Report>).referenceVerdict;
  if (v === undefined || v.kind !== 'stagnation') return null;
  const b = report.batches;
  let lo = 0;
  let hi = b.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((b[mid]?.messageIndex ?? 0) <= v.messageIndex) lo = mid + 1;
    else hi = mid;
  }
  return { at: lo, messageIndex: v.messageIndex };
}

/** Tool names of a batch as text: `read_file`, `grep + read_file ×2`; `(no calls)` when empty. */
export function toolLabel(b: BatchReport): string {
  const counts = new Map<string, number>();
  for (const c of b.calls) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  if (counts.size === 0) return '(no calls)';
  return [...counts].map(([name, k]) => (k > 1 ? `${name} ×${k}` : name)).join(' + ');
}

function batchFlags(b: BatchReport, first: boolean, changed: boolean): number {
  let f = 0;
  if (b.refused) f |= F_REFUSED;
  if (first) f |= F_FIRST_REFUSAL;
  if (b.rescued) f |= F_RESCUED;
  if (b.outcome === 'answer-changed') f |= F_ANSWER_CHANGED;
  if (!b.answersKnown) f |= F_UNKNOWN;
  if (changed) f |= F_CHANGED;
  if (!b.exempt) f |= F_CEILING;
  switch (b.breakBefore) {
    case 'user':
      f |= F_BREAK_USER;
      break;
    case 'system':
      f |= F_BREAK_SYSTEM;
      break;
    case 'developer':
      f |= F_BREAK_DEVELOPER;
      break;
    case 'other-role':
      f |= F_BREAK_OTHER;
      break;
    case 'start':
    case 'signature':
    case null:
      break;
  }
  return f;
}

function allocLevel(size: number): PyramidLevel {
  return {
    size,
    maxCount: new Int32Array(size),
    maxTotal: new Int32Array(size),
    argMax: new Int32Array(size),
    firstRefused: new Int32Array(size),
    refusedCount: new Int32Array(size),
    minThreshold: new Int32Array(size),
    maxThreshold: new Int32Array(size),
    minCeiling: new Int32Array(size),
    flags: new Uint16Array(size),
  };
}

function combineLevel(p: PyramidLevel): PyramidLevel {
  const out = allocLevel(Math.ceil(p.size / 2));
  for (let j = 0; j < out.size; j++) {
    const a = 2 * j;
    // An odd tail block has no right half: it aggregates to itself.
    const b = a + 1 < p.size ? a + 1 : a;
    const ca = p.maxCount[a] ?? 0;
    const cb = p.maxCount[b] ?? 0;
    out.maxCount[j] = Math.max(ca, cb);
    out.argMax[j] = (cb > ca ? p.argMax[b] : p.argMax[a]) ?? 0;
    out.maxTotal[j] = Math.max(p.maxTotal[a] ?? 0, p.maxTotal[b] ?? 0);
    const fa = p.firstRefused[a] ?? -1;
    out.firstRefused[j] = fa >= 0 ? fa : (p.firstRefused[b] ?? -1);
    out.refusedCount[j] = (p.refusedCount[a] ?? 0) + (b !== a ? (p.refusedCount[b] ?? 0) : 0);
    out.minThreshold[j] = Math.min(p.minThreshold[a] ?? 0, p.minThreshold[b] ?? 0);
    out.maxThreshold[j] = Math.max(p.maxThreshold[a] ?? 0, p.maxThreshold[b] ?? 0);
    const ea = p.minCeiling[a] ?? -1;
    const eb = p.minCeiling[b] ?? -1;
    out.minCeiling[j] = ea < 0 ? eb : eb < 0 ? ea : Math.min(ea, eb);
    out.flags[j] = (p.flags[a] ?? 0) | (p.flags[b] ?? 0);
  }
  return out;
}
