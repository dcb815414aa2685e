import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/detector/index';
import { fullHash } from '../../../src/state/hash';
import { createAppStore } from '../../../src/state/store';
import type { AppDeps, ClientPort } from '../../../src/state/types';
import type { ReplayClientListener } from '../../../src/worker/clientSupport';
import { analysisResult } from './testStore';

// Only what the link needs of a client: loads are counted, details asked for are noted.
function setup(hash: string, { hold = false } = {}) {
  let current = hash;
  // With `hold`, a sample's text arrives only when `release` is called.
  let release = () => {};
  const held = hold ? new Promise<void>((r) => (release = r)) : null;
  let listener: ReplayClientListener | null = null;
  const loads: string[] = [];
  const details: number[] = [];
  const client: ClientPort = {
    load: (input) => void loads.push(input.name),
    evaluate: () => undefined,
    details: (i) => void details.push(i),
    retry: () => undefined,
    cancel: () => false,
  };
  const index = JSON.stringify([
    { file: 'first.json', title: 'First' },
    { file: 'second.json', title: 'Second' },
  ]);
  const files: Record<string, string> = {
    'samples/index.json': index,
    'samples/first.json': '{}',
    'samples/second.json': '{}',
  };
  const deps: AppDeps = {
    createClient: (l) => ((listener = l), client),
    storage: null,
    hash: { read: () => current, write: (h) => void (current = h) },
    fetchText: (path) => {
      const text = files[path];
      if (text === undefined) return Promise.reject(new Error('404'));
      return held === null || path === 'samples/index.json'
        ? Promise.resolve(text)
        : held.then(() => text);
    },
    readFileText: () => Promise.resolve(''),
  };
  const store = createAppStore(deps);
  let version = 0;
  const deliver = (batches: number) => {
    const report = {
      batches: Array.from({ length: batches }, (_, index) => ({ index })),
      firstRefusal: null,
    } as unknown as Report;
    const result = analysisResult(report, { dataVersion: ++version });
    listener?.onResult(result);
    return result;
  };
  return { store, loads, details, deliver, hash: () => current, release: () => release() };
}

describe('app store: deep links', () => {
  it('opens the linked sample, then selects its batch, shows its tab and asks for its zoom', async () => {
    const { store, loads, deliver } = setup('#sample=second.json&batch=5&tab=patterns&zoom=2-8');
    expect(store.getState().workspaceTab).toBe('patterns');
    await store.getState().start();
    expect(loads).toEqual(['Second']);
    const r = deliver(10);
    expect(store.getState()).toMatchObject({
      selectedIndex: 5,
      selectionAuto: false,
      zoomRequest: { dataVersion: r.dataVersion, range: { first: 2, last: 8 } },
      pendingLink: null,
      configNotice: null,
    });
  });

  it('loads the linked sample once when it is chosen by hand while it is fetched', async () => {
    const { store, loads, release } = setup('#sample=second.json', { hold: true });
    await store.getState().start();
    const byHand = store.getState().openSample('second.json');
    release();
    await byHand;
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toEqual(['Second']);
    await store.getState().openSample('second.json');
    expect(loads).toEqual(['Second', 'Second']);
  });

  it('writes the sample, the chosen batch, the tab and the zoom back, never a pasted text', async () => {
    const { store, deliver, hash } = setup('');
    await store.getState().start();
    deliver(10);
    expect(hash()).toBe('sample=first.json');
    store.getState().select(4);
    store.getState().setWorkspaceTab('sweep');
    store.getState().setTimelineZoom({ first: 1, last: 6 });
    expect(hash()).toBe('sample=first.json&batch=4&tab=sweep&zoom=1-6');
    expect(fullHash(store.getState())).toBe(hash());
    store.getState().setTranscriptText('{"messages": []}');
    deliver(0);
    store.getState().setTimelineZoom(null);
    expect(hash()).toBe('src=own&tab=sweep');
    expect(hash()).not.toContain('messages');
  });

  it('drops a batch and zoom past the transcript with a notice', async () => {
    const { store, deliver } = setup('#sample=first.json&batch=50&zoom=40-60');
    await store.getState().start();
    deliver(10);
    expect(store.getState().selectedIndex).toBe(0); // the landing batch instead
    expect(store.getState().zoomRequest).toBeNull();
    expect(store.getState().configNotice).toMatch(/batch #50 and the zoom #40–60 are past/);
  });

  it('names an unknown sample and opens the first one instead', async () => {
    const { store, loads } = setup('#sample=gone.json&batch=2');
    await store.getState().start();
    expect(loads).toEqual(['First']);
    expect(store.getState().configNotice).toMatch(/sample gone\.json is not one of the built-in/);
    expect(store.getState().pendingLink).toBeNull();
  });

  it("for a transcript of the user's own: opens nothing, says so, and restores on the next one", async () => {
    const { store, loads, deliver, hash } = setup('#src=own&batch=3&tab=detectors&strikes=3');
    await store.getState().start();
    expect(loads).toEqual([]);
    expect(store.getState().config.maxRepeatedBatchSteps).toBe(3);
    expect(store.getState().workspaceTab).toBe('detectors');
    expect(store.getState().configNotice).toMatch(/open it again/);
    // A change meanwhile keeps the waiting link in the URL.
    store.getState().setWorkspaceTab('sweep');
    expect(hash()).toBe('strikes=3&src=own&batch=3&tab=sweep');
    store.getState().setTranscriptText('{}');
    deliver(5);
    expect(store.getState().selectedIndex).toBe(3);
  });
});
