/**
 * The main-thread side of the zoo's, the sweep's and the search's worker messages: they ride
 * on the replay client's worker and transcript. Latest wins per type, and a reply about another
 * transcript than the one the client holds is dropped.
 */
import type { AnalysisError, WorkerResponse } from '../protocol';
import type { ZooResult } from '../../zoo/index';
import { unpackLanes } from '../../report/zooPacked';
import type { SweepRequest, SweepResponse, ZooRequest, ZooResponse } from './protocol';
import type { SearchRequest, SearchResponse } from '../search/protocol';

type SideType = 'zoo' | 'sweep' | 'search';

/** Where zoo, sweep and search replies go. */
export interface SideListener {
  onZoo(response: ZooResponse): void;
  onSweep(response: SweepResponse): void;
  onSearch?(response: SearchResponse): void;
  /** The newest side request failed (not for stale transcripts, which re-request). */
  onSideError(type: SideType, error: AnalysisError): void;
}

const isSide = (t: string): t is SideType => t === 'zoo' || t === 'sweep' || t === 'search';

/** Tracks the newest zoo, sweep and search request ids and routes their replies. */
export class SideChannel {
  listener: SideListener | null = null;
  private latest = { zoo: 0, sweep: 0, search: 0 };
  /** The lane results last delivered, so the worker need not send them again. */
  private held: { dataVersion: number; resultsId: number; results: ZooResult[] } | null = null;

  /**
   * Records `req` as the newest of its type and returns it, for posting; a zoo request says
   * which lane results it holds for that transcript.
   */
  request<R extends ZooRequest | SweepRequest | SearchRequest>(req: R): R {
    this.latest[req.type] = req.requestId;
    if (req.type === 'zoo' && this.held !== null && this.held.dataVersion === req.dataVersion) {
      return { ...req, haveResultsId: this.held.resultsId };
    }
    return req;
  }

  /**
   * Consumes `msg` if it is a zoo, sweep or search reply (or their error), delivering it when
   * it is the newest of its type and about `dataVersion`. Returns whether it was consumed.
   */
  receive(msg: WorkerResponse, dataVersion: number | null): boolean {
    const type = isSide(msg.type)
      ? (msg.type as SideType)
      : msg.type === 'error' && isSide(msg.requestType)
        ? msg.requestType
        : null;
    if (type === null || !('requestId' in msg)) return false;
    if (msg.requestId !== this.latest[type] || msg.dataVersion !== dataVersion) return true;
    const l = this.listener;
    if (l === null) return true;
    if (msg.type === 'zoo') {
      const { lanes, ...rest } = msg;
      let results: ZooResult[];
      if (lanes !== null) {
        results = unpackLanes(lanes);
        this.held = { dataVersion: msg.dataVersion, resultsId: msg.resultsId, results };
      } else if (
        this.held !== null &&
        this.held.dataVersion === msg.dataVersion &&
        this.held.resultsId === msg.resultsId
      ) {
        results = this.held.results;
      } else {
        // Cannot happen (the worker omits only the results the request said it holds, and
        // those change only on delivery of a newer reply); said rather than shown empty.
        l.onSideError('zoo', {
          kind: 'internal',
          message:
            'The detector lanes arrived without their results; change any lane setting to recompute them.',
        });
        return true;
      }
      l.onZoo({ ...rest, results });
    } else if (msg.type === 'sweep') l.onSweep(msg);
    else if (msg.type === 'search') l.onSearch?.(msg);
    else if (msg.type === 'error' && msg.error.kind !== 'stale') l.onSideError(type, msg.error);
    return true;
  }
}
