import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchDetails, DetectorConfig, Report } from '../../../src/detector/index';
import { WATCH_UNAVAILABLE } from '../../../src/state/slices/watch';
import type { ClientPort } from '../../../src/state/types';
import { WATCH_POLL_MS, WATCH_REST_MS, type WatchHandle } from '../../../src/state/watcher';
import type { ReplayClientListener } from '../../../src/worker/clientSupport';
import type { TranscriptInput } from '../../../src/worker/protocol';
import { analysisResult, testStore } from './testStore';

/** A client that notes the watched loads and appends; `takes` says whether it serves yet. */
class WatchClient implements ClientPort {
  loads: { input: TranscriptInput; watch: boolean }[] = [];
  appended: Blob[] = [];
  /** Rests taken, each with the size of the bytes it came with. */
  rests: number[] = [];
  asked: number[] = [];
  takes = true;
  constructor(readonly listener: ReplayClientListener) {}
  load(input: TranscriptInput, _config: DetectorConfig, _choice?: unknown, watch = false) {
    this.loads.push({ input, watch });
  }
  append(bytes: Blob, rest = false) {
    if (this.takes) {
      if (rest) this.rests.push(bytes.size);
      else this.appended.push(bytes);
    }
    return this.takes;
  }
  evaluate() {}
  details(i: number) {
    this.asked.push(i);
  }
  retry() {}
  cancel() {
    return false;
  }
}

/** The file the picker hands over: written to, rewritten, or made unreadable by the test. */
function watchedFile(name = 'rollout.jsonl') {
  let parts = ['{"a":1}\n'];
  let modified = 1;
  let failure: Error | null = null;
  let reads = 0;
  const handle: WatchHandle = {
    getFile: () => {
      reads++;
      if (failure !== null) return Promise.reject(failure);
      return Promise.resolve(new File(parts, name, { lastModified: modified }));
    },
  };
  return {
    handle,
    write: (text: string) => ((parts = [...parts, text]), modified++),
    rewrite: (text: string) => ((parts = [text]), modified++),
    fail: (e: Error) => void (failure = e),
    reads: () => reads,
  };
}

function setup(file = watchedFile()) {
  let picked: WatchHandle | null = file.handle;
  const { store, client } = testStore((l) => new WatchClient(l), {
    pickWatchFile: () => Promise.resolve(picked),
  });
  return { store, client, file, pick: (h: WatchHandle | null) => void (picked = h) };
}

/** Batches of `counts` (threshold 2): `r` refused by strikes, `c` by the ceiling. */
function report(counts: readonly (number | 'r' | 'c')[]): Report {
  const batches = counts.map((c, index) => ({
    index,
    count: typeof c === 'number' ? c : 3,
    threshold: 2,
    refused: typeof c !== 'number',
    reason: c === 'r' ? 'strikes' : c === 'c' ? 'ceiling' : null,
    calls: [{ name: 'write_file' }],
  }));
  const refused = batches.find((b) => b.refused);
  const firstRefusal = refused === undefined ? null : { batchIndex: refused.index };
  return { batches, firstRefusal } as unknown as Report;
}

const loaded = (r: Report, dataVersion = 1) =>
  analysisResult(r, { dataVersion, name: 'rollout.jsonl', watched: true });
const grown = (r: Report, dataVersion: number, newBatches: number, restarted = false) =>
  analysisResult(r, {
    dataVersion,
    name: 'rollout.jsonl',
    watched: true,
    newTranscript: false,
    grown: { newBatches, restarted },
  });

/** One poll of the watched file, and what it led to. */
async function poll() {
  await vi.advanceTimersByTimeAsync(WATCH_POLL_MS);
}

beforeEach(() => {
  // Only the watcher's clock: the file's bytes are read as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('watch slice: starting', () => {
  it('loads the chosen file as a watched one and says so', async () => {
    const { store, client } = setup();
    expect(store.getState().watchUnavailable).toBeNull();
    await store.getState().watchFile();
    expect(client.loads).toHaveLength(1);
    const { input, watch } = client.loads[0] ?? {};
    expect(watch).toBe(true);
    expect(input).toMatchObject({ kind: 'blob', name: 'rollout.jsonl' });
    expect(input?.kind === 'blob' ? await input.blob.text() : null).toBe('{"a":1}\n');
    expect(store.getState()).toMatchObject({
      watching: 'rollout.jsonl',
      sourceName: 'rollout.jsonl',
      formatChoice: 'auto',
      transcriptText: '',
      transcriptNote: 'Watching rollout.jsonl: batches appear as they are written.',
      watchNews: 'Watching rollout.jsonl.',
    });
  });

  it('does nothing when the picker is closed', async () => {
    const { store, client, pick } = setup();
    pick(null);
    await store.getState().watchFile();
    expect(client.loads).toEqual([]);
    expect(store.getState()).toMatchObject({ watching: null, watchNews: null });
  });

  it('is unavailable without the File System Access API, and says why', async () => {
    const { store, client } = testStore((l) => new WatchClient(l));
    expect(store.getState().watchUnavailable).toBe(WATCH_UNAVAILABLE);
    expect(WATCH_UNAVAILABLE).toBe('Watching needs the File System Access API (Chromium).');
    await store.getState().watchFile();
    expect(client.loads).toEqual([]);
    expect(store.getState().watching).toBeNull();
  });
});

