import { describe, expect, it } from 'vitest';
import {
  answersLabel,
  breakBeforeLabel,
  outcomeLabel,
  outcomeRank,
  toolsLabel,
  verdictKind,
  verdictLabel,
  verdictRank,
} from '../../../../src/ui/table/labels';
import { batch, report } from './fixtures';

describe('verdict', () => {
  const b0 = batch(0);
  const b1 = batch(1, { count: 3, refused: true, reason: 'strikes' });
  const b2 = batch(2, { count: 4, refused: true, reason: 'ceiling' });
  const b3 = batch(3, { total: 5, rescued: true });
  const r = report([b0, b1, b2, b3]);

  it('marks only the report’s first refusal as first', () => {
    expect([b0, b1, b2, b3].map((b) => verdictKind(b, r))).toEqual([
      'pass',
      'first-refusal',
      'refused',
      'rescued',
    ]);
  });

  it('labels the reason and the first refusal', () => {
    expect(verdictLabel(b1, 'first-refusal')).toBe('refused (strikes), first');
    expect(verdictLabel(b2, 'refused')).toBe('refused (ceiling)');
    expect(verdictLabel(b3, 'rescued')).toBe('rescued');
    expect(verdictLabel(b0, 'pass')).toBe('pass');
  });

  it('ranks strictest first', () => {
    expect(
      ['pass', 'rescued', 'refused', 'first-refusal'].map((k) => verdictRank(k as never)),
    ).toEqual([3, 2, 1, 0]);
  });

  it('a refusal with no firstRefusal in the report is a plain refusal', () => {
    expect(verdictKind(b1, { firstRefusal: null })).toBe('refused');
  });
});

describe('cell labels', () => {
  it('joins distinct tool names in call order, counting repeats', () => {
    expect(toolsLabel(batch(0, { names: ['read_file'] }))).toBe('read_file');
    expect(
      toolsLabel(batch(0, { names: ['read_file', 'grep_search', 'read_file', 'read_file'] })),
    ).toBe('read_file ×3, grep_search');
  });

  it('names outcomes and answers in words', () => {
    expect(outcomeLabel('answer-repeated')).toBe('same answer');
    expect(outcomeLabel('answer-changed')).toBe('answer changed');
    expect(outcomeLabel('not-comparable')).toBe('not comparable');
    expect(outcomeLabel('not-the-current-run')).toBe('not the current run');
    expect(outcomeRank('answer-repeated')).toBe(0);
    expect(outcomeRank('not-the-current-run')).toBe(3);
    expect(answersLabel(true)).toBe('known');
    expect(answersLabel(false)).toBe('unknown');
  });

  it('says what started a run', () => {
    expect(breakBeforeLabel(null)).toBeNull();
    expect(breakBeforeLabel('user')).toBe('a user message');
    expect(breakBeforeLabel('signature')).toBe('a different batch');
  });
});
