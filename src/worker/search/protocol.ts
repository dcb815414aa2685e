/**
 * The worker messages of the batch search over the transcript the worker holds. Imported
 * into the unions of `protocol.ts`; like every request it carries a `requestId` (latest
 * wins: an older search stops at its next slice) and the `dataVersion` it is about.
 */

/** Find the batches whose tool names, arguments or answers contain `query` (any case). */
export interface SearchRequest {
  readonly type: 'search';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly query: string;
}

/** Reply to `search`. */
export interface SearchResponse {
  readonly type: 'search';
  readonly requestId: number;
  readonly dataVersion: number;
  readonly query: string;
  /** Matching batch indices, ascending. */
  readonly batches: Uint32Array;
  /** Per match, where it matched: bits of `MATCH_NAME`, `MATCH_ARGUMENTS`, `MATCH_ANSWER`. */
  readonly where: Uint8Array;
  /** False when a newer search replaced this one part way (its matches are partial). */
  readonly complete: boolean;
  /**
   * For a query that names a signature (a signature, a hash, a pasted note or 400 text): the
   * batch to go to, the first refused match or else the first match.
   */
  readonly goTo?: number;
}
