/**
 * The main-thread side of the replay worker.
 *
 * - Staging and swap: every new transcript is loaded in a fresh *staging* worker while the
 *   *serving* worker keeps the current transcript and keeps answering config changes and
 *   details. On success the staging worker becomes the serving one and the old worker is
 *   terminated; on cancel, failure or a newer load the staging worker is terminated and the
 *   current analysis is untouched. A synchronous parse cannot be interrupted; a worker can.
 *   With `spareWorkerAfterMs` (the app's setting) the next load's worker is started a while
 *   after a load ends, so a new transcript does not wait for a worker to boot; it is still a
 *   worker that has seen no transcript.
 * - The transcript crosses once per load (a `File`/`Blob` handle, or the pasted string);
 *   config changes send only the config. Latest wins: one evaluate in flight, newer configs
 *   wait in a single pending slot, and a superseded reply is not delivered.
 * - Reports arrive packed and are wrapped without copying (lazyReport.ts): a batch object is
 *   built only when a view reads it, so a 100k-batch report costs no long task or garbage.
 * - Failures are classified (crashed, out of memory, too slow, could not start) with a
 *   watchdog proportional to the input size; `retry()` reloads the failed transcript.
 */
import type { DetectorConfig, Report } from '../detector/index';
import type { PendingBatch } from '../pipeline/index';
import {
  AUTO_CHOICE,
  defaultYield,
  errorText,
  inputSize,
  type AnalysisResult,
  type LoadChoice,
  type ReplayClientListener,
  type ReplayClientOptions,
  type WorkerLike,
} from './clientSupport';
import {
  evaluateTimeoutMs,
  failureFromError,
  loadTimeoutMs,
  notStartedFailure,
  timeoutFailure,
  type WorkerFailure,
} from './failure';
import { unpackReport, type UnpackedTranscript, type Yield } from '../report/lazyReport';
import type {
  AppendedResponse,
  ConversationSummary,
  LoadedResponse,
  LoadRequest,
  MessagesResponse,
  PartialResponse,
  TranscriptInput,
  WorkerResponse,
} from './protocol';
import { closeSlot, defaultWorker, Exports, MessagePages, openSlot, type Slot } from './workerSlot';
import { unpackGrown, unpackLoaded, unpackPreview } from './unpackReplies';
import { SpareWorker } from './spareWorker';
import { pageFault, type TestFault } from './testFaults';
import { SideChannel, type SideListener } from './zoo/client';
import type { SweepRequest, ZooParamsById, ZooRequest } from './zoo/protocol';
import type { SearchRequest } from './search/protocol';

type SideIds = { requestId: number; dataVersion: number };

// Set by vite.config.ts: true only in the end-to-end tests' build. Tested here, in the module
// that uses it, so the other builds drop the branch and testFaults.ts with it.
declare const __LOOPSCOPE_TEST_HOOKS__: boolean | undefined;
const TEST_HOOKS = typeof __LOOPSCOPE_TEST_HOOKS__ !== 'undefined' && __LOOPSCOPE_TEST_HOOKS__;

/** A transcript being loaded in its own worker, not yet swapped in. */
interface Staging {
  readonly slot: Slot;
  readonly requestId: number;
  readonly dataVersion: number;
  readonly input: TranscriptInput;
  readonly config: DetectorConfig;
  readonly choice: LoadChoice;
  readonly size: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** A watched file's load (`append` grows it once it serves). */
  readonly watch: boolean;
  /** A preview of it is on screen: requests about the serving transcript wait. */
  previewed?: boolean;
  /** The bytes read by the preview on screen (an older one unpacked late is dropped). */
  shown?: number;
}

