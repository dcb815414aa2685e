/**
 * The config-dependent half of the replay (docs/detector.md §7, docs/report.md §3): a tight walk over
 * the prepared events through the `LoopDetector`, in proxy or agent mode, continuing past
 * refusals, with the stagnation detector run alongside for `referenceVerdict`.
 */
import type { ChatMessage } from './chat';
import {
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_PARALLEL_TOOLS,
  DEFAULT_MAX_STAGNATION_STEPS,
  type DetectorConfig,
} from './config';
import { DEFAULT_GUARD_MODE } from './guardMode';
import { observationPatternFor } from './classify';
import { LoopDetector } from './loopDetector';
import { episodeCosts, TOKEN_ESTIMATE, totalCost } from './loopCost';
import { loopError400, loopNote, stagnationError400, stagnationNote } from './messages';
import {
  BREAK_ROLES,
  EV_BATCH,
  EV_BREAK,
  EV_PROSE,
  now,
  prepareReplay,
  PreparedData,
  type PreparedBatch,
  type PreparedReplay,
} from './replayPrepare';
import type {
  AgentStep,
  BatchReport,
  BreakBefore,
  FirstRefusal,
  ReferenceVerdict,
  Report,
  ReportConfig,
  RefusalReason,
  ReportSource,
  RunEnd,
} from './report';
import { StagnationDetector } from './stagnation';

/** Observation classification per name set, for one pattern list. */
function classifier(data: PreparedData, patterns: readonly string[]): (nameSet: number) => boolean {
  const bySet: (boolean | undefined)[] = new Array<boolean | undefined>(data.nameSets.length);
  const byName = new Map<string, boolean>();
  return (nameSet) => {
    let v = bySet[nameSet];
    if (v === undefined) {
      v =
        patterns.length > 0 &&
        (data.nameSets[nameSet] as readonly string[]).every((n) => {
          let o = byName.get(n);
          if (o === undefined) {
            o = observationPatternFor(n, patterns) !== null;
            byName.set(n, o);
          }
          return o;
        });
      bySet[nameSet] = v;
    }
    return v;
  };
}

/**
 * Runs the state machine over a prepared replay under `config` and builds the report.
 * Cheap: no parsing or hashing happens here.
 */
export function evaluateReplay(
  prepared: PreparedReplay,
  config: DetectorConfig,
  source: ReportSource,
  timing?: { importMs?: number },
): Report {
  const started = now();
  const walk = new ReplayWalk(config);
  walk.advance(prepared);
  return walk.report(source, timing, now() - started);
}

/**
 * The state machine's walk kept between calls, so a transcript that grows (a session still
 * being written, a file read in pieces) continues from where it stopped instead of starting
 * over: `advance` takes the events the prepared replay has gained since the last call. Every
 * verdict depends only on what came before it, so the report after any number of advances
 * equals `evaluateReplay` over the same prepared replay.
 */
export class ReplayWalk {
  private readonly strikes: number;
  private readonly obsMax: number | null;
  private readonly maxStag: number;
  private readonly agent: boolean;
  private readonly maxIterations: number;
  private readonly maxParallelTools: number;
  /** Agent mode: the run is open (no final answer, refusal, error or iteration limit yet). */
  private runOpen = true;
  /** Agent mode: responses of the open run so far, and the message of the last one. */
  private iterations = 0;
  private lastResponse = -1;
  /** Agent mode: how the last run ended, once it has. */
  private runEnded: { readonly by: RunEnd; readonly messageIndex: number } | null = null;
  /** Agent mode: the previous batch's signature, to tell runs apart among unchecked batches. */
  private previousSignature: string | null = null;
  private isObservation: ((nameSet: number) => boolean) | null = null;
  private data: PreparedData | null = null;
  private readonly detector = new LoopDetector();
  private readonly stagnation: StagnationDetector;
  private readonly batches: BatchReport[] = [];
  private firstRefusal: FirstRefusal | null = null;
  private verdict: ReferenceVerdict | null = null;
  private identicalResultRepeats = 0;
  private repeatsNotEvaluated = 0;
  private repeatsRescued = 0;
  private pendingBreak: BreakBefore = 'start';
  /** The next event to walk. */
  private cursor = 0;
  private spent = 0;