describe('watch slice: growth', () => {
  it('appends only the new bytes, then shows the grown batches in the same view', async () => {
    const { store, client, file } = setup();
    await store.getState().watchFile();
    client.listener.onResult(loaded(report([1])));
    store.getState().select(0);
    const details = { batchIndex: 0 } as unknown as BatchDetails;
    client.listener.onDetails({
      type: 'details',
      requestId: 1,
      dataVersion: 1,
      batchIndex: 0,
      details,
    });
    const asked = client.asked.length;

    file.write('{"b":2}\n');
    await poll();
    expect(client.appended).toHaveLength(1);
    expect(await client.appended[0]?.text()).toBe('{"b":2}\n');
    client.listener.onResult(grown(report([1, 1, 1]), 2, 2));
    expect(store.getState().result?.report.batches).toHaveLength(3);
    // The same transcript: the view, the chosen batch and its details stay.
    expect(store.getState()).toMatchObject({ viewKey: 1, selectedIndex: 0, selectionAuto: false });
    expect(store.getState().details).toBe(details);
    expect(client.asked).toHaveLength(asked);
    // Nothing unchanged is read twice.
    await poll();
    expect(client.appended).toHaveLength(1);
  });

  it('offers the bytes again, grown, while the client cannot take them yet', async () => {
    const { store, client, file } = setup();
    await store.getState().watchFile();
    client.takes = false;
    file.write('{"b":2}\n');
    await poll();
    client.takes = true;
    file.write('{"c":3}\n');
    await poll();
    expect(client.appended).toHaveLength(1);
    expect(await client.appended[0]?.text()).toBe('{"b":2}\n{"c":3}\n');
    expect(store.getState().watching).toBe('rollout.jsonl');
  });

  it('tells the client once the file has rested, and again after it grew and rested', async () => {
    const { store, client, file } = setup();
    await store.getState().watchFile();
    const rest = async () => {
      for (let t = 0; t < WATCH_REST_MS; t += WATCH_POLL_MS) await poll();
    };
    await vi.advanceTimersByTimeAsync(WATCH_REST_MS - WATCH_POLL_MS);
    expect(client.rests).toEqual([]);
    await poll();
    expect(client.rests).toEqual([0]);
    await rest();
    expect(client.rests).toEqual([0]);
    file.write('{"b":2}\n');
    await poll();
    client.takes = false;
    await rest();
    expect(client.rests).toEqual([0]);
    client.takes = true;
    await poll();
    expect(client.rests).toEqual([0, 0]);
    expect(client.appended).toHaveLength(1);
  });

  it('says when a run reaches its threshold and when a batch is newly refused', async () => {
    const { store, client } = setup();
    await store.getState().watchFile();
    client.listener.onResult(loaded(report([1])));
    expect(store.getState().watchNews).toBe('Watching rollout.jsonl.');
    client.listener.onResult(grown(report([1, 2]), 2, 1));
    expect(store.getState().watchNews).toBe(
      'Batch #1 (write_file) is at its threshold (2 of 2): the next identical batch would be refused.',
    );
    client.listener.onResult(grown(report([1, 2, 'r']), 3, 1));
    expect(store.getState().watchNews).toBe(
      'New refusal: batch #2 (write_file) went past its strike threshold.',
    );
    // Batches that change nothing a person waits for leave the last news standing.
    client.listener.onResult(grown(report([1, 2, 'r', 1]), 4, 1));
    expect(store.getState().watchNews).toBe(
      'New refusal: batch #2 (write_file) went past its strike threshold.',
    );
    client.listener.onResult(grown(report([1, 2, 'r', 1, 'c']), 5, 1));
    expect(store.getState().watchNews).toBe(
      'New refusal: batch #4 (write_file) went past its ceiling.',
    );
  });

  it('opens on the first refusal once there is one, unless a batch was chosen', async () => {
    const { store, client } = setup();
    await store.getState().watchFile();
    // The session starts with no batch settled: nothing to open on yet.
    client.listener.onResult(loaded(report([])));
    expect(store.getState()).toMatchObject({ selectedIndex: null, selectionAuto: true });
    client.listener.onResult(grown(report([1]), 2, 1));
    expect(store.getState()).toMatchObject({ selectedIndex: 0, selectionAuto: true });
    client.listener.onResult(grown(report([1, 2]), 3, 1));
    expect(store.getState().selectedIndex).toBe(0);
    // The reference refuses: its details are shown without a click.
    client.listener.onResult(grown(report([1, 2, 'r']), 4, 1));
    expect(store.getState()).toMatchObject({ selectedIndex: 2, selectionAuto: true });
    expect(client.asked.at(-1)).toBe(2);
    // A later refusal leaves the first one shown.
    client.listener.onResult(grown(report([1, 2, 'r', 'r']), 5, 1));
    expect(store.getState().selectedIndex).toBe(2);
    // A batch the user chose stays chosen when a refusal comes.
    const other = setup();
    await other.store.getState().watchFile();
    other.client.listener.onResult(loaded(report([1, 2])));
    other.store.getState().select(0);
    other.client.listener.onResult(grown(report([1, 2, 'r']), 2, 1));
    expect(other.store.getState()).toMatchObject({ selectedIndex: 0, selectionAuto: false });
  });
});

