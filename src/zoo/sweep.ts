/**
 * What-if threshold sweeps: the number of refusals and the first refused batch for
 * every (`max_repeated_batch_steps`, `max_observation_steps`) pair, from a prepared replay.
 *
 * A sweep evaluates a few hundred configs, so it does not build reports: the prepared walk is
 * first compacted into typed arrays (interned signatures, classification flags, answer keys,
 * run breaks) for the sweep's mode and patterns, then each cell is a tight loop of the
 * reference's state machine (docs/detector.md §6) that only counts. Tests hold it equal to
 * `evaluateReplay` cell by cell.
 */
import { observationPatternFor } from '../detector/classify';
import {
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_PARALLEL_TOOLS,
  type DetectorConfig,
  type ReplayMode,
} from '../detector/config';
import {
  EV_BATCH,
  EV_BREAK,
  now,
  PreparedData,
  type PreparedBatch,
  type PreparedReplay,
} from '../detector/replayPrepare';

/** `max_repeated_batch_steps` values a sweep covers by default: 0–10. */
export const SWEEP_STRIKES: readonly number[] = Object.freeze(
  Array.from({ length: 11 }, (_, i) => i),
);

/** `max_observation_steps` values a sweep covers by default: 1–30, then unset (null). */
export const SWEEP_OBSERVATION: readonly (number | null)[] = Object.freeze([
  ...Array.from({ length: 30 }, (_, i) => i + 1),
  null,
]);

/** One cell of a sweep. */
export interface SweepCell {
  readonly strikes: number;
  readonly observation: number | null;
  readonly refusals: number;
  /** The batch index of the first refusal, or null when nothing is refused. */
  readonly firstRefusal: number | null;
}

/** A whole sweep: `cells` is row-major, one row per `observation` value, one column per `strikes`. */
export interface Sweep {
  readonly mode: ReplayMode;
  readonly batchCount: number;
  readonly strikes: readonly number[];
  readonly observation: readonly (number | null)[];
  readonly cells: readonly SweepCell[];
  /** Milliseconds spent compacting and evaluating. */
  readonly ms: number;
}

const F_OBSERVATION = 1;
const F_COSTLY = 2;
/** A run break (a message that resets the detector) comes right before this batch. */
const F_BREAK = 4;
/** Agent mode: a batch the loop's guards never see, whatever the thresholds (docs/detector.md §9). */
const F_SKIP = 8;

/** The sweep's config: its mode and patterns, and in agent mode the loop's own limits. */
type SweepConfig = Pick<
  DetectorConfig,
  'mode' | 'observationTools' | 'maxIterations' | 'maxParallelTools'
>;

/** The prepared walk compacted for one mode and pattern list; reusable for any thresholds. */
export interface SweepInput {
  readonly mode: ReplayMode;
  readonly batchCount: number;
  /** Per batch: interned signature id. */
  readonly sig: Int32Array;
  /** Per batch: F_* bits. */
  readonly flags: Uint8Array;
  /** Per batch: the answers key, or -1 when the answers could not be joined. */
  readonly results: Int32Array;
}

/**
 * Compacts a prepared replay for sweeping under `config`'s mode and observation patterns
 * (the thresholds in `config` are ignored).
 */
export function prepareSweep(prepared: PreparedReplay, config: SweepConfig): SweepInput {
  if (!(prepared instanceof PreparedData)) {
    throw new TypeError('prepareSweep needs the result of prepareReplay');
  }
  const n = prepared.batches.length;
  const sig = new Int32Array(n);
  const flags = new Uint8Array(n);
  const results = new Int32Array(n);
  const sigIds = new Map<string, number>();
  const patterns = config.observationTools;
  const setIsObservation = prepared.nameSets.map(
    (names) =>
      patterns.length > 0 && names.every((name) => observationPatternFor(name, patterns) !== null),
  );
  const agent = config.mode === 'agent';
  const maxIterations = config.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const maxParallel = config.maxParallelTools ?? DEFAULT_MAX_PARALLEL_TOOLS;
  let pendingBreak = false;
  // Agent mode, as evaluateReplay walks it: what ends a run whatever the thresholds (a final
  // answer, malformed arguments, max_iterations); a refusal's end is the cell's to find.
  let runOpen = true;
  let iterations = 0;
  const kinds = prepared.eventKind;
  const args = prepared.eventArg;
  for (let e = 0; e < kinds.length; e++) {
    const kind = kinds[e];
    const arg = args[e] as number;
    if (agent && kind !== EV_BREAK) {
      if (runOpen && iterations >= maxIterations) runOpen = false;
      if (runOpen) iterations++;
    }
    if (kind === EV_BATCH) {
      const b = prepared.batches[arg] as PreparedBatch;
      const signature = agent ? b.agentSignature : b.signature;
      let id = sigIds.get(signature);
      if (id === undefined) {
        id = sigIds.size;
        sigIds.set(signature, id);
      }
      let skip = false;
      if (agent) {
        skip = !runOpen || b.agentMalformed || b.calls.length > maxParallel;
        if (runOpen && b.agentMalformed) runOpen = false;
      }
      sig[arg] = id;
      flags[arg] =
        (setIsObservation[b.nameSet] === true ? F_OBSERVATION : 0) |
        (b.costly ? F_COSTLY : 0) |
        (pendingBreak ? F_BREAK : 0) |
        (skip ? F_SKIP : 0);
      results[arg] = (agent ? b.agentResults : b.results) ?? -1;
      pendingBreak = false;
    } else if (kind === EV_BREAK && (!agent || arg === 0)) {
      // Same rule as evaluateReplay: proxy breaks on every non-tool turn, agent on user turns.
      pendingBreak = true;
      runOpen = true;
      iterations = 0;
    } else if (agent && kind !== EV_BREAK) {
      // A prose-only reply: the run's final answer.
      runOpen = false;
    }
  }
  return { mode: config.mode, batchCount: n, sig, flags, results };
}

