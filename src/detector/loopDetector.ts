/**
 * `LoopDetector`, the reference's state machine (docs/detector.md §6): one optional run of
 * identical batch signatures with a strike count (reset when the answers change) and a
 * total (never reset), checked before a batch runs and told its answers afterwards.
 */
import { isCostlyBatch, isObservationBatch } from './classify';
import type { RefusalReason, RepeatOutcome } from './report';
import { batchSignature } from './signature';
import type { ToolCall } from './toolCalls';

/**
 * The answers of one batch occurrence, compared only for equality (§5.2). Any exact key
 * works: the replay interns each joined answer list to an integer.
 */
export type AnswersKey = string | number;

/** The reference's `LoopDetected{signature}` error. */
export interface LoopDetected {
  readonly signature: string;
}

/** Everything `check` computed, for the report and the explanations. */
export interface CheckStep {
  readonly signature: string;
  readonly observation: boolean;
  readonly costly: boolean;
  readonly exempt: boolean;
  /** effective_max */
  readonly threshold: number;
  readonly ceiling: number;
  /** The run count and total compared (after the increment). */
  readonly count: number;
  readonly total: number;
  /** This occurrence started a new run (no run before, or a different signature). */
  readonly newRun: boolean;
  readonly reason: RefusalReason | null;
}

/**
 * The ticket `check` hands out for one occurrence. It can be given to `recordResults` once,
 * and only right after the `check` that issued it (Rust consumes it; §6.3).
 */
export class BatchRecord {
  /** @param rescued total > effective_max but not refused (§6.2 step 9) */
  constructor(
    readonly signature: string,
    readonly rescued: boolean,
  ) {}
}

/**
 * `check`'s result: the record, or `LoopDetected`. On a refusal `continuation` is a record
 * the replay may still pass to `recordResults` (Loopscope continues past refusals; the
 * reference stops at the first error). Either way `step` holds the numbers compared.
 */
export type CheckResult =
  | { readonly ok: true; readonly value: BatchRecord; readonly step: CheckStep }
  | {
      readonly ok: false;
      readonly error: LoopDetected;
      readonly continuation: BatchRecord;
      readonly step: CheckStep;
    };

/** The reference's loop detector: `check`, `recordResults`, `breakRun` (§6). */
export class LoopDetector {
  private signature: string | null = null;
  private count = 0;
  private total = 0;
  private lastAnswers: AnswersKey | null = null;
  /** The only record `recordResults` accepts next. */
  private pending: BatchRecord | null = null;

  /**
   * §6.2: classifies the batch, updates the run before comparing, and refuses when
   * `count > effective_max` or (not exempt and) `total > ceiling`.
   */
  check(
    calls: readonly ToolCall[],
    maxStrikes: number,
    observationTools: readonly string[],
    maxObservationSteps: number | null,
  ): CheckResult {
    return this.checkClassified(
      batchSignature(calls),
      isObservationBatch(calls, observationTools),
      isCostlyBatch(calls),
      maxStrikes,
      maxObservationSteps,
    );
  }

  /** `check` with the signature and both classifications already computed (the replay's path). */
  checkClassified(
    sig: string,
    observation: boolean,
    costly: boolean,
    maxStrikes: number,
    maxObservationSteps: number | null,
  ): CheckResult {
    const observationMax = maxObservationSteps ?? maxStrikes;
    const threshold = observation ? observationMax : maxStrikes;
    const exempt = observation && maxObservationSteps !== null && !costly;
    const ceiling = Math.max(observationMax, maxStrikes);
    const newRun = this.signature !== sig;
    if (newRun) {
      this.signature = sig;
      this.count = 1;
      this.total = 1;
      this.lastAnswers = null;
    } else {
      this.count++;
      this.total++;
    }
    const count = this.count;
    const total = this.total;
    const reason: RefusalReason | null =
      count > threshold ? 'strikes' : !exempt && total > ceiling ? 'ceiling' : null;
    const step: CheckStep = {
      signature: sig,
      observation,
      costly,
      exempt,
      threshold,
      ceiling,
      count,
      total,
      newRun,
      reason,
    };
    if (reason !== null) {
      const continuation = new BatchRecord(sig, false);
      this.pending = continuation;
      return { ok: false, error: { signature: sig }, continuation, step };
    }
    const record = new BatchRecord(sig, total > threshold);
    this.pending = record;
    return { ok: true, value: record, step };
  }

  /**
   * §6.3: compares this occurrence's answers with the run's previous ones. A changed answer
   * resets `count` to 1; `lastAnswers` is replaced, even by null. A record that is stale,
   * already used, or from another detector changes nothing and gives `not-the-current-run`.
   */
  recordResults(record: BatchRecord, answers: AnswersKey | null): RepeatOutcome {
    if (record !== this.pending || this.signature !== record.signature) {
      return 'not-the-current-run';
    }
    this.pending = null;
    const prev = this.lastAnswers;
    this.lastAnswers = answers;
    if (prev === null || answers === null) return 'not-comparable';
    if (prev !== answers) {
      this.count = 1;
      return 'answer-changed';
    }
    return 'answer-repeated';
  }

  /** §6.4: forget the run (count, total and answers together), like a fresh detector. */
  breakRun(): void {
    this.signature = null;
    this.count = 0;
    this.total = 0;
    this.lastAnswers = null;
    this.pending = null;
  }
}
