/**
 * The app's store instance with browser dependencies, and the named hooks components use.
 * Components never see zustand: they call these hooks and actions.
 */
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import { ReplayClient } from '../worker/client';
import { currentSweep } from './slices/sweep';
import { currentZoo } from './slices/zoo';
import { createHashWriter } from './hashWriter';
import { currentSearch } from './slices/search';
import { createAppStore } from './store';
import { testWatchHandle } from './testWatch';
import type { AppDeps, AppState } from './types';
import type { WatchHandle } from './watcher';

// Set by vite.config.ts: true only in the end-to-end tests' build. Tested here, in the module
// that uses it, so the other builds drop the branch and testWatch.ts with it.
declare const __LOOPSCOPE_TEST_HOOKS__: boolean | undefined;
const TEST_HOOKS = typeof __LOOPSCOPE_TEST_HOOKS__ !== 'undefined' && __LOOPSCOPE_TEST_HOOKS__;

type OpenFilePicker = (options?: { multiple?: boolean }) => Promise<WatchHandle[]>;

/** The File System Access API's picker (Chromium), or undefined where there is none. */
function watchPicker(): AppDeps['pickWatchFile'] {
  const pick = (window as { showOpenFilePicker?: OpenFilePicker }).showOpenFilePicker;
  const real =
    typeof pick === 'function'
      ? async () => {
          try {
            return (await pick.call(window, { multiple: false }))[0] ?? null;
          } catch {
            return null; // the user closed the picker
          }
        }
      : undefined;
  if (!TEST_HOOKS) return real;
  return async () => testWatchHandle() ?? (await real?.()) ?? null;
}

