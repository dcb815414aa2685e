/**
 * The worker side of the batch search. One search runs at a time: a newer request makes
 * the running one stop at its next slice. A query that contains the last complete one (the
 * person typed on) looks only at that one's matches.
 */
import {
  matchesSignature,
  signatureQuery,
  type MessageList,
  type Report,
} from '../../detector/index';
import { MATCH_SIGNATURE, Search } from './search';
import type { SearchRequest, SearchResponse } from './protocol';
import type { Pause } from '../zoo/handle';

/** Batches searched between two pauses: a slice of a 100k-batch search stays a few ms. */
const SEARCH_SLICE = 500;

interface SearchContext {
  readonly messages: MessageList;
  readonly report: Report;
}

interface SearchHandler {
  search(req: SearchRequest, ctx: SearchContext, pause: Pause): Promise<SearchResponse>;
}

export function createSearchHandler(): SearchHandler {
  let latest = 0;
  let last: { messages: MessageList; needle: string; batches: Uint32Array } | null = null;
  const indicesOf = new WeakMap<Report['batches'], Uint32Array>();
  const messageIndices = (report: Report): Uint32Array => {
    let ix = indicesOf.get(report.batches);
    if (ix === undefined) {
      ix = Uint32Array.from(report.batches, (b) => b.messageIndex);
      indicesOf.set(report.batches, ix);
    }
    return ix;
  };

  return {
    async search(req, ctx, pause) {
      latest = req.requestId;
      const bySignature = signatureMatches(req, ctx.report);
      if (bySignature !== null) return bySignature;
      const needle = req.query.toLowerCase();
      const within =
        last !== null && last.messages === ctx.messages && needle.includes(last.needle)
          ? last.batches
          : null;
      const s = new Search(
        { messages: ctx.messages, messageIndices: messageIndices(ctx.report) },
        req.query,
        within,
      );
      let complete = true;
      while (!s.advance(SEARCH_SLICE)) {
        await pause();
        if (latest !== req.requestId) {
          complete = false;
          break;
        }
      }
      const { batches, where } = s.matches;
      if (complete && needle !== '') last = { messages: ctx.messages, needle, batches };
      return {
        type: 'search',
        requestId: req.requestId,
        dataVersion: req.dataVersion,
        query: req.query,
        batches,
        where,
        complete,
      };
    },
  };
}

/**
 * The batches a signature query names (every batch of that signature), with the one to go to;
 * null when the query names no signature or none matches (then it is searched as text).
 */
function signatureMatches(req: SearchRequest, report: Report): SearchResponse | null {
  const q = signatureQuery(req.query);
  if (q === null) return null;
  const hits: number[] = [];
  let goTo = -1;
  for (const b of report.batches) {
    if (!matchesSignature(b.signature, q)) continue;
    hits.push(b.index);
    if (goTo < 0 && b.refused) goTo = b.index;
  }
  if (hits.length === 0) return null;
  return {
    type: 'search',
    requestId: req.requestId,
    dataVersion: req.dataVersion,
    query: req.query,
    batches: Uint32Array.from(hits),
    where: new Uint8Array(hits.length).fill(MATCH_SIGNATURE),
    complete: true,
    goTo: goTo >= 0 ? goTo : (hits[0] as number),
  };
}
