/**
 * The Messages view's cache of pages asked of the worker: a page of `PAGE` messages is asked
 * once per transcript version, and kept; what a row needs is read from it.
 */
import type { MessageEntry, MessagesResponse } from '../../worker/protocol';

export const PAGE = 100;

export class MessagePageCache {
  private readonly pages = new Map<number, readonly MessageEntry[]>();
  private readonly asked = new Set<number>();
  /** The transcript's message count, as the worker last said. */
  total: number | null = null;

  /** The entry of message `i`, or undefined while its page has not come. */
  at(i: number): MessageEntry | undefined {
    return this.pages.get(Math.floor(i / PAGE))?.[i % PAGE];
  }

  /** The pages that rows `first` to `last` need and that were not asked for yet. */
  missing(first: number, last: number): number[] {
    const out: number[] = [];
    for (let p = Math.floor(first / PAGE); p <= Math.floor(last / PAGE); p++) {
      if (!this.asked.has(p)) {
        this.asked.add(p);
        out.push(p);
      }
    }
    return out;
  }

  /** A page's reply; a failed one (null) may be asked again. */
  take(page: number, reply: MessagesResponse | null): void {
    if (reply === null) {
      this.asked.delete(page);
      return;
    }
    this.total = reply.total;
    this.pages.set(page, reply.items);
  }
}
