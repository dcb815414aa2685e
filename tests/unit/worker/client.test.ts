import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CONFIG,
  replay,
  type DetectorConfig,
  type Report,
} from '../../../src/detector/index';
import { importTranscript } from '../../../src/import/index';
import { ReplayClient } from '../../../src/worker/client';
import type {
  AnalysisResult,
  ReplayClientListener,
  WorkerLike,
} from '../../../src/worker/clientSupport';
import { packReport, packTranscript } from '../../../src/report/packedReport';
import type { AnalysisError, WorkerRequest, WorkerResponse } from '../../../src/worker/protocol';
import { faultFromSearch } from '../../../src/worker/testFaults';
import { readFileSync } from 'node:fs';

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
  error(message?: string) {
    this.onerror?.({ message, preventDefault: () => undefined } as ErrorEvent);
  }
  last(): WorkerRequest {
    const m = this.sent[this.sent.length - 1];
    if (m === undefined) throw new Error('nothing sent');
    return m;
  }
}

const mutating = readFileSync(
  new URL('../../../public/samples/mutating-loop.json', import.meta.url),
  'utf8',
);
const cfg = (strikes: number): DetectorConfig => ({
  ...DEFAULT_CONFIG,
  maxRepeatedBatchSteps: strikes,
});
/** A real report of the mutating-loop sample under `strikes`. */
function reportFor(strikes: number): Report {
  const imported = importTranscript(mutating);
  if (!imported.ok) throw new Error('sample did not import');
  const v = imported.value;
  return replay(v.messages, cfg(strikes), {
    format: v.format,
    messages: v.messages.length,
    warnings: v.warnings,
    referenceScan: v.referenceScan,
  });
}
const input = (t: string) => ({ kind: 'text', text: t, name: t }) as const;
const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

function setup(options: { loadTimeoutMs?: number; spareWorkerAfterMs?: number } = {}) {
  const workers: FakeWorker[] = [];
  const events: string[] = [];
  const results: AnalysisResult[] = [];
  const listener: ReplayClientListener = {
    onRunning: (k) => events.push(`running:${k}`),
    onProgress: (p) => events.push(p === null ? 'progress:none' : `progress:${p.phase}`),
    onResult: (r) => {
      results.push(r);
      events.push(`result:${r.report.config.maxRepeatedBatchSteps}:${r.newTranscript}`);
    },
    onAnalysisError: (e, t) => events.push(`error:${t}:${e.kind}`),
    onDetails: (d) => events.push(`details:${d.batchIndex}`),
    onWorkerFailed: (m, f) => events.push(`failed:${f?.kind}:${m}`),
  };
  const client = new ReplayClient(listener, {
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    loadTimeoutMs: () => options.loadTimeoutMs ?? 0,
    evaluateTimeoutMs: () => 0,
    yieldNow: () => Promise.resolve(),
    fault: null,
    ...(options.spareWorkerAfterMs === undefined
      ? {}
      : { spareWorkerAfterMs: options.spareWorkerAfterMs }),
  });
  const worker = (i = workers.length - 1) => {
    const w = workers[i];
    if (w === undefined) throw new Error('no worker');
    return w;
  };
  return { client, workers, worker, events, results };
}

async function answerLoad(w: FakeWorker, strikes = 2) {
  const m = w.sent.findLast((r) => r.type === 'load') ?? w.last();
  if (m.type !== 'load') throw new Error(`expected load, got ${m.type}`);
  const report = reportFor(strikes);
  w.reply({ type: 'ready' });
  w.reply({
    type: 'loaded',
    requestId: m.requestId,
    dataVersion: m.dataVersion,
    formatLabel: 'OpenAI',
    transcript: packTranscript(report),
    report: packReport(report),
    defaultReport: strikes === 2 ? null : packReport(reportFor(2)),
    conversations: [{ label: 'conversation', batches: report.batches.length, refusals: 0 }],
    conversation: 0,
  });
  await flush();
}

async function answerEvaluate(w: FakeWorker, index = w.sent.length - 1) {
  const m = w.sent[index];
  if (m?.type !== 'evaluate') throw new Error(`expected evaluate, got ${m?.type}`);
  w.reply({
    type: 'evaluated',
    requestId: m.requestId,
    dataVersion: m.dataVersion,
    report: packReport(reportFor(m.config.maxRepeatedBatchSteps)),
    conversations: [],
  });
  await flush();
}

