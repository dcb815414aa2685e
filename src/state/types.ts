/**
 * The app store's shape: one store, built from slices (zustand's slices pattern). Each
 * slice keeps its actions next to its state. Derived data (verdict diffs, table rows,
 * timeline layout) is computed from these fields, never stored beside them.
 */
import type { StateCreator } from 'zustand';
import type { BatchDetails, DetectorConfig, Report } from '../detector/index';
import type {
  AnalysisResult,
  LoadChoice,
  LoadProgress,
  ReplayClientListener,
} from '../worker/clientSupport';
import type { AnalysisError, MessagesResponse, TranscriptInput } from '../worker/protocol';
import type { SampleEntry } from './samples';
import type { ViewLink } from './viewCodec';
import type { WatchHandle } from './watcher';
import type { CorpusSlice } from './slices/corpus';
import type { FormatSlice } from './slices/format';
import type { SearchSlice } from './slices/search';
import type { SweepSlice } from './slices/sweep';
import type { ZooSlice } from './slices/zoo';
import type { SideListener } from '../worker/zoo/client';
import type { SweepRequest, ZooParamsById } from '../worker/zoo/protocol';

type AnalysisStatus = 'idle' | 'running' | 'ready' | 'error';
export type Theme = 'light' | 'dark';

/** The part of the worker client the store drives (a fake in tests). */
export interface ClientPort {
  /** `watch`: a file being written, grown later by `append` (client.ts). */
  load(input: TranscriptInput, config: DetectorConfig, choice?: LoadChoice, watch?: boolean): void;
  /**
   * The watched file on screen grew by `bytes`, or (`rest`) has stopped growing for now; false
   * when it cannot take them now.
   */
  append?(bytes: Blob, rest?: boolean): boolean;
  evaluate(config: DetectorConfig): void;
  details(batchIndex: number): void;
  retry(): void;
  /** `read`: a load whose preview is on screen stops and keeps what it read (client.ts). */
  cancel(keep?: 'previous' | 'read'): boolean;
  /** A page of the messages on screen, for the Messages view (optional for fakes). */
  messages?(from: number, count: number): Promise<MessagesResponse | null>;
  /** The report for `config` as the export file's blob: URL (optional for fakes). */
  exportReport?(config: DetectorConfig): Promise<string | null>;
  /** Zoo lanes and threshold sweeps (optional so simple fakes need not have them). */
  setSideListener?(listener: SideListener): void;
  zoo?(params: ZooParamsById): void;
  sweep?(config: SweepRequest['config']): void;
  /** Searches the batches of the current transcript (replies through the side listener). */
  search?(query: string): void;
}

/** The outside world the store touches; injected so the store is testable in Node. */
export interface AppDeps {
  createClient(listener: ReplayClientListener): ClientPort;
  /** localStorage, or null where there is none. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Reads and replaces the URL hash (config, lanes, sample and view; never a transcript). */
  hash: { read(): string; write(hash: string): void } | null;
  /** Same-origin fetch of a text file under `samples/`. */
  fetchText(path: string): Promise<string>;
  /** Reads a (small) file's text for the transcript box; the worker gets the File itself. */
  readFileText(file: Blob): Promise<string>;
  /** Asks the user for a file to watch; absent where the browser cannot (watcher.ts). */
  pickWatchFile?: () => Promise<WatchHandle | null>;
}

export interface WatchSlice {
  /** The name of the file being watched, or null. */
  watching: string | null;
  /** Why watching cannot work in this browser, or null when it can. */
  watchUnavailable: string | null;
  /** The latest news of the watched file, for the page's live region. */
  watchNews: string | null;
  /** Asks for a file and follows it while it grows. */
  watchFile(): Promise<void>;
  stopWatching(): void;
}

export interface TranscriptSlice {
  /** The "Transcript" box: pasted text, or the text of a small file or sample. */
  transcriptText: string;
  /** Shown when a file too large for the box was loaded instead. */
  transcriptNote: string | null;
  /** The name of what the user asked to analyse last. */
  sourceName: string | null;
  setTranscriptText(text: string): void;
  /**
   * Opens a file; `conversation` picks one of several it holds (default: the first, or one
   * that refuses when the first does not).
   */
  loadFile(file: File, conversation?: number): void;
  loadInput(input: TranscriptInput, text: string | null, conversation?: number): void;
}

export interface ConfigSlice {
  config: DetectorConfig;
  /** Why a stored/URL config was ignored (malformed or hostile), shown until dismissed. */
  configNotice: string | null;
  setConfig(patch: Partial<DetectorConfig>): void;
  resetConfig(): void;
  /** Applies a config file's text, validated like the URL; problems become `configNotice`. */
  /** Resolves once the file is read and applied (or refused with a notice). */
  importConfig(text: string, where: string): Promise<void>;
  /** The URL hash changed under the open page (a pasted link): apply its config. */
  applyHash(hash: string): void;
  dismissConfigNotice(): void;
}

