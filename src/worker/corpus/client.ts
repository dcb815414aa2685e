/**
 * The main-thread side of the corpus worker: posts requests with increasing ids and hands
 * every reply to one listener. The worker starts on first use; if it fails, the listener
 * hears an `error` (request id 0) and the next request starts a fresh worker, whose cache
 * is empty, so the caller clears its rows.
 */
import type { DetectorConfig } from '../../detector/index';
import type { CorpusFile, CorpusMark, CorpusRequest, CorpusResponse } from './protocol';

/** What the client needs from a Worker (a fake in tests). */
interface CorpusWorkerLike {
  postMessage(message: CorpusRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<CorpusResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** The part of the client the store drives. */
export interface CorpusClientPort {
  add(files: readonly CorpusFile[], config: DetectorConfig): number;
  evaluate(config: DetectorConfig): number;
  text(rowId: string): number;
  sweep(config: DetectorConfig, marks: readonly { rowId: string; mark: CorpusMark }[]): number;
  cancel(): void;
  clear(): void;
}

function defaultWorker(): CorpusWorkerLike {
  return new Worker(new URL('./corpus.worker.ts', import.meta.url), {
    type: 'module',
    name: 'loopscope-corpus',
  }) as unknown as CorpusWorkerLike;
}

export class CorpusClient implements CorpusClientPort {
  private worker: CorpusWorkerLike | null = null;
  private nextId = 1;

  constructor(
    private readonly listener: (response: CorpusResponse) => void,
    private readonly createWorker: () => CorpusWorkerLike = defaultWorker,
  ) {}

  private post(build: (requestId: number) => CorpusRequest): number {
    const request = build(this.nextId++);
    try {
      this.ensure().postMessage(request);
    } catch (e) {
      this.fail(e instanceof Error ? e.message : String(e));
    }
    return request.requestId;
  }

  private ensure(): CorpusWorkerLike {
    if (this.worker !== null) return this.worker;
    const w = this.createWorker();
    w.onmessage = (event) => this.listener(event.data);
    w.onerror = (event) => {
      event.preventDefault();
      this.fail(event.message || 'the corpus worker stopped');
    };
    this.worker = w;
    return w;
  }

  private fail(message: string): void {
    this.worker?.terminate();
    this.worker = null;
    this.listener({ type: 'error', requestId: 0, message });
  }

  add(files: readonly CorpusFile[], config: DetectorConfig): number {
    return this.post((requestId) => ({ type: 'add', requestId, files, config }));
  }

  evaluate(config: DetectorConfig): number {
    return this.post((requestId) => ({ type: 'evaluate', requestId, config }));
  }

  text(rowId: string): number {
    return this.post((requestId) => ({ type: 'text', requestId, rowId }));
  }

  sweep(config: DetectorConfig, marks: readonly { rowId: string; mark: CorpusMark }[]): number {
    return this.post((requestId) => ({ type: 'sweep', requestId, config, marks }));
  }

  cancel(): void {
    if (this.worker !== null) this.post((requestId) => ({ type: 'cancel', requestId }));
  }

  clear(): void {
    if (this.worker !== null) this.post((requestId) => ({ type: 'clear', requestId }));
  }
}
