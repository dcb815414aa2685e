import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/detector/index';
import type { AppState } from '../../../src/state/types';
import { ReplayClient } from '../../../src/worker/client';
import type { ReplayClientListener, WorkerLike } from '../../../src/worker/clientSupport';
import { createReplayHandler } from '../../../src/worker/handle';
import type { WorkerRequest, WorkerResponse } from '../../../src/worker/protocol';
import { codexSession } from '../../e2e/codexSession';
import { testStore } from './testStore';

/** A worker that is the real handler, answering in a later task as a worker does. */
class HandlerWorker implements WorkerLike {
  private readonly handler = createReplayHandler();
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  onmessageerror: WorkerLike['onmessageerror'] = null;
  constructor() {
    setTimeout(() => this.reply({ type: 'ready' }), 0);
  }
  postMessage(m: WorkerRequest) {
    void this.handler.handle(m).then((r) => setTimeout(() => this.reply(r), 0));
  }
  terminate() {}
  private reply(r: WorkerResponse) {
    this.onmessage?.({ data: r } as MessageEvent<WorkerResponse>);
  }
}

function setup() {
  return testStore(
    (l: ReplayClientListener) =>
      new ReplayClient(l, {
        createWorker: () => new HandlerWorker(),
        loadTimeoutMs: () => 0,
        evaluateTimeoutMs: () => 0,
        yieldNow: () => Promise.resolve(),
        fault: null,
      }),
  );
}

/** Waits until the store's state passes `ok`. */
async function until(store: { getState(): AppState }, ok: (s: AppState) => boolean) {
  for (let i = 0; i < 500 && !ok(store.getState()); i++) {
    await new Promise((r) => setTimeout(r, 2));
  }
  expect(ok(store.getState())).toBe(true);
}

// Meta, context, the ask, three writes each followed by its answer.
const lines = codexSession(6_000).split(/(?<=\n)/);

describe('a watched file’s pending batch in the state', () => {
  it('reaches the state beside the report, and clears once its result is written', async () => {
    const { store, client } = setup();
    // Through the third write's call: two batches settled, the third waiting for its answer.
    const input = { kind: 'blob', blob: new Blob(lines.slice(0, 8)), name: 'r.jsonl' } as const;
    client.load(input, DEFAULT_CONFIG, undefined, true);
    await until(store, (s) => s.result !== null);
    const first = store.getState().result;
    expect(first?.report.batches).toHaveLength(2);
    expect(first?.pending).toEqual({
      index: 2,
      messageIndex: expect.any(Number) as number,
      calls: ['write_file'],
      answered: 0,
    });
    // Not a batch of the detector's report until it is answered.
    expect(first?.report.firstRefusal).toBeNull();
    expect(client.append(new Blob([lines[8] as string]))).toBe(true);
    await until(store, (s) => s.result !== first);
    const next = store.getState().result;
    expect(next?.pending).toBeNull();
    expect(next?.report.batches).toHaveLength(3);
    expect(next?.report.firstRefusal?.batchIndex).toBe(2);
    // A grown file brings the next pending batch too: the user's next ask and a read.
    expect(client.append(new Blob(lines.slice(9, 11)))).toBe(true);
    await until(store, (s) => s.result !== next);
    const read = store.getState().result;
    expect(read?.pending).toMatchObject({ index: 3, calls: ['read_file'], answered: 0 });
    expect(read?.report.batches).toHaveLength(3);
    expect(client.append(new Blob([lines[11] as string]))).toBe(true);
    await until(store, (s) => s.result !== read);
    expect(store.getState().result?.pending).toBeNull();
    expect(store.getState().result?.report.batches).toHaveLength(4);
  });

  it('is absent for a file that is not watched', async () => {
    const { store, client } = setup();
    client.load({ kind: 'text', text: lines.slice(0, 8).join(''), name: 'r' }, DEFAULT_CONFIG);
    await until(store, (s) => s.result !== null);
    expect(store.getState().result?.pending).toBeUndefined();
  });
});