export interface AnalysisSlice {
  status: AnalysisStatus;
  /** A new transcript is being imported (Cancel applies), not just a config re-run. */
  loading: boolean;
  /** The last good analysis; kept on screen while a newer input fails. */
  result: AnalysisResult | null;
  /**
   * Which transcript the views show: the data version of its load, kept while a watched file
   * grows (each append has a data version of its own), so the timeline keeps the user's view.
   */
  viewKey: number;
  /** The newest load or evaluate failed (the pasted text is bad, say). */
  analysisError: AnalysisError | null;
  /** The worker died or hung; `retry` starts a new one. */
  workerFailure: string | null;
  /** Where the running load stands (the progress bar); null when none runs. */
  progress: LoadProgress | null;
  /**
   * While a preview of a large file being read is on screen: what it replaced, put back if
   * the load is cancelled or fails. Null otherwise.
   */
  previewBase: PreviewBase | null;
  /** The current report, for the config in the panel, as the export file's blob: URL. */
  exportReport(): Promise<string | null>;
  /** Messages `from` to `from + count` of the transcript on screen (the Messages view). */
  messagesPage(from: number, count: number): Promise<MessagesResponse | null>;
  retry(): void;
  /**
   * Stops the running load. `previous` (the default) keeps the transcript that was on screen
   * before; `read`, under a preview, keeps what the load has read so far.
   */
  cancel(keep?: 'previous' | 'read'): void;
  /** Wiring for the worker client; not for components. */
  readonly listener: ReplayClientListener;
}

/** The result and selection a preview replaced. */
interface PreviewBase {
  readonly result: AnalysisResult | null;
  readonly selectedIndex: number | null;
  readonly selectionAuto: boolean;
}

export interface SelectionSlice {
  selectedIndex: number | null;
  /**
   * The selection is the app's own choice for a new transcript (landing.ts), not the user's:
   * the lanes arriving later may still move it to their strongest finding.
   */
  selectionAuto: boolean;
  /** Details of `selectedIndex` from the worker; null while loading. */
  details: BatchDetails | null;
  select(index: number | null): void;
}

export interface UiSlice {
  theme: Theme;
  toggleTheme(): void;
  samples: readonly SampleEntry[];
  samplesError: string | null;
  currentSample: string | null;
  loadSampleIndex(): Promise<void>;
  /** Lists the samples and opens the first, unless the user has loaded something already. */
  start(): Promise<void>;
  openSample(file: string): Promise<void>;
  /** The workspace's tab. */
  workspaceTab: WorkspaceTab;
  setWorkspaceTab(tab: WorkspaceTab): void;
  /**
   * Sends files to the corpus and shows it: a folder's transcripts (other files in it are
   * left out by name), or every conversation of one file.
   */
  openInCorpus(files: readonly File[]): void;
}

/** The timeline's batches in view, first and last, when it does not show them all. */
export interface ZoomRange {
  readonly first: number;
  readonly last: number;
}

export interface LinkSlice {
  /** A link's sample, batch, zoom and range, waiting for the transcript they are about. */
  pendingLink: ViewLink | null;
  /** The timeline's zoom as it last reported it; null when it shows every batch. */
  timelineZoom: ZoomRange | null;
  /** A zoom the timeline applies when it shows the transcript `dataVersion` (a link's). */
  zoomRequest: { readonly dataVersion: number; readonly range: ZoomRange } | null;
  setTimelineZoom(range: ZoomRange | null): void;
  /** The range of batches selected on the timeline (Shift+drag or Shift+arrows), or null. */
  batchRange: ZoomRange | null;
  setBatchRange(range: ZoomRange | null): void;
  /** Restores a link on the page: its tab now, its sample, batch and zoom once loaded. */
  applyViewLink(view: ViewLink): void;
  /** For start(): opens what a waiting link names; false when the first sample should open. */
  startFromLink(): boolean;
  /** For analysis: a new transcript's result, to select and zoom as a waiting link says. */
  restoreLink(result: AnalysisResult): void;
}

/** The workspace's views. */
export type WorkspaceTab = 'batches' | 'messages' | 'patterns' | 'detectors' | 'sweep' | 'corpus';

export type AppState = TranscriptSlice &
  ConfigSlice &
  AnalysisSlice &
  SelectionSlice &
  UiSlice &
  CorpusSlice &
  FormatSlice &
  ZooSlice &
  SweepSlice &
  LinkSlice &
  SearchSlice &
  WatchSlice;

/** Late-bound access to the worker client (the client's listener needs the store first). */
export interface Engine {
  client: ClientPort | null;
}

export type Slice<T> = (deps: AppDeps, engine: Engine) => StateCreator<AppState, [], [], T>;

export type { Report };
