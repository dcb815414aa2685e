import { describe, expect, it } from 'vitest';
import type { AnswerDetails, BatchDetails, CallDetails } from '../../../../src/detector/index';
import {
  answerMatchLabel,
  detailsFor,
  noteCaveat,
  patternLabel,
  runStateItems,
  truncateText,
} from '../../../../src/ui/details/model';
import { batch } from '../table/fixtures';

const call = (name: string, pattern: string | null): CallDetails => ({
  id: 'c1',
  name,
  signature: `${name}:0000000000000000`,
  argumentsRaw: null,
  argumentsPretty: '{}',
  canonical: '{}',
  parsedFromString: false,
  observationPattern: pattern,
  costly: false,
});

const answer = (over: Partial<AnswerDetails>): AnswerDetails => ({
  messageIndex: 4,
  toolCallId: 'c1',
  text: 'ok',
  isString: true,
  matchedCallIndex: 0,
  ...over,
});

describe('truncateText', () => {
  it('keeps short text whole', () => {
    expect(truncateText('abc', 3)).toEqual({ text: 'abc', truncated: false, hidden: 0 });
  });

  it('cuts long text and counts what it hid', () => {
    expect(truncateText('abcdef', 4)).toEqual({ text: 'abcd', truncated: true, hidden: 2 });
  });

  it('never splits a surrogate pair', () => {
    // 'a' + U+1F600 (two code units) + 'b': a cut at 2 would leave a lone high surrogate.
    expect(truncateText('a\u{1F600}b', 2)).toEqual({ text: 'a', truncated: true, hidden: 3 });
    expect(truncateText('a\u{1F600}b', 3)).toEqual({
      text: 'a\u{1F600}',
      truncated: true,
      hidden: 1,
    });
  });
});

describe('runStateItems', () => {
  it('lists the run state in the detector’s terms', () => {
    const items = runStateItems(
      batch(3, { count: 3, total: 7, threshold: 2, ceiling: 15, breakBefore: 'user' }),
    );
    const byTerm = Object.fromEntries(items.map((i) => [i.term, i.value]));
    expect(byTerm.Count).toBe('3 (compared with threshold 2)');
    expect(byTerm.Total).toBe('7 (compared with ceiling 15)');
    expect(byTerm.Exempt).toBe('no');
    expect(byTerm.Run).toBe('started by a user message');
    expect(byTerm.Outcome).toBe('not comparable');
  });

  it('says when the ceiling is waived and when a batch continues a run', () => {
    const items = runStateItems(batch(3, { exempt: true, total: 40, breakBefore: null }));
    const byTerm = Object.fromEntries(items.map((i) => [i.term, i.value]));
    expect(byTerm.Total).toBe('40 (ceiling waived)');
    expect(byTerm.Exempt).toBe('yes');
    expect(byTerm.Run).toBe('continues the previous batch’s run');
  });
});

describe('call and answer labels', () => {
  it('names the matching pattern or says the call counts as mutating', () => {
    expect(patternLabel(call('read_file', 'read_file'))).toBe(
      'matches the observation pattern “read_file”',
    );
    expect(patternLabel(call('write_file', null))).toBe(
      'matches no observation pattern (counts as mutating)',
    );
  });

  it('names the call an answer joined to, or why none', () => {
    const calls = [call('read_file', 'read_file'), call('grep_search', 'grep_search')];
    expect(answerMatchLabel(answer({ matchedCallIndex: 1 }), calls)).toBe(
      'answers call 2 grep_search',
    );
    expect(answerMatchLabel(answer({ matchedCallIndex: null, toolCallId: null }), calls)).toBe(
      'not matched to a call (no tool_call_id)',
    );
    expect(answerMatchLabel(answer({ matchedCallIndex: null, toolCallId: 'zz' }), calls)).toBe(
      'not matched to a call (tool_call_id zz is not in this batch)',
    );
  });

  it('treats details fetched for another batch as still loading', () => {
    const d: BatchDetails = {
      batchIndex: 2,
      messageIndex: 5,
      narration: '',
      calls: [],
      answers: [],
    };
    expect(detailsFor(d, 2)).toBe(d);
    expect(detailsFor(d, 3)).toBeNull();
    expect(detailsFor(null, 2)).toBeNull();
  });
});

describe('noteCaveat: our line under a ceiling refusal’s note', () => {
  it('says the answers changed and the ceiling capped the run', () => {
    expect(noteCaveat({ reason: 'ceiling' }, { count: 1, total: 16, ceiling: 15 })).toBe(
      'The reference words this note for strikes: here the answers changed (count 1, total 16) and the ceiling 15 capped the run.',
    );
  });
  it('without claiming changed answers when the count is the total', () => {
    expect(noteCaveat({ reason: 'ceiling' }, { count: 16, total: 16, ceiling: 15 })).toBe(
      'The reference words this note for strikes: here the ceiling 15 capped the run at a total of 16.',
    );
  });
  it('adds nothing to a strikes refusal, whose note fits', () => {
    expect(noteCaveat({ reason: 'strikes' }, { count: 3, total: 3, ceiling: 15 })).toBeNull();
  });
});
