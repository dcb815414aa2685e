// Binary search over ascending arrays of batch or mark indices: the search's matches, a
// lane's marks, a range's refusals; there may be 100k of them, so no scan.

/** The first position in ascending `a` whose value is at least `v` (`a.length` if none). */
export function lowerBound(a: ArrayLike<number>, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
