/**
 * The detector zoo's state: per-detector parameter overrides, which lanes show, and
 * the worker's latest zoo reply. The reply is only used while its `dataVersion` matches the
 * shown result, or an earlier version of a watched file that grew (see `currentZoo`), so a new
 * transcript never shows the old lanes.
 */
import { currentSearch } from './search';
import type { StoreApi } from 'zustand/vanilla';
import { describeAnalysisError } from '../../worker/protocol';
import type { ZooParamsById, ZooResponse } from '../../worker/zoo/protocol';
import { landingBatch } from '../landing';
import type { AppState, Engine, Slice } from '../types';

export interface ZooSlice {
  /** The newest zoo reply (possibly for a previous transcript: check `currentZoo`). */
  zoo: ZooResponse | null;
  zooError: string | null;
  /** Parameter overrides by detector id; absent values take the detector's defaults. */
  zooParams: ZooParamsById;
  lanesVisible: boolean;
  /**
   * Whether this page computes zoo lanes at all (a worker client that runs the zoo): then a
   * transcript without its lanes yet shows them as pending, not as absent.
   */
  zooAvailable: boolean;
  /** Detector ids whose lane is hidden. */
  hiddenLanes: readonly string[];
  setZooParam(detectorId: string, paramId: string, value: number): void;
  /** Resets one detector's parameters, or all of them. */
  resetZooParams(detectorId?: string): void;
  setLanesVisible(visible: boolean): void;
  setLaneHidden(detectorId: string, hidden: boolean): void;
}

export const createZooSlice: Slice<ZooSlice> = () => (set, get) => ({
  zoo: null,
  zooError: null,
  zooParams: {},
  // Folded to a one-line summary: thirteen mostly empty lanes took the room of the details.
  lanesVisible: false,
  zooAvailable: false,
  hiddenLanes: [],
  setZooParam(detectorId, paramId, value) {
    const params = get().zooParams;
    set({ zooParams: { ...params, [detectorId]: { ...params[detectorId], [paramId]: value } } });
  },
  resetZooParams(detectorId) {
    if (detectorId === undefined) {
      set({ zooParams: {} });
      return;
    }
    const next = { ...get().zooParams };
    delete next[detectorId];
    set({ zooParams: next });
  },
  setLanesVisible(visible) {
    set({ lanesVisible: visible });
  },
  setLaneHidden(detectorId, hidden) {
    const rest = get().hiddenLanes.filter((id) => id !== detectorId);
    set({ hiddenLanes: hidden ? [...rest, detectorId] : rest });
  },
});

/**
 * A transcript the reference lets through opens on its strongest lane finding once the lanes
 * arrive, unless the user has chosen a batch meanwhile.
 */
function landOnFinding(store: StoreApi<AppState>, engine: Engine): void {
  const s = store.getState();
  const zoo = currentZoo(s);
  if (!s.selectionAuto || zoo === null || s.result === null) return;
  if (s.result.report.firstRefusal !== null || !Array.isArray(zoo.results)) return;
  const at = landingBatch(s.result.report, zoo.results);
  if (at === s.selectedIndex) return;
  store.setState({ selectedIndex: at, details: null });
  if (at !== null) engine.client?.details(at);
}

/**
 * The zoo reply for the shown transcript, or null while it is being computed. A watched file
 * that grew keeps the lanes of its earlier versions until its own arrive: its batches so far
 * are unchanged, and the view key (a new load, a restart) moves past those versions.
 */
export function currentZoo(s: Pick<AppState, 'zoo' | 'result' | 'viewKey'>): ZooResponse | null {
  if (s.zoo === null || s.result === null) return null;
  const { dataVersion } = s.zoo;
  if (dataVersion === s.result.dataVersion) return s.zoo;
  return s.result.grown !== undefined && dataVersion >= s.viewKey ? s.zoo : null;
}

/**
 * Asks the worker for the zoo whenever the result (a new transcript or a new report to
 * compare with) or the parameters change, and installs the client's side listener, which
 * stores zoo, sweep and search replies (`wireSweep` and `wireSearch` only send requests).
 */
export function wireZoo(store: StoreApi<AppState>, engine: Engine): void {
  const client = engine.client;
  if (client?.zoo === undefined) return;
  store.setState({ zooAvailable: true });
  let zooParamsOfLastReply: AppState['zooParams'] | null = null;
  client.setSideListener?.({
    onZoo: (zoo) => {
      const s = store.getState();
      const prev = s.zoo;
      // Lane results depend only on the transcript and the parameters (the worker caches them
      // by both); a reply for a new config carries equal results. Keeping the previous ones
      // keeps every view derived from them (lane layout, summaries) from being rebuilt.
      const same =
        prev !== null &&
        prev.dataVersion === zoo.dataVersion &&
        zooParamsOfLastReply === s.zooParams &&
        Array.isArray(prev.results) &&
        Array.isArray(zoo.results) &&
        prev.results.length === zoo.results.length &&
        prev.results.every((r, i) => r.id === zoo.results[i]?.id);
      zooParamsOfLastReply = s.zooParams;
      store.setState({ zoo: same ? { ...zoo, results: prev.results } : zoo, zooError: null });
      landOnFinding(store, engine);
    },
    onSweep: (sweep) => store.setState({ sweep, sweepError: null }),
    onSearch: (searchReply) => {
      store.setState({ searchReply, searchError: null });
      // A signature, or a note or 400 text naming one, goes to its batch.
      const goTo = searchReply.goTo;
      if (goTo !== undefined && currentSearch(store.getState()) === searchReply) {
        store.getState().select(goTo);
      }
    },
    onSideError: (type, error) =>
      store.setState({ [`${type}Error`]: describeAnalysisError(error) }),
  });
  store.subscribe((s, prev) => {
    if (s.result === null) return;
    if (s.result !== prev.result || s.zooParams !== prev.zooParams) client.zoo?.(s.zooParams);
  });
}
