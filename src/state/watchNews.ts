/**
 * What a watched file's new batches are worth saying aloud: a new refusal, or a run that has
 * reached its threshold (the next identical batch would be refused). One sentence, for the
 * page's live region; null when the new batches change nothing a person waits for.
 */
import type { Report } from '../detector/index';

export function watchNews(before: Report | null, after: Report): string | null {
  const from = before?.batches.length ?? 0;
  const batches = after.batches;
  for (let i = batches.length - 1; i >= from; i--) {
    const b = batches[i];
    if (b?.refused === true) {
      const why = b.reason === 'ceiling' ? 'its ceiling' : 'its strike threshold';
      return `New refusal: batch #${b.index} (${b.calls[0]?.name ?? 'no call'}) went past ${why}.`;
    }
  }
  const last = batches[batches.length - 1];
  if (last !== undefined && last.index >= from && !last.refused && last.count === last.threshold) {
    return `Batch #${last.index} (${last.calls[0]?.name ?? 'no call'}) is at its threshold (${last.count} of ${last.threshold}): the next identical batch would be refused.`;
  }
  return null;
}
