/**
 * The detector zoo: peer detectors and advisory lanes replayed over one transcript, and the
 * threshold sweep. Pure; built on the detector port, which never depends on it.
 */
export type * from './types';
export { zooInput, ZooInputBuilder, looksLikeError, answerText } from './input';
export { jsJson } from './jsJson';
export { ZOO_LANES, defaultZooParams } from './lanes';
export { ZOO_DETECTORS, runZoo, runLane, compareZoo } from './registry';
export type { ZooComparison } from './registry';
export { strongestFinding, type ZooFinding } from './strongest';
export { normaliseVolatile } from './advisory/volatile';

export type { Sweep, SweepCell, SweepInput } from './sweep';
export {
  sweepThresholds,
  prepareSweep,
  sweepCell,
  sweepCellFor,
  SWEEP_STRIKES,
  SWEEP_OBSERVATION,
} from './sweep';
export type {
  CellChoice,
  Conflict,
  CorpusMark,
  CorpusSweep,
  FirstStop,
  GridCell,
  JudgedCell,
  MarkedTranscript,
} from './corpusSweep';
export {
  cellLabel,
  chooseCell,
  describeConflict,
  judgeCell,
  lessStrict,
  sweepCorpus,
} from './corpusSweep';
