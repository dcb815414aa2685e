/**
 * Finding batches by text: a call's tool name, its arguments as sent, or the text of its
 * answers, case-insensitive and plain (no patterns). Runs in the worker, which holds the
 * messages; a slice of batches at a time so the worker answers other requests in between.
 */
import { extractText, type ChatMessage, type MessageList } from '../../detector/index';
import { isJsonObject, printJson, type JsonValue } from '../../json/index';

/** Where a batch matched, as bits of `SearchMatches.where`. */
export const MATCH_NAME = 1;
export const MATCH_ARGUMENTS = 2;
export const MATCH_ANSWER = 4;
/** The batch's signature is the one the query names (a signature, a hash, a pasted note). */
export const MATCH_SIGNATURE = 8;

interface SearchMatches {
  /** Matching batch indices, ascending. */
  readonly batches: Uint32Array;
  /** For each of `batches`: the `MATCH_*` bits of the places it matched. */
  readonly where: Uint8Array;
}

/** What a batch is searched by: its message's place (the report's `messageIndex`). */
interface SearchTarget {
  readonly messageIndices: ArrayLike<number>;
  readonly messages: MessageList;
}

/** A value's text as a person reads it: a string as is, text parts joined, else its JSON. */
function textOf(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    const t = extractText(v);
    if (t !== '') return t;
  }
  return printJson(v);
}

/** The `MATCH_*` bits of one batch for a lower-cased `needle`. */
function matchBatch(messages: MessageList, messageIndex: number, needle: string): number {
  const m = messages.at(messageIndex);
  if (m === undefined) return 0;
  let where = 0;
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls : [];
  for (const el of calls) {
    const fn = isJsonObject(el) ? el.get('function') : undefined;
    if (!isJsonObject(fn)) continue;
    const name = fn.get('name');
    if (typeof name === 'string' && name.toLowerCase().includes(needle)) where |= MATCH_NAME;
    if (
      (where & MATCH_ARGUMENTS) === 0 &&
      textOf(fn.get('arguments')).toLowerCase().includes(needle)
    ) {
      where |= MATCH_ARGUMENTS;
    }
  }
  for (let j = messageIndex + 1; j < messages.length; j++) {
    const t = messages.at(j) as ChatMessage;
    if (t.role !== 'tool') break;
    if (textOf(t.content).toLowerCase().includes(needle)) {
      where |= MATCH_ANSWER;
      break;
    }
  }
  return where;
}

/**
 * A search over some batches (all, or the matches of a shorter query the new one contains),
 * advanced a slice at a time. `advance(n)` searches up to `n` more batches and returns
 * whether it is done.
 */
export class Search {
  private readonly hits: number[] = [];
  private readonly bits: number[] = [];
  private next = 0;
  readonly needle: string;

  constructor(
    private readonly target: SearchTarget,
    query: string,
    /** The batches to look at, ascending; null for all of them. */
    private readonly within: ArrayLike<number> | null = null,
  ) {
    this.needle = query.toLowerCase();
  }

  private get size(): number {
    return this.within?.length ?? this.target.messageIndices.length;
  }

  advance(n: number): boolean {
    const end = Math.min(this.size, this.next + n);
    if (this.needle === '') this.next = end;
    for (; this.next < end; this.next++) {
      const b = this.within === null ? this.next : (this.within[this.next] as number);
      const where = matchBatch(
        this.target.messages,
        this.target.messageIndices[b] as number,
        this.needle,
      );
      if (where !== 0) {
        this.hits.push(b);
        this.bits.push(where);
      }
    }
    return this.next >= this.size;
  }

  get matches(): SearchMatches {
    return { batches: Uint32Array.from(this.hits), where: Uint8Array.from(this.bits) };
  }
}
