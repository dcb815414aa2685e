/**
 * Advisory: cycles of batches with period ≥ 2, the reference's first stated blind spot
 * (docs/detector.md §12.1): a run breaks on every change of batch
 * signature, so A,B,A,B… and A,A,B,A,A,B… never accumulate a count, whatever the answers.
 *
 * Flags each batch that ends a tail of at least `minCycles` repetitions of a cycle whose
 * shortest period is 2…`maxPeriod`. Like the reference, a user or other non-assistant turn
 * starts afresh; prose turns do not.
 */
import { MarkSink, param } from '../marks';
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { cyclesLane } from './lanes';

const PARAMS = cyclesLane.params;

function run(steps: readonly ZooStep[], values: ZooParams) {
  const maxPeriod = param(PARAMS, values, 'maxPeriod');
  const minCycles = param(PARAMS, values, 'minCycles');
  const sink = new MarkSink();
  let sigs: string[] = [];
  // match[p]: how many batches in a row have had the same signature as the one p before.
  let match: number[] = [];
  for (const step of steps) {
    if (step.kind === 'user' || step.kind === 'system') {
      sigs = [];
      match = [];
      continue;
    }
    if (step.kind !== 'batch') continue;
    sigs.push(step.signature);
    if (sigs.length > maxPeriod + 1) sigs.shift();
    const n = sigs.length;
    for (let p = 1; p <= maxPeriod; p++) {
      match[p] = n > p && sigs[n - 1] === sigs[n - 1 - p] ? (match[p] ?? 0) + 1 : 0;
    }
    // The shortest period whose periodic tail holds minCycles full cycles.
    for (let p = 1; p <= maxPeriod; p++) {
      const tail = (match[p] ?? 0) + p;
      if ((match[p] ?? 0) === 0 || tail < p * minCycles) continue;
      if (p >= 2) {
        const cycles = Math.floor(tail / p);
        sink.add(
          step,
          'advice',
          `Cycle: a period-${p} cycle of batches repeated ${cycles} times; the reference's run restarts at every change of batch, so it never counts it`,
        );
      }
      break;
    }
  }
  return sink.marks();
}

/** Batch cycles of period 2–5 repeated at least 3 times. */
export const cycles: ZooDetector = { ...cyclesLane, run };
