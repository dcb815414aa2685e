/**
 * The worker side of the zoo lanes and threshold sweeps over the transcript the replay
 * handler holds. Caches per transcript: the zoo input (built once), the lane results for the
 * last parameters (a config change only re-compares them with the new report) and the sweep
 * for the last mode and patterns.
 */
import {
  episodeCosts,
  totalCost,
  type ChatMessage,
  type MessageList,
  type PreparedReplay,
  type Report,
} from '../../detector/index';
import { sweepThresholds, type Sweep } from '../../zoo/index';
import {
  compareZoo,
  runLane,
  ZOO_DETECTORS,
  ZooInputBuilder,
  type ZooComparison,
  type ZooResult,
  type ZooStep,
} from '../../zoo/index';
import type {
  SweepRequest,
  SweepResponse,
  ZooCost,
  ZooParamsById,
  ZooRequest,
  ZooWireResponse,
} from './protocol';
import { packLanes } from '../../report/zooPacked';

/** What the zoo and the sweep read from the replay handler's current transcript. */
interface ZooContext {
  readonly messages: MessageList;
  readonly prepared: PreparedReplay;
  readonly report: Report;
  /**
   * Hands the imported messages over to the lanes' input, which reads each once, in order, and
   * lets each go once read (it keeps the strings it needs). Only where the holder has other
   * access for details (`messages` rebuilding them from the text); null once handed over.
   */
  readonly handOver?: () => ChatMessage[] | null;
}

/** Lets the worker receive other messages (a config change) between slices of zoo work. */
export type Pause = () => Promise<void>;

interface ZooHandler {
  /**
   * The lanes for `req.params`, built a slice at a time with `pause()` between slices: on a
   * 100 MB transcript the first request is seconds of work, and a config change sent
   * meanwhile must not wait for it. `ctx.report` is read at the end (the latest config).
   */
  zoo(req: ZooRequest, ctx: ZooContext, pause?: Pause): Promise<ZooWireResponse>;
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

/**
 * What each lane's flagged stretches cost after its first flag in each (loopCost.ts), and the
 * reference's own from the report: calls, answer bytes, estimated tokens.
 */
export function laneCosts(
  report: Report,
  prepared: PreparedReplay,
  results: readonly ZooResult[],
): ZooCost[] {
  const bytes = (i: number): number => prepared.answerBytes?.(i) ?? 0;
  const out: ZooCost[] = [];
  if (report.loopCost !== undefined) {
    const c = report.loopCost;
    const { calls, answerBytes, tokens } = c;
    out.push({ id: 'reference', loops: c.refusals.length, calls, answerBytes, tokens });
  }
  for (const r of results) {
    const marked = new Set(r.marks.map((m) => m.batchIndex));
    const episodes = episodeCosts(report.batches, bytes, (i) => marked.has(i), {
      spanFlagged: true,
    });
    out.push({ id: r.id, loops: episodes.length, ...totalCost(episodes) });
  }
  return out;
}

/** Messages turned into zoo steps between two pauses: short slices, so queued requests wait little. */
const INPUT_SLICE = 1000;
/** Distinct arguments strings parsed and printed between two pauses (likewise). */
const DERIVE_SLICE = 500;

const noPause: Pause = () => Promise.resolve();

/** Creates the zoo/sweep half of a worker, with its own caches. */
export function createZooHandler(): ZooHandler {
  let input: {
    prepared: PreparedReplay;
    messages: MessageList;
    builder: ZooInputBuilder;
  } | null = null;
  let lanes: {
    steps: ZooStep[];
    key: string;
    results: ZooResult[];
    id: number;
  } | null = null;
  let nextResultsId = 1;
  let swept: { prepared: PreparedReplay; batches: number; key: string; sweep: Sweep } | null = null;

  return {
    async zoo(req, ctx, pause = noPause) {
      // Side work starts with a pause too: the request follows a report the page is drawing.
      await pause();
      // One input per transcript (each load prepares a new replay; a watched file's grows in
      // place, and each step imports new messages).
      if (input?.prepared !== ctx.prepared || input.messages !== ctx.messages) {
        const own = ctx.handOver?.() ?? null;
        const builder =
          own === null ? new ZooInputBuilder(ctx.messages) : ZooInputBuilder.consuming(own);
        input = { prepared: ctx.prepared, messages: ctx.messages, builder };
      }
      // Resumable: a request that was superseded mid-way leaves its progress for the next.
      const builder = input.builder;
      while (!builder.advance(INPUT_SLICE)) await pause();
      while (!builder.derive(DERIVE_SLICE)) await pause();
      const steps = builder.steps;
      const key = paramsKey(req.params);
      if (lanes === null || lanes.steps !== steps || lanes.key !== key) {
        const results: ZooResult[] = [];
        for (const d of ZOO_DETECTORS) {
          results.push(runLane(d, steps, req.params));
          await pause();
        }
        lanes = { steps, key, results, id: nextResultsId++ };
      }
      // A client that holds these results gets none; otherwise they are packed for each
      // reply (the buffers are transferred away, so they cannot be kept).
      const send = req.haveResultsId === lanes.id ? null : packLanes(lanes.results);
      const refused = new Set(ctx.report.batches.filter((b) => b.refused).map((b) => b.index));
      return {
        type: 'zoo',
        requestId: req.requestId,
        dataVersion: req.dataVersion,
        resultsId: lanes.id,
        lanes: send,
        comparison: compareZoo(lanes.results, refused),
        reference: referenceRow(ctx.report, lanes.results),
        costs: laneCosts(ctx.report, ctx.prepared, lanes.results),
        against: {
          maxRepeatedBatchSteps: ctx.report.config.maxRepeatedBatchSteps,
          maxObservationSteps: ctx.report.config.maxObservationSteps,
        },
      };
    },
    sweep(req, ctx) {
      const c = req.config;
      // In agent mode the loop's own limits decide which batches are checked at all.
      const limits = c.mode === 'agent' ? [c.maxIterations, c.maxParallelTools] : [];
      const key = JSON.stringify([c.mode, c.observationTools, ...limits]);
      const batches = ctx.prepared.batchCount;
      if (
        swept === null ||
        swept.prepared !== ctx.prepared ||
        swept.batches !== batches ||
        swept.key !== key
      ) {
        const sweep = sweepThresholds(ctx.prepared, req.config);
        swept = { prepared: ctx.prepared, batches, key, sweep };
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
