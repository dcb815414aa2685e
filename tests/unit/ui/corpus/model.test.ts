import { describe, expect, it } from 'vitest';
import type { CorpusVerdict } from '../../../../src/detector/index';
import type { CorpusRowState } from '../../../../src/state/slices/corpus';
import { diffOf, notesLabel, sortCorpusRows, totalsOf } from '../../../../src/ui/corpus/model';

const v = (refused: number[], batches = 10): CorpusVerdict => ({
  batches,
  refused,
  firstRefusal: refused[0] ?? null,
  rescued: 0,
});

function row(
  rowId: string,
  verdict: CorpusVerdict | null,
  defaultVerdict: CorpusVerdict | null = verdict,
  extra: Partial<CorpusRowState> = {},
): CorpusRowState {
  return {
    rowId,
    fileId: Number(rowId),
    line: null,
    conversation: null,
    conversationLabel: null,
    name: `${rowId}.json`,
    format: verdict === null ? null : 'openai-chat',
    formatLabel: verdict === null ? null : 'OpenAI Chat Completions',
    messages: 5,
    warnings: [],
    verdict,
    defaultVerdict,
    error: verdict === null ? 'is not a transcript' : null,
    ...extra,
  };
}

describe('the corpus view model', () => {
  const rows = [
    row('1', v([3, 4]), v([3, 4])),
    row('2', null),
    row('3', v([]), v([5])),
    row('4', v([1], 4), v([1], 4), { warnings: ['a', 'b'] }),
  ];

  it('diffs the rows against their defaults, leaving failed rows out', () => {
    expect(diffOf(rows).sentence).toBe('removes 1 refusal in 1 transcript');
  });

  it('totals the rows', () => {
    expect(totalsOf(rows)).toMatchObject({
      transcripts: 4,
      failed: 1,
      refusals: 3,
      refusedTranscripts: 2,
      batches: 24,
      warnings: 2,
    });
  });

  it('sorts by refusals, failed rows last, ties in added order', () => {
    const by = (desc: boolean) =>
      sortCorpusRows(rows, { id: 'refusals', desc }).map((r) => r.rowId);
    expect(by(false)).toEqual(['3', '4', '1', '2']);
    expect(sortCorpusRows(rows, null).map((r) => r.rowId)).toEqual(['1', '2', '3', '4']);
    expect(by(true)).toEqual(['1', '4', '3', '2']);
    // Failed rows last in every sort, either way.
    expect(sortCorpusRows(rows, { id: 'name', desc: true }).map((r) => r.rowId)).toEqual([
      '4',
      '3',
      '1',
      '2',
    ]);
  });

  it('labels the notes: the error, or the warning count', () => {
    expect(notesLabel(rows[1] as CorpusRowState)).toBe('is not a transcript');
    expect(notesLabel(rows[3] as CorpusRowState)).toBe('2 warnings');
    expect(notesLabel(rows[0] as CorpusRowState)).toBe('');
  });
});