/** Answers `w`'s last request with `error`; returns that request. */
function failLast(w: FakeWorker, error: AnalysisError): WorkerRequest {
  const m = w.last();
  w.reply({
    type: 'error',
    requestId: m.requestId,
    dataVersion: m.dataVersion,
    requestType: m.type,
    error,
  });
  return m;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ReplayClient: staging and swap', () => {
  it('loads in a staging worker, then serves configs from it with the transcript sent once', async () => {
    const { client, worker, workers, events, results } = setup();
    client.load(input('a'), cfg(2));
    expect(worker().last()).toMatchObject({ type: 'load', input: { text: 'a' } });
    await answerLoad(worker());
    expect(results[0]?.report.batches.filter((b) => b.refused).map((b) => b.index)).toEqual([3]);
    expect(results[0]?.defaultReport).toBe(results[0]?.report);
    client.evaluate(cfg(3));
    expect(workers).toHaveLength(1);
    expect(worker().last()).toMatchObject({
      type: 'evaluate',
      config: { maxRepeatedBatchSteps: 3 },
    });
    expect(worker().last()).not.toHaveProperty('input');
    await answerEvaluate(worker());
    expect(events).toContain('result:3:false');
  });

  it('unpacks a report equal to the one the worker computed', async () => {
    const { client, worker, results } = setup();
    client.load(input('a'), cfg(3));
    const [r3, r2] = [reportFor(3), reportFor(2)];
    const m = worker().last();
    worker().reply({
      type: 'loaded',
      requestId: m.requestId,
      dataVersion: m.dataVersion,
      formatLabel: 'OpenAI',
      transcript: packTranscript(r3),
      report: packReport(r3),
      defaultReport: packReport(r2),
      conversations: [],
      conversation: 0,
    });
    await flush();
    expect(results[0]?.report).toEqual(r3);
    expect(results[0]?.defaultReport).toEqual(r2);
    // Same keys in the same order: an exported report reads like the CLI's.
    expect(JSON.stringify(results[0]?.report)).toBe(JSON.stringify(r3));
  });

  it('keeps serving config changes from the old worker while a new transcript loads', async () => {
    const { client, worker, workers, events } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker(0));
    client.load(input('b'), cfg(2));
    expect(workers).toHaveLength(2);
    client.evaluate(cfg(3));
    expect(worker(0).last()).toMatchObject({ type: 'evaluate' });
    await answerEvaluate(worker(0));
    expect(events.at(-1)).toBe('result:3:false');
    await answerLoad(worker(1));
    expect(worker(0).terminated).toBe(true);
    // The new transcript landed with the load's config; it is brought up to date at once.
    expect(events).toContain('result:2:true');
    expect(worker(1).last()).toMatchObject({
      type: 'evaluate',
      config: { maxRepeatedBatchSteps: 3 },
    });
  });

  it('cancel terminates the staging worker and leaves the previous transcript serving', async () => {
    const { client, worker, events, results } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker(0));
    client.load(input('big'), cfg(2));
    expect(client.cancel()).toBe(true);
    expect(worker(1).terminated).toBe(true);
    expect(worker(0).terminated).toBe(false);
    expect(events.at(-1)).toBe('progress:none');
    await answerLoad(worker(1)); // a late reply from the cancelled worker is ignored
    expect(results).toHaveLength(1);
    client.evaluate(cfg(3));
    expect(worker(0).last()).toMatchObject({ type: 'evaluate' });
    expect(client.cancel()).toBe(false);
  });

  it('drops a load superseded by a newer one', async () => {
    const { client, worker, results } = setup();
    client.load(input('a'), cfg(2));
    client.load(input('b'), cfg(2));
    expect(worker(0).terminated).toBe(true);
    await answerLoad(worker(0));
    expect(results).toHaveLength(0);
    await answerLoad(worker(1));
    expect(results.map((r) => r.name)).toEqual(['b']);
  });

  it('keeps one evaluate in flight and delivers only the newest config', async () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker());
    client.evaluate(cfg(3));
    client.evaluate(cfg(4));
    client.evaluate(cfg(5));
    const evaluates = () => worker().sent.filter((m) => m.type === 'evaluate');
    expect(evaluates()).toHaveLength(1);
    await answerEvaluate(worker(), 1);
    expect(events).not.toContain('result:3:false');
    expect(evaluates()).toHaveLength(2);
    expect(worker().last()).toMatchObject({ config: { maxRepeatedBatchSteps: 5 } });
    await answerEvaluate(worker());
    expect(events.at(-1)).toBe('result:5:false');
  });

  it('reports an import error and keeps the previous transcript', async () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker(0));
    client.load(input('bad'), cfg(2));
    failLast(worker(1), { kind: 'import', error: { kind: 'invalid', message: 'nope' } });
    expect(events.slice(-2)).toEqual(['progress:none', 'error:load:import']);
    expect(worker(1).terminated).toBe(true);
    client.evaluate(cfg(3));
    expect(worker(0).last()).toMatchObject({ type: 'evaluate' });
  });

  it('delivers only the newest details reply', async () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker());
    client.details(1);
    client.details(2);
    const [first, second] = worker().sent.filter((m) => m.type === 'details');
    const details = (m: WorkerRequest | undefined, batchIndex: number) =>
      worker().reply({
        type: 'details',
        requestId: m?.requestId ?? 0,
        dataVersion: m?.dataVersion ?? 0,
        batchIndex,
        details: { batchIndex, messageIndex: 0, narration: '', calls: [], answers: [] },
      });
    details(first, 1);
    details(second, 2);
    expect(events.filter((e) => e.startsWith('details'))).toEqual(['details:2']);
  });

  it('passes the page test hook to the worker only from ?test-worker=', () => {
    expect(faultFromSearch('?test-worker=hang')).toBe('hang');
    expect(faultFromSearch('?test-worker=oom&x=1')).toBe('oom');
    expect(faultFromSearch('?test-worker=evil')).toBeNull();
    expect(faultFromSearch('')).toBeNull();
  });
});