describe('watch slice: a rewritten file', () => {
  it('starts over when the file shrank or its first bytes changed, and says why', async () => {
    const { store, client, file } = setup();
    await store.getState().watchFile();
    client.listener.onResult(loaded(report([1, 1])));
    file.rewrite('{}\n');
    await poll();
    expect(client.loads).toHaveLength(2);
    expect(client.loads[1]?.watch).toBe(true);
    expect(client.appended).toEqual([]);
    expect(store.getState().watchNews).toBe(
      'rollout.jsonl was rewritten (the file shrank): starting over.',
    );
    file.rewrite('[]\n{"longer":true}\n');
    await poll();
    expect(client.loads).toHaveLength(3);
    const input = client.loads[2]?.input;
    expect(input?.kind === 'blob' ? await input.blob.text() : null).toBe('[]\n{"longer":true}\n');
    expect(store.getState().watchNews).toBe(
      'rollout.jsonl was rewritten (its first bytes changed): starting over.',
    );
    expect(store.getState().watching).toBe('rollout.jsonl');
  });

  it('says when the worker replayed the grown history anew, which is a new view', async () => {
    const { store, client } = setup();
    await store.getState().watchFile();
    client.listener.onResult(loaded(report([1, 1])));
    store.getState().select(1);
    const asked = client.asked.length;
    client.listener.onResult(grown(report([1]), 2, 0, true));
    expect(store.getState().watchNews).toBe(
      'rollout.jsonl: the history no longer extends what was shown; replayed anew.',
    );
    expect(store.getState().viewKey).toBe(2);
    // Batch 1 is gone: no batch is chosen, and none is asked for.
    expect(store.getState().selectedIndex).toBeNull();
    expect(client.asked).toHaveLength(asked);
  });
});

describe('watch slice: the end of a watch', () => {
  it('stops when the file can no longer be read, and looks no more', async () => {
    for (const [error, said] of [
      [new DOMException('The request is not allowed.', 'NotAllowedError'), 'not allowed'],
      [new DOMException('A requested file could not be found.', 'NotFoundError'), 'not be found'],
    ] as const) {
      const { store, client, file } = setup();
      await store.getState().watchFile();
      client.listener.onResult(loaded(report([1])));
      file.fail(error);
      await poll();
      expect(store.getState().watching).toBeNull();
      expect(store.getState().watchNews).toBe(
        `Stopped watching: the file could not be read (${error.message}).`,
      );
      expect(store.getState().watchNews).toContain(said);
      // What was shown stays; the watch can be started again.
      expect(store.getState().result?.report.batches).toHaveLength(1);
      expect(store.getState().watchUnavailable).toBeNull();
      const reads = file.reads();
      await poll();
      await poll();
      expect(file.reads()).toBe(reads);
    }
  });

  it('stops when asked: no more looks, and a late growth is not announced', async () => {
    const { store, client, file } = setup();
    await store.getState().watchFile();
    client.listener.onResult(loaded(report([1])));
    store.getState().stopWatching();
    expect(store.getState()).toMatchObject({
      watching: null,
      watchNews: 'Stopped watching rollout.jsonl.',
    });
    file.write('{"b":2}\n');
    const reads = file.reads();
    await poll();
    expect(file.reads()).toBe(reads);
    expect(client.appended).toEqual([]);
    client.listener.onResult(grown(report([1, 2]), 2, 1));
    expect(store.getState().watchNews).toBe('Stopped watching rollout.jsonl.');
    // Stopping again says nothing new.
    store.getState().stopWatching();
    expect(store.getState().watchNews).toBe('Stopped watching rollout.jsonl.');
  });

  it('follows only the newest file chosen', async () => {
    const { store, client, file, pick } = setup();
    await store.getState().watchFile();
    const other = watchedFile('other.jsonl');
    pick(other.handle);
    await store.getState().watchFile();
    expect(store.getState()).toMatchObject({
      watching: 'other.jsonl',
      watchNews: 'Watching other.jsonl.',
    });
    file.write('{"b":2}\n');
    other.write('{"z":0}\n');
    await poll();
    expect(client.appended).toHaveLength(1);
    expect(await client.appended[0]?.text()).toBe('{"z":0}\n');
  });
});
