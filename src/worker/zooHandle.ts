/**
 * The worker side of issue 7: zoo lanes and threshold sweeps over the transcript the replay
 * handler holds. Caches per transcript: the zoo input (built once), the lane results for the
 * last parameters (a config change only re-compares them with the new report) and the sweep
 * for the last mode and patterns.
 */
import {
  sweepThresholds,
  type ChatMessage,
  type PreparedReplay,
  type Report,
  type Sweep,
} from '../detector/index';
import {
  compareZoo,
  runZoo,
  zooInput,
  type ZooComparison,
  type ZooResult,
  type ZooStep,
} from '../detector/zoo/index';
import type {
  SweepRequest,
  SweepResponse,
  ZooParamsById,
  ZooRequest,
  ZooResponse,
} from './zooProtocol';

/** What the zoo and the sweep read from the replay handler's current transcript. */
export interface ZooContext {
  readonly messages: readonly ChatMessage[];
  readonly prepared: PreparedReplay;
  readonly report: Report;
}

export interface ZooHandler {
  zoo(req: ZooRequest, ctx: ZooContext): ZooResponse;
  sweep(req: SweepRequest, ctx: ZooContext): SweepResponse;
}

/** A stable key for a parameter set (ids and values sorted). */
export function paramsKey(params: ZooParamsById): string {
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((id) => [
        id,
        Object.entries(params[id] ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      ]),
  );
}

/** The reference's own comparison row: its refusals are its stops. */
export function referenceRow(report: Report, results: readonly ZooResult[]): ZooComparison {
  const marked = new Set<number>();
  for (const r of results) for (const m of r.marks) marked.add(m.batchIndex);
  const refused = report.batches.filter((b) => b.refused).map((b) => b.index);
  return {
    id: 'reference',
    firstStop: report.firstRefusal?.batchIndex ?? null,
    warnings: 0,
    stops: refused.length,
    flagged: refused.length,
    onlyHere: refused.filter((b) => !marked.has(b)),
  };
}

/** Creates the zoo/sweep half of a worker, with its own caches. */
export function createZooHandler(): ZooHandler {
  let input: { messages: readonly ChatMessage[]; steps: ZooStep[] } | null = null;
  let lanes: { steps: ZooStep[]; key: string; results: ZooResult[] } | null = null;
  let swept: { prepared: PreparedReplay; key: string; sweep: Sweep } | null = null;

  const stepsOf = (messages: readonly ChatMessage[]): ZooStep[] => {
    if (input?.messages !== messages) input = { messages, steps: zooInput(messages) };
    return input.steps;
  };

  return {
    zoo(req, ctx) {
      const steps = stepsOf(ctx.messages);
      const key = paramsKey(req.params);
      if (lanes === null || lanes.steps !== steps || lanes.key !== key) {
        lanes = { steps, key, results: runZoo(steps, req.params) };
      }
      const refused = new Set(ctx.report.batches.filter((b) => b.refused).map((b) => b.index));
      return {
        type: 'zoo',
        requestId: req.requestId,
        dataVersion: req.dataVersion,
        results: lanes.results,
        comparison: compareZoo(lanes.results, refused),
        reference: referenceRow(ctx.report, lanes.results),
        against: {
          maxRepeatedBatchSteps: ctx.report.config.maxRepeatedBatchSteps,
          maxObservationSteps: ctx.report.config.maxObservationSteps,
        },
      };
    },
    sweep(req, ctx) {
      const key = JSON.stringify([req.config.mode, req.config.observationTools]);
      if (swept === null || swept.prepared !== ctx.prepared || swept.key !== key) {
        swept = { prepared: ctx.prepared, key, sweep: sweepThresholds(ctx.prepared, req.config) };
      }
      return {
        type: 'sweep',
        requestId: req.requestId,
        dataVersion: req.dataVersion,
        sweep: swept.sweep,
      };
    },
  };
}