/** The transcript on screen and the worker that holds it. */
interface Serving {
  readonly slot: Slot;
  /** Moves on with each `append` of a watched file. */
  dataVersion: number;
  readonly input: TranscriptInput;
  readonly choice: LoadChoice;
  readonly formatLabel: string;
  readonly conversation: number;
  conversations: readonly ConversationSummary[];
  /** The transcript's columns, shared by all its reports (reportColumns.ts). */
  transcript: UnpackedTranscript;
  defaultReport: Report;
  /** A watched file: `append` grows it. */
  readonly watch?: boolean;
  /** A watched file: the batch at its end whose results are still coming. */
  pending?: PendingBatch | null;
  /** The data version of the newest `append` sent (replies to older ones are dropped). */
  appendedAs?: number;
  /** An `append` was sent and its reply has not come: the next growth waits for it. */
  appending?: boolean;
  /** The load was stopped and kept what it had read (bytes read of the total). */
  readonly cut?: { readonly read: number; readonly total: number };
}

/** The config change in flight. */
interface Evaluating {
  readonly requestId: number;
  readonly timer: ReturnType<typeof setTimeout> | null;
}
export class ReplayClient {
  private readonly createWorker: () => WorkerLike;
  private readonly loadTimeout: (size: number) => number;
  private readonly evaluateTimeout: (batches: number) => number;
  private readonly yieldNow: Yield;
  private readonly fault: TestFault | null;
  private nextRequestId = 1;
  private nextDataVersion = 1;
  private serving: Serving | null = null;
  private staging: Staging | null = null;
  private evaluating: Evaluating | null = null;
  private pendingConfig: DetectorConfig | null = null;
  private evaluateGeneration = 0; // bumped whenever a delivered-later report becomes stale
  private lastConfig: DetectorConfig | null = null;
  private latestDetailsId = 0;
  /** What `retry()` reloads after a failure. */
  private retryInput: { input: TranscriptInput; choice: LoadChoice } | null = null;
  private disposed = false;
  private readonly side = new SideChannel(); // zoo and sweep requests, to the serving worker
  /** The next load's worker, started ahead (see `spareWorkerAfterMs`); null when off. */
  private readonly spare: SpareWorker | null;
  /** Exports asked of the serving worker, by request id: each resolves once. */
  private readonly exports = new Exports();
  private readonly pages = new MessagePages();

  constructor(
    private readonly listener: ReplayClientListener,
    options: ReplayClientOptions = {},
  ) {
    this.createWorker = options.createWorker ?? defaultWorker;
    this.loadTimeout = options.loadTimeoutMs ?? loadTimeoutMs;
    this.evaluateTimeout = options.evaluateTimeoutMs ?? evaluateTimeoutMs;
    this.yieldNow = options.yieldNow ?? defaultYield;
    this.fault = options.fault !== undefined ? options.fault : TEST_HOOKS ? pageFault() : null;
    const after = options.spareWorkerAfterMs;
    this.spare =
      after === undefined
        ? null
        : new SpareWorker(this.createWorker, after, () => this.staging === null);
  }

  /** Analyse a new transcript with `config`, in a fresh worker; a running load is dropped. */
  load(
    input: TranscriptInput,
    config: DetectorConfig,
    choice: LoadChoice = AUTO_CHOICE,
    watch = false,
  ): void {
    if (this.disposed) return;
    this.lastConfig = config;
    this.retryInput = null;
    this.stopStaging();
    const size = inputSize(input);
    const s: Staging = {
      slot: null as unknown as Slot,
      requestId: this.nextRequestId++,
      dataVersion: this.nextDataVersion++,
      input,
      config,
      choice,
      size,
      timer: null,
      watch,
    };
    const slot = this.spawn(
      (msg) => this.fromStaging(s, msg),
      (f) => this.stagingFailed(s, f),
    );
    if (slot === null) {
      this.retryInput = { input, choice };
      return;
    }
    (s as { slot: Slot }).slot = slot;
    this.staging = s;
    const ms = this.loadTimeout(size);
    if (ms > 0) s.timer = setTimeout(() => this.stagingFailed(s, timeoutFailure(ms)), ms);
    this.listener.onRunning('load');
    this.listener.onProgress({ name: input.name, phase: 'reading', done: null, total: null, size });
    slot.worker.postMessage(loadRequest(s, this.fault));
  }

