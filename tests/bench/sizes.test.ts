import { describe, expect, it } from 'vitest';
import { parseSizeList, sizeLabel, sizesFromArgv } from '../../scripts/bench/sizes';

describe('bench --sizes', () => {
  it('parses realistic and fixed-batch items', () => {
    expect(parseSizeList('1, 10,100x100k,5x2500,2X1m')).toEqual([
      { mb: 1 },
      { mb: 10 },
      { mb: 100, batches: 100_000 },
      { mb: 5, batches: 2500 },
      { mb: 2, batches: 1_000_000 },
    ]);
  });

  it('defaults to 1, 10, 100 MB and 100 MB with 100k batches', () => {
    expect(sizesFromArgv([])).toEqual([
      { mb: 1 },
      { mb: 10 },
      { mb: 100 },
      { mb: 100, batches: 1e5 },
    ]);
    expect(sizesFromArgv(['--sizes=3'])).toEqual([{ mb: 3 }]);
    expect(sizesFromArgv(['--sizes', '3x7'])).toEqual([{ mb: 3, batches: 7 }]);
  });

  it('rejects nonsense', () => {
    for (const bad of ['', '0', '-1', 'ten', '10x', '10x0', '10x1.5', '1x2x3', '10xk']) {
      expect(() => parseSizeList(bad), bad).toThrow();
    }
  });

  it('labels both kinds', () => {
    expect(sizeLabel({ mb: 100 })).toBe('100 MB');
    expect(sizeLabel({ mb: 100, batches: 100_000 })).toBe('100 MB × 100k batches');
    expect(sizeLabel({ mb: 1, batches: 1234 })).toBe('1 MB × 1234 batches');
  });
});
