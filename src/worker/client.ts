/**
 * The main-thread side of the replay worker.
 *
 * - The transcript crosses once per load (a `File`/`Blob` handle, or the pasted string);
 *   config changes send only the config.
 * - Latest wins, trailing edge: at most one analysis request is in flight. Newer loads and
 *   config changes wait in a single pending slot (newest replaces older), so typing in the
 *   transcript box or dragging a number input never queues up stale work, and a reply
 *   superseded by a pending request is not delivered.
 * - If the worker errors, cannot be created, or does not answer within `timeoutMs`, the
 *   client terminates it, reports why and waits for `retry()`, which starts a fresh worker
 *   and resends the transcript. It never leaves a caller waiting forever.
 */
import type { DetectorConfig, Report } from '../detector/index';
import type {
  AnalysisError,
  DetailsResponse,
  TranscriptInput,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

/** What a client needs from a Worker (a fake in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

/** A finished analysis: the report for the latest config and the defaults' report. */
export interface AnalysisResult {
  readonly dataVersion: number;
  readonly formatLabel: string;
  readonly report: Report;
  readonly defaultReport: Report;
  /** True when this is the first result for a newly loaded transcript. */
  readonly newTranscript: boolean;
  /** The name of the loaded transcript (file name, sample name, "pasted text"). */
  readonly name: string;
}

export interface ReplayClientListener {
  /** An analysis request was posted (the UI shows `running`); `load` carries a new transcript. */
  onRunning(kind: 'load' | 'evaluate'): void;
  onResult(result: AnalysisResult): void;
  /** A load or evaluate failed; the previous result, if any, is still valid. */
  onAnalysisError(error: AnalysisError, requestType: 'load' | 'evaluate'): void;
  onDetails(response: DetailsResponse): void;
  /** The worker is gone; call `retry()` to start a new one. */
  onWorkerFailed(message: string): void;
}

export interface ReplayClientOptions {
  createWorker?: () => WorkerLike;
  /** How long one analysis may run before the worker is declared stuck. */
  timeoutMs?: number;
}

interface InFlight {
  readonly requestId: number;
  readonly input: TranscriptInput | null;
  readonly timer: ReturnType<typeof setTimeout> | null;
}

interface Pending {
  readonly input: TranscriptInput | null;
  readonly config: DetectorConfig;
}

function defaultWorker(): WorkerLike {
  return new Worker(new URL('./replay.worker.ts', import.meta.url), {
    type: 'module',
    name: 'loopscope-replay',
  }) as unknown as WorkerLike;
}

export class ReplayClient {
  private readonly createWorker: () => WorkerLike;
  private readonly timeoutMs: number;
  private worker: WorkerLike | null = null;
  private failed = false;
  private nextRequestId = 1;
  private nextDataVersion = 1;
  private inFlight: InFlight | null = null;
  private pending: Pending | null = null;
  /** The transcript the worker holds, if any. */
  private good: {
    dataVersion: number;
    input: TranscriptInput;
    formatLabel: string;
    defaultReport: Report;
  } | null = null;
  /** A load succeeded but its reply was superseded: the next result starts a new transcript. */
  private undeliveredLoad = false;
  private latestDetailsId = 0;
  /** What `retry()` resends after a failure. */
  private retryInput: TranscriptInput | null = null;
  private lastConfig: DetectorConfig | null = null;

  constructor(
    private readonly listener: ReplayClientListener,
    options: ReplayClientOptions = {},
  ) {
    this.createWorker = options.createWorker ?? defaultWorker;
    this.timeoutMs = options.timeoutMs ?? 120_000;
  }

  /** Analyse a new transcript with `config`. */
  load(input: TranscriptInput, config: DetectorConfig): void {
    this.lastConfig = config;
    if (this.failed) {
      this.retryInput = input;
      return;
    }
    this.pending = { input, config };
    this.pump();
  }

  /** Re-run the current (or pending) transcript with a new config. */
  evaluate(config: DetectorConfig): void {
    this.lastConfig = config;
    if (this.failed) return;
    this.pending = { input: this.pending?.input ?? null, config };
    this.pump();
  }

  /** Ask for one batch's details; only the reply to the newest request is delivered. */
  details(batchIndex: number): void {
    if (this.failed || this.good === null) return;
    const worker = this.ensureWorker();
    if (worker === null) return;
    const requestId = this.nextRequestId++;
    this.latestDetailsId = requestId;
    worker.postMessage({
      type: 'details',
      requestId,
      dataVersion: this.good.dataVersion,
      batchIndex,
    });
  }

  /** After a failure: a fresh worker, and the transcript sent again with the latest config. */
  retry(): void {
    if (!this.failed) return;
    this.failed = false;
    const input = this.retryInput;
    this.retryInput = null;
    if (input !== null && this.lastConfig !== null) this.load(input, this.lastConfig);
  }

  /**
   * Abandon a running load (a huge file): the worker is replaced and the previous
   * transcript, if any, is loaded again so the view and the worker agree. Returns whether
   * that reload started (false: nothing was loading, or there is no previous transcript).
   */
  cancel(): boolean {
    if (this.inFlight === null || this.inFlight.input === null) return false;
    this.stopWorker();
    this.pending = null;
    const previous = this.good;
    this.good = null;
    if (previous === null || this.lastConfig === null) return false;
    this.load(previous.input, this.lastConfig);
    return true;
  }

  /** Whether an analysis is in flight or waiting. */
  get busy(): boolean {
    return this.inFlight !== null || this.pending !== null;
  }

  dispose(): void {
    this.stopWorker();
    this.pending = null;
    this.failed = true;
  }

  private stopWorker(): void {
    if (this.inFlight?.timer != null) clearTimeout(this.inFlight.timer);
    this.inFlight = null;
    if (this.worker !== null) {
      this.worker.onmessage = null;
      this.worker.onerror = null;
      this.worker.onmessageerror = null;
      this.worker.terminate();
      this.worker = null;
    }
  }

  private ensureWorker(): WorkerLike | null {
    if (this.worker !== null) return this.worker;
    try {
      const w = this.createWorker();
      w.onmessage = (e) => this.receive(e.data);
      w.onerror = (e) => {
        e.preventDefault?.();
        this.fail(`The replay worker crashed: ${e.message || 'unknown error'}.`);
      };
      w.onmessageerror = () => this.fail('The replay worker sent a reply that could not be read.');
      this.worker = w;
      return w;
    } catch (e) {
      this.fail(
        `The replay worker could not start: ${e instanceof Error ? e.message : String(e)}.`,
      );
      return null;
    }
  }

  private pump(): void {
    if (this.failed || this.inFlight !== null || this.pending === null) return;
    const { input, config } = this.pending;
    if (input === null && this.good === null) return; // nothing to evaluate yet; config kept
    // Before the pending slot is cleared: a worker that cannot start keeps it for retry().
    const worker = this.ensureWorker();
    if (worker === null) return;
    this.pending = null;
    const requestId = this.nextRequestId++;
    const timer =
      this.timeoutMs > 0
        ? setTimeout(
            () =>
              this.fail(
                `The replay worker did not answer within ${Math.round(this.timeoutMs / 1000)} s.`,
              ),
            this.timeoutMs,
          )
        : null;
    this.inFlight = { requestId, input, timer };
    this.listener.onRunning(input !== null ? 'load' : 'evaluate');
    if (input !== null) {
      worker.postMessage({
        type: 'load',
        requestId,
        dataVersion: this.nextDataVersion++,
        input,
        config,
      });
    } else if (this.good !== null) {
      worker.postMessage({
        type: 'evaluate',
        requestId,
        dataVersion: this.good.dataVersion,
        config,
      });
    }
  }

  private receive(msg: WorkerResponse): void {
    if (msg.type === 'details' || (msg.type === 'error' && msg.requestType === 'details')) {
      if (msg.requestId !== this.latestDetailsId) return;
      if (msg.type === 'details' && msg.dataVersion === this.good?.dataVersion) {
        this.listener.onDetails(msg);
      }
      return;
    }
    const flight = this.inFlight;
    if (flight === null || msg.requestId !== flight.requestId) return;
    if (flight.timer !== null) clearTimeout(flight.timer);
    this.inFlight = null;
    const superseded = this.pending !== null;
    const supersededByLoad = this.pending?.input != null;

    if (msg.type === 'loaded' && flight.input !== null) {
      this.good = {
        dataVersion: msg.dataVersion,
        input: flight.input,
        formatLabel: msg.formatLabel,
        defaultReport: msg.defaultReport,
      };
      if (superseded) this.undeliveredLoad = !supersededByLoad;
      else this.deliver(msg.report, true);
    } else if (msg.type === 'evaluated') {
      if (!superseded) this.deliver(msg.report, this.undeliveredLoad);
    } else if (msg.type === 'error') {
      const requestType = msg.requestType === 'load' ? 'load' : 'evaluate';
      if (!supersededByLoad && !(superseded && requestType === 'evaluate')) {
        this.listener.onAnalysisError(msg.error, requestType);
      }
    }
    this.pump();
  }

  private deliver(report: Report, newTranscript: boolean): void {
    if (this.good === null) return;
    this.undeliveredLoad = false;
    this.listener.onResult({
      dataVersion: this.good.dataVersion,
      formatLabel: this.good.formatLabel,
      report,
      defaultReport: this.good.defaultReport,
      newTranscript,
      name: this.good.input.name,
    });
  }

  private fail(message: string): void {
    if (this.failed) return;
    const flight = this.inFlight;
    this.retryInput = this.pending?.input ?? flight?.input ?? this.good?.input ?? null;
    this.stopWorker();
    this.pending = null;
    this.good = null;
    this.failed = true;
    this.listener.onWorkerFailed(message);
  }
}
