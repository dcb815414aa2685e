import { describe, expect, it } from 'vitest';
import type { Report } from '../../../../src/detector/index';
import { ZOO_DETECTORS, type ZooResult } from '../../../../src/zoo/index';
import type { ZooLevel } from '../../../../src/zoo/types';
import { findingHeadline } from '../../../../src/ui/shell/headline';

const report = (refusedAt: number | null = null) =>
  ({
    batches: Array.from({ length: 8 }, (_, index) => ({ index, count: 1, threshold: 2 })),
    firstRefusal: refusedAt === null ? null : { batchIndex: refusedAt },
  }) as unknown as Pick<Report, 'firstRefusal' | 'batches'>;

const lane = (id: string, batchIndex: number, level: ZooLevel): ZooResult => ({
  id,
  marks: [{ batchIndex, messageIndex: 0, level, message: 'm' }],
  firstStop: level === 'stop' ? batchIndex : null,
  warnings: 0,
});

describe('findingHeadline: which finding the header names', () => {
  it('none when the reference refuses, or before the lanes, or when no lane fires', () => {
    expect(findingHeadline(report(3), [lane('cycles', 4, 'advice')], ZOO_DETECTORS)).toBeNull();
    expect(findingHeadline(report(), null, ZOO_DETECTORS)).toBeNull();
    expect(findingHeadline(report(), [], ZOO_DETECTORS)).toBeNull();
  });

  it('an advisory lane: what, where and why the reference does not count it', () => {
    expect(findingHeadline(report(), [lane('cycles', 4, 'advice')], ZOO_DETECTORS)).toEqual({
      batchIndex: 4,
      text: 'Not refused, but Cycles (period ≥ 2) flags a loop at #4: the reference lets it through, as it counts only back-to-back repeats of one batch, and there the count is 1 against threshold 2.',
    });
  });

  it('a peer that would stop wins over an earlier advisory mark', () => {
    const h = findingHeadline(
      report(),
      [lane('cycles', 2, 'advice'), lane('gemini-cli', 6, 'stop')],
      ZOO_DETECTORS,
    );
    expect(h?.batchIndex).toBe(6);
    expect(h?.text).toMatch(/^Not refused, but Gemini CLI would stop this loop at #6:/);
  });
});
