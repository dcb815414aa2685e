import { describe, expect, it } from 'vitest';
import {
  corpusDiffSentence,
  corpusTotals,
  corpusVerdict,
  DEFAULT_CONFIG,
  diffCorpus,
  evaluateReplay,
  prepareReplay,
  type ChatMessage,
  type CorpusRow,
  type CorpusVerdict,
} from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';
import { body, LOOP_MESSAGES } from '../corpusFixtures';

const v = (refused: number[], batches = 20, firstRefusal = refused[0] ?? null): CorpusVerdict => ({
  batches,
  refused,
  firstRefusal,
  rescued: 0,
});

function messages(text: string): readonly ChatMessage[] {
  const r = importTranscript(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.messages;
}

describe('corpusVerdict', () => {
  it('keeps the batch count, the refused batches and the first refusal of a report', () => {
    const prepared = prepareReplay(messages(body(LOOP_MESSAGES)));
    const src = {
      format: 'openai-chat',
      messages: 7,
      warnings: [],
      referenceScan: 'scanned' as const,
    };
    expect(corpusVerdict(evaluateReplay(prepared, DEFAULT_CONFIG, src))).toEqual({
      batches: 3,
      refused: [2],
      firstRefusal: 2,
      rescued: 0,
    });
    const lenient = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 5 };
    expect(corpusVerdict(evaluateReplay(prepared, lenient, src))).toEqual({
      batches: 3,
      refused: [],
      firstRefusal: null,
      rescued: 0,
    });
  });
});

describe('corpusTotals', () => {
  const row = (
    verdict: CorpusVerdict | null,
    messages = 10,
    warnings: string[] = [],
  ): CorpusRow => ({
    name: 'x',
    format: verdict === null ? null : 'openai-chat',
    messages,
    warnings,
    verdict,
    error: verdict === null ? 'broken' : null,
  });

  it('sums messages, batches and refusals, and counts refused and failed transcripts', () => {
    const t = corpusTotals([
      row(v([3, 4], 10), 30, ['w']),
      row(v([], 5), 12),
      row(null, 0, []),
      row(v([1], 2), 4, ['a', 'b']),
    ]);
    expect(t).toEqual({
      transcripts: 4,
      failed: 1,
      messages: 46,
      batches: 17,
      refusals: 3,
      refusedTranscripts: 2,
      rescued: 0,
      warnings: 3,
    });
  });

  it('is all zeros for an empty corpus', () => {
    expect(corpusTotals([])).toMatchObject({ transcripts: 0, refusals: 0, failed: 0 });
  });
});

describe('diffCorpus', () => {
  it('says "no change" when every transcript refuses the same batches', () => {
    const d = diffCorpus([
      { current: v([2]), defaults: v([2]) },
      { current: v([]), defaults: v([]) },
    ]);
    expect(d).toEqual({ removed: 0, removedIn: 0, added: 0, addedIn: 0, sentence: 'no change' });
  });

  it('counts removed refusals per transcript', () => {
    const d = diffCorpus([
      { current: v([]), defaults: v([3, 4, 5]) },
      { current: v([7]), defaults: v([6, 7]) },
      { current: v([1]), defaults: v([1]) },
    ]);
    expect(d.removed).toBe(4);
    expect(d.removedIn).toBe(2);
    expect(d.sentence).toBe('removes 4 refusals in 2 transcripts');
  });

  it('removes and adds: the second count leaves the noun understood', () => {
    const pairs = [
      ...Array.from({ length: 9 }, (_, i) => ({
        current: v([]),
        defaults: v(i < 5 ? [1, 2] : [1]),
      })),
      { current: v([1, 2]), defaults: v([]) },
    ];
    expect(diffCorpus(pairs).sentence).toBe(
      'removes 14 refusals in 9 transcripts, adds 2 in 1 transcript',
    );
  });

  it('a refusal moved to another batch is one removed and one added', () => {
    const d = diffCorpus([{ current: v([7]), defaults: v([5]) }]);
    expect(d).toMatchObject({ removed: 1, removedIn: 1, added: 1, addedIn: 1 });
    expect(d.sentence).toBe('removes 1 refusal in 1 transcript, adds 1 in 1 transcript');
  });

  it('only adds', () => {
    expect(diffCorpus([{ current: v([0, 1, 2]), defaults: v([2]) }]).sentence).toBe(
      'adds 2 refusals in 1 transcript',
    );
  });
});

describe('corpusDiffSentence', () => {
  it('uses singular forms for one', () => {
    expect(corpusDiffSentence({ removed: 1, removedIn: 1, added: 0, addedIn: 0 })).toBe(
      'removes 1 refusal in 1 transcript',
    );
    expect(corpusDiffSentence({ removed: 0, removedIn: 0, added: 1, addedIn: 1 })).toBe(
      'adds 1 refusal in 1 transcript',
    );
  });
});
