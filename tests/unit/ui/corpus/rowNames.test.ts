import { describe, expect, it } from 'vitest';
import type { CorpusVerdict } from '../../../../src/detector/index';
import type { CorpusRowState } from '../../../../src/state/slices/corpus';
import { refusalChange, rowNames } from '../../../../src/ui/corpus/model';

const verdict = (refused: number[]): CorpusVerdict => ({
  batches: 10,
  refused,
  firstRefusal: refused[0] ?? null,
  rescued: 0,
});

let nextId = 1;
function row(name: string, over: Partial<CorpusRowState> = {}): CorpusRowState {
  const id = nextId++;
  return {
    rowId: String(id),
    fileId: id,
    line: null,
    conversation: null,
    conversationLabel: null,
    name,
    format: 'openai-chat',
    formatLabel: 'OpenAI Chat Completions',
    messages: 3,
    warnings: [],
    verdict: verdict([]),
    defaultVerdict: verdict([]),
    error: null,
    ...over,
  };
}

describe('rowNames', () => {
  it('leads with a shared file name and puts its folder after it', () => {
    const rows = [
      row('runs/a/session.jsonl'),
      row('runs/b/session.jsonl'),
      row('other.json'),
      row('deep/other2.json'),
    ];
    const n = rowNames(rows);
    expect(rows.map((r) => n.get(r.rowId))).toEqual([
      { main: 'session.jsonl', where: 'runs/a' },
      { main: 'session.jsonl', where: 'runs/b' },
      { main: 'other.json', where: null },
      { main: 'deep/other2.json', where: null },
    ]);
  });

  it('numbers the copies of a file added twice, but not the conversations of one file', () => {
    const rows = [
      row('a.json'),
      row('a.json'),
      row('p/s.jsonl', { conversation: 0, conversationLabel: 'main chain' }),
      row('p/s.jsonl', { conversation: 1, conversationLabel: 'subagent x' }),
    ];
    const n = rowNames(rows);
    expect(rows.map((r) => n.get(r.rowId))).toEqual([
      { main: 'a.json', where: null },
      { main: 'a.json', where: 'copy 2' },
      { main: 'p/s.jsonl', where: null },
      { main: 'p/s.jsonl', where: null },
    ]);
  });
});

describe('refusalChange', () => {
  it('gives the defaults’ and the current refusals when the config moved them', () => {
    expect(
      refusalChange(row('x', { verdict: verdict([2, 3]), defaultVerdict: verdict([3]) })),
    ).toEqual({ before: 1, after: 2 });
    expect(
      refusalChange(row('x', { verdict: verdict([4]), defaultVerdict: verdict([3]) })),
    ).toEqual({ before: 1, after: 1 });
    expect(refusalChange(row('x', { verdict: verdict([3]), defaultVerdict: verdict([3]) }))).toBe(
      null,
    );
    expect(refusalChange(row('x', { verdict: null, defaultVerdict: null }))).toBeNull();
  });
});
