// The store's analysis slice: the worker's results, progress and errors as the views read them.
import { landingBatch } from '../landing';
import type { AnalysisResult } from '../../worker/clientSupport';
import type { AnalysisSlice, AppState, Slice } from '../types';

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;

/** What the transcript box says of a load stopped part-way, keeping what it read. */
function cutNote(r: AnalysisResult): string {
  const cut = r.cut ?? { read: 0, total: 0 };
  return `${r.name}: only its first ${mb(cut.read)} of ${mb(cut.total)} were read (loading was stopped).`;
}

/**
 * The conversation to open instead of `shown`, when it refuses nothing and another does: the
 * one with the most refusals (the first of those in file order); null to stay.
 */
export function refusingConversation(
  list: readonly { readonly refusals: number }[],
  shown: number,
): number | null {
  if ((list[shown]?.refusals ?? 0) > 0) return null;
  let best: number | null = null;
  list.forEach((c, i) => {
    if (c.refusals > 0 && (best === null || c.refusals > (list[best]?.refusals ?? 0))) best = i;
  });
  return best;
}

/**
 * The conversation a file opens on instead of `shown`, and why: the one the reference refuses
 * (`refusingConversation`), else, where `shown` has no tool-call batch, the first that has one
 * (a capture whose first requests are a client's side calls); null to stay.
 */
export function openingConversation(
  list: readonly { readonly batches: number; readonly refusals: number }[],
  shown: number,
): { readonly index: number; readonly why: 'refuses' | 'calls' } | null {
  const refusing = refusingConversation(list, shown);
  if (refusing !== null) return { index: refusing, why: 'refuses' };
  if ((list[shown]?.batches ?? 0) > 0) return null;
  const calls = list.findIndex((c) => c.batches > 0);
  return calls < 0 ? null : { index: calls, why: 'calls' };
}

/** The settled status: what is on screen, once nothing runs. */
function settled(s: Pick<AppState, 'analysisError' | 'workerFailure' | 'result'>) {
  if (s.analysisError !== null || s.workerFailure !== null) return 'error' as const;
  return s.result !== null ? ('ready' as const) : ('idle' as const);
}

