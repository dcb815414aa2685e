import { describe, expect, it } from 'vitest';
import { batchColumns, gridTemplates, NARROW_HIDDEN } from '../../../../src/ui/table/columns';

describe('gridTemplates', () => {
  const ids = batchColumns.map((c) => c.id ?? '');
  const { wide, narrow } = gridTemplates(ids);
  const tracks = (t: string) => t.match(/minmax\([^)]*\)|\S+/g) ?? [];

  it('has a track per column when wide, and leaves the hidden ones out when narrow', () => {
    expect(tracks(wide)).toHaveLength(ids.length);
    expect(tracks(narrow)).toHaveLength(ids.length - NARROW_HIDDEN.size);
  });

  it('fits the narrow table in the 1280-wide window (about 42rem of room)', () => {
    // Fixed tracks plus the flexible columns' minimums, in rem.
    const rem = tracks(narrow)
      .map((t) => Number(/([\d.]+)rem/.exec(t)?.[1] ?? 0))
      .reduce((a, b) => a + b, 0);
    expect(rem).toBeLessThanOrEqual(41);
    // Tools and signature keep a flexible share of whatever room is left.
    expect(narrow).toMatch(/minmax\([\d.]+rem, 1fr\).*minmax\([\d.]+rem, 1\.8fr\)/);
  });
});
