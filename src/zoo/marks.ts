/** Small helpers every lane shares: one mark per batch, ordinals, parameter reading. */
import type { ParamSpec, ZooBatch, ZooCall, ZooLevel, ZooMark, ZooParams } from './types';

const STRENGTH: Record<ZooLevel, number> = { advice: 0, warn: 1, stop: 2 };

/**
 * Collects marks, keeping one per batch: the strongest level, and for equal levels the
 * first message (the rule that tripped first inside the batch).
 */
export class MarkSink {
  private readonly byBatch = new Map<number, ZooMark>();

  /** Adds a mark on `batch` unless a stronger or equal one is already there. */
  add(batch: ZooBatch, level: ZooLevel, message: string): void {
    const prev = this.byBatch.get(batch.batchIndex);
    if (prev !== undefined && STRENGTH[prev.level] >= STRENGTH[level]) return;
    this.byBatch.set(batch.batchIndex, {
      batchIndex: batch.batchIndex,
      messageIndex: batch.messageIndex,
      level,
      message,
    });
  }

  /** The marks, ordered by batch. */
  marks(): ZooMark[] {
    return Array.from(this.byBatch.values()).sort((a, b) => a.batchIndex - b.batchIndex);
  }
}

/** 1 → "1st", 2 → "2nd", 13 → "13th". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A tool name as shown in a mark's sentence. */
export function tick(name: string): string {
  return '`' + (name === '' ? '(unnamed)' : name) + '`';
}

/** A parameter's value: the given one clamped to the spec's range, else its default. */
export function param(specs: readonly ParamSpec[], values: ZooParams, id: string): number {
  const spec = specs.find((s) => s.id === id);
  if (spec === undefined) throw new Error(`unknown zoo parameter ${id}`);
  const v = values[id];
  if (v === undefined || !Number.isFinite(v)) return spec.default;
  return Math.min(spec.max, Math.max(spec.min, Math.round(v)));
}

/** Every call of every batch in order, with its answer (peers that see calls one at a time). */
export interface FlatCall {
  readonly batch: ZooBatch;
  readonly index: number;
  readonly name: string;
  /** The call's canonical arguments: its key is `name:argsCanonical` (see `sameCall`). */
  readonly argsCanonical: string;
  readonly answer: string | null;
  readonly error: boolean;
  /** The call itself (for the forms only some lanes read, such as `argsJsSorted`). */
  readonly call: ZooCall;
}

/** The calls of one batch as `FlatCall`s. */
export function flatCalls(batch: ZooBatch): FlatCall[] {
  return batch.calls.map((c, index) => ({
    batch,
    index,
    name: c.name,
    argsCanonical: c.argsCanonical,
    answer: batch.answers[index] ?? null,
    error: batch.answerError[index] ?? false,
    call: batch.calls[index] as ZooCall,
  }));
}

/** A call's identity: its name and canonical arguments (`ZooCall.key` as parts). */
interface CallIdentity {
  readonly name: string;
  readonly argsCanonical: string;
}

/** Whether two calls have the same key (`name:argsCanonical`), without building either. */
export function sameCall(a: CallIdentity, b: CallIdentity): boolean {
  return sameNameKey(a.name, a.argsCanonical, b.name, b.argsCanonical);
}

/** Whether two calls are one call to a JavaScript peer: name and `argsJsSorted`. */
export function sameJsCall(a: ZooCall, b: ZooCall): boolean {
  return sameNameKey(a.name, a.argsJsSorted, b.name, b.argsJsSorted);
}

/**
 * Whether `n1 + ':' + r1 === n2 + ':' + r2`, without building either in the common cases:
 * lanes that key calls as "name:arguments" compare them often, and every built key was a
 * copy of the arguments.
 */
export function sameNameKey(n1: string, r1: string, n2: string, r2: string): boolean {
  if (n1 === n2) return r1 === r2;
  if (n1.length + r1.length !== n2.length + r2.length) return false;
  return n1 + ':' + r1 === n2 + ':' + r2;
}

/** Whether `a.join(sep) === b.join(sep)`, joining only when the parts alone cannot tell. */
export function sameJoined(a: readonly string[], b: readonly string[], sep: string): boolean {
  let la = 0;
  let lb = 0;
  let parts = a.length === b.length;
  for (let i = 0; i < a.length; i++) {
    la += (a[i] as string).length;
    if (parts && a[i] !== b[i]) parts = false;
  }
  if (parts) return true;
  for (let i = 0; i < b.length; i++) lb += (b[i] as string).length;
  const seps = (n: number) => sep.length * Math.max(0, n - 1);
  if (la + seps(a.length) !== lb + seps(b.length)) return false;
  return a.join(sep) === b.join(sep);
}

/** Whether every call of the batch got an answer. */
export function answered(b: ZooBatch): boolean {
  for (let i = 0; i < b.calls.length; i++) {
    const a = b.answers[i];
    if (a === null || a === undefined) return false;
  }
  return true;
}

const asIs = (s: string): string => s;

/**
 * Whether two answered batches got the same answers: the same (call, answer) pairs in any
 * order, answers compared through `normalise`. A one-call batch (the common case) compares its
 * pair directly; building keys for it copied every answer's text once per lane.
 */
export function sameAnswers(
  a: ZooBatch,
  b: ZooBatch,
  normalise: (s: string) => string = asIs,
): boolean {
  const n = a.calls.length;
  if (n !== b.calls.length) return false;
  if (n === 1) {
    const x = a.answers[0];
    const y = b.answers[0];
    if (x === null || x === undefined || y === null || y === undefined) return false;
    return sameCall(a.calls[0] as ZooCall, b.calls[0] as ZooCall) && normalise(x) === normalise(y);
  }
  const ka = answersKey(a, normalise);
  return ka !== null && ka === answersKey(b, normalise);
}

/** The batch's answers paired with their calls, order-free; null if any call is unanswered. */
function answersKey(b: ZooBatch, normalise: (s: string) => string): string | null {
  const pairs: string[] = [];
  for (let i = 0; i < b.calls.length; i++) {
    const a = b.answers[i];
    if (a === null || a === undefined) return null;
    pairs.push((b.calls[i]?.key ?? '') + '\u0000' + normalise(a));
  }
  return pairs.sort().join('\u0001');
}