/**
 * One cell: the reference's `check` + `recordResults` over every batch, counting refusals.
 * Mirrors `LoopDetector.checkClassified` and `recordResults` (a refused batch's answers are
 * still recorded, as the replay continues past refusals).
 */
export function sweepCell(
  input: SweepInput,
  strikes: number,
  observation: number | null,
  firstOnly = false,
): { refusals: number; firstRefusal: number | null; firstTotal: number | null } {
  const { sig, flags, results } = input;
  const observationMax = observation ?? strikes;
  const ceiling = Math.max(observationMax, strikes);
  const hasObservation = observation !== null;
  let runSig = -1;
  let count = 0;
  let total = 0;
  let last = -1;
  let refusals = 0;
  let first = -1;
  /** The run's total at the first refusal: its position in the run (the report's `total`). */
  let firstTotal = 0;
  const agent = input.mode === 'agent';
  /** Agent mode: a refusal ended the run; the batches until the next user message are outside. */
  let ended = false;
  for (let i = 0; i < sig.length; i++) {
    const f = flags[i] as number;
    const s = sig[i] as number;
    if ((f & F_BREAK) !== 0) {
      runSig = -1;
      ended = false;
    }
    if (ended || (f & F_SKIP) !== 0) continue;
    if (s !== runSig) {
      runSig = s;
      count = 1;
      total = 1;
      last = -1;
    } else {
      count++;
      total++;
    }
    const isObservation = (f & F_OBSERVATION) !== 0;
    const threshold = isObservation ? observationMax : strikes;
    const exempt = isObservation && hasObservation && (f & F_COSTLY) === 0;
    if (count > threshold || (!exempt && total > ceiling)) {
      refusals++;
      if (first < 0) {
        first = i;
        firstTotal = total;
        // Only the first refusal is asked for (a corpus sweep): the rest cannot change it.
        if (firstOnly) break;
      }
      ended = agent;
    }
    const r = results[i] as number;
    if (last >= 0 && r >= 0 && last !== r) count = 1;
    last = r;
  }
  return first < 0
    ? { refusals, firstRefusal: null, firstTotal: null }
    : { refusals, firstRefusal: first, firstTotal };
}

/**
 * Sweeps `strikes` × `observation` over a prepared replay (or an already compacted one) under
 * `baseConfig`'s mode and observation patterns.
 */
export function sweepThresholds(
  prepared: PreparedReplay | SweepInput,
  baseConfig: SweepConfig,
  strikes: readonly number[] = SWEEP_STRIKES,
  observation: readonly (number | null)[] = SWEEP_OBSERVATION,
): Sweep {
  const started = now();
  const input = 'sig' in prepared ? prepared : prepareSweep(prepared, baseConfig);
  const cells: SweepCell[] = [];
  for (const o of observation) {
    for (const s of strikes) {
      const r = sweepCell(input, s, o);
      cells.push({
        strikes: s,
        observation: o,
        refusals: r.refusals,
        firstRefusal: r.firstRefusal,
      });
    }
  }
  return {
    mode: input.mode,
    batchCount: input.batchCount,
    strikes: strikes.slice(),
    observation: observation.slice(),
    cells,
    ms: now() - started,
  };
}

/** The cell for a config in a sweep, or null when the sweep does not cover it. */
export function sweepCellFor(
  sweep: Sweep,
  strikes: number,
  observation: number | null,
): SweepCell | null {
  const col = sweep.strikes.indexOf(strikes);
  const row = sweep.observation.indexOf(observation);
  if (col < 0 || row < 0) return null;
  return sweep.cells[row * sweep.strikes.length + col] ?? null;
}
