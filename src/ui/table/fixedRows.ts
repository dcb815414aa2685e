// Windowing for rows of one fixed height. A general virtualizer measures every row up front
// (an object per row, rebuilt for 100k rows whenever the row count changes); with a fixed
// height the window is two divisions and scrolling to a row is one multiplication.
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** The rows to draw, `from`..`to` inclusive (`to < from` when there are none). */
interface RowWindow {
  readonly from: number;
  readonly to: number;
}

/** The rows a viewport shows, `overscan` more on each side, within `count`. */
export function rowWindow(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan: number,
): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { from: 0, to: -1 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewport)) / rowHeight) - 1;
  const from = Math.min(count - 1, Math.max(0, first - overscan));
  const to = Math.min(count - 1, Math.max(from, last + overscan));
  return { from, to };
}

/**
 * Where to scroll so row `index` is fully in view, moving as little as possible (the
 * virtualizer's `align: 'auto'`); null when it already is.
 */
export function scrollTopFor(
  index: number,
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  /** Height of the sticky header over the rows' top: a row under it is not in view. */
  head = 0,
): number | null {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  viewport = Math.max(rowHeight, viewport - head);
  if (top < scrollTop) return top;
  if (bottom <= scrollTop + viewport) return null;
  // A row taller than the viewport shows its top.
  const to = Math.max(0, Math.min(top, bottom - viewport));
  return to === scrollTop ? null : to;
}

interface FixedRows extends RowWindow {
  readonly totalSize: number;
  scrollToIndex(index: number): void;
  scrollToOffset(offset: number): void;
}

/** Follows the scroll element's position and size and gives the window of rows to draw. */
export function useFixedRows(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan: number,
): FixedRows {
  const [view, setView] = useState({ top: 0, height: 0 });
  useEffect(() => {
    const el = scrollRef.current;
    if (el === null) return;
    const read = () =>
      setView((v) =>
        v.top === el.scrollTop && v.height === el.clientHeight
          ? v
          : { top: el.scrollTop, height: el.clientHeight },
      );
    read();
    el.addEventListener('scroll', read, { passive: true });
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null;
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      ro?.disconnect();
    };
  }, [scrollRef]);
  const scrollToIndex = useCallback(
    (index: number) => {
      const el = scrollRef.current;
      if (el === null) return;
      // The rows start below the sticky header (the body's offset in the scroller).
      const body = el.querySelector('tbody');
      const head = body instanceof HTMLElement ? body.offsetTop : 0;
      const to = scrollTopFor(index, el.scrollTop, el.clientHeight, rowHeight, head);
      if (to !== null) el.scrollTop = to;
    },
    [scrollRef, rowHeight],
  );
  const scrollToOffset = useCallback(
    (offset: number) => {
      const el = scrollRef.current;
      if (el !== null) el.scrollTop = offset;
    },
    [scrollRef],
  );
  const w = rowWindow(view.top, view.height, rowHeight, count, overscan);
  return { ...w, totalSize: count * rowHeight, scrollToIndex, scrollToOffset };
}