  /** Re-run the current transcript with a new config (a load in progress gets it too). */
  evaluate(config: DetectorConfig): void {
    if (this.disposed) return;
    this.lastConfig = config;
    // Without a transcript, or under a preview of the next one: applied when the load lands.
    if (this.serving === null || this.previewing) return;
    if (this.evaluating !== null) {
      this.pendingConfig = config;
      return;
    }
    this.postEvaluate(this.serving, config);
  }

  /**
   * Messages `from` to `from + count` of the transcript on screen, as the Messages view
   * shows them; null when there is none, or it was replaced first.
   */
  messages(from: number, count: number): Promise<MessagesResponse | null> {
    const sv = this.serving;
    if (sv === null || this.previewing) return Promise.resolve(null);
    return this.pages.ask(sv.slot.worker, this.nextRequestId++, sv.dataVersion, from, count);
  }

  /** Ask for one batch's details; only the reply to the newest request is delivered. */
  details(batchIndex: number): void {
    const sv = this.serving;
    if (sv === null || this.previewing) return;
    const requestId = this.nextRequestId++;
    this.latestDetailsId = requestId;
    sv.slot.worker.postMessage({
      type: 'details',
      requestId,
      dataVersion: sv.dataVersion,
      batchIndex,
    });
  }

  /**
   * The current transcript's report for `config` as the export file (the CLI's JSON), built
   * in the worker: a blob: URL to download at once. Null when there is no transcript, or when
   * it was replaced or failed first.
   */
  exportReport(config: DetectorConfig): Promise<string | null> {
    const sv = this.serving;
    if (sv === null) return Promise.resolve(null);
    return this.exports.ask(sv.slot.worker, this.nextRequestId++, sv.dataVersion, config);
  }

  /** Where zoo and sweep replies go. */
  setSideListener(listener: SideListener): void {
    this.side.listener = listener;
  }

  /** Runs the zoo's detectors over the current transcript; the newest request wins. */
  zoo(params: ZooParamsById): void {
    this.postSide((id) => ({ type: 'zoo', ...id, params }));
  }

  /** Sweeps the thresholds over the current transcript; the newest request wins. */
  sweep(config: SweepRequest['config']): void {
    this.postSide((id) => ({ type: 'sweep', ...id, config }));
  }

  /** Searches the current transcript's batches for `query`; the newest request wins. */
  search(query: string): void {
    this.postSide((id) => ({ type: 'search', ...id, query }));
  }

  private postSide(make: (id: SideIds) => ZooRequest | SweepRequest | SearchRequest): void {
    const sv = this.serving;
    if (sv === null || this.previewing) return;
    const ids = { requestId: this.nextRequestId++, dataVersion: sv.dataVersion };
    sv.slot.worker.postMessage(this.side.request(make(ids)));
  }

  /**
   * The watched file on screen grew by `bytes` (its new end): the worker replays what they
   * settle; or, with `rest`, it has stopped growing for now (`bytes` empty): the worker holds
   * what it read to its census. Returns false when the serving transcript is not a watched
   * one, or a load or another append runs.
   */
  append(bytes: Blob, rest = false): boolean {
    const sv = this.serving;
    if (sv === null || sv.watch !== true || this.staging !== null) return false;
    // One at a time: growth offered meanwhile comes again with more, so steps never queue.
    if (sv.appending === true) return false;
    sv.appending = true;
    const previous = sv.appendedAs ?? sv.dataVersion;
    const dataVersion = this.nextDataVersion++;
    sv.appendedAs = dataVersion;
    const requestId = this.nextRequestId++;
    sv.slot.worker.postMessage({ type: 'append', requestId, dataVersion, previous, bytes, rest });
    return true;
  }