  constructor(private readonly config: DetectorConfig) {
    this.strikes = config.maxRepeatedBatchSteps;
    this.obsMax = config.maxObservationSteps;
    this.maxStag = config.maxStagnationSteps ?? DEFAULT_MAX_STAGNATION_STEPS;
    this.agent = config.mode === 'agent';
    this.maxIterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    this.maxParallelTools = config.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS;
    this.stagnation = new StagnationDetector(this.maxStag);
  }

  /** How many batches the walk has reported so far. */
  get batchCount(): number {
    return this.batches.length;
  }

  /** Walks the events `prepared` holds beyond those already walked. */
  advance(prepared: PreparedReplay): void {
    if (!(prepared instanceof PreparedData)) {
      throw new TypeError('evaluateReplay needs the result of prepareReplay');
    }
    if (this.data === null) {
      this.data = prepared;
      this.isObservation = classifier(prepared, this.config.observationTools);
    } else if (this.data !== prepared) {
      throw new TypeError('a walk continues over the prepared replay it started on');
    }
    const started = now();
    const data = prepared;
    const { strikes, obsMax, agent, detector, stagnation, batches } = this;
    const isObservation = this.isObservation as (nameSet: number) => boolean;
    const kinds = data.eventKind;
    const args = data.eventArg;
    for (let e = this.cursor; e < kinds.length; e++) {
      const kind = kinds[e] as number;
      const arg = args[e] as number;
      if (agent) {
        this.agentEvent(kind, arg, data.eventMessage[e] as number, isObservation);
      } else if (kind === EV_BATCH) {
        const b = data.batches[arg] as PreparedBatch;
        const r = detector.checkClassified(
          b.signature,
          isObservation(b.nameSet),
          b.costly,
          strikes,
          obsMax,
        );
        const record = r.ok ? r.value : r.continuation;
        const outcome = detector.recordResults(record, b.results);
        const step = r.step;
        const rescued = r.ok && record.rescued;
        const breakBefore: BreakBefore = step.newRun ? (this.pendingBreak ?? 'signature') : null;
        this.pendingBreak = null;
        if (b.identicalResultRepeat) this.identicalResultRepeats++;
        else if (b.repeatNotEvaluated) this.repeatsNotEvaluated++;
        if (rescued) this.repeatsRescued++;
        batches[arg] = {
          index: arg,
          messageIndex: b.messageIndex,
          calls: b.calls,
          signature: b.signature,
          observation: step.observation,
          costly: b.costly,
          threshold: step.threshold,
          ceiling: step.ceiling,
          exempt: step.exempt,
          count: step.count,
          total: step.total,
          answersKnown: b.results !== null,
          outcome,
          refused: !r.ok,
          reason: step.reason,
          rescued,
          identicalResultRepeat: b.identicalResultRepeat,
          repeatNotEvaluated: b.repeatNotEvaluated,
          breakBefore,
        };
        if (!r.ok && this.firstRefusal === null) {
          this.firstRefusal = {
            batchIndex: arg,
            messageIndex: b.messageIndex,
            signature: b.signature,
            reason: step.reason ?? 'strikes',
            note: loopNote(b.signature),
            error400: loopError400(b.signature),
            action: this.config.guardMode ?? DEFAULT_GUARD_MODE,
          };
          this.verdict ??= { kind: 'loop', batchIndex: arg };
        }
      } else if (kind === EV_PROSE) {
        // Stagnation only decides the reference verdict, so it stops once one is known.
        if (arg >= 0 && this.verdict === null) {
          const s = stagnation.recordKey(arg);
          if (s !== null) {
            this.verdict = {
              kind: 'stagnation',
              messageIndex: data.eventMessage[e] as number,
              count: s.count,
              maxSteps: s.maxSteps,
              note: stagnationNote(s.count, s.maxSteps),
              error400: stagnationError400(s.count, s.maxSteps),
            };
          }
        }
      } else {
        // Every non-assistant, non-tool message breaks the proxy's run.
        detector.breakRun();
        stagnation.clear();
        this.pendingBreak = BREAK_ROLES[arg] as BreakBefore;
      }
    }
    this.cursor = kinds.length;
    this.spent += now() - started;
  }

