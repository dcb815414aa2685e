/**
 * The config-dependent half of the replay (docs/detector.md §7, docs/report.md §3): a tight walk over
 * the prepared events through the `LoopDetector`, in proxy or agent mode, continuing past
 * refusals, with the stagnation detector run alongside for `referenceVerdict`.
 */
import type { ChatMessage } from './chat';
import { DEFAULT_MAX_STAGNATION_STEPS, type DetectorConfig } from './config';
import { observationPatternFor } from './classify';
import { LoopDetector } from './loopDetector';
import { loopError400, loopNote, stagnationError400, stagnationNote } from './messages';
import {
  BREAK_ROLES,
  EV_BATCH,
  EV_PROSE,
  now,
  prepareReplay,
  PreparedData,
  type PreparedBatch,
  type PreparedReplay,
} from './replayPrepare';
import type {
  BatchReport,
  BreakBefore,
  FirstRefusal,
  ReferenceVerdict,
  Report,
  ReportConfig,
  ReportSource,
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
  if (!(prepared instanceof PreparedData)) {
    throw new TypeError('evaluateReplay needs the result of prepareReplay');
  }
  const started = now();
  const data = prepared;
  const strikes = config.maxRepeatedBatchSteps;
  const obsMax = config.maxObservationSteps;
  const maxStag = config.maxStagnationSteps ?? DEFAULT_MAX_STAGNATION_STEPS;
  const agent = config.mode === 'agent';
  const isObservation = classifier(data, config.observationTools);
  const detector = new LoopDetector();
  const stagnation = new StagnationDetector(maxStag);

  const batches: BatchReport[] = new Array<BatchReport>(data.batches.length);
  let firstRefusal: FirstRefusal | null = null;
  let verdict: ReferenceVerdict | null = null;
  let identicalResultRepeats = 0;
  let repeatsNotEvaluated = 0;
  let repeatsRescued = 0;
  let pendingBreak: BreakBefore = 'start';

  const kinds = data.eventKind;
  const args = data.eventArg;
  for (let e = 0; e < kinds.length; e++) {
    const kind = kinds[e];
    const arg = args[e] as number;
    if (kind === EV_BATCH) {
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
      const breakBefore: BreakBefore = step.newRun ? (pendingBreak ?? 'signature') : null;
      pendingBreak = null;
      if (b.identicalResultRepeat) identicalResultRepeats++;
      else if (b.repeatNotEvaluated) repeatsNotEvaluated++;
      if (rescued) repeatsRescued++;
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
      if (!r.ok && firstRefusal === null) {
        firstRefusal = {
          batchIndex: arg,
          messageIndex: b.messageIndex,
          signature: b.signature,
          reason: step.reason ?? 'strikes',
          note: loopNote(b.signature),
          error400: loopError400(b.signature),
        };
        verdict ??= { kind: 'loop', batchIndex: arg };
      }
    } else if (kind === EV_PROSE) {
      // Stagnation only decides the reference verdict, so it stops once one is known.
      if (arg >= 0 && verdict === null) {
        const s = stagnation.recordKey(arg);
        if (s !== null) {
          verdict = {
            kind: 'stagnation',
            messageIndex: data.eventMessage[e] as number,
            count: s.count,
            maxSteps: s.maxSteps,
            note: stagnationNote(s.count, s.maxSteps),
            error400: stagnationError400(s.count, s.maxSteps),
          };
        }
      }
    } else if (!agent || arg === 0) {
      // Proxy: every non-assistant, non-tool message breaks. Agent: only a user message
      // starts a fresh run (and fresh guards).
      detector.breakRun();
      stagnation.clear();
      pendingBreak = BREAK_ROLES[arg] as BreakBefore;
    }
  }

  const reportConfig: ReportConfig = {
    mode: config.mode,
    maxRepeatedBatchSteps: strikes,
    maxObservationSteps: obsMax,
    observationTools: config.observationTools.slice(),
    maxStagnationSteps: maxStag,
  };
  return {
    schemaVersion: 1,
    source,
    config: reportConfig,
    batches,
    firstRefusal,
    referenceVerdict: verdict ?? { kind: 'pass' },
    ledger: { identicalResultRepeats, repeatsNotEvaluated, repeatsRescued },
    timing: {
      importMs: timing?.importMs ?? 0,
      replayMs: data.prepareMs + (now() - started),
    },
  };
}

/** Prepares and evaluates in one go (docs/detector.md §7, docs/report.md §3). */
export function replay(
  messages: readonly ChatMessage[],
  config: DetectorConfig,
  source: ReportSource,
): Report {
  return evaluateReplay(prepareReplay(messages), config, source);
}
