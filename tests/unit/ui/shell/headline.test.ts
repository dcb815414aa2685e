import { describe, expect, it } from 'vitest';
import type { Report } from '../../../../src/detector/index';
import { ZOO_DETECTORS, type ZooResult } from '../../../../src/zoo/index';
import type { ZooLevel } from '../../../../src/zoo/types';
import { findingHeadline, NO_LOOP } from '../../../../src/ui/shell/headline';

/** Batches of the given tools, one call each; a batch's signature is its tool's. */
const report = (refusedAt: number | null = null, tools = 'abcdefgh') =>
  ({
    batches: Array.from(tools, (t, index) => ({
      index,
      count: 1,
      threshold: 2,
      signature: `${t}:0`,
      calls: [{ id: '', name: `${t}_tool`, signature: `${t}:0` }],
    })),
    firstRefusal: refusedAt === null ? null : { batchIndex: refusedAt },
  }) as unknown as Pick<Report, 'firstRefusal' | 'batches'>;

const lane = (id: string, batchIndex: number, level: ZooLevel): ZooResult => ({
  id,
  marks: [{ batchIndex, messageIndex: 0, level, message: 'm' }],
  firstStop: level === 'stop' ? batchIndex : null,
  warnings: 0,
});

describe('findingHeadline: which finding the header names', () => {
  it('a run repeated back to back within its threshold says so', () => {
    const r = report();
    (r.batches[5] as { count: number }).count = 3;
    (r.batches[5] as { threshold: number }).threshold = 3;
    expect(findingHeadline(r, [lane('cline', 5, 'warn')], ZOO_DETECTORS)?.text).toMatch(
      /: Cline flags it; the guard does not refuse, because this back-to-back run of 3 is within its threshold 3\.$/,
    );
  });

  it('none when the reference refuses or before the lanes; says so when no lane fires', () => {
    expect(findingHeadline(report(3), [lane('cycles', 4, 'advice')], ZOO_DETECTORS)).toBeNull();
    expect(findingHeadline(report(), null, ZOO_DETECTORS)).toBeNull();
    expect(findingHeadline(report(), [], ZOO_DETECTORS)).toEqual({
      batchIndex: -1,
      text: NO_LOOP,
    });
  });

  it('a cycle in a sentence of the loop: its tools, how many times, why it is let through', () => {
    // x, r, e, r, e, r, e, r, e, y: run_tests and edit_file alternate four times.
    const r = report(null, 'xrererereY');
    expect(findingHeadline(r, [lane('cycles', 6, 'advice')], ZOO_DETECTORS)).toEqual({
      batchIndex: 6,
      text: '`r_tool` and `e_tool` alternate 4 times (#1–8); the guard never refuses, because it counts only back-to-back repeats of one batch.',
    });
    expect(
      findingHeadline(report(null, 'abcabcabc'), [lane('cycles', 8, 'advice')], ZOO_DETECTORS)
        ?.text,
    ).toMatch(/^`a_tool`, `b_tool` and `c_tool` repeat in turn 3 times \(#0–8\);/);
  });

  it('a cycle wins over an old tally rule that would stop the loop', () => {
    const h = findingHeadline(
      report(null, 'xrererereY'),
      [lane('session-tally', 5, 'stop'), lane('cycles', 6, 'advice')],
      ZOO_DETECTORS,
    );
    expect(h?.text).toMatch(/^`r_tool` and `e_tool` alternate/);
  });

  it('another lane: the tools, the rule, and why the reference does not count it', () => {
    const h = findingHeadline(
      report(),
      [lane('nearDuplicates', 2, 'advice'), lane('gemini-cli', 6, 'stop')],
      ZOO_DETECTORS,
    );
    expect(h).toEqual({
      batchIndex: 6,
      text: '`g_tool` at #6: Gemini CLI would stop it there; the guard does not refuse, because it counts only back-to-back repeats of one batch.',
    });
  });
});
