import { describe, expect, it } from 'vitest';
import { rowWindow, scrollTopFor } from '../../../../src/ui/table/fixedRows';

describe('fixed-height row windows', () => {
  it('covers the viewport plus the overscan, within the rows', () => {
    // 28 px rows, a 280 px viewport scrolled to 2800 px: rows 100..109 show.
    expect(rowWindow(2800, 280, 28, 100_000, 8)).toEqual({ from: 92, to: 117 });
    expect(rowWindow(2814, 280, 28, 100_000, 0)).toEqual({ from: 100, to: 110 });
    expect(rowWindow(0, 280, 28, 100_000, 8)).toEqual({ from: 0, to: 17 });
    expect(rowWindow(0, 280, 28, 3, 8)).toEqual({ from: 0, to: 2 });
    expect(rowWindow(99_999 * 28, 280, 28, 100_000, 8)).toEqual({ from: 99_991, to: 99_999 });
    expect(rowWindow(0, 280, 28, 0, 8)).toEqual({ from: 0, to: -1 });
    // Before the first measurement (no height): still a few rows, so the first paint has some.
    expect(rowWindow(0, 0, 28, 100, 8)).toEqual({ from: 0, to: 7 });
  });

  it('scrolls a row into view by the least movement', () => {
    expect(scrollTopFor(10, 0, 280, 28)).toBe(28 * 11 - 280);
    expect(scrollTopFor(5, 0, 280, 28)).toBeNull();
    expect(scrollTopFor(3, 280, 280, 28)).toBe(84);
    expect(scrollTopFor(0, 0, 10, 28)).toBeNull();
    expect(scrollTopFor(1, 0, 10, 28)).toBe(28);
  });

  it('counts a row under the sticky header as out of view', () => {
    // 280 px scroller, 30 px header: 250 px of rows; row 8 ends at 252.
    expect(scrollTopFor(8, 0, 280, 28)).toBeNull();
    expect(scrollTopFor(8, 0, 280, 28, 30)).toBe(2);
    expect(scrollTopFor(7, 0, 280, 28, 30)).toBeNull();
    // Scrolling up brings the row's top to the header's edge.
    expect(scrollTopFor(3, 200, 280, 28, 30)).toBe(84);
  });
});