  /** After a failure: load the transcript that failed again, in a fresh worker. */
  retry(): void {
    const r = this.retryInput;
    this.retryInput = null;
    if (r !== null && this.lastConfig !== null) this.load(r.input, this.lastConfig, r.choice);
  }

  /**
   * Abandon the running load: its worker is terminated; the current transcript and its
   * analysis stay as they are. Returns whether a load was running. With `read`, a load whose
   * preview is on screen stops reading instead and keeps what it read (its result follows).
   */
  cancel(keep: 'previous' | 'read' = 'previous'): boolean {
    const s = this.staging;
    if (s === null) return false;
    if (keep === 'read' && s.previewed === true) {
      const requestId = this.nextRequestId++;
      s.slot.worker.postMessage({ type: 'cut', requestId, dataVersion: s.dataVersion });
      return true;
    }
    this.stopStaging();
    this.listener.onProgress(null);
    return true;
  }

  /** A preview of the loading transcript is on screen, not the serving one. */
  private get previewing(): boolean {
    return this.staging?.previewed === true;
  }

  /** Whether a load or an evaluate is in flight or waiting. */
  get busy(): boolean {
    return this.staging !== null || this.evaluating !== null || this.pendingConfig !== null;
  }

  dispose(): void {
    this.disposed = true;
    this.stopStaging();
    this.stopServing();
    this.spare?.dispose();
  }

  private spawn(
    onMessage: (msg: WorkerResponse) => void,
    onFail: (f: WorkerFailure) => void,
  ): Slot | null {
    const spare = this.spare?.take() ?? null;
    let worker: WorkerLike;
    try {
      worker = spare?.worker ?? this.createWorker();
    } catch (e) {
      const f = notStartedFailure(errorText(e));
      this.listener.onProgress(null);
      this.listener.onWorkerFailed(f.message, f);
      return null;
    }
    return openSlot(worker, spare?.started ?? false, onMessage, onFail);
  }

  private stopStaging(): void {
    const s = this.staging;
    if (s === null) return;
    this.staging = null;
    if (s.timer !== null) clearTimeout(s.timer);
    closeSlot(s.slot);
    this.spare?.schedule();
  }

  private stopServing(): void {
    this.stopEvaluating();
    this.exports.drop();
    this.pages.drop();
    const sv = this.serving;
    if (sv === null) return;
    this.serving = null;
    closeSlot(sv.slot);
  }

  private stopEvaluating(): void {
    if (this.evaluating?.timer != null) clearTimeout(this.evaluating.timer);
    this.evaluating = null;
    this.pendingConfig = null;
    this.evaluateGeneration++;
  }

  private fromStaging(s: Staging, msg: WorkerResponse): void {
    if (this.staging !== s) return;
    if (msg.type === 'progress') {
      if (msg.requestId !== s.requestId) return;
      this.listener.onProgress({
        name: s.input.name,
        phase: msg.phase,
        done: msg.done,
        total: msg.total,
        size: s.size,
        ...(msg.preview === undefined ? {} : { preview: msg.preview }),
      });
    } else if (msg.type === 'partial' && msg.requestId === s.requestId) {
      void this.preview(s, msg);
    } else if (msg.type === 'loaded' && msg.requestId === s.requestId) {
      if (s.timer !== null) clearTimeout(s.timer);
      s.timer = null;
      void this.adopt(s, msg);
    } else if (msg.type === 'error' && msg.requestId === s.requestId) {
      this.stopStaging();
      this.listener.onProgress(null);
      if (msg.error.kind === 'internal') {
        this.retryInput = { input: s.input, choice: s.choice };
        const f = failureFromError(msg.error.message);
        this.listener.onWorkerFailed(f.message, f);
      } else {
        this.listener.onAnalysisError(msg.error, 'load');
      }
    }
  }

