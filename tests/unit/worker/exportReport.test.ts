import { resolveObjectURL } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, type DetectorConfig, type Report } from '../../../src/detector/index';
import { createReplayHandler } from '../../../src/worker/handle';
import type { WorkerRequest, WorkerResponse } from '../../../src/worker/protocol';

const mutating = readFileSync(
  new URL('../../../public/samples/mutating-loop.json', import.meta.url),
  'utf8',
);
const strikes = (n: number): DetectorConfig => ({ ...DEFAULT_CONFIG, maxRepeatedBatchSteps: n });

/** A handler with `text` loaded as data version 1, for `config`. */
async function loaded(text: string, config = DEFAULT_CONFIG) {
  const h = createReplayHandler();
  const r = await h.handle({
    type: 'load',
    requestId: 1,
    dataVersion: 1,
    input: { kind: 'text', text, name: 't' },
    config,
  });
  expect(r.type).toBe('loaded');
  return h;
}

const exportOf = (config: DetectorConfig, dataVersion = 1, requestId = 2): WorkerRequest => ({
  type: 'export',
  requestId,
  dataVersion,
  config,
});

/** The exported file's text, checked to be printed as the CLI prints it. */
async function fileOf(reply: WorkerResponse): Promise<Report> {
  if (reply.type !== 'exported') throw new Error(`expected exported, got ${reply.type}`);
  const blob = resolveObjectURL(reply.url);
  if (blob === undefined) throw new Error(`${reply.url} is revoked`);
  expect(blob.type).toBe('application/json');
  const text = await blob.text();
  const report = JSON.parse(text) as Report;
  expect(text).toBe(`${JSON.stringify(report, null, 2)}\n`);
  return report;
}

const refused = (r: Report) => r.batches.flatMap((b, i) => (b.refused ? [i] : []));

afterEach(() => {
  vi.useRealTimers();
});

describe('the worker builds the export file', () => {
  it('for the config of the current report, and for another one without changing it', async () => {
    const h = await loaded(mutating, strikes(2));
    const same = await fileOf(await h.handle(exportOf(strikes(2))));
    expect(same.config.maxRepeatedBatchSteps).toBe(2);
    expect(refused(same)).toEqual([3]);
    const other = await fileOf(await h.handle(exportOf(strikes(5))));
    expect(other.config.maxRepeatedBatchSteps).toBe(5);
    expect(refused(other)).toEqual([]);
    // The worker's own report stays the one for its last evaluate.
    const again = await fileOf(await h.handle(exportOf(strikes(2), 1, 3)));
    expect(again.batches).toEqual(same.batches);
    // After a config change, each config still gets its own report.
    await h.handle({ type: 'evaluate', requestId: 4, dataVersion: 1, config: strikes(5) });
    expect(refused(await fileOf(await h.handle(exportOf(strikes(2), 1, 5))))).toEqual([3]);
    expect(refused(await fileOf(await h.handle(exportOf(strikes(5), 1, 6))))).toEqual([]);
  });

  it('does not wait for the detector lanes, which pause while the page draws', async () => {
    // The lanes' quiet period never ends here: an export queued behind them would never come.
    const h = createReplayHandler({ sideWorkQuietMs: 1000, sleep: () => new Promise(() => {}) });
    await h.handle({
      type: 'load',
      requestId: 1,
      dataVersion: 1,
      input: { kind: 'text', text: mutating, name: 't' },
      config: DEFAULT_CONFIG,
    });
    let lanesDone = false;
    void h.handle({ type: 'zoo', requestId: 2, dataVersion: 1, params: {} }).then(() => {
      lanesDone = true;
    });
    const file = await fileOf(await h.handle(exportOf(DEFAULT_CONFIG, 1, 3)));
    expect(refused(file)).toEqual([3]);
    expect(lanesDone).toBe(false);
  });

  it("revokes the previous export's URL when it makes the next one", async () => {
    const h = await loaded(mutating);
    const first = await h.handle(exportOf(DEFAULT_CONFIG));
    if (first.type !== 'exported') throw new Error(first.type);
    expect(resolveObjectURL(first.url)).toBeDefined();
    const second = await h.handle(exportOf(DEFAULT_CONFIG, 1, 3));
    if (second.type !== 'exported') throw new Error(second.type);
    expect(resolveObjectURL(first.url)).toBeUndefined();
    expect(resolveObjectURL(second.url)).toBeDefined();
  });

  it("revokes an export's URL a minute after making it", async () => {
    const h = await loaded(mutating);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reply = await h.handle(exportOf(DEFAULT_CONFIG));
    if (reply.type !== 'exported') throw new Error(reply.type);
    vi.advanceTimersByTime(59_000);
    expect(resolveObjectURL(reply.url)).toBeDefined();
    vi.advanceTimersByTime(1_000);
    expect(resolveObjectURL(reply.url)).toBeUndefined();
  });

  it('answers an export for another transcript version as stale', async () => {
    const h = await loaded(mutating);
    const r = await h.handle(exportOf(DEFAULT_CONFIG, 7));
    expect(r).toMatchObject({ type: 'error', requestType: 'export', error: { kind: 'stale' } });
  });

  it('answers config changes while a large export is being built', async () => {
    // 2,500 batches: three slices of the export, with a turn of the event loop between them.
    const messages = Array.from({ length: 2500 }, (_, i) => [
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `c${i}`,
            type: 'function',
            function: { name: 'read', arguments: `{"n":${i % 7}}` },
          },
        ],
      },
      { role: 'tool', tool_call_id: `c${i}`, content: `page ${i % 7}` },
    ]).flat();
    const h = await loaded(JSON.stringify({ messages }));
    const order: string[] = [];
    const exported = h.handle(exportOf(DEFAULT_CONFIG)).then((r) => {
      order.push(r.type);
      return r;
    });
    const evaluated = h
      .handle({ type: 'evaluate', requestId: 3, dataVersion: 1, config: strikes(4) })
      .then((r) => order.push(r.type));
    await Promise.all([exported, evaluated]);
    expect(order).toEqual(['evaluated', 'exported']);
    const file = await fileOf(await exported);
    expect(file.batches).toHaveLength(2500);
    expect(file.config.maxRepeatedBatchSteps).toBe(2);
  });
});