function safeStorage(): AppDeps['storage'] {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const hashWriter = createHashWriter((hash) => {
  const url = new URL(window.location.href);
  url.hash = hash;
  // replaceState: a config change is not a navigation the Back button should undo.
  window.history.replaceState(window.history.state, '', url.href);
}, 250);

const browserDeps: AppDeps = {
  // The next transcript's worker is started a second after a load ends (ReplayClient).
  createClient: (listener) => new ReplayClient(listener, { spareWorkerAfterMs: 1000 }),
  storage: safeStorage(),
  hash: {
    read: () => window.location.hash,
    write: (hash) => hashWriter.write(hash),
  },
  fetchText: async (path) => {
    const res = await fetch(new URL(path, document.baseURI), { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.text();
  },
  readFileText: (file) => file.text(),
  pickWatchFile: watchPicker(),
};

const prefersDark =
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-color-scheme: dark)').matches;

export const appStore = createAppStore(browserDeps, prefersDark ? 'dark' : 'light');

// The one theme source is the store. It is written to <html> as soon as it changes, before
// React renders, so CSS and anything that reads the computed colours (the canvases) agree.
document.documentElement.dataset['theme'] = appStore.getState().theme;
appStore.subscribe((s, prev) => {
  if (s.theme !== prev.theme) document.documentElement.dataset['theme'] = s.theme;
});

// replaceState (our own writes) fires no hashchange, so this only sees links the user pasted.
// A write still waiting is older than the link, so the link wins.
window.addEventListener('hashchange', () => {
  hashWriter.cancel();
  appStore.getState().applyHash(window.location.hash);
});

/** Reads a slice of the app state; `useShallow` keeps object selectors from re-rendering. */
export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(appStore, selector);
}

export const useReport = () => useApp((s) => s.result?.report ?? null);
export const useAnalysis = () =>
  useApp(
    useShallow((s) => ({
      status: s.status,
      loading: s.loading,
      result: s.result,
      analysisError: s.analysisError,
      workerFailure: s.workerFailure,
    })),
  );
/** The running load's phase and bytes (the progress bar), or null. */
export const useLoadProgress = () => useApp((s) => s.progress);
/** A preview of the file being loaded is on screen (so Cancel may keep what was read). */
export const usePreviewing = () => useApp((s) => s.previewBase !== null);
export const useConfig = () => useApp((s) => s.config);
export const useConfigNotice = () => useApp((s) => s.configNotice);
export const useSelection = () =>
  useApp(useShallow((s) => ({ selectedIndex: s.selectedIndex, details: s.details })));
export const useTheme = () => useApp((s) => s.theme);
export const useTranscript = () =>
  useApp(
    useShallow((s) => ({
      text: s.transcriptText,
      note: s.transcriptNote,
      sourceName: s.sourceName,
    })),
  );
export const useSamples = () =>
  useApp(
    useShallow((s) => ({
      samples: s.samples,
      samplesError: s.samplesError,
      currentSample: s.currentSample,
    })),
  );

/** The format picker's choice (`auto` detects). */
export const useFormatChoice = () => useApp((s) => s.formatChoice);
/** How the current file was imported: its conversations, the one shown, Cline's results. */
export const useImportChoice = () =>
  useApp(
    useShallow((s) => ({
      conversationChoice: s.conversationChoice,
      conversationMoved: s.conversationMoved,
      clineResults: s.clineResults,
      lastInput: s.lastInput,
    })),
  );
export const useWorkspaceTab = () => useApp((s) => s.workspaceTab);
/** Which transcript the views show (stays while a watched file grows). */
export const useViewKey = () => useApp((s) => s.viewKey);
/** The range of batches selected on the timeline, or null. */
export const useBatchRange = () => useApp((s) => s.batchRange);
/** The zoom a restored link asks the timeline for, and the transcript it is about. */
export const useZoomRequest = () => useApp((s) => s.zoomRequest);

/** The detector lanes of the current transcript (null until they are in, or when stale). */
export const useZoo = () => useApp(currentZoo);
/** The lanes' results alone (the headline, the landing batch). */
export const useZooResults = () => useApp((s) => currentZoo(s)?.results ?? null);
/** How the lanes are shown: folded or open, which are hidden, whether some are coming. */
export const useZooView = () =>
  useApp(
    useShallow((s) => ({
      visible: s.lanesVisible,
      hidden: s.hiddenLanes,
      error: s.zooError,
      pending: s.zooAvailable && s.result !== null && s.zooError === null,
    })),
  );
/** One lane's parameters off their defaults (undefined: all at their defaults). */
export const useZooOverrides = (detectorId: string) => useApp((s) => s.zooParams[detectorId]);
/** Whether any lane has a parameter off its default. */
export const useAnyZooOverride = () => useApp((s) => Object.keys(s.zooParams).length > 0);
/** The threshold sweep of the current transcript, and how it is shown. */
export const useSweep = () =>
  useApp(
    useShallow((s) => ({
      sweep: currentSweep(s),
      error: s.sweepError,
      view: s.sweepView,
      config: s.result?.report.config ?? null,
    })),
  );
/** The search box's query and the matches for it in the shown transcript (null: none yet). */
export const useSearch = () =>
  useApp(useShallow((s) => ({ query: s.searchQuery, found: currentSearch(s) })));

/** The corpus view: its rows, the work under way, and the config its verdicts are under. */
export const useCorpus = () =>
  useApp(
    useShallow((s) => ({
      rows: s.corpusRows,
      skipped: s.corpusSkipped,
      pending: s.corpusPending,
      progress: s.corpusProgress,
      corpusConfig: s.corpusConfig,
      config: s.config,
      cancelled: s.corpusCancelled,
      error: s.corpusError,
    })),
  );

/** The corpus rows' marks and the corpus sweep (docs/detector.md §14.8). */
export const useCorpusSweep = () =>
  useApp(
    useShallow((s) => ({
      marks: s.corpusMarks,
      sweep: s.corpusSweep,
      pending: s.corpusSweepPending,
      notice: s.corpusMarksNotice,
      config: s.config,
    })),
  );

/** Actions, callable from components and outside React alike. */
export const actions = {
  setTranscriptText: (t: string) => appStore.getState().setTranscriptText(t),
  loadFile: (f: File) => appStore.getState().loadFile(f),
  setConfig: (p: Parameters<AppState['setConfig']>[0]) => appStore.getState().setConfig(p),
  resetConfig: () => appStore.getState().resetConfig(),
  importConfig: (text: string, where: string) => appStore.getState().importConfig(text, where),
  dismissConfigNotice: () => appStore.getState().dismissConfigNotice(),
  select: (i: number | null) => appStore.getState().select(i),
  retry: () => appStore.getState().retry(),
  cancel: () => appStore.getState().cancel(),
  /** Stops a load under its preview, keeping what it has read. */
  keepRead: () => appStore.getState().cancel('read'),
  exportReport: () => appStore.getState().exportReport(),
  messagesPage: (from: number, count: number) => appStore.getState().messagesPage(from, count),
  toggleTheme: () => appStore.getState().toggleTheme(),
  loadSampleIndex: () => appStore.getState().loadSampleIndex(),
  start: () => appStore.getState().start(),
  openSample: (file: string) => appStore.getState().openSample(file),
  chooseFormat: (f: AppState['formatChoice']) => appStore.getState().chooseFormat(f),
  chooseConversation: (i: number) => appStore.getState().chooseConversation(i),
  chooseClineResults: (m: AppState['clineResults']) => appStore.getState().chooseClineResults(m),
  setWorkspaceTab: (t: AppState['workspaceTab']) => appStore.getState().setWorkspaceTab(t),
  openInCorpus: (files: readonly File[]) => appStore.getState().openInCorpus(files),
  setTimelineZoom: (r: AppState['timelineZoom']) => appStore.getState().setTimelineZoom(r),
  setBatchRange: (r: AppState['batchRange']) => appStore.getState().setBatchRange(r),
  setLanesVisible: (v: boolean) => appStore.getState().setLanesVisible(v),
  setLaneHidden: (id: string, hidden: boolean) => appStore.getState().setLaneHidden(id, hidden),
  setZooParam: (...a: Parameters<AppState['setZooParam']>) => appStore.getState().setZooParam(...a),
  resetZooParams: (id?: string) => appStore.getState().resetZooParams(id),
  requestSweep: () => appStore.getState().requestSweep(),
  applySweepCell: (strikes: number, observation: number | null) =>
    appStore.getState().applySweepCell(strikes, observation),
  setSweepView: (v: AppState['sweepView']) => appStore.getState().setSweepView(v),
  setSearchQuery: (q: string) => appStore.getState().setSearchQuery(q),
  stepMatch: (d: 1 | -1) => appStore.getState().stepMatch(d),
  corpusAdd: (files: readonly File[]) => appStore.getState().corpusAdd(files),
  corpusClear: () => appStore.getState().corpusClear(),
  corpusCancel: () => appStore.getState().corpusCancel(),
  corpusOpen: (rowId: string) => appStore.getState().corpusOpen(rowId),
  corpusSetMark: (...a: Parameters<AppState['corpusSetMark']>) =>
    appStore.getState().corpusSetMark(...a),
  corpusRunSweep: () => appStore.getState().corpusRunSweep(),
  corpusMarksText: () => appStore.getState().corpusMarksText(),
  corpusLoadMarks: (text: string, where: string) =>
    appStore.getState().corpusLoadMarks(text, where),
  watchFile: () => void appStore.getState().watchFile(),
  stopWatching: () => appStore.getState().stopWatching(),
};

/** The watched file, why watching is unavailable, and the latest news of it. */
export const useWatch = () =>
  useApp(
    useShallow((s) => ({
      watching: s.watching,
      unavailable: s.watchUnavailable,
      news: s.watchNews,
      pending: s.watching === null ? null : (s.result?.pending ?? null),
    })),
  );