describe('ReplayClient: failures', () => {
  it('says a crashed staging worker crashed, keeps the old one, and retries the load', async () => {
    const { client, worker, workers, events } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker(0));
    client.load(input('b'), cfg(2));
    worker(1).reply({ type: 'ready' });
    worker(1).error('Uncaught Error: boom');
    expect(events.at(-1)).toBe('failed:crashed:The analysis worker crashed: Error: boom.');
    expect(worker(1).terminated).toBe(true);
    expect(worker(0).terminated).toBe(false);
    client.retry();
    expect(workers).toHaveLength(3);
    expect(worker(2).last()).toMatchObject({ type: 'load', input: { text: 'b' } });
  });

  it('recognises running out of memory', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    worker().reply({ type: 'ready' });
    worker().error('Uncaught RangeError: Array buffer allocation failed');
    expect(events.at(-1)).toBe('failed:out-of-memory:The analysis worker ran out of memory.');
  });

  it('treats an exception reported by the worker as a crash, out of memory when it says so', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    failLast(worker(), { kind: 'internal', message: 'RangeError: Invalid string length' });
    expect(events.at(-1)).toMatch(/^failed:out-of-memory:/);
  });

  it('says the worker could not start when its script never ran', () => {
    const { client, worker, events } = setup();
    client.load(input('a'), cfg(2));
    worker().error(undefined);
    expect(events.at(-1)).toBe(
      'failed:not-started:The analysis worker could not start: its script could not be loaded.',
    );
  });

  it('stops a load that runs past its size-proportional limit', () => {
    vi.useFakeTimers();
    const { client, worker, events } = setup({ loadTimeoutMs: 12_000 });
    client.load(input('a'), cfg(2));
    vi.advanceTimersByTime(11_999);
    expect(worker().terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(worker().terminated).toBe(true);
    expect(events.at(-1)).toBe(
      'failed:timeout:The analysis worker took longer than 12 s and was stopped.',
    );
  });

  it('keeps the last result when the serving worker dies, and retry reloads its transcript', async () => {
    const { client, worker, workers, events, results } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker(0));
    client.evaluate(cfg(3));
    worker(0).error('Uncaught Error: bug');
    expect(events.at(-1)).toMatch(/^failed:crashed:/);
    expect(results).toHaveLength(1);
    client.evaluate(cfg(4)); // nothing to run it on until retry
    expect(workers).toHaveLength(1);
    client.retry();
    expect(worker(1).last()).toMatchObject({
      type: 'load',
      input: { text: 'a' },
      config: { maxRepeatedBatchSteps: 4 },
    });
  });

  it('fails cleanly when no worker can be created, and retry tries again', () => {
    const events: string[] = [];
    let allow = false;
    const created: FakeWorker[] = [];
    const client = new ReplayClient(
      {
        onRunning: () => undefined,
        onProgress: () => undefined,
        onResult: () => undefined,
        onAnalysisError: () => undefined,
        onDetails: () => undefined,
        onWorkerFailed: (_m, f) => events.push(f?.kind ?? ''),
      },
      {
        createWorker: () => {
          if (!allow) throw new Error('blocked');
          const w = new FakeWorker();
          created.push(w);
          return w;
        },
        fault: null,
        yieldNow: () => Promise.resolve(),
      },
    );
    client.load(input('a'), cfg(2));
    expect(events).toEqual(['not-started']);
    allow = true;
    client.retry();
    expect(created[0]?.last()).toMatchObject({ type: 'load', input: { text: 'a' } });
    client.dispose();
  });
});

