// The arithmetic of a two-pane vertical split, apart from the component so it is tested with
// numbers: the top pane's height in pixels, kept within both panes' minimums.

/** The top pane's height, clamped so each pane keeps its minimum (the top wins a tie). */
export function clampSplit(
  top: number,
  container: number,
  minTop: number,
  minBottom: number,
): number {
  const max = Math.max(minTop, container - minBottom);
  return Math.round(Math.min(max, Math.max(minTop, top)));
}

/** A remembered split: the top pane's share of the height, 0..1, or null when unreadable. */
export function parseSplit(text: string | null): number | null {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n < 1 ? n : null;
}

/** The height a key moves the split to, or null for a key the splitter does not take. */
export function keyedSplit(
  key: string,
  shift: boolean,
  top: number,
  container: number,
  minTop: number,
  minBottom: number,
): number | null {
  const step = shift ? 64 : 16;
  const to =
    key === 'ArrowUp'
      ? top - step
      : key === 'ArrowDown'
        ? top + step
        : key === 'Home'
          ? minTop
          : key === 'End'
            ? container - minBottom
            : null;
  return to === null ? null : clampSplit(to, container, minTop, minBottom);
}
