// Folds a row's items, in order, until the row fits its box.
import { useLayoutEffect, type RefObject } from 'react';

/**
 * Folds a row's items, in the given order, until the row fits its box: a folded item
 * (`data-folded`) is hidden from sight but stays in the accessibility tree, and the row's
 * tooltip names what is folded (a marker beside it would take the room it frees). Measured
 * before paint, again whenever the row's box changes size and whenever `deps` change.
 */
export function useFoldToFit(
  rowRef: RefObject<HTMLElement | null>,
  /** The `data-fold` keys of the items that may fold, the first to fold first. */
  order: readonly string[],
  deps: readonly unknown[],
): void {
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (row === null) return;
    const fit = () => {
      const items = order
        .map((key) => row.querySelector<HTMLElement>(`[data-fold="${key}"]`))
        .filter((el): el is HTMLElement => el !== null);
      for (const el of items) el.removeAttribute('data-folded');
      const folded: HTMLElement[] = [];
      for (const el of items) {
        if (row.scrollWidth <= row.clientWidth) break;
        el.setAttribute('data-folded', '');
        folded.push(el);
      }
      if (folded.length === 0) row.removeAttribute('title');
      else row.title = `Also: ${folded.map(describe).join('; ')}`;
    };
    fit();
    // The row's container: folding changes the row's own size, never its container's.
    const box = row.parentElement ?? row;
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    ro?.observe(box);
    return () => ro?.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what changes the row
  }, deps);
}

/** "Format: OpenAI Chat Completions" for a folded term and its value. */
function describe(el: HTMLElement): string {
  const term = el.querySelector('dt')?.textContent ?? '';
  const value = el.querySelector('dd')?.textContent ?? el.textContent ?? '';
  return term === '' ? value : `${term}: ${value}`;
}
