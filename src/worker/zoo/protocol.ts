/**
 * The worker messages of the detector zoo's lanes and the what-if threshold sweep of the
 * transcript the worker holds. Imported into the unions of `protocol.ts`; like every request
 * they carry a `requestId` (latest wins per type) and the `dataVersion` they are about.
 */
import type { CostFigures, DetectorConfig } from '../../detector/index';
import type { Sweep } from '../../zoo/index';
import type { ZooComparison, ZooParams, ZooResult } from '../../zoo/index';
import type { PackedLanes } from '../../report/zooPacked';

/** Zoo parameters by detector id; missing values take their defaults. */
export type ZooParamsById = Readonly<Record<string, ZooParams>>;

/** Run every zoo lane over the held transcript and compare them with its latest report. */
export interface ZooRequest {
  readonly type: 'zoo';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly params: ZooParamsById;
  /** The `resultsId` of lane results the client already holds for this transcript. */
  readonly haveResultsId?: number;
}

/** Sweep the thresholds under `config`'s mode and observation patterns. */
export interface SweepRequest {
  readonly type: 'sweep';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly config: Pick<
    DetectorConfig,
    'mode' | 'observationTools' | 'maxIterations' | 'maxParallelTools'
  >;
}

/** Reply to `zoo`, as listeners receive it (the side channel unpacks the wire form). */
export interface ZooResponse {
  readonly type: 'zoo';
  readonly requestId: number;
  readonly dataVersion: number;
  /** Identifies `results` within the transcript (new parameters, new id). */
  readonly resultsId: number;
  readonly results: readonly ZooResult[];
  readonly comparison: readonly ZooComparison[];
  /** The reference's own row (id `reference`): its refusals as stops, against the lanes. */
  readonly reference: ZooComparison;
  /** Per detector id (and `reference`): what its flagged loops cost after its first flag. */
  readonly costs?: readonly ZooCost[];
  /** The report config the comparison was made against. */
  readonly against: {
    readonly maxRepeatedBatchSteps: number;
    readonly maxObservationSteps: number | null;
  };
}

/** One detector's loop cost (docs/report.md §3.8 for how it is counted). */
export interface ZooCost extends CostFigures {
  readonly id: string;
  /** Flagged stretches counted (0: the detector flags nothing here). */
  readonly loops: number;
}

/**
 * Reply to `zoo` as the worker sends it: the lanes packed (zooPacked.ts), or null when the
 * request said it holds results `resultsId` already.
 */
export interface ZooWireResponse extends Omit<ZooResponse, 'results'> {
  readonly lanes: PackedLanes | null;
}

/** Reply to `sweep`. */
export interface SweepResponse {
  readonly type: 'sweep';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly sweep: Sweep;
}
