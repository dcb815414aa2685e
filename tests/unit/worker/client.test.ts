import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, type DetectorConfig, type Report } from '../../../src/detector/index';
import {
  ReplayClient,
  type AnalysisResult,
  type ReplayClientListener,
  type WorkerLike,
} from '../../../src/worker/client';
import type { WorkerRequest, WorkerResponse } from '../../../src/worker/protocol';

class FakeWorker implements WorkerLike {
  sent: WorkerRequest[] = [];
  terminated = false;
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  postMessage(m: WorkerRequest) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(r: WorkerResponse) {
    this.onmessage?.({ data: r } as MessageEvent<WorkerResponse>);
  }
  last(): WorkerRequest {
    const m = this.sent[this.sent.length - 1];
    if (m === undefined) throw new Error('nothing sent');
    return m;
  }
}

const report = (strikes: number): Report =>
  ({
    config: { ...DEFAULT_CONFIG, maxRepeatedBatchSteps: strikes },
    batches: [],
  }) as unknown as Report;
const cfg = (strikes: number): DetectorConfig => ({
  ...DEFAULT_CONFIG,
  maxRepeatedBatchSteps: strikes,
});
const input = (t: string) => ({ kind: 'text', text: t, name: t }) as const;

function setup(options: { timeoutMs?: number } = {}) {
  const workers: FakeWorker[] = [];
  const events: string[] = [];
  const results: AnalysisResult[] = [];
  const listener: ReplayClientListener = {
    onRunning: (k) => events.push(`running:${k}`),
    onResult: (r) => {
      results.push(r);
      events.push(`result:${r.report.config.maxRepeatedBatchSteps}:${r.newTranscript}`);
    },
    onAnalysisError: (e, t) => events.push(`error:${t}:${e.kind}`),
    onDetails: (d) => events.push(`details:${d.batchIndex}`),
    onWorkerFailed: (m) => events.push(`failed:${m}`),
  };
  const client = new ReplayClient(listener, {
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    timeoutMs: options.timeoutMs ?? 0,
  });
  const worker = () => {
    const w = workers[workers.length - 1];
    if (w === undefined) throw new Error('no worker');
    return w;
  };
  return { client, workers, worker, events, results };
}

function answerLoad(w: FakeWorker, strikes = 2) {
  const m = w.last();
  if (m.type !== 'load') throw new Error(`expected load, got ${m.type}`);
  w.reply({
    type: 'loaded',
    requestId: m.requestId,
    dataVersion: m.dataVersion,
    formatLabel: 'OpenAI',
    report: report(strikes),
    defaultReport: report(2),
  });
}