  /** A run of the agent loop ends: what follows until the next user message is outside it. */
  private endRun(by: RunEnd, messageIndex: number): void {
    this.runOpen = false;
    this.runEnded = { by, messageIndex };
  }

  /**
   * One event as gglib's agent loop would meet it (docs/detector.md §9): a user message starts a
   * run with fresh guards; each assistant message is one iteration of it, until the run ends by
   * final answer, refusal, stagnation, internal error or `max_iterations`.
   */
  private agentEvent(
    kind: number,
    arg: number,
    messageIndex: number,
    isObservation: (nameSet: number) => boolean,
  ): void {
    const data = this.data as PreparedData;
    if (kind === EV_BREAK) {
      // System, developer and other roles change nothing; only a user message starts a run.
      if (arg !== 0) return;
      this.detector.breakRun();
      this.stagnation.clear();
      this.pendingBreak = 'user';
      this.runOpen = true;
      this.iterations = 0;
      this.runEnded = null;
      return;
    }
    // One model response: the loop's next iteration, if the run has one left.
    if (this.runOpen && this.iterations >= this.maxIterations) {
      this.endRun('max-iterations', this.lastResponse);
    }
    if (this.runOpen) {
      this.iterations++;
      this.lastResponse = messageIndex;
    }
    if (kind === EV_PROSE) {
      if (!this.runOpen) return;
      // The guards see it first (stagnation records its text, did_work false); then it is
      // the final answer either way.
      const s = arg >= 0 ? this.stagnation.recordKey(arg) : null;
      if (s !== null) {
        this.verdict ??= {
          kind: 'stagnation',
          messageIndex,
          count: s.count,
          maxSteps: s.maxSteps,
          note: stagnationNote(s.count, s.maxSteps),
          error400: stagnationError400(s.count, s.maxSteps),
        };
        this.endRun('stagnation', messageIndex);
      } else this.endRun('final-answer', messageIndex);
      return;
    }
    const b = data.batches[arg] as PreparedBatch;
    const observation = isObservation(b.nameSet);
    let step: AgentStep;
    if (!this.runOpen) {
      step = { step: 'outside', runEnded: this.runEnded as NonNullable<typeof this.runEnded> };
    } else if (b.agentMalformed) {
      // The stream collector fails before the guards see anything.
      step = { step: 'internal-error' };
      this.endRun('internal-error', messageIndex);
    } else if (b.calls.length > this.maxParallelTools) {
      step = { step: 'overflow' };
    } else {
      this.checkAgentBatch(arg, b, observation);
      return;
    }
    this.unchecked(arg, b, observation, step);
  }

  /** A batch the guards check, then (if it passed) given its answers. */
  private checkAgentBatch(arg: number, b: PreparedBatch, observation: boolean): void {
    const { strikes, obsMax, detector } = this;
    const r = detector.checkClassified(b.agentSignature, observation, b.costly, strikes, obsMax);
    const outcome = r.ok ? detector.recordResults(r.value, b.agentResults) : 'not-comparable';
    const step = r.step;
    const rescued = r.ok && r.value.rescued;
    const breakBefore: BreakBefore = step.newRun ? (this.pendingBreak ?? 'signature') : null;
    this.pendingBreak = null;
    this.previousSignature = b.agentSignature;
    this.count(b, rescued);
    this.batches[arg] = {
      ...this.batchBase(arg, b, observation, breakBefore),
      threshold: step.threshold,
      ceiling: step.ceiling,
      exempt: step.exempt,
      count: step.count,
      total: step.total,
      outcome,
      refused: !r.ok,
      reason: step.reason,
      rescued,
      agent: { step: 'checked' },
    };
    if (!r.ok) {
      this.refusal(arg, b.messageIndex, b.agentSignature, step.reason ?? 'strikes');
      this.endRun('refusal', b.messageIndex);
    }
  }

  /** A batch the guards never saw: its numbers are what `check` would start from. */
  private unchecked(arg: number, b: PreparedBatch, observation: boolean, agent: AgentStep): void {
    const same = this.pendingBreak === null && this.previousSignature === b.agentSignature;
    const breakBefore: BreakBefore = same ? null : (this.pendingBreak ?? 'signature');
    this.pendingBreak = null;
    this.previousSignature = b.agentSignature;
    this.count(b, false);
    const threshold = observation && this.obsMax !== null ? this.obsMax : this.strikes;
    this.batches[arg] = {
      ...this.batchBase(arg, b, observation, breakBefore),
      threshold,
      ceiling: Math.max(this.obsMax ?? this.strikes, this.strikes),
      exempt: false,
      count: 0,
      total: 0,
      outcome: 'not-comparable',
      refused: false,
      reason: null,
      rescued: false,
      agent,
    };
  }

