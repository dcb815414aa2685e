/**
 * The main-thread side of issue 7's worker messages: zoo and sweep requests ride on the
 * replay client's worker and transcript. Latest wins per type, and a reply about another
 * transcript than the one the client holds is dropped.
 */
import type { AnalysisError, WorkerResponse } from './protocol';
import type { SweepRequest, SweepResponse, ZooRequest, ZooResponse } from './zooProtocol';

/** Where zoo and sweep replies go. */
export interface SideListener {
  onZoo(response: ZooResponse): void;
  onSweep(response: SweepResponse): void;
  /** The newest zoo or sweep request failed (not for stale transcripts, which re-request). */
  onSideError(type: 'zoo' | 'sweep', error: AnalysisError): void;
}

/** Tracks the newest zoo and sweep request ids and routes their replies. */
export class SideChannel {
  listener: SideListener | null = null;
  private latest = { zoo: 0, sweep: 0 };

  /** Records `req` as the newest of its type and returns it, for posting. */
  request<R extends ZooRequest | SweepRequest>(req: R): R {
    this.latest[req.type] = req.requestId;
    return req;
  }

  /**
   * Consumes `msg` if it is a zoo or sweep reply (or their error), delivering it when it is
   * the newest of its type and about `dataVersion`. Returns whether it was consumed.
   */
  receive(msg: WorkerResponse, dataVersion: number | null): boolean {
    const type =
      msg.type === 'zoo' || msg.type === 'sweep'
        ? msg.type
        : msg.type === 'error' && (msg.requestType === 'zoo' || msg.requestType === 'sweep')
          ? msg.requestType
          : null;
    if (type === null || !('requestId' in msg)) return false;
    if (msg.requestId !== this.latest[type] || msg.dataVersion !== dataVersion) return true;
    const l = this.listener;
    if (l === null) return true;
    if (msg.type === 'zoo') l.onZoo(msg);
    else if (msg.type === 'sweep') l.onSweep(msg);
    else if (msg.type === 'error' && msg.error.kind !== 'stale') l.onSideError(type, msg.error);
    return true;
  }
}
