import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  prepareReplay,
  replay,
  sweepThresholds,
  type ChatMessage,
} from '../../../src/detector/index';
import { ZOO_DETECTORS } from '../../../src/detector/zoo/index';
import { importTranscript } from '../../../src/import/index';
import { createReplayHandler } from '../../../src/worker/handle';
import type { WorkerResponse } from '../../../src/worker/protocol';
import { SideChannel, type SideListener } from '../../../src/worker/zooClient';
import { createZooHandler, paramsKey, referenceRow } from '../../../src/worker/zooHandle';
import type { SweepResponse, ZooResponse } from '../../../src/worker/zooProtocol';

const sample = (f: string) =>
  readFileSync(new URL(`../../../public/samples/${f}`, import.meta.url), 'utf8');

function messagesOf(f: string): readonly ChatMessage[] {
  const r = importTranscript(sample(f), { name: f });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.messages;
}

function context(f: string, config = DEFAULT_CONFIG) {
  const messages = messagesOf(f);
  const prepared = prepareReplay(messages);
  const source = {
    format: 'openai-chat' as const,
    messages: messages.length,
    warnings: [],
    referenceScan: 'scanned' as const,
  };
  return { messages, prepared, report: replay(messages, config, source) };
}

describe('worker: zoo and sweep requests', () => {
  async function loaded(file: string) {
    const h = createReplayHandler();
    const r = await h.handle({
      type: 'load',
      requestId: 1,
      dataVersion: 7,
      input: { kind: 'text', text: sample(file), name: file },
      config: DEFAULT_CONFIG,
    });
    expect(r.type).toBe('loaded');
    return h;
  }

  it('runs every lane over the A/B cycle and the cycle lane marks it', async () => {
    const h = await loaded('ab-cycle.json');
    const r = await h.handle({ type: 'zoo', requestId: 2, dataVersion: 7, params: {} });
    expect(r.type).toBe('zoo');
    if (r.type !== 'zoo') return;
    expect(r.requestId).toBe(2);
    expect(r.results.map((x) => x.id)).toEqual(ZOO_DETECTORS.map((d) => d.id));
    const cycles = r.results.find((x) => x.id === 'cycles');
    expect(cycles?.marks.length).toBeGreaterThan(0);
    expect(r.comparison).toHaveLength(ZOO_DETECTORS.length);
    // The reference refuses nothing on the cycle: its row has no stop.
    expect(r.reference).toMatchObject({ id: 'reference', firstStop: null, stops: 0 });
    expect(r.against).toEqual({ maxRepeatedBatchSteps: 2, maxObservationSteps: 15 });
  });

  it('re-compares with the latest report after an evaluate', async () => {
    const h = await loaded('mutating-loop.json');
    const a = await h.handle({ type: 'zoo', requestId: 2, dataVersion: 7, params: {} });
    await h.handle({
      type: 'evaluate',
      requestId: 3,
      dataVersion: 7,
      config: { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 5 },
    });
    const b = await h.handle({ type: 'zoo', requestId: 4, dataVersion: 7, params: {} });
    if (a.type !== 'zoo' || b.type !== 'zoo') throw new Error('expected zoo replies');
    expect(a.reference.firstStop).toBe(3);
    expect(b.reference.firstStop).toBeNull();
    expect(b.against.maxRepeatedBatchSteps).toBe(5);
    // Same parameters: the lanes are the cached ones.
    expect(b.results).toBe(a.results);
  });

  it('answers a sweep equal to sweepThresholds over the same transcript', async () => {
    const h = await loaded('quiet-poll.json');
    const r = await h.handle({
      type: 'sweep',
      requestId: 2,
      dataVersion: 7,
      config: { mode: 'agent', observationTools: DEFAULT_CONFIG.observationTools },
    });
    expect(r.type).toBe('sweep');
    if (r.type !== 'sweep') return;
    const expected = sweepThresholds(prepareReplay(messagesOf('quiet-poll.json')), {
      mode: 'agent',
      observationTools: DEFAULT_CONFIG.observationTools,
    });
    expect(r.sweep.cells).toEqual(expected.cells);
    expect(r.sweep.mode).toBe('agent');
  });

  it('refuses zoo and sweep requests for another transcript as stale', async () => {
    const h = await loaded('ab-cycle.json');
    const r = await h.handle({ type: 'zoo', requestId: 2, dataVersion: 6, params: {} });
    expect(r).toMatchObject({ type: 'error', requestType: 'zoo', error: { kind: 'stale' } });
    const empty = createReplayHandler();
    const s = await empty.handle({
      type: 'sweep',
      requestId: 1,
      dataVersion: 1,
      config: DEFAULT_CONFIG,
    });
    expect(s).toMatchObject({ type: 'error', requestType: 'sweep', error: { kind: 'stale' } });
  });
});

