import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/index';
import { createReplayHandler } from '../../../src/worker/handle';
import { MATCH_ANSWER, MATCH_ARGUMENTS, MATCH_NAME } from '../../../src/worker/search/search';
import type { WorkerResponse } from '../../../src/worker/protocol';
import type { SearchResponse } from '../../../src/worker/search/protocol';

/** `n` batches: batch i calls `tools[i % tools.length]` on `file{i}` and is answered `answer(i)`. */
function transcript(n: number, answer: (i: number) => unknown = (i) => `ok ${i}`): string {
  const tools = ['read_file', 'run_tests', 'Grep'];
  const messages: unknown[] = [{ role: 'user', content: 'fix it' }];
  for (let i = 0; i < n; i++) {
    const id = `c${i}`;
    const args = JSON.stringify({ path: `src/file${i}.ts` });
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [{ id, type: 'function', function: { name: tools[i % 3], arguments: args } }],
    });
    messages.push({ role: 'tool', tool_call_id: id, content: answer(i) });
  }
  return JSON.stringify({ messages });
}

async function loaded(t: string, asBlob = false) {
  const h = createReplayHandler();
  const input = asBlob
    ? ({ kind: 'blob', blob: new Blob([t]), name: 't.json' } as const)
    : ({ kind: 'text', text: t, name: 't.json' } as const);
  const r = await h.handle({
    type: 'load',
    requestId: 1,
    dataVersion: 1,
    input,
    config: DEFAULT_CONFIG,
  });
  expect(r.type).toBe('loaded');
  let id = 10;
  const search = (query: string) =>
    h.handle({ type: 'search', requestId: id++, dataVersion: 1, query });
  return { h, search };
}

function matches(r: WorkerResponse): SearchResponse {
  if (r.type !== 'search') throw new Error(`expected search, got ${r.type}`);
  return r;
}

describe('search in the replay handler', () => {
  it('finds batches by tool name, arguments or answer, in any case', async () => {
    const { search } = await loaded(
      transcript(6, (i) => (i === 4 ? 'FAILED: Expected 3 got 4' : `ok ${i}`)),
    );
    const byName = matches(await search('RUN_TESTS'));
    expect([...byName.batches]).toEqual([1, 4]);
    expect([...byName.where]).toEqual([MATCH_NAME, MATCH_NAME]);
    const byArgs = matches(await search('file5.TS'));
    expect([...byArgs.batches]).toEqual([5]);
    expect(byArgs.where[0]).toBe(MATCH_ARGUMENTS);
    const byAnswer = matches(await search('expected 3'));
    expect([...byAnswer.batches]).toEqual([4]);
    expect(byAnswer.where[0]).toBe(MATCH_ANSWER);
    expect(byAnswer.complete).toBe(true);
    expect(matches(await search('nowhere')).batches.length).toBe(0);
    expect(matches(await search('')).batches.length).toBe(0);
  });

  it('reads answers that are not strings as their text or JSON', async () => {
    const { search } = await loaded(
      transcript(2, (i) =>
        i === 0 ? [{ type: 'text', text: 'Part One' }] : { exitCode: 137, note: 'killed' },
      ),
    );
    expect([...matches(await search('part one')).batches]).toEqual([0]);
    expect([...matches(await search('"exitCode":137')).batches]).toEqual([1]);
  });

  it('searches a file read as a blob, whose messages are rebuilt from the text', async () => {
    const { search } = await loaded(
      transcript(3000, (i) => `line ${i}\nneedle-${i % 1000}`),
      true,
    );
    const r = matches(await search('Needle-999'));
    expect([...r.batches]).toEqual([999, 1999, 2999]);
    // Typing on narrows the last complete search's matches and finds the same as from scratch.
    expect([...matches(await search('needle-9')).batches].length).toBe(333);
    expect([...matches(await search('needle-99')).batches].length).toBe(33);
  });

  it('stops a search when a newer one arrives, and answers details meanwhile', async () => {
    const { h, search } = await loaded(transcript(5000));
    const first = search('ok');
    const details = h.handle({ type: 'details', requestId: 5, dataVersion: 1, batchIndex: 3 });
    const second = search('ok 4999');
    const order: string[] = [];
    await Promise.all([
      first.then(() => order.push('first')),
      details.then(() => order.push('details')),
      second.then(() => order.push('second')),
    ]);
    expect(order[0]).toBe('details');
    expect(matches(await first).complete).toBe(false);
    const r = matches(await second);
    expect(r.complete).toBe(true);
    expect([...r.batches]).toEqual([4999]);
  });

  it('refuses a search about another transcript as stale', async () => {
    const { h } = await loaded(transcript(2));
    const r = await h.handle({ type: 'search', requestId: 3, dataVersion: 2, query: 'x' });
    expect(r.type === 'error' && r.error.kind).toBe('stale');
  });
});