  private stagingFailed(s: Staging, f: WorkerFailure): void {
    if (this.staging !== s) return;
    this.stopStaging();
    this.retryInput = { input: s.input, choice: s.choice };
    this.listener.onProgress(null);
    this.listener.onWorkerFailed(f.message, f);
  }

  /** Shows what a large file's load has read so far; the staging worker stays staging. */
  private async preview(s: Staging, msg: PartialResponse): Promise<void> {
    const report = await unpackPreview(msg, this.yieldNow).catch((e: unknown) => {
      this.stagingFailed(s, failureFromError(errorText(e)));
      return null;
    });
    // A later preview or the load's result may have landed meanwhile: unpacking yields.
    if (report === null || this.staging !== s || (s.shown ?? 0) > msg.read) return;
    s.shown = msg.read;
    s.previewed = true;
    this.listener.onResult(previewResult(s, msg, report));
  }

  /** Wraps the loaded reports, then makes the staging worker the serving one. */
  private async adopt(s: Staging, msg: LoadedResponse): Promise<void> {
    let unpacked: Awaited<ReturnType<typeof unpackLoaded>>;
    try {
      unpacked = await unpackLoaded(msg, this.yieldNow, () => this.staging === s);
    } catch (e) {
      this.stagingFailed(s, failureFromError(errorText(e)));
      return;
    }
    if (unpacked === null || this.staging !== s) return;
    const { transcript, report, defaultReport } = unpacked;
    this.staging = null;
    this.stopServing();
    this.spare?.schedule();
    const sv: Serving = {
      slot: s.slot,
      dataVersion: s.dataVersion,
      input: s.input,
      choice: s.choice,
      formatLabel: msg.formatLabel,
      conversation: msg.conversation,
      conversations: msg.conversations,
      transcript,
      defaultReport,
      ...(msg.cut === undefined ? {} : { cut: msg.cut }),
      watch: s.watch,
      pending: msg.pending ?? null,
    };
    s.slot.onMessage = (m) => this.fromServing(sv, m);
    s.slot.onFail = (f) => this.servingFailed(sv, f);
    this.serving = sv;
    // No separate onProgress(null): a new transcript's result ends the progress itself, and
    // a second store update here was a second render of the whole page in the same task.
    this.deliver(sv, report, true);
    // The config moved on while the load ran: bring the new transcript up to date.
    if (this.lastConfig !== null && this.lastConfig !== s.config) this.evaluate(this.lastConfig);
  }

  private postEvaluate(sv: Serving, config: DetectorConfig): void {
    const requestId = this.nextRequestId++;
    const ms = this.evaluateTimeout(sv.transcript.batchCount);
    const timer = ms > 0 ? setTimeout(() => this.servingFailed(sv, timeoutFailure(ms)), ms) : null;
    this.evaluating = { requestId, timer };
    this.evaluateGeneration++;
    this.listener.onRunning('evaluate');
    sv.slot.worker.postMessage({
      type: 'evaluate',
      requestId,
      dataVersion: sv.dataVersion,
      config,
    });
  }

  private fromServing(sv: Serving, msg: WorkerResponse): void {
    if (this.serving !== sv) return;
    if (this.side.receive(msg, sv.dataVersion)) return;
    if (msg.type === 'appended' || (msg.type === 'error' && msg.requestType === 'append')) {
      sv.appending = false;
      if (msg.type === 'appended') void this.grown(sv, msg);
      return;
    }
    if (this.exports.receive(msg)) return;
    if (this.pages.receive(msg)) return;
    if (msg.type === 'details' || (msg.type === 'error' && msg.requestType === 'details')) {
      if (msg.type === 'details' && msg.requestId === this.latestDetailsId) {
        this.listener.onDetails(msg);
      }
      return;
    }
    if (msg.type !== 'evaluated' && msg.type !== 'error') return;
    const ev = this.evaluating;
    if (ev === null || msg.requestId !== ev.requestId) return;
    if (ev.timer !== null) clearTimeout(ev.timer);
    this.evaluating = null;
    const next = this.pendingConfig;
    this.pendingConfig = null;
    if (msg.type === 'error' && msg.error.kind === 'internal') {
      this.servingFailed(sv, failureFromError(msg.error.message));
      return;
    }
    if (next !== null) {
      this.postEvaluate(sv, next); // superseded: the newer config's reply is what counts
      return;
    }
    if (msg.type === 'error') {
      if (msg.error.kind !== 'stale') this.listener.onAnalysisError(msg.error, 'evaluate');
      return;
    }
    const generation = this.evaluateGeneration;
    const conversations = msg.conversations;
    unpackReport(msg.report, sv.transcript).then(
      (report) => {
        if (this.serving === sv && this.evaluateGeneration === generation) {
          sv.conversations = conversations;
          this.deliver(sv, report, false);
        }
      },
      (e: unknown) => this.servingFailed(sv, failureFromError(errorText(e))),
    );
  }

