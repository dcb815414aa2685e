import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/index';
import { marksFileText, parseMark, readMarksFile } from '../../../src/state/slices/corpusMarks';
import { createCorpusHandler } from '../../../src/worker/corpus/handle';
import type { CorpusResponse } from '../../../src/worker/corpus/protocol';
import { body, CALM_MESSAGES, LOOP_MESSAGES } from '../corpusFixtures';

const JSONL = `${JSON.stringify({ messages: LOOP_MESSAGES })}\n${JSON.stringify({ messages: CALM_MESSAGES })}\n`;

async function corpus() {
  const replies: CorpusResponse[] = [];
  const handler = createCorpusHandler((r) => replies.push(r), {
    yieldNow: () => new Promise<void>((r) => setImmediate(r)),
  });
  handler.receive({
    type: 'add',
    requestId: 1,
    config: DEFAULT_CONFIG,
    files: [
      { fileId: 1, name: 'loop.json', blob: new Blob([body(LOOP_MESSAGES)]) },
      { fileId: 2, name: 'set.jsonl', blob: new Blob([JSONL]) },
    ],
  });
  await handler.idle();
  return { handler, replies };
}

describe('the corpus handler: sweep', () => {
  it('sweeps the marked rows and names the best cell', async () => {
    const { handler, replies } = await corpus();
    handler.receive({
      type: 'sweep',
      requestId: 2,
      config: DEFAULT_CONFIG,
      marks: [
        { rowId: '1', mark: { kind: 'loop', by: null } },
        { rowId: '2:2', mark: { kind: 'honest' } },
      ],
    });
    await handler.idle();
    const swept = replies.find((r) => r.type === 'swept');
    if (swept?.type !== 'swept') throw new Error('no swept reply');
    const r = swept.result;
    expect([r.transcripts, r.honest, r.loops, r.cells.length]).toEqual([2, 1, 1, 341]);
    // Strikes 0 stops the writes at their first batch; the reads of two files stay clear
    // under any observation limit, the highest wins the tie.
    expect(r.best === null ? null : r.cells[r.best]).toMatchObject({
      strikes: 0,
      observation: 30,
      meets: true,
      loopBatches: 0,
    });
    expect(r.conflicts).toEqual([]);
    expect(replies.at(-1)).toEqual({ type: 'done', requestId: 2, outcome: 'complete' });
  });

  it('names the conflicting rows by their names', async () => {
    const { handler, replies } = await corpus();
    handler.receive({
      type: 'sweep',
      requestId: 2,
      config: DEFAULT_CONFIG,
      marks: [
        { rowId: '1', mark: { kind: 'honest' } },
        { rowId: '2:1', mark: { kind: 'loop', by: null } },
      ],
    });
    await handler.idle();
    const swept = replies.find((r) => r.type === 'swept');
    if (swept?.type !== 'swept') throw new Error('no swept reply');
    expect(swept.result.best).toBeNull();
    expect(swept.result.conflicts).toEqual([
      'every cell that stops loop "set.jsonl:1" also stops honest "loop.json"',
    ]);
  });
});

describe('the marks file', () => {
  it('reads back what it writes', () => {
    const marks = {
      'a.json': { kind: 'honest' },
      'b.jsonl:3': { kind: 'loop', by: null },
      'c.json # subagent 1': { kind: 'loop', by: 8 },
    } as const;
    const text = marksFileText(marks);
    expect(JSON.parse(text)).toEqual({
      loopscopeCorpusMarks: 1,
      marks: { 'a.json': 'honest', 'b.jsonl:3': 'loop', 'c.json # subagent 1': 'loop@8' },
    });
    expect(readMarksFile(text)).toEqual({ ok: true, value: marks });
  });

  it('refuses what is not a marks file, naming why', () => {
    expect(readMarksFile('{"marks": {}}')).toMatchObject({ ok: false });
    expect(readMarksFile('nope')).toEqual({ ok: false, error: 'not JSON' });
    expect(readMarksFile('{"loopscopeCorpusMarks": 1, "marks": {"a": "loop@0"}}')).toEqual({
      ok: false,
      error: 'the mark of "a" must be "honest", "loop" or "loop@N"',
    });
    expect(parseMark('loop@12')).toEqual({ kind: 'loop', by: 12 });
  });
});
