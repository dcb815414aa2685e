import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/index';
import { createCorpusHandler } from '../../../src/worker/corpus/handle';
import type { CorpusEntry, CorpusFile, CorpusResponse } from '../../../src/worker/corpus/protocol';
import { body, CALM_MESSAGES, LOOP_MESSAGES } from '../corpusFixtures';

function file(fileId: number, name: string, text: string): CorpusFile {
  return { fileId, name, blob: new Blob([text]) };
}

function setup(sliceMs = 1_000, defaultYield = false) {
  const replies: CorpusResponse[] = [];
  const handler = createCorpusHandler((r) => replies.push(r), {
    sliceMs,
    // The default (a MessageChannel macrotask) is what the worker uses; one test runs it.
    ...(defaultYield ? {} : { yieldNow: () => new Promise<void>((r) => setImmediate(r)) }),
  });
  const rows = () =>
    replies.flatMap((r): readonly CorpusEntry[] => (r.type === 'rows' ? r.rows : []));
  return { handler, replies, rows };
}

const JSONL = `${JSON.stringify({ messages: LOOP_MESSAGES })}\n${JSON.stringify({ messages: CALM_MESSAGES })}\n`;

describe('the corpus handler', () => {
  it('imports every file once, one row per transcript, and an error row for a bad one', async () => {
    const { handler, replies, rows } = setup();
    handler.receive({
      type: 'add',
      requestId: 1,
      config: DEFAULT_CONFIG,
      files: [
        file(1, 'loop.json', body(LOOP_MESSAGES)),
        file(2, 'bad.json', '{"messages": [oops'),
        file(3, 'set.jsonl', JSONL),
      ],
    });
    await handler.idle();
    expect(rows().map((r) => [r.rowId, r.name, r.verdict?.refused ?? r.error])).toEqual([
      ['1', 'loop.json', [2]],
      ['2', 'bad.json', expect.stringMatching(/line 1/)],
      ['3:1', 'set.jsonl:1', [2]],
      ['3:2', 'set.jsonl:2', []],
    ]);
    const loop = rows()[0];
    expect(loop).toMatchObject({ format: 'openai-chat', messages: 7, line: null });
    expect(loop?.defaultVerdict).toEqual(loop?.verdict);
    expect(replies.at(-1)).toEqual({ type: 'done', requestId: 1, outcome: 'complete' });
    expect(replies.filter((r) => r.type === 'progress').at(-1)).toMatchObject({
      done: 3,
      total: 3,
    });
  });

  it('re-evaluates the cached transcripts under a new config', async () => {
    const { handler, replies } = setup();
    handler.receive({
      type: 'add',
      requestId: 1,
      config: DEFAULT_CONFIG,
      files: [file(1, 'loop.json', body(LOOP_MESSAGES)), file(2, 'set.jsonl', JSONL)],
    });
    const lenient = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 5 };
    handler.receive({ type: 'evaluate', requestId: 2, config: lenient });
    await handler.idle();
    const evaluated = replies.find((r) => r.type === 'evaluated');
    expect(evaluated).toMatchObject({ requestId: 2, config: lenient });
    if (evaluated?.type !== 'evaluated') throw new Error('no evaluated reply');
    expect(evaluated.updates.map((u) => [u.rowId, u.verdict.refused])).toEqual([
      ['1', []],
      ['2:1', []],
      ['2:2', []],
    ]);
  });

  it('an add under a non-default config keeps the defaults verdict beside it', async () => {
    const { handler, rows } = setup();
    const lenient = { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 5 };
    handler.receive({
      type: 'add',
      requestId: 1,
      config: lenient,
      files: [file(1, 'loop.json', body(LOOP_MESSAGES))],
    });
    await handler.idle();
    expect(rows()[0]?.verdict?.refused).toEqual([]);
    expect(rows()[0]?.defaultVerdict?.refused).toEqual([2]);
  });

  it('drops an evaluate that a newer one supersedes', async () => {
    const { handler, replies } = setup(0, true);
    handler.receive({
      type: 'add',
      requestId: 1,
      config: DEFAULT_CONFIG,
      files: [file(1, 'a.json', body(LOOP_MESSAGES)), file(2, 'b.json', body(CALM_MESSAGES))],
    });
    handler.receive({ type: 'evaluate', requestId: 2, config: DEFAULT_CONFIG });
    handler.receive({ type: 'evaluate', requestId: 3, config: DEFAULT_CONFIG });
    await handler.idle();
    expect(replies.filter((r) => r.type === 'evaluated').map((r) => r.requestId)).toEqual([3]);
    expect(replies).toContainEqual({ type: 'done', requestId: 2, outcome: 'superseded' });
  });

  it('cancel stops an add between files', async () => {
    const { handler, replies, rows } = setup(0);
    handler.receive({
      type: 'add',
      requestId: 1,
      config: DEFAULT_CONFIG,
      files: Array.from({ length: 20 }, (_, i) => file(i + 1, `f${i}.json`, body(LOOP_MESSAGES))),
    });
    // Cancel once the first rows are in: the rest of the files are never read.
    await new Promise<void>((resolve) => {
      const poll = () => (rows().length > 0 ? resolve() : setImmediate(poll));
      poll();
    });
    handler.receive({ type: 'cancel', requestId: 2 });
    await handler.idle();
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().length).toBeLessThan(20);
    expect(replies.at(-1)).toEqual({ type: 'done', requestId: 1, outcome: 'cancelled' });
  });

  it("hands back a conversation line's text to open it, and nothing for a whole file", async () => {
    const { handler, replies } = setup();
    handler.receive({
      type: 'add',
      requestId: 1,
      config: DEFAULT_CONFIG,
      files: [file(1, 'loop.json', body(LOOP_MESSAGES)), file(2, 'set.jsonl', JSONL)],
    });
    handler.receive({ type: 'text', requestId: 2, rowId: '2:2' });
    handler.receive({ type: 'text', requestId: 3, rowId: '1' });
    await handler.idle();
    expect(replies.find((r) => r.requestId === 2 && r.type === 'text')).toEqual({
      type: 'text',
      requestId: 2,
      rowId: '2:2',
      name: 'set.jsonl:2',
      text: JSON.stringify({ messages: CALM_MESSAGES }),
    });
    expect(replies.find((r) => r.requestId === 3 && r.type === 'text')).toMatchObject({
      text: null,
    });
  });

  it('clear forgets the cache', async () => {
    const { handler, replies } = setup();
    handler.receive({
      type: 'add',
      requestId: 1,
      config: DEFAULT_CONFIG,
      files: [file(1, 'loop.json', body(LOOP_MESSAGES))],
    });
    await handler.idle();
    handler.receive({ type: 'clear', requestId: 2 });
    handler.receive({ type: 'evaluate', requestId: 3, config: DEFAULT_CONFIG });
    await handler.idle();
    const evaluated = replies.find((r) => r.type === 'evaluated');
    expect(evaluated?.type === 'evaluated' && evaluated.updates).toEqual([]);
  });
});
