/**
 * Columns derived from a report while it is packed in the worker, so the main thread gets
 * them for free with the transfer: the packed flag bits and codes, dense signature ids with
 * their frequency ranks, and the timeline's min/max pyramid over the verdicts. Plain typed
 * arrays, no DOM: the worker builds them and the views (src/ui/timeline) read them.
 */
import type { BreakBefore, RefusalReason, RepeatOutcome } from '../detector/index';
import { IndexSet } from './indexSet';

/** Bits of `PackedReport.flags`, one per boolean field of a batch. */
export const FLAG_OBSERVATION = 1;
export const FLAG_COSTLY = 2;
export const FLAG_EXEMPT = 4;
export const FLAG_ANSWERS_KNOWN = 8;
export const FLAG_REFUSED = 16;
export const FLAG_RESCUED = 32;
export const FLAG_IDENTICAL_REPEAT = 64;
export const FLAG_NOT_EVALUATED = 128;

/** The values behind `PackedReport.outcome`, `reason` and `breakBefore` codes. */
export const OUTCOMES: readonly RepeatOutcome[] = [
  'not-comparable',
  'answer-repeated',
  'answer-changed',
  'not-the-current-run',
];
export const REASONS: readonly (RefusalReason | null)[] = [null, 'strikes', 'ceiling'];
export const BREAKS: readonly BreakBefore[] = [
  null,
  'start',
  'signature',
  'user',
  'system',
  'developer',
  'other-role',
];

// Timeline mark flags (the pyramid's `flags`).
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

/** The timeline pyramid of one report: level 0 is the batches, each next level halves it. */
export interface TimelinePyramid {
  readonly levels: readonly PyramidLevel[];
  /** Indices of refused batches, ascending. */
  readonly refusals: Int32Array;
  /** Largest value among counts, thresholds and ceilings (at least 1). */
  readonly maxCore: number;
  readonly maxTotal: number;
}

/** The per-batch columns a pyramid is built from (a `PackedReport`'s). */
export interface VerdictColumns {
  /** FLAG_* bits. */
  readonly flags: Uint8Array;
  readonly threshold: Float64Array;
  readonly ceiling: Float64Array;
  readonly count: Float64Array;
  readonly total: Float64Array;
  /** Indexes into OUTCOMES and BREAKS. */
  readonly outcome: Uint8Array;
  readonly breakBefore: Uint8Array;
}

/** Builds the pyramid over `n` batches' verdicts; `firstRefusal` is the report's. */
export function buildPyramid(
  v: VerdictColumns,
  n: number,
  firstRefusal: number | null,
): TimelinePyramid {
  const refusals: number[] = [];
  const base = allocLevel(n);
  let maxCore = 1;
  let maxTotal = 0;
  for (let i = 0; i < n; i++) {
    const f = v.flags[i] as number;
    const refused = (f & FLAG_REFUSED) !== 0;
    const exempt = (f & FLAG_EXEMPT) !== 0;
    const count = v.count[i] as number;
    const total = v.total[i] as number;
    const threshold = v.threshold[i] as number;
    const ceiling = v.ceiling[i] as number;
    if (refused) refusals.push(i);
    base.maxCount[i] = count;
    base.maxTotal[i] = total;
    base.argMax[i] = i;
    base.firstRefused[i] = refused ? i : -1;
    base.refusedCount[i] = refused ? 1 : 0;
    base.minThreshold[i] = threshold;
    base.maxThreshold[i] = threshold;
    base.minCeiling[i] = exempt ? -1 : ceiling;
    base.flags[i] = batchFlags(
      f,
      v.outcome[i] as number,
      v.breakBefore[i] as number,
      i === firstRefusal,
    );
    maxCore = Math.max(maxCore, count, threshold, exempt ? 0 : ceiling);
    maxTotal = Math.max(maxTotal, total);
  }
  const levels: PyramidLevel[] = [base];
  for (let prev = base; prev.size > 1;) {
    prev = combineLevel(prev);
    levels.push(prev);
  }
  return { levels, refusals: Int32Array.from(refusals), maxCore, maxTotal };
}

/**
 * The pyramid's levels with `F_CHANGED` on the batches in `changed` and on every block above
 * them (a block's flags are the OR of its halves). Only the flag arrays are copied; the
 * input is left as it is, so one report's pyramid serves any comparison.
 */
export function withChanged(
  levels: readonly PyramidLevel[],
  changed: ReadonlySet<number>,
): readonly PyramidLevel[] {
  const n = levels[0]?.size ?? 0;
  if (changed.size === 0 || n === 0) return levels;
  const out = levels.map((l) => ({ ...l, flags: l.flags.slice() }));
  if (changed instanceof IndexSet) {
    markChanged(out, changed.marks);
    return out;
  }
  for (const i of changed) {
    if (!Number.isInteger(i) || i < 0 || i >= n) continue;
    let at = i;
    for (const l of out) {
      (l.flags[at] as number) |= F_CHANGED;
      at >>= 1;
    }
  }
  return out;
}