  /** The watched transcript grew: its new columns and reports replace the old. */
  private async grown(sv: Serving, msg: AppendedResponse): Promise<void> {
    const next = await unpackGrown(msg, this.yieldNow).catch((e: unknown) => {
      this.servingFailed(sv, failureFromError(errorText(e)));
      return null;
    });
    // Unpacking yields: a newer append's reply may have landed meanwhile.
    if (next === null || this.serving !== sv || msg.dataVersion < sv.dataVersion) return;
    Object.assign(sv, next.serving, { dataVersion: msg.dataVersion });
    // An evaluate in flight was about the version before: it is sent again for this one.
    if (this.evaluating !== null) this.pendingConfig ??= this.lastConfig;
    this.listener.onResult({ ...resultOf(sv, next.report, false), grown: next.grown });
  }

  private servingFailed(sv: Serving, f: WorkerFailure): void {
    if (this.serving !== sv) return;
    this.stopServing();
    // A load already under way will replace the lost transcript; otherwise retry reloads it.
    if (this.staging === null) this.retryInput = { input: sv.input, choice: sv.choice };
    this.listener.onWorkerFailed(f.message, f);
  }

  private deliver(sv: Serving, report: Report, newTranscript: boolean): void {
    this.listener.onResult(resultOf(sv, report, newTranscript));
  }
}

/** The `load` request of a staging load. */
function loadRequest(s: Staging, fault: TestFault | null): LoadRequest {
  const { choice } = s;
  return {
    type: 'load',
    requestId: s.requestId,
    dataVersion: s.dataVersion,
    input: s.input,
    config: s.config,
    format: choice.format,
    ...(choice.conversation === undefined ? {} : { conversation: choice.conversation }),
    ...(choice.clineResults === undefined ? {} : { clineResults: choice.clineResults }),
    ...(fault === null ? {} : { fault }),
    ...(s.watch ? { watch: true } : {}),
  };
}

/** What the page is told of the serving transcript's `report`. */
function resultOf(sv: Serving, report: Report, newTranscript: boolean): AnalysisResult {
  return {
    dataVersion: sv.dataVersion,
    formatLabel: sv.formatLabel,
    conversations: sv.conversations,
    conversation: sv.conversation,
    report,
    defaultReport: sv.defaultReport,
    newTranscript,
    name: sv.input.name,
    ...(sv.cut === undefined ? {} : { cut: sv.cut }),
    ...(sv.watch === true ? { watched: true, pending: sv.pending ?? null } : {}),
  };
}

/** What the page is told of a preview: a result of the loading transcript, marked as one. */
function previewResult(s: Staging, msg: PartialResponse, report: Report): AnalysisResult {
  return {
    dataVersion: s.dataVersion,
    formatLabel: msg.formatLabel,
    conversations: [],
    conversation: 0,
    report,
    defaultReport: report,
    newTranscript: false,
    name: s.input.name,
    preview: { read: msg.read, total: msg.total },
  };
}
