// The detector lanes' code once loaded (laneCode.ts): null until the lanes are first shown.
import type * as LaneCodeModule from './laneCode';

export type LaneCode = typeof LaneCodeModule;

let code: LaneCode | null = null;
let loading: Promise<LaneCode> | null = null;

/** The lanes' code, or null when it has not come yet. */
export function laneCode(): LaneCode | null {
  return code;
}

/** Loads the lanes' code once; later calls share the first load. */
export function loadLaneCode(): Promise<LaneCode> {
  loading ??= import('./laneCode').then((m) => (code = m));
  return loading;
}
