// Reading the search's matches: ascending batch indices, binary searched (there may be 100k).
import { formatCount, formatNumber } from '../format';
import { lowerBound } from '../sorted';

/** Whether batch `i` is among `matches`. */
export function isMatch(matches: ArrayLike<number>, i: number): boolean {
  return matches[lowerBound(matches, i)] === i;
}

/** What the search box says: nothing, searching, none, "3 of 12" on a match, else "12 matches". */
export function matchCountText(
  query: string,
  matches: ArrayLike<number> | null,
  selected: number | null,
): string {
  if (query === '') return '';
  if (matches === null) return 'Searching…';
  const n = matches.length;
  if (n === 0) return 'No matches';
  const at = selected === null ? -1 : lowerBound(matches, selected);
  if (at >= 0 && matches[at] === selected) return `${formatNumber(at + 1)} of ${formatNumber(n)}`;
  return formatCount(n, 'match');
}