  private batchBase(arg: number, b: PreparedBatch, observation: boolean, breakBefore: BreakBefore) {
    return {
      index: arg,
      messageIndex: b.messageIndex,
      calls: b.calls,
      // The transcript's own signature, as in proxy mode (the two differ only for an empty
      // arguments string); the loop's reading decides the verdicts and the refusal's texts.
      signature: b.signature,
      observation,
      costly: b.costly,
      answersKnown: b.agentResults !== null,
      identicalResultRepeat: b.identicalResultRepeat,
      repeatNotEvaluated: b.repeatNotEvaluated,
      breakBefore,
    };
  }

  private count(b: PreparedBatch, rescued: boolean): void {
    if (b.identicalResultRepeat) this.identicalResultRepeats++;
    else if (b.repeatNotEvaluated) this.repeatsNotEvaluated++;
    if (rescued) this.repeatsRescued++;
  }

  private refusal(arg: number, messageIndex: number, signature: string, reason: RefusalReason) {
    if (this.firstRefusal !== null) return;
    this.firstRefusal = {
      batchIndex: arg,
      messageIndex,
      signature,
      reason,
      note: loopNote(signature),
      error400: loopError400(signature),
    };
    this.verdict ??= { kind: 'loop', batchIndex: arg };
  }

  /**
   * The report of everything walked so far. Its batch list is a copy, so a later `advance`
   * does not change a report already handed out.
   */
  report(source: ReportSource, timing?: { importMs?: number }, walkMs?: number): Report {
    const config = this.config;
    const batches = this.batches.slice();
    const data = this.data;
    const refusals = episodeCosts(
      batches,
      (i) => data?.answerBytes?.(i) ?? 0,
      (i) => batches[i]?.refused === true,
      { countFlagged: config.mode === 'agent' },
    );
    const reportConfig: ReportConfig = {
      mode: config.mode,
      maxRepeatedBatchSteps: this.strikes,
      maxObservationSteps: this.obsMax,
      observationTools: config.observationTools.slice(),
      maxStagnationSteps: this.maxStag,
      ...(config.mode === 'agent'
        ? { maxIterations: this.maxIterations, maxParallelTools: this.maxParallelTools }
        : {}),
      guardMode: config.guardMode ?? DEFAULT_GUARD_MODE,
    };
    return {
      schemaVersion: 1,
      source,
      config: reportConfig,
      batches,
      firstRefusal: this.firstRefusal,
      referenceVerdict: this.verdict ?? { kind: 'pass' },
      ledger: {
        identicalResultRepeats: this.identicalResultRepeats,
        repeatsNotEvaluated: this.repeatsNotEvaluated,
        repeatsRescued: this.repeatsRescued,
      },
      loopCost: { ...totalCost(refusals), tokensEstimate: TOKEN_ESTIMATE, refusals },
      ...numbersOnlyOf(data, batches.length),
      timing: {
        importMs: timing?.importMs ?? 0,
        replayMs: (this.data?.prepareMs ?? 0) + (walkMs ?? this.spent),
      },
    };
  }
}

/** The report's `changedInNumbersOnly` over its first `n` batches, or nothing when empty. */
function numbersOnlyOf(
  data: PreparedData | null,
  n: number,
): { changedInNumbersOnly?: readonly number[] } {
  const all = data?.numbersOnly ?? [];
  let end = all.length;
  while (end > 0 && (all[end - 1] as number) >= n) end--;
  return end === 0 ? {} : { changedInNumbersOnly: all.slice(0, end) };
}

/** Prepares and evaluates in one go (docs/detector.md §7, docs/report.md §3). */
export function replay(
  messages: readonly ChatMessage[],
  config: DetectorConfig,
  source: ReportSource,
): Report {
  return evaluateReplay(prepareReplay(messages), config, source);
}
