/**
 * The detector zoo: peer detectors and advisory lanes replayed over one
 * transcript. Pure; the UI draws each lane under the timeline.
 */
export type * from './types';
export { zooInput, ZooInputBuilder, looksLikeError, answerText } from './input';
export { jsJson } from './jsJson';
export { ZOO_DETECTORS, runZoo, runLane, defaultZooParams, compareZoo } from './registry';
export type { ZooResult, ZooComparison } from './registry';
export { strongestFinding, type ZooFinding } from './strongest';
export { normaliseVolatile } from './advisory/volatile';