describe('createZooHandler caches', () => {
  it('re-runs the lanes only when the parameters or the transcript change', () => {
    const z = createZooHandler();
    const ctx = context('ab-cycle.json');
    const req = { type: 'zoo' as const, requestId: 1, dataVersion: 1, params: {} };
    const a = z.zoo(req, ctx);
    expect(z.zoo({ ...req, params: {} }, ctx).results).toBe(a.results);
    const off = z.zoo({ ...req, params: { cycles: { minCycles: 20 } } }, ctx);
    expect(off.results).not.toBe(a.results);
    expect(off.results.find((r) => r.id === 'cycles')?.marks).toEqual([]);
    const other = context('ab-cycle.json');
    expect(z.zoo({ ...req, params: { cycles: { minCycles: 20 } } }, other).results).not.toBe(
      off.results,
    );
  });

  it('re-sweeps only when the transcript, the mode or the patterns change', () => {
    const z = createZooHandler();
    const ctx = context('observation-loop.json');
    const req = { type: 'sweep' as const, requestId: 1, dataVersion: 1, config: DEFAULT_CONFIG };
    const a = z.sweep(req, ctx).sweep;
    expect(z.sweep(req, ctx).sweep).toBe(a);
    const none = z.sweep(
      { ...req, config: { ...DEFAULT_CONFIG, observationTools: [] } },
      ctx,
    ).sweep;
    expect(none).not.toBe(a);
    // Without patterns nothing is read-only: observation settings make no difference.
    const row = (o: number | null) =>
      none.cells.filter((c) => c.observation === o).map((c) => c.refusals);
    expect(row(1)).toEqual(row(null));
  });

  it('keys parameters independently of their order', () => {
    expect(paramsKey({ a: { x: 1, y: 2 }, b: { z: 3 } })).toBe(
      paramsKey({ b: { z: 3 }, a: { y: 2, x: 1 } }),
    );
    expect(paramsKey({ a: { x: 1 } })).not.toBe(paramsKey({ a: { x: 2 } }));
  });

  it('gives the reference row its refusals, and those no lane marks', () => {
    const ctx = context('mutating-loop.json');
    expect(referenceRow(ctx.report, [])).toMatchObject({
      firstStop: 3,
      stops: 1,
      onlyHere: [3],
    });
    const marked = [
      {
        id: 'x',
        firstStop: null,
        warnings: 1,
        marks: [{ batchIndex: 3, messageIndex: 0, level: 'warn' as const, message: '' }],
      },
    ];
    expect(referenceRow(ctx.report, marked).onlyHere).toEqual([]);
  });
});

describe('SideChannel', () => {
  function recorder() {
    const got: string[] = [];
    const l: SideListener = {
      onZoo: (r) => got.push(`zoo:${r.requestId}`),
      onSweep: (r) => got.push(`sweep:${r.requestId}`),
      onSideError: (t, e) => got.push(`error:${t}:${e.kind}`),
    };
    return { got, l };
  }
  const zooReply = (requestId: number, dataVersion: number) =>
    ({ type: 'zoo', requestId, dataVersion }) as unknown as ZooResponse;
  const sweepReply = (requestId: number, dataVersion: number) =>
    ({ type: 'sweep', requestId, dataVersion }) as unknown as SweepResponse;

  it('delivers only the newest reply of each type, for the held transcript', () => {
    const { got, l } = recorder();
    const side = new SideChannel();
    side.listener = l;
    side.request({ type: 'zoo', requestId: 1, dataVersion: 1, params: {} });
    side.request({ type: 'zoo', requestId: 3, dataVersion: 1, params: {} });
    side.request({ type: 'sweep', requestId: 2, dataVersion: 1, config: DEFAULT_CONFIG });
    expect(side.receive(zooReply(1, 1), 1)).toBe(true);
    expect(side.receive(zooReply(3, 1), 2)).toBe(true);
    expect(got).toEqual([]);
    side.receive(zooReply(3, 1), 1);
    side.receive(sweepReply(2, 1), 1);
    expect(got).toEqual(['zoo:3', 'sweep:2']);
  });

  it('leaves other replies to the replay client and reports real errors only', () => {
    const { got, l } = recorder();
    const side = new SideChannel();
    side.listener = l;
    const other = { type: 'evaluated', requestId: 1, dataVersion: 1 } as unknown as WorkerResponse;
    expect(side.receive(other, 1)).toBe(false);
    side.request({ type: 'zoo', requestId: 4, dataVersion: 1, params: {} });
    const stale: WorkerResponse = {
      type: 'error',
      requestId: 4,
      dataVersion: 1,
      requestType: 'zoo',
      error: { kind: 'stale', message: 'gone' },
    };
    expect(side.receive(stale, 1)).toBe(true);
    side.receive({ ...stale, error: { kind: 'internal', message: 'boom' } }, 1);
    expect(got).toEqual(['error:zoo:internal']);
  });
});