/**
 * Sets `F_CHANGED` in place on the batches whose `marks` byte is set and on every block above
 * them: one pass per level over bytes, rather than a walk up every level per changed batch.
 */
export function markChanged(levels: readonly PyramidLevel[], marks: Uint8Array): void {
  const base = levels[0];
  if (base === undefined) return;
  for (let i = 0; i < Math.min(base.size, marks.length); i++) {
    if (marks[i] !== 0) (base.flags[i] as number) |= F_CHANGED;
  }
  for (let k = 1; k < levels.length; k++) {
    const below = (levels[k - 1] as PyramidLevel).flags;
    const level = levels[k] as PyramidLevel;
    for (let j = 0; j < level.size; j++) {
      const hit = ((below[2 * j] ?? 0) | (below[2 * j + 1] ?? 0)) & F_CHANGED;
      if (hit !== 0) (level.flags[j] as number) |= F_CHANGED;
    }
  }
}

/** Dense signature ids of a transcript's batches, with their frequencies. */
export interface SignatureColumns {
  /** Dense signature id per batch, numbered in order of first appearance. */
  readonly sigId: Int32Array;
  /** Per signature id: its first batch and how many batches carry it. */
  readonly sigFirst: Int32Array;
  readonly sigOccurrences: Int32Array;
  /** Signature ids, most frequent first; ties keep first-appearance order. */
  readonly byFrequency: Int32Array;
  /** Per signature id: `hash32` of its text (the colour's hash), when the packer knew the texts. */
  readonly sigHash?: Uint32Array;
}

/**
 * Numbers signatures densely from any per-batch key that is equal exactly when the
 * signatures are (`keyCount` bounds the keys), and ranks them by frequency.
 */
export function signatureColumns(keys: Int32Array, keyCount: number): SignatureColumns {
  const n = keys.length;
  const denseOf = new Int32Array(keyCount).fill(-1);
  const sigId = new Int32Array(n);
  const firsts: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = keys[i] as number;
    let id = denseOf[k] as number;
    if (id < 0) {
      id = firsts.length;
      denseOf[k] = id;
      firsts.push(i);
    }
    sigId[i] = id;
  }
  const sigOccurrences = new Int32Array(firsts.length);
  for (let i = 0; i < n; i++) (sigOccurrences[sigId[i] as number] as number)++;
  return {
    sigId,
    sigFirst: Int32Array.from(firsts),
    sigOccurrences,
    byFrequency: rankByFrequency(sigOccurrences, n),
  };
}

/** Ids ordered by `occurrences` descending, stable (a counting sort over 0..max). */
export function rankByFrequency(occurrences: Int32Array, max: number): Int32Array {
  const starts = new Int32Array(max + 2);
  for (const k of occurrences) (starts[max - k + 1] as number)++;
  for (let k = 1; k < starts.length; k++) {
    starts[k] = (starts[k] as number) + (starts[k - 1] as number);
  }
  const out = new Int32Array(occurrences.length);
  for (let id = 0; id < occurrences.length; id++) {
    const slot = max - (occurrences[id] as number);
    out[starts[slot] as number] = id;
    (starts[slot] as number)++;
  }
  return out;
}

const ANSWER_CHANGED = OUTCOMES.indexOf('answer-changed');
const BREAK_BITS: readonly number[] = BREAKS.map((b) =>
  b === 'user'
    ? F_BREAK_USER
    : b === 'system'
      ? F_BREAK_SYSTEM
      : b === 'developer'
        ? F_BREAK_DEVELOPER
        : b === 'other-role'
          ? F_BREAK_OTHER
          : 0,
);

/** The timeline flags of a batch from its packed flag bits and codes. */
function batchFlags(packed: number, outcome: number, breakBefore: number, first: boolean): number {
  let f = BREAK_BITS[breakBefore] ?? 0;
  if ((packed & FLAG_REFUSED) !== 0) f |= F_REFUSED;
  if (first) f |= F_FIRST_REFUSAL;
  if ((packed & FLAG_RESCUED) !== 0) f |= F_RESCUED;
  if (outcome === ANSWER_CHANGED) f |= F_ANSWER_CHANGED;
  if ((packed & FLAG_ANSWERS_KNOWN) === 0) f |= F_UNKNOWN;
  if ((packed & FLAG_EXEMPT) === 0) f |= F_CEILING;
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