function answerEvaluate(w: FakeWorker) {
  const m = w.last();
  if (m.type !== 'evaluate') throw new Error(`expected evaluate, got ${m.type}`);
  w.reply({
    type: 'evaluated',
    requestId: m.requestId,
    dataVersion: m.dataVersion,
    report: report(m.config.maxRepeatedBatchSteps),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ReplayClient', () => {
  it('sends the transcript once, then only configs', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    answerLoad(worker());
    client.evaluate(cfg(3));
    answerEvaluate(worker());
    expect(worker().sent.map((m) => m.type)).toEqual(['load', 'evaluate']);
    const ev = worker().sent[1];
    expect(ev).toMatchObject({
      type: 'evaluate',
      dataVersion: 1,
      config: { maxRepeatedBatchSteps: 3 },
    });
    expect(ev).not.toHaveProperty('input');
    expect(events).toEqual(['running:load', 'result:2:true', 'running:evaluate', 'result:3:false']);
  });

  it('keeps one request in flight and sends only the newest config afterwards', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    client.evaluate(cfg(3));
    client.evaluate(cfg(4));
    client.evaluate(cfg(5));
    expect(worker().sent).toHaveLength(1);
    answerLoad(worker());
    // The load's reply is superseded by the pending config: not delivered.
    expect(events).toEqual(['running:load', 'running:evaluate']);
    expect(worker().sent).toHaveLength(2);
    expect(worker().last()).toMatchObject({
      type: 'evaluate',
      config: { maxRepeatedBatchSteps: 5 },
    });
    answerEvaluate(worker());
    // The first delivered result still says it belongs to a new transcript.
    expect(events.at(-1)).toBe('result:5:true');
  });

  it('drops a load superseded by newer text, and sends the newest text only', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    client.load(input('ab'), cfg(2));
    client.load(input('abc'), cfg(2));
    worker().reply({
      type: 'error',
      requestId: 1,
      dataVersion: 1,
      requestType: 'load',
      error: { kind: 'internal', message: 'x' },
    });
    expect(events).toEqual(['running:load', 'running:load']);
    const m = worker().last();
    expect(m.type === 'load' && m.input).toMatchObject({ text: 'abc' });
    expect(m.dataVersion).toBe(2);
  });

  it('reports a load error and keeps evaluating the previous transcript', () => {
    const { client, worker, events } = setup();
    client.load(input('good'), cfg(2));
    answerLoad(worker());
    client.load(input('bad'), cfg(2));
    worker().reply({
      type: 'error',
      requestId: 2,
      dataVersion: 2,
      requestType: 'load',
      error: { kind: 'internal', message: 'no' },
    });
    expect(events.at(-1)).toBe('error:load:internal');
    client.evaluate(cfg(3));
    expect(worker().last()).toMatchObject({ type: 'evaluate', dataVersion: 1 });
  });

  it('delivers only the newest details reply, and none for another transcript', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    answerLoad(worker());
    client.details(1);
    client.details(2);
    const [d1, d2] = worker().sent.slice(1);
    if (d1?.type !== 'details' || d2?.type !== 'details') throw new Error('details not sent');
    const details = { batchIndex: 0, messageIndex: 0, narration: '', calls: [], answers: [] };
    worker().reply({
      type: 'details',
      requestId: d1.requestId,
      dataVersion: 1,
      batchIndex: 1,
      details,
    });
    worker().reply({
      type: 'details',
      requestId: d2.requestId,
      dataVersion: 1,
      batchIndex: 2,
      details,
    });
    expect(events.filter((e) => e.startsWith('details'))).toEqual(['details:2']);
  });

  it('does not post evaluate before any transcript exists', () => {
    const { client, workers } = setup();
    client.evaluate(cfg(3));
    expect(workers).toHaveLength(0);
  });

  it('reports a crashed worker and retries with a fresh worker and the same transcript', () => {
    const { client, workers, worker, events } = setup();
    client.load(input('a'), cfg(2));
    answerLoad(worker());
    client.evaluate(cfg(3));
    worker().onerror?.({ message: 'out of memory', preventDefault() {} } as ErrorEvent);
    expect(events.at(-1)).toBe('failed:The replay worker crashed: out of memory.');
    expect(workers[0]?.terminated).toBe(true);
    // While failed, config changes are remembered but nothing is posted.
    client.evaluate(cfg(4));
    expect(workers).toHaveLength(1);
    client.retry();
    expect(workers).toHaveLength(2);
    expect(worker().last()).toMatchObject({
      type: 'load',
      input: { text: 'a' },
      config: { maxRepeatedBatchSteps: 4 },
    });
    answerLoad(worker(), 4);
    expect(events.at(-1)).toBe('result:4:true');
  });

  it('fails instead of hanging when the worker does not answer', () => {
    vi.useFakeTimers();
    const { client, worker, events } = setup({ timeoutMs: 1000 });
    client.load(input('a'), cfg(2));
    vi.advanceTimersByTime(1000);
    expect(events.at(-1)).toMatch(/^failed:The replay worker did not answer/);
    expect(worker().terminated).toBe(true);
  });

  it('fails cleanly when no worker can be created', () => {
    const events: string[] = [];
    const client = new ReplayClient(
      {
        onRunning: () => events.push('running'),
        onResult: () => events.push('result'),
        onAnalysisError: () => events.push('error'),
        onDetails: () => events.push('details'),
        onWorkerFailed: (m) => events.push(m),
      },
      {
        createWorker: () => {
          throw new Error('blocked by CSP');
        },
      },
    );
    client.load(input('a'), cfg(2));
    expect(events).toEqual(['The replay worker could not start: blocked by CSP.']);
  });

  it('retries the transcript whose load could not start a worker', () => {
    let attempts = 0;
    const workers: FakeWorker[] = [];
    const failures: string[] = [];
    const client = new ReplayClient(
      {
        onRunning: () => undefined,
        onResult: () => undefined,
        onAnalysisError: () => undefined,
        onDetails: () => undefined,
        onWorkerFailed: (m) => failures.push(m),
      },
      {
        createWorker: () => {
          if (attempts++ === 0) throw new Error('flaky');
          const w = new FakeWorker();
          workers.push(w);
          return w;
        },
      },
    );
    client.load(input('first'), cfg(2));
    expect(failures).toHaveLength(1);
    client.retry();
    expect(workers[0]?.last()).toMatchObject({ type: 'load', input: { text: 'first' } });
  });

  it('cancels a running load by reloading the previous transcript in a new worker', () => {
    const { client, workers, worker } = setup();
    client.load(input('small'), cfg(2));
    answerLoad(worker());
    client.load(input('huge'), cfg(2));
    expect(client.cancel()).toBe(true);
    expect(workers[0]?.terminated).toBe(true);
    expect(worker().last()).toMatchObject({ type: 'load', input: { text: 'small' } });
    // Cancelling that reload too leaves nothing to fall back to.
    expect(client.cancel()).toBe(false);
  });

  it('ignores replies that answer no request in flight', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    worker().reply({ type: 'evaluated', requestId: 99, dataVersion: 1, report: report(9) });
    expect(events).toEqual(['running:load']);
  });
});
