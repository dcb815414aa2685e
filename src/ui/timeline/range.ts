// A range of batches chosen on the timeline: from a drag's two x positions, or grown a batch
// at a time from the keyboard. Pure, so both are tested without a canvas.
import { pxToIndex, type Scale } from './scale';
import type { BatchRange } from './viewState';

/** The batch under canvas x on `scale`, clamped to a transcript of `n` batches. */
export function batchAtPx(scale: Scale, n: number, x: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(pxToIndex(scale, x))));
}

/**
 * The batches a drag from x `from` to x `to` covers, both ends included, whichever way it
 * went; null without batches.
 */
export function rangeFromPixels(
  scale: Scale,
  n: number,
  from: number,
  to: number,
): BatchRange | null {
  if (n <= 0) return null;
  const a = batchAtPx(scale, n, from);
  const b = batchAtPx(scale, n, to);
  return { first: Math.min(a, b), last: Math.max(a, b) };
}

/** Where a key moves the range's free end: a batch either way, or to either end. */
export type RangeStep = 'next' | 'prev' | 'first' | 'last';

/**
 * The range after a Shift+key, as a text selection grows: the anchor stays (the selected
 * batch, or the range's end it shares with the selection), the other end moves. Without a
 * range the anchor is `fallback` (the selected batch, else the first in view).
 */
export function extendRange(
  range: BatchRange | null,
  selected: number | null,
  fallback: number,
  step: RangeStep,
  n: number,
): { range: BatchRange; head: number } | null {
  if (n <= 0) return null;
  let anchor: number;
  let head: number;
  if (range === null) {
    anchor = head = Math.min(n - 1, Math.max(0, selected ?? fallback));
  } else if (selected === range.last && selected !== range.first) {
    anchor = range.last;
    head = range.first;
  } else {
    anchor = range.first;
    head = range.last;
  }
  const moved =
    step === 'next' ? head + 1 : step === 'prev' ? head - 1 : step === 'first' ? 0 : n - 1;
  head = Math.min(n - 1, Math.max(0, moved));
  return { range: { first: Math.min(anchor, head), last: Math.max(anchor, head) }, head };
}

/** Whether two ranges (or their absence) are the same. */
export function sameRange(a: BatchRange | null, b: BatchRange | null): boolean {
  return a === b || (a !== null && b !== null && a.first === b.first && a.last === b.last);
}