export const createAnalysisSlice: Slice<AnalysisSlice> = (_deps, engine) => (set, get) => {
  /** A preview of the loading file: shown, the selection following its landing batch. */
  const showPreview = (result: AnalysisResult): void => {
    const prev = get();
    const first = prev.previewBase === null;
    const base = prev.previewBase ?? {
      result: prev.result,
      selectedIndex: prev.selectedIndex,
      selectionAuto: prev.selectionAuto,
    };
    // The batches only grow: a batch the user chose in an earlier preview is still there.
    const auto = first || prev.selectionAuto;
    set({
      result,
      viewKey: result.dataVersion,
      ...(result.dataVersion === prev.viewKey ? {} : { batchRange: null }),
      previewBase: base,
      selectedIndex: auto ? landingBatch(result.report, null) : prev.selectedIndex,
      selectionAuto: auto,
      details: null,
    });
  };
  /** The load ended without a result: what the preview replaced comes back. */
  const restore = (): void => {
    const base = get().previewBase;
    if (base === null) return;
    set({ ...base, previewBase: null, details: null });
    if (base.selectedIndex !== null) engine.client?.details(base.selectedIndex);
  };
  return {
    status: 'idle',
    loading: false,
    result: null,
    viewKey: 0,
    analysisError: null,
    workerFailure: null,
    progress: null,
    previewBase: null,

    messagesPage(from, count) {
      return engine.client?.messages?.(from, count) ?? Promise.resolve(null);
    },

    exportReport() {
      return engine.client?.exportReport?.(get().config) ?? Promise.resolve(null);
    },
    retry() {
      set({ workerFailure: null });
      set({ status: settled(get()) });
      engine.client?.retry();
    },
    cancel(keep = 'previous') {
      // Keeping what was read: the load goes on to its result, of the text read so far.
      if (keep === 'read' && get().previewBase !== null && engine.client?.cancel('read')) return;
      // The client keeps the current transcript's worker: cancelling only drops the new one.
      engine.client?.cancel();
      restore();
      if (get().loading) {
        set({ loading: false, progress: null });
        set({ status: settled(get()) });
      }
    },

    listener: {
      onRunning(kind) {
        // A config re-run during a load leaves the load (and its progress bar) standing.
        if (kind === 'load') set({ status: 'running', loading: true, progress: null });
        else set({ status: 'running' });
      },
      onProgress(progress) {
        if (progress !== null) set({ progress, loading: true });
        else {
          // A load ends with null only when it gave no result (failed, cancelled).
          restore();
          set({ progress: null });
        }
      },
      onResult(result) {
        if (result.preview !== undefined) {
          if (get().loading) showPreview(result);
          return;
        }
        const prev = get();
        // A config re-run of the previous transcript leaves a pending import error standing:
        // it is still about the text in the box. A new transcript also ends a worker failure.
        const analysisError = result.newTranscript ? null : prev.analysisError;
        const workerFailure = result.newTranscript ? null : prev.workerFailure;
        const loading = result.newTranscript ? false : prev.loading;
        // The batch chosen in a preview is the same batch of the whole file.
        const chosenInPreview = prev.previewBase !== null && !prev.selectionAuto;
        const keep =
          (!result.newTranscript || chosenInPreview) &&
          prev.selectedIndex !== null &&
          prev.selectedIndex < result.report.batches.length;
        const grew = result.grown !== undefined && !result.grown.restarted;
        // A growing file whose selection is still the app's opens on its point once it has
        // one: the first batch, then the first refusal as soon as the reference refuses.
        const land =
          grew &&
          prev.selectionAuto &&
          (prev.selectedIndex === null ||
            (result.report.firstRefusal != null &&
              result.report.firstRefusal.batchIndex !== prev.selectedIndex));
        // A new transcript opens on its point; a re-run keeps what was selected.
        const selectedIndex = land
          ? landingBatch(result.report, null)
          : keep
            ? prev.selectedIndex
            : result.newTranscript
              ? landingBatch(result.report, null)
              : null;
        const selectionAuto = land || (keep ? prev.selectionAuto : result.newTranscript);
        const next = { result, analysisError, workerFailure };
        // Appended batches leave a shown batch as it was: its details stay, not asked again.
        const sameDetails = grew && selectedIndex === prev.selectedIndex && prev.details !== null;
        const viewKey = grew ? prev.viewKey : result.dataVersion;
        set({
          ...next,
          viewKey,
          // A range is of the transcript it was chosen on.
          ...(viewKey === prev.viewKey ? {} : { batchRange: null }),
          status: loading ? 'running' : settled(next),
          loading,
          ...(result.newTranscript ? { progress: null, previewBase: null } : {}),
          ...(result.cut === undefined ? {} : { transcriptNote: cutNote(result) }),
          selectedIndex,
          selectionAuto,
          details: sameDetails ? prev.details : null,
        });
        if (selectedIndex !== null && !sameDetails) engine.client?.details(selectedIndex);
        // A file of several conversations opens on the one the reference refuses first, when
        // the one it opened on refuses nothing (a subagent's loop under a calm main chain), or
        // on the first with tool calls when it opened on one without any.
        if (result.newTranscript && get().conversationAuto) {
          set({ conversationAuto: false });
          const best = openingConversation(result.conversations, result.conversation);
          if (best !== null) {
            get().chooseConversation(best.index);
            set({ conversationMoved: best.why });
          }
        }
        if (result.newTranscript) get().restoreLink(result);
      },
      onAnalysisError(error, requestType) {
        const loading = requestType === 'load' ? false : get().loading;
        set({
          analysisError: error,
          status: loading ? 'running' : 'error',
          loading,
          ...(requestType === 'load' ? { progress: null } : {}),
        });
      },
      onDetails(response) {
        if (response.batchIndex === get().selectedIndex) set({ details: response.details });
      },
      onWorkerFailed(message) {
        // The client ends a failed load's progress first; a load still reporting progress is
        // another one (the serving worker failed meanwhile) and keeps running.
        set({ workerFailure: message, status: 'error', loading: get().progress !== null });
      },
    },
  };
};