/** A client that starts a spare `ms` after a load ends, its first transcript ('a') landed. */
async function landedWithSpare(ms: number) {
  vi.useFakeTimers();
  const t = setup({ spareWorkerAfterMs: ms });
  t.client.load(input('a'), cfg(2));
  await answerLoad(t.worker(0));
  return t;
}

describe("ReplayClient: the next load's worker started ahead", () => {
  it('starts a spare worker a while after a load lands and gives it the next load', async () => {
    const { client, worker, workers, events } = await landedWithSpare(1000);
    expect(workers).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(workers).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(workers).toHaveLength(2);
    expect(worker(1).sent).toEqual([]);
    worker(1).reply({ type: 'ready' });
    client.load(input('b'), cfg(2));
    expect(workers).toHaveLength(2);
    expect(worker(1).last()).toMatchObject({ type: 'load', input: { text: 'b' } });
    // It had started: an error now is a crash, not a script that never ran.
    worker(1).error('Uncaught Error: boom');
    expect(events.at(-1)).toBe('failed:crashed:The analysis worker crashed: Error: boom.');
    expect(worker(0).terminated).toBe(false);
    client.dispose();
  });

  it('lands the next transcript through the spare and serves it from there', async () => {
    const { client, worker, workers, results } = await landedWithSpare(10);
    vi.advanceTimersByTime(10);
    client.load(input('b'), cfg(3));
    await answerLoad(worker(1), 3);
    expect(results.map((r) => [r.name, r.newTranscript])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(worker(0).terminated).toBe(true);
    client.evaluate(cfg(4));
    expect(worker(1).last()).toMatchObject({
      type: 'evaluate',
      config: { maxRepeatedBatchSteps: 4 },
    });
    // The next spare comes after this load too, and only one at a time.
    vi.advanceTimersByTime(10);
    expect(workers).toHaveLength(3);
    vi.advanceTimersByTime(1000);
    expect(workers).toHaveLength(3);
    client.dispose();
  });

  it('does not use a spare whose script failed, and says so only if the fresh one fails too', async () => {
    const { client, worker, workers, events } = await landedWithSpare(0);
    vi.advanceTimersByTime(0);
    expect(workers).toHaveLength(2);
    worker(1).error(undefined);
    const before = events.length;
    client.load(input('b'), cfg(2));
    expect(worker(1).terminated).toBe(true);
    expect(worker(1).sent).toEqual([]);
    expect(workers).toHaveLength(3);
    expect(worker(2).last()).toMatchObject({ type: 'load', input: { text: 'b' } });
    expect(events.slice(before).some((e) => e.startsWith('failed'))).toBe(false);
    worker(2).error(undefined);
    expect(events.at(-1)).toMatch(/^failed:not-started:/);
    client.dispose();
  });

  it('starts no spare while a load runs, and one once it is cancelled', async () => {
    const { client, worker, workers } = await landedWithSpare(100);
    client.load(input('b'), cfg(2)); // before the spare: the load starts its own worker
    expect(workers).toHaveLength(2);
    vi.advanceTimersByTime(500);
    expect(workers).toHaveLength(2);
    expect(client.cancel()).toBe(true);
    vi.advanceTimersByTime(100);
    expect(workers).toHaveLength(3);
    expect(worker(2).sent).toEqual([]);
    client.dispose();
  });

  it('terminates the spare and its timer on dispose, and starts none without the option', async () => {
    const a = await landedWithSpare(100);
    vi.advanceTimersByTime(100);
    a.client.dispose();
    expect(a.worker(1).terminated).toBe(true);

    const b = await landedWithSpare(100);
    b.client.dispose();
    vi.advanceTimersByTime(1000);
    expect(b.workers).toHaveLength(1);

    const c = setup();
    c.client.load(input('a'), cfg(2));
    await answerLoad(c.worker(0));
    vi.advanceTimersByTime(60_000);
    expect(c.workers).toHaveLength(1);
    c.client.dispose();
  });
});

describe('ReplayClient: the export file', () => {
  it('asks the serving worker for it and resolves with its URL, or null on an error', async () => {
    const { client, worker } = setup();
    expect(await client.exportReport(cfg(2))).toBeNull(); // nothing loaded yet
    client.load(input('a'), cfg(2));
    await answerLoad(worker(0));
    const asked = client.exportReport(cfg(3));
    const m = worker(0).last();
    expect(m).toMatchObject({ type: 'export', config: { maxRepeatedBatchSteps: 3 } });
    const url = 'blob:http://localhost/export';
    worker(0).reply({ type: 'exported', requestId: m.requestId, dataVersion: m.dataVersion, url });
    expect(await asked).toBe(url);
    const failing = client.exportReport(cfg(3));
    expect(failLast(worker(0), { kind: 'stale', message: 'gone' }).type).toBe('export');
    expect(await failing).toBeNull();
  });

  it('resolves null when the transcript is replaced or its worker fails before answering', async () => {
    const { client, worker } = setup();
    client.load(input('a'), cfg(2));
    await answerLoad(worker(0));
    const first = client.exportReport(cfg(2));
    client.load(input('b'), cfg(2));
    await answerLoad(worker(1));
    expect(await first).toBeNull();
    const second = client.exportReport(cfg(2));
    worker(1).error('Uncaught Error: boom');
    expect(await second).toBeNull();
  });
});

describe('ReplayClient: previews of a large file', () => {
  /** A first load served, then a second under way in worker 1 with one preview shown. */
  async function previewing() {
    const t = setup();
    t.client.load(input('first'), cfg(2));
    await answerLoad(t.worker(0));
    t.client.load(input('big'), cfg(2));
    const m = t.worker(1).last();
    if (m.type !== 'load') throw new Error('expected load');
    const report = reportFor(2);
    t.worker(1).reply({ type: 'ready' });
    t.worker(1).reply({
      type: 'partial',
      requestId: m.requestId,
      dataVersion: m.dataVersion,
      formatLabel: 'Codex',
      transcript: packTranscript(report),
      report: packReport(report),
      read: 1,
      total: 9,
    });
    await flush();
    return { ...t, load: m };
  }

  it('shows a preview as a result marked as one, and holds requests for the old transcript', async () => {
    const { client, worker, results } = await previewing();
    expect(results.at(-1)).toMatchObject({
      preview: { read: 1, total: 9 },
      newTranscript: false,
      formatLabel: 'Codex',
      name: 'big',
    });
    const sent = worker(0).sent.length;
    client.details(1);
    client.evaluate(cfg(3));
    client.zoo({});
    expect(worker(0).sent).toHaveLength(sent);
  });

  it('cancel keeping what was read cuts the load, whose result then lands', async () => {
    const { client, worker, results, load } = await previewing();
    expect(client.cancel('read')).toBe(true);
    expect(worker(1).last()).toMatchObject({ type: 'cut', dataVersion: load.dataVersion });
    expect(worker(1).terminated).toBe(false);
    await answerLoad(worker(1));
    expect(results.at(-1)).toMatchObject({ newTranscript: true, name: 'big' });
    expect(results.at(-1)?.preview).toBeUndefined();
    expect(worker(0).terminated).toBe(true);
  });

  it('cancel keeping the previous transcript ends the load', async () => {
    const { client, worker, events } = await previewing();
    expect(client.cancel()).toBe(true);
    expect(worker(1).terminated).toBe(true);
    expect(events.at(-1)).toBe('progress:none');
    // The old transcript serves again.
    client.details(1);
    expect(worker(0).last()).toMatchObject({ type: 'details', batchIndex: 1 });
  });

  it('without a preview, cancel keeping what was read is a plain cancel', async () => {
    const { client, worker } = setup();
    client.load(input('big'), cfg(2));
    expect(client.cancel('read')).toBe(true);
    expect(worker(0).terminated).toBe(true);
  });
});
