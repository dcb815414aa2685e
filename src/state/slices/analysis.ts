import type { AnalysisSlice, Slice } from '../types';

export const createAnalysisSlice: Slice<AnalysisSlice> = (_deps, engine) => (set, get) => ({
  status: 'idle',
  loading: false,
  result: null,
  analysisError: null,
  workerFailure: null,

  retry() {
    set({ workerFailure: null, status: get().result === null ? 'idle' : 'ready' });
    engine.client?.retry();
  },
  cancel() {
    const reloading = engine.client?.cancel() ?? false;
    if (!reloading && get().loading) {
      const s = get();
      set({
        loading: false,
        status: s.analysisError !== null ? 'error' : s.result !== null ? 'ready' : 'idle',
      });
    }
  },

  listener: {
    onRunning(kind) {
      set({ status: 'running', loading: kind === 'load' });
    },
    onResult(result) {
      const prev = get();
      // A config re-run of the previous transcript leaves a pending import error standing:
      // it is still about the text in the box.
      const analysisError = result.newTranscript ? null : prev.analysisError;
      const keep =
        !result.newTranscript &&
        prev.selectedIndex !== null &&
        prev.selectedIndex < result.report.batches.length;
      const selectedIndex = keep ? prev.selectedIndex : null;
      set({
        result,
        analysisError,
        status: analysisError === null ? 'ready' : 'error',
        loading: false,
        selectedIndex,
        details: null,
      });
      if (selectedIndex !== null) engine.client?.details(selectedIndex);
    },
    onAnalysisError(error) {
      set({ analysisError: error, status: 'error', loading: false });
    },
    onDetails(response) {
      if (response.batchIndex === get().selectedIndex) set({ details: response.details });
    },
    onWorkerFailed(message) {
      set({ workerFailure: message, status: 'error', loading: false });
    },
  },
});
