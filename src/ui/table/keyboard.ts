/**
 * The view row a navigation key moves the selection to, or null when the key is not a
 * navigation key. `current` is the selected row's view position (-1 when none is visible);
 * from no selection, any movement lands on the first row (End on the last).
 */
export function rowForKey(
  key: string,
  current: number,
  rowCount: number,
  pageRows: number,
): number | null {
  if (rowCount === 0) return null;
  const last = rowCount - 1;
  const clamp = (r: number) => Math.min(last, Math.max(0, r));
  const page = Math.max(1, pageRows);
  switch (key) {
    case 'ArrowDown':
      return current < 0 ? 0 : clamp(current + 1);
    case 'ArrowUp':
      return current < 0 ? 0 : clamp(current - 1);
    case 'PageDown':
      return current < 0 ? 0 : clamp(current + page);
    case 'PageUp':
      return current < 0 ? 0 : clamp(current - page);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Enter':
    case ' ':
      return current < 0 ? 0 : current;
    default:
      return null;
  }
}
