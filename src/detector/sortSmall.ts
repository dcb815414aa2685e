/**
 * Sorts `a` in place by `cmp`. Short arrays (the common case: an object's members, a batch's
 * calls) get an insertion sort, which allocates nothing; `Array.prototype.sort` allocates a
 * scratch copy on every call, and at 100k batches that scratch was a third of what the
 * prepare step allocated. Longer arrays go to the built-in sort. Both are stable.
 */
export function sortSmall<T>(a: T[], cmp: (x: T, y: T) => number): T[] {
  const n = a.length;
  if (n > SMALL) return a.sort(cmp);
  for (let i = 1; i < n; i++) {
    const x = a[i] as T;
    let j = i - 1;
    // Moves past strictly greater elements only, so equal ones keep their order.
    while (j >= 0 && cmp(a[j] as T, x) > 0) {
      a[j + 1] = a[j] as T;
      j--;
    }
    a[j + 1] = x;
  }
  return a;
}

/** The longest array sorted by insertion (at most ~500 comparisons). */
const SMALL = 32;
