/**
 * The what-if threshold sweep's state. The sweep is asked for once the Sweep tab
 * has been opened, then on every new result (the worker answers from its cache unless the
 * transcript, the mode or the patterns changed).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SweepResponse } from '../../worker/zoo/protocol';
import type { AppState, Engine, Slice } from '../types';

export type SweepView = 'count' | 'first';

export interface SweepSlice {
  /** The newest sweep reply (possibly for a previous transcript: check `currentSweep`). */
  sweep: SweepResponse | null;
  sweepError: string | null;
  /** Whether the sweep is wanted (the Sweep tab has been shown). */
  sweepWanted: boolean;
  sweepView: SweepView;
  requestSweep(): void;
  setSweepView(view: SweepView): void;
  /** Applies a cell's thresholds to the config (everything re-runs). */
  applySweepCell(strikes: number, observation: number | null): void;
}

export const createSweepSlice: Slice<SweepSlice> = () => (set, get) => ({
  sweep: null,
  sweepError: null,
  sweepWanted: false,
  sweepView: 'count',
  requestSweep() {
    if (!get().sweepWanted) set({ sweepWanted: true });
  },
  setSweepView(view) {
    set({ sweepView: view });
  },
  applySweepCell(strikes, observation) {
    const c = get().config;
    if (c.maxRepeatedBatchSteps === strikes && c.maxObservationSteps === observation) return;
    get().setConfig({ maxRepeatedBatchSteps: strikes, maxObservationSteps: observation });
  },
});

/** The sweep for the shown transcript, mode and patterns, or null while it is computed. */
export function currentSweep(s: Pick<AppState, 'sweep' | 'result'>): SweepResponse | null {
  const sw = s.sweep;
  const r = s.result;
  if (sw === null || r === null || sw.dataVersion !== r.dataVersion) return null;
  return sw.sweep.mode === r.report.config.mode ? sw : null;
}

/** Asks the worker for the sweep when it is wanted and the result changes. */
export function wireSweep(store: StoreApi<AppState>, engine: Engine): void {
  const client = engine.client;
  if (client?.sweep === undefined) return;
  store.subscribe((s, prev) => {
    if (!s.sweepWanted || s.result === null) return;
    if (s.result !== prev.result || !prev.sweepWanted) {
      const { mode, observationTools, maxIterations, maxParallelTools } = s.result.report.config;
      client.sweep?.({ mode, observationTools, maxIterations, maxParallelTools });
    }
  });
}
