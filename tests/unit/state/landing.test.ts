import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/detector/index';
import { strongestFinding, ZOO_DETECTORS, type ZooResult } from '../../../src/zoo/index';
import type { ZooLevel } from '../../../src/zoo/types';
import { landingBatch } from '../../../src/state/landing';

function report(batches: number, refusedAt: number | null = null) {
  return {
    batches: Array.from({ length: batches }, (_, index) => ({ index })),
    firstRefusal: refusedAt === null ? null : { batchIndex: refusedAt },
  } as unknown as Pick<Report, 'firstRefusal' | 'batches'>;
}

function lane(id: string, ...marks: [number, ZooLevel][]): ZooResult {
  return {
    id,
    marks: marks.map(([batchIndex, level]) => ({
      batchIndex,
      messageIndex: batchIndex * 2,
      level,
      message: `${id} at ${batchIndex}`,
    })),
    firstStop: null,
    warnings: 0,
  };
}

describe('landingBatch: where a new transcript opens', () => {
  it('the first refusal wins over every lane', () => {
    expect(landingBatch(report(9, 6), [lane('cline', [2, 'stop'])])).toBe(6);
  });

  it('else the strongest lane finding: a stop over a warning over an advice', () => {
    const results = [lane('cycles', [1, 'advice']), lane('cline', [5, 'warn'], [7, 'stop'])];
    expect(landingBatch(report(9), results)).toBe(7);
    expect(
      landingBatch(report(9), [lane('cycles', [1, 'advice']), lane('cline', [5, 'warn'])]),
    ).toBe(5);
  });

  it('among equals the earliest batch, and a peer before an advisory lane', () => {
    const results = [lane('cline', [4, 'warn']), lane('quiet-polls', [3, 'advice'], [4, 'advice'])];
    expect(landingBatch(report(9), results)).toBe(4);
    const tie = strongestFinding(
      [lane('cycles', [2, 'advice']), lane('goose', [2, 'advice'])],
      ZOO_DETECTORS,
    );
    expect(tie?.detector.id).toBe('goose');
  });

  it('else batch 0, and nothing for a transcript without batches', () => {
    expect(landingBatch(report(3), null)).toBe(0);
    expect(landingBatch(report(3), [lane('cline')])).toBe(0);
    expect(landingBatch(report(0), null)).toBeNull();
  });

  it('ignores a mark past the report (lanes of another transcript)', () => {
    expect(landingBatch(report(2), [lane('cline', [5, 'stop'])])).toBe(0);
  });
});
