import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  DEFAULT_CONFIG,
  prepareReplay,
  replay,
  type ChatMessage,
} from '../../../src/detector/index';
import { sweepThresholds } from '../../../src/zoo/index';
import { ZOO_DETECTORS, runZoo, zooInput, type ZooResult } from '../../../src/zoo/index';
import { importTranscript } from '../../../src/import/index';
import { createReplayHandler } from '../../../src/worker/handle';
import type { WorkerResponse } from '../../../src/worker/protocol';
import { SideChannel, type SideListener } from '../../../src/worker/zoo/client';
import { createZooHandler, paramsKey, referenceRow } from '../../../src/worker/zoo/handle';
import type { SweepResponse, ZooRequest, ZooWireResponse } from '../../../src/worker/zoo/protocol';
import { packLanes, unpackLanes } from '../../../src/report/zooPacked';

/** The lane results a wire reply carries (unpacked as the side channel does). */
function resultsOf(r: WorkerResponse): ZooResult[] {
  if (r.type !== 'zoo' || r.lanes === null) throw new Error(`no lanes in ${r.type}`);
  return unpackLanes(r.lanes);
}

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
    const results = resultsOf(r);
    expect(results.map((x) => x.id)).toEqual(ZOO_DETECTORS.map((d) => d.id));
    const cycles = results.find((x) => x.id === 'cycles');
    expect(cycles?.marks.length).toBeGreaterThan(0);
    expect(r.comparison).toHaveLength(ZOO_DETECTORS.length);
    // The reference refuses nothing on the cycle: its row has no stop.
    expect(r.reference).toMatchObject({ id: 'reference', firstStop: null, stops: 0 });
    expect(r.against).toEqual({ maxRepeatedBatchSteps: 2, maxObservationSteps: 15 });
  });

  it('takes the messages handed over once, lets each go once read, and gives the same lanes', async () => {
    const ctx = context('observation-loop.json');
    const plain = await createZooHandler().zoo(
      { type: 'zoo', requestId: 1, dataVersion: 1, params: {} },
      ctx,
    );
    const zoo = createZooHandler();
    const own: (ChatMessage | undefined)[] = [...ctx.messages];
    let handedOver = 0;
    // `messages` stands for the holder's lean access, which the input must not need.
    const lean = { length: ctx.messages.length, at: () => undefined };
    const handOver = () => (handedOver++ === 0 ? (own as ChatMessage[]) : null);
    const held = { ...ctx, messages: lean, handOver };
    const first = await zoo.zoo({ type: 'zoo', requestId: 1, dataVersion: 1, params: {} }, held);
    expect(resultsOf(first)).toEqual(resultsOf(plain));
    expect(handedOver).toBe(1);
    expect(own.every((m) => m === undefined)).toBe(true);
    // Other parameters re-run the lanes over the same input, without asking again.
    const other = { [(ZOO_DETECTORS[0] as { id: string }).id]: {} };
    const again = await zoo.zoo({ type: 'zoo', requestId: 2, dataVersion: 1, params: other }, held);
    expect(again.type).toBe('zoo');
    expect(handedOver).toBe(1);
  });

  it('answers a config change and details sent during zoo work before the zoo', async () => {
    const h = await loaded('ab-cycle.json');
    const order: string[] = [];
    const note = (r: WorkerResponse) => {
      order.push(r.type);
      return r;
    };
    const zoo = h.handle({ type: 'zoo', requestId: 2, dataVersion: 7, params: {} }).then(note);
    const evaluate = h
      .handle({
        type: 'evaluate',
        requestId: 3,
        dataVersion: 7,
        config: { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 1 },
      })
      .then(note);
    const details = h
      .handle({ type: 'details', requestId: 4, dataVersion: 7, batchIndex: 0 })
      .then(note);
    await Promise.all([zoo, evaluate, details]);
    expect(order).toEqual(['evaluated', 'details', 'zoo']);
    // The zoo compares against the config that was current when it finished.
    const z = await zoo;
    expect(z.type === 'zoo' && z.against.maxRepeatedBatchSteps).toBe(1);
  });

  it('leaves the CPU to the page for a quiet period after each report before computing lanes', async () => {
    // The handler's clock is a fake one that only the sleeps move, so the figures below do
    // not depend on how loaded the machine is.
    vi.useFakeTimers({ toFake: ['performance'] });
    onTestFinished(() => void vi.useRealTimers());
    const slept: number[] = [];
    const h = createReplayHandler({
      sideWorkQuietMs: 400,
      // Recorded; the first sleeps half of what was asked, so the handler must ask again.
      sleep: (ms) => {
        slept.push(ms);
        vi.advanceTimersByTime(slept.length === 1 ? ms / 2 : ms);
        return Promise.resolve();
      },
    });
    const load = await h.handle({
      type: 'load',
      requestId: 1,
      dataVersion: 7,
      input: { kind: 'text', text: sample('ab-cycle.json'), name: 'ab-cycle.json' },
      config: DEFAULT_CONFIG,
    });
    expect(load.type).toBe('loaded');
    const zoo = await h.handle({ type: 'zoo', requestId: 2, dataVersion: 7, params: {} });
    expect(zoo.type).toBe('zoo');
    // The lanes waited out the 400 ms after the report left, then ran.
    expect(slept).toEqual([400, 200]);
    // Without a quiet period, side work never sleeps.
    const plain = createReplayHandler({
      sleep: () => {
        throw new Error('slept without a quiet period');
      },
    });
    await plain.handle({
      type: 'load',
      requestId: 1,
      dataVersion: 7,
      input: { kind: 'text', text: sample('ab-cycle.json'), name: 'ab-cycle.json' },
      config: DEFAULT_CONFIG,
    });
    expect(
      (await plain.handle({ type: 'zoo', requestId: 2, dataVersion: 7, params: {} })).type,
    ).toBe('zoo');
  });

  it('still runs a config change sent right after a load against that load', async () => {
    const h = createReplayHandler();
    const load = h.handle({
      type: 'load',
      requestId: 1,
      dataVersion: 9,
      input: { kind: 'blob', blob: new Blob([sample('ab-cycle.json')]), name: 'ab-cycle.json' },
      config: DEFAULT_CONFIG,
    });
    const evaluate = h.handle({
      type: 'evaluate',
      requestId: 2,
      dataVersion: 9,
      config: DEFAULT_CONFIG,
    });
    expect((await load).type).toBe('loaded');
    expect((await evaluate).type).toBe('evaluated');
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
    // Same parameters: the lanes are the cached ones, under the same id.
    expect(b.resultsId).toBe(a.resultsId);
    expect(resultsOf(b)).toEqual(resultsOf(a));
    // A request that holds them gets none.
    const c = await h.handle({
      type: 'zoo',
      requestId: 5,
      dataVersion: 7,
      params: {},
      haveResultsId: a.resultsId,
    });
    expect(c.type === 'zoo' && c.lanes).toBeNull();
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
  it('re-runs the lanes only when the parameters or the transcript change', async () => {
    const z = createZooHandler();
    const ctx = context('ab-cycle.json');
    const req = { type: 'zoo' as const, requestId: 1, dataVersion: 1, params: {} };
    const a = await z.zoo(req, ctx);
    expect((await z.zoo({ ...req, params: {} }, ctx)).resultsId).toBe(a.resultsId);
    const off = await z.zoo({ ...req, params: { cycles: { minCycles: 20 } } }, ctx);
    expect(off.resultsId).not.toBe(a.resultsId);
    expect(resultsOf(off).find((r) => r.id === 'cycles')?.marks).toEqual([]);
    const other = context('ab-cycle.json');
    const again = await z.zoo({ ...req, params: { cycles: { minCycles: 20 } } }, other);
    expect(again.resultsId).not.toBe(off.resultsId);
  });

  it('pauses between slices and lanes, with the same result as without pauses', async () => {
    const ctx = context('ab-cycle.json');
    const req = { type: 'zoo' as const, requestId: 1, dataVersion: 1, params: {} };
    let pauses = 0;
    const paused = await createZooHandler().zoo(req, ctx, () => {
      pauses++;
      return Promise.resolve();
    });
    const straight = await createZooHandler().zoo(req, ctx);
    expect(pauses).toBeGreaterThanOrEqual(ZOO_DETECTORS.length);
    expect(resultsOf(paused)).toEqual(resultsOf(straight));
    expect(resultsOf(paused)).toEqual(runZoo(zooInput(ctx.messages)));
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
  const zooReply = (requestId: number, dataVersion: number, resultsId = 1, lanes = true) =>
    ({
      type: 'zoo',
      requestId,
      dataVersion,
      resultsId,
      lanes: lanes ? packLanes([]) : null,
    }) as unknown as ZooWireResponse;
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

  it('asks for lanes it does not hold, reuses the ones it holds', () => {
    const results: ZooResult[] = [];
    const l: SideListener = {
      onZoo: (r) => results.push(...r.results),
      onSweep: () => undefined,
      onSideError: () => undefined,
    };
    const side = new SideChannel();
    side.listener = l;
    const first = side.request<ZooRequest>({
      type: 'zoo',
      requestId: 1,
      dataVersion: 1,
      params: {},
    });
    expect(first.haveResultsId).toBeUndefined();
    const lane: ZooResult = {
      id: 'cycles',
      firstStop: 2,
      warnings: 1,
      marks: [
        { batchIndex: 1, messageIndex: 3, level: 'warn', message: 'again' },
        { batchIndex: 2, messageIndex: 5, level: 'stop', message: 'again' },
      ],
    };
    side.receive({ ...zooReply(1, 1, 7), lanes: packLanes([lane]) }, 1);
    expect(results).toEqual([lane]);
    const second = side.request<ZooRequest>({
      type: 'zoo',
      requestId: 2,
      dataVersion: 1,
      params: {},
    });
    expect(second.haveResultsId).toBe(7);
    side.receive(zooReply(2, 1, 7, false), 1);
    expect(results).toEqual([lane, lane]);
    // Another transcript: nothing held for it.
    expect(
      side.request<ZooRequest>({ type: 'zoo', requestId: 3, dataVersion: 2, params: {} })
        .haveResultsId,
    ).toBeUndefined();
  });

  it('reports lanes that arrive without results it holds', () => {
    const { got, l } = recorder();
    const side = new SideChannel();
    side.listener = l;
    side.request({ type: 'zoo', requestId: 1, dataVersion: 1, params: {} });
    side.receive(zooReply(1, 1, 9, false), 1);
    expect(got).toEqual(['error:zoo:internal']);
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
