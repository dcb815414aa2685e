/**
 * The batch search: the query, the worker's latest reply and stepping through the matches.
 * The reply is only used while it is about the shown transcript and the current query (see
 * `currentSearch`), so typing on or opening another file never shows stale marks.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { SearchResponse } from '../../worker/search/protocol';
import type { AppState, Engine, Slice } from '../types';

export interface SearchSlice {
  searchQuery: string;
  /** The newest search reply (possibly for an older query or transcript: `currentSearch`). */
  searchReply: SearchResponse | null;
  searchError: string | null;
  setSearchQuery(query: string): void;
  /** Selects the next match after the selection (1) or the one before it (-1), wrapping. */
  stepMatch(direction: 1 | -1): void;
}

export const createSearchSlice: Slice<SearchSlice> = (_deps, engine) => (set, get) => ({
  searchQuery: '',
  searchReply: null,
  searchError: null,
  setSearchQuery(query) {
    if (query === get().searchQuery) return;
    set({ searchQuery: query, searchError: null });
    if (query !== '' && get().result !== null) engine.client?.search?.(query);
  },
  stepMatch(direction) {
    const s = get();
    const found = currentSearch(s);
    if (found === null) return;
    const at = matchAfter(found.batches, s.selectedIndex, direction);
    if (at !== null) s.select(at);
  },
});

/** The match after `from` (or before it), wrapping around; null when there is none. */
export function matchAfter(
  batches: ArrayLike<number>,
  from: number | null,
  direction: 1 | -1,
): number | null {
  const n = batches.length;
  if (n === 0) return null;
  if (from === null) return (direction === 1 ? batches[0] : batches[n - 1]) as number;
  // Binary search for the first match above `from`, then step from there.
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((batches[mid] as number) <= from) lo = mid + 1;
    else hi = mid;
  }
  if (direction === 1) return batches[lo % n] as number;
  const below = (batches[lo - 1] as number) === from ? lo - 2 : lo - 1;
  return batches[(below + n) % n] as number;
}

/** The search reply for the shown transcript and the current query, or null. */
export function currentSearch(
  s: Pick<AppState, 'searchReply' | 'searchQuery' | 'result'>,
): SearchResponse | null {
  const r = s.searchReply;
  if (r === null || s.result === null || s.searchQuery === '') return null;
  return r.dataVersion === s.result.dataVersion && r.query === s.searchQuery ? r : null;
}

/** Searches a new transcript for the query already in the box. */
export function wireSearch(store: StoreApi<AppState>, engine: Engine): void {
  store.subscribe((s, prev) => {
    if (s.result === null || s.searchQuery === '') return;
    if (s.result.dataVersion !== prev.result?.dataVersion) engine.client?.search?.(s.searchQuery);
  });
}
