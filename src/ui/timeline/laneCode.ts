// The code that lays out, draws and handles the detector lanes: a chunk of its own, loaded
// when lanes are first shown (they are folded on a first screen). Loaded through
// laneCodeSlot.ts, which the painter and the lanes' canvas read.
export { drawLanes } from './drawLanes';
export { laneHighlight, lanePointerHandlers } from './lanePointer';
export { layoutLanes } from './laneLayout';
