/**
 * Advisory: monotonic paging sweeps (docs/detector.md §14.5; an observed case: 164 reads of one
 * file, offset +40 each time, and nothing fired). Each page has a new signature and a new
 * answer, so no repeat-based detector sees it.
 *
 * For each tool, compares a call with that tool's previous call (other tools may come between):
 * a step is exactly one numeric argument going up. Flags from the `minCalls`-th call of a
 * sweep along one field. User/other non-assistant turns reset.
 */
import { MarkSink, ordinal, param, tick } from '../marks';
import type { ZooDetector, ZooParams, ZooStep } from '../types';
import { pagingSweepsLane } from './lanes';
import { argLeaves, diffLeafMaps, pagingStep, type ArgLeaves } from './argDiff';

const PARAMS = pagingSweepsLane.params;

interface Sweep {
  /** The call's argument leaves, taken once and compared with the tool's next call. */
  readonly leaves: ArgLeaves;
  readonly path: string | null;
  readonly calls: number;
  readonly start: number | null;
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const minCalls = param(PARAMS, values, 'minCalls');
  const sink = new MarkSink();
  let last = new Map<string, Sweep>();
  for (const step of steps) {
    if (step.kind === 'user' || step.kind === 'system') last = new Map();
    if (step.kind !== 'batch') continue;
    for (const c of step.calls) {
      const prev = last.get(c.name);
      const leaves = argLeaves(c.args);
      const s = prev === undefined ? null : pagingStep(diffLeafMaps(prev.leaves, leaves));
      let sweep: Sweep = { leaves, path: null, calls: 1, start: null };
      if (prev !== undefined && s !== null) {
        sweep =
          prev.path === s.path
            ? { leaves, path: s.path, calls: prev.calls + 1, start: prev.start }
            : { leaves, path: s.path, calls: 2, start: s.from };
      }
      last.set(c.name, sweep);
      if (s === null || sweep.calls < minCalls) continue;
      const field = s.path.replace(/^\./, '');
      sink.add(
        step,
        'advice',
        `Paging sweep: ${ordinal(sweep.calls)} ${tick(c.name)} call stepping \`${field}\` upward (${sweep.start} → ${s.to}); every page is a new signature to the reference`,
      );
    }
  }
  return sink.marks();
}

/** Same tool, one numeric argument increasing call after call. */
export const pagingSweeps: ZooDetector = { ...pagingSweepsLane, run };
