/**
 * The next load's worker, started ahead: a while after a load ends (landed, failed or
 * cancelled) so a new transcript does not wait for a worker to boot (its script fetched,
 * compiled and run). Not at once, because a load that lands
 * leaves the serving worker computing the detector lanes and the page drawing, and on a small
 * machine a worker booting beside them takes a core from one of the two.
 */
import type { WorkerLike } from './clientSupport';

/** A worker started ahead of the next load. */
interface Spare {
  readonly worker: WorkerLike;
  /** Its script ran (it posted something). */
  started: boolean;
  /** It reported an error before any load was given to it: it is not used. */
  failed: boolean;
}

export class SpareWorker {
  private spare: Spare | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  /** `canStart` says, when the time comes, whether to start one (no load runs, say). */
  constructor(
    private readonly createWorker: () => WorkerLike,
    private readonly afterMs: number,
    private readonly canStart: () => boolean,
  ) {}

  /** A load ended: start the next one's worker `afterMs` from now, unless one is up or due. */
  schedule(): void {
    if (this.disposed || this.spare !== null || this.timer !== null) return;
    // While the timer runs there is no spare (take() and dispose() leave none), and dispose()
    // clears the timer: only whether a load runs by then is left to ask.
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.canStart()) return;
      let worker: WorkerLike;
      try {
        worker = this.createWorker();
      } catch {
        return; // the next load starts its own worker and reports why it could not
      }
      const spare: Spare = { worker, started: false, failed: false };
      worker.onmessage = () => {
        spare.started = true;
      };
      worker.onerror = (e) => {
        e.preventDefault?.();
        spare.failed = true;
      };
      worker.onmessageerror = () => {
        spare.failed = true;
      };
      this.spare = spare;
    }, this.afterMs);
  }

  /** The spare for a load, if one is up and sound; it is then no longer the spare. */
  take(): Spare | null {
    const spare = this.spare;
    this.spare = null;
    if (spare === null || !spare.failed) return spare;
    spare.worker.terminate();
    return null;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.spare?.worker.terminate();
    this.spare = null;
  }
}
