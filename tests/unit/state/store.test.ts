import { openingConversation, refusingConversation } from '../../../src/state/slices/analysis';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type DetectorConfig, type Report } from '../../../src/detector/index';
import { configToJson } from '../../../src/state/configCodec';
import { CONFIG_STORAGE_KEY, THEME_STORAGE_KEY } from '../../../src/state/store';
import type { ClientPort } from '../../../src/state/types';
import type { AnalysisResult, ReplayClientListener } from '../../../src/worker/clientSupport';
import type { TranscriptInput } from '../../../src/worker/protocol';
import { analysisResult, testStore } from './testStore';

class FakeClient implements ClientPort {
  calls: string[] = [];
  loads: { input: TranscriptInput; config: DetectorConfig }[] = [];
  configs: DetectorConfig[] = [];
  constructor(readonly listener: ReplayClientListener) {}
  load(input: TranscriptInput, config: DetectorConfig) {
    this.calls.push(`load:${input.name}`);
    this.loads.push({ input, config });
  }
  evaluate(config: DetectorConfig) {
    this.calls.push(`evaluate:${config.maxRepeatedBatchSteps}`);
    this.configs.push(config);
  }
  details(i: number) {
    this.calls.push(`details:${i}`);
  }
  retry() {
    this.calls.push('retry');
  }
  cancel(keep?: 'previous' | 'read') {
    this.calls.push(keep === 'read' ? 'cancel:read' : 'cancel');
    return keep === 'read';
  }
}

function setup(
  init: { hash?: string; stored?: Record<string, string>; files?: Record<string, string> } = {},
) {
  const storage = new Map(Object.entries(init.stored ?? {}));
  let hash = init.hash ?? '';
  const { store, client } = testStore((l) => new FakeClient(l), {
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
    hash: { read: () => hash, write: (h) => void (hash = h) },
    fetchText: (path) => {
      const t = init.files?.[path];
      return t === undefined ? Promise.reject(new Error('404')) : Promise.resolve(t);
    },
    readFileText: (f) => Promise.resolve(`text of ${f instanceof File ? f.name : 'blob'}`),
  });
  return { store, client, storage, hash: () => hash };
}

function result(
  batches: number,
  newTranscript: boolean,
  name = 'x',
  refusedAt: number | null = null,
): AnalysisResult {
  const report = {
    batches: Array.from({ length: batches }, (_, index) => ({ index })),
    firstRefusal: refusedAt === null ? null : { batchIndex: refusedAt },
  } as unknown as Report;
  return analysisResult(report, { newTranscript, name });
}

describe('app store: config persistence', () => {
  it('starts from the defaults with nothing stored', () => {
    const { store } = setup();
    expect(store.getState().config).toEqual(DEFAULT_CONFIG);
    expect(store.getState().configNotice).toBeNull();
  });

  it('prefers the URL over localStorage', () => {
    const stored = {
      [CONFIG_STORAGE_KEY]: configToJson({ ...DEFAULT_CONFIG, maxRepeatedBatchSteps: 7 }),
    };
    expect(setup({ stored }).store.getState().config.maxRepeatedBatchSteps).toBe(7);
    expect(
      setup({ stored, hash: '#strikes=3' }).store.getState().config.maxRepeatedBatchSteps,
    ).toBe(3);
  });

  it('falls back to the defaults with a visible notice for a malformed stored config', () => {
    const { store } = setup({
      stored: { [CONFIG_STORAGE_KEY]: '{"maxRepeatedBatchSteps": "<script>"' },
    });
    expect(store.getState().config).toEqual(DEFAULT_CONFIG);
    expect(store.getState().configNotice).toMatch(/not valid JSON/);
    store.getState().dismissConfigNotice();
    expect(store.getState().configNotice).toBeNull();
  });

  it('writes config changes to the URL and storage, and re-runs the replay', () => {
    const { store, client, storage, hash } = setup();
    store.getState().setConfig({ maxRepeatedBatchSteps: 3 });
    expect(hash()).toBe('strikes=3');
    expect(JSON.parse(storage.get(CONFIG_STORAGE_KEY) ?? '{}')).toMatchObject({
      maxRepeatedBatchSteps: 3,
    });
    expect(client.calls).toEqual(['evaluate:3']);
    store.getState().resetConfig();
    expect(hash()).toBe('');
  });

  it('imports an exported config file, validating it', async () => {
    const { store } = setup();
    await store.getState().importConfig('{"maxRepeatedBatchSteps": 3, "mode": "agent"}', 'ok.json');
    expect(store.getState().config).toEqual({
      ...DEFAULT_CONFIG,
      mode: 'agent',
      maxRepeatedBatchSteps: 3,
    });
    expect(store.getState().configNotice).toBeNull();
    // A bad value, or no known key: a notice, and the settings stay as they were.
    await store
      .getState()
      .importConfig('{"maxRepeatedBatchSteps": "many", "mode": "proxy"}', 'cfg.json');
    expect(store.getState().config).toMatchObject({ mode: 'agent', maxRepeatedBatchSteps: 3 });
    expect(store.getState().configNotice).toMatch(/cfg\.json.*unchanged/);
    await store.getState().importConfig('{"foo": 1}', 'foo.json');
    expect(store.getState().config).toMatchObject({ mode: 'agent', maxRepeatedBatchSteps: 3 });
    expect(store.getState().configNotice).toMatch(/^Could not import foo\.json: no setting/);
  });

  it('remembers the theme', () => {
    const { store, storage } = setup({ stored: { [THEME_STORAGE_KEY]: 'dark' } });
    expect(store.getState().theme).toBe('dark');
    store.getState().toggleTheme();
    expect(storage.get(THEME_STORAGE_KEY)).toBe('light');
  });
});

describe('app store: analysis', () => {
  it('goes idle → running → ready', () => {
    const { store, client } = setup();
    expect(store.getState().status).toBe('idle');
    store.getState().setTranscriptText('{}');
    expect(client.loads[0]?.input).toEqual({ kind: 'text', text: '{}', name: 'pasted text' });
    client.listener.onRunning('load');
    expect(store.getState()).toMatchObject({ status: 'running', loading: true });
    client.listener.onResult(result(3, true));
    expect(store.getState()).toMatchObject({ status: 'ready', loading: false });
  });

  it('keeps the last good analysis and the text when new text fails', () => {
    const { store, client } = setup();
    client.listener.onResult(result(3, true, 'good'));
    store.getState().setTranscriptText('{"broken":');
    client.listener.onAnalysisError({ kind: 'internal', message: 'bad' }, 'load');
    const s = store.getState();
    expect(s.status).toBe('error');
    expect(s.result?.name).toBe('good');
    expect(s.transcriptText).toBe('{"broken":');
    // A config re-run of the old transcript does not hide the error about the text in the box.
    client.listener.onResult(result(3, false, 'good'));
    expect(store.getState().status).toBe('error');
    // A successful new transcript clears it.
    client.listener.onResult(result(2, true, 'fixed'));
    expect(store.getState()).toMatchObject({ status: 'ready', analysisError: null });
  });

  it('reports a worker failure and retries', () => {
    const { store, client } = setup();
    client.listener.onResult(result(3, true));
    client.listener.onWorkerFailed('The replay worker crashed: boom.');
    expect(store.getState()).toMatchObject({
      status: 'error',
      workerFailure: 'The replay worker crashed: boom.',
    });
    store.getState().retry();
    expect(client.calls.at(-1)).toBe('retry');
    expect(store.getState().workerFailure).toBeNull();
  });

  it('cancels a load that has nothing to fall back to', () => {
    const { store, client } = setup();
    client.listener.onRunning('load');
    store.getState().cancel();
    expect(store.getState()).toMatchObject({ status: 'idle', loading: false });
  });
});

describe('app store: selection and details', () => {
  it('asks for the details of the selected batch and ignores others', () => {
    const { store, client } = setup();
    client.listener.onResult(result(5, true));
    store.getState().select(2);
    expect(client.calls.at(-1)).toBe('details:2');
    const details = { batchIndex: 2, messageIndex: 0, narration: '', calls: [], answers: [] };
    client.listener.onDetails({
      type: 'details',
      requestId: 1,
      dataVersion: 1,
      batchIndex: 4,
      details: { ...details, batchIndex: 4 },
    });
    expect(store.getState().details).toBeNull();
    client.listener.onDetails({
      type: 'details',
      requestId: 2,
      dataVersion: 1,
      batchIndex: 2,
      details,
    });
    expect(store.getState().details).toEqual(details);
  });

  it('keeps the selection across config re-runs; a new transcript opens on its point', () => {
    const { store, client } = setup();
    client.listener.onResult(result(5, true));
    store.getState().select(4);
    client.listener.onResult(result(5, false));
    expect(store.getState().selectedIndex).toBe(4);
    expect(client.calls.at(-1)).toBe('details:4');
    client.listener.onResult(result(6, true, 'y', 3));
    expect(store.getState().selectedIndex).toBe(3);
    expect(client.calls.at(-1)).toBe('details:3');
    client.listener.onResult(result(2, true));
    expect(store.getState().selectedIndex).toBe(0);
    client.listener.onResult(result(0, true));
    expect(store.getState().selectedIndex).toBeNull();
  });
});

describe('app store: samples', () => {
  const index = JSON.stringify([
    { file: 'first.json', title: 'First', description: 'd' },
    { file: '../../etc/passwd', title: 'evil' },
    { file: 'https://evil.example/x.json', title: 'remote' },
    { file: 'second.json', title: 'Second' },
  ]);

  it('lists safe sample files only and opens the first on start', async () => {
    const { store, client } = setup({
      files: { 'samples/index.json': index, 'samples/first.json': '{"messages":[]}' },
    });
    await store.getState().start();
    expect(store.getState().samples.map((s) => s.file)).toEqual(['first.json', 'second.json']);
    expect(client.loads[0]?.input).toEqual({
      kind: 'text',
      text: '{"messages":[]}',
      name: 'First',
    });
    expect(store.getState()).toMatchObject({
      currentSample: 'first.json',
      transcriptText: '{"messages":[]}',
    });
    await store.getState().start();
    expect(client.loads).toHaveLength(1);
  });

  it('does not replace what the user loaded while the samples were listed', async () => {
    const { store, client } = setup({
      files: { 'samples/index.json': index, 'samples/first.json': '{}' },
    });
    const started = store.getState().start();
    store.getState().setTranscriptText('mine');
    await started;
    expect(client.loads.map((l) => l.input.name)).toEqual(['pasted text']);
  });

  it('reports an unreadable index', async () => {
    const { store } = setup({ files: { 'samples/index.json': '{"not": "a list"}' } });
    await store.getState().loadSampleIndex();
    expect(store.getState().samplesError).toMatch(/not a list/);
  });

  it('sends a file to the worker as the File itself and shows small ones in the box', async () => {
    const { store, client } = setup();
    const file = new File(['{"messages":[]}'], 'session.json');
    store.getState().loadFile(file);
    expect(client.loads[0]?.input).toEqual({ kind: 'blob', blob: file, name: 'session.json' });
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getState().transcriptText).toBe('text of session.json');
  });
});

describe('app store: the lanes parameters in the URL', () => {
  it('writes them beside the config, reads them at start-up, and applies a pasted link', () => {
    const { store, client, hash } = setup();
    store.getState().setZooParam('cycles', 'minCycles', 20);
    expect(new URLSearchParams(hash()).get('zoo')).toBe('cycles.minCycles:20');
    store.getState().setConfig({ maxRepeatedBatchSteps: 3 });
    expect(new URLSearchParams(hash()).get('zoo')).toBe('cycles.minCycles:20');
    expect(new URLSearchParams(hash()).get('strikes')).toBe('3');

    const opened = setup({ hash: `#${hash()}` }).store.getState();
    expect(opened.zooParams).toEqual({ cycles: { minCycles: 20 } });
    expect(opened.config.maxRepeatedBatchSteps).toBe(3);
    expect(opened.configNotice).toBeNull();

    // A link that changes only the lanes does not re-run the replay.
    const evaluations = client.calls.length;
    store.getState().applyHash('#strikes=3&zoo=cycles.minCycles%3A7');
    expect(store.getState().zooParams).toEqual({ cycles: { minCycles: 7 } });
    expect(client.calls.length).toBe(evaluations);
    store.getState().applyHash('#strikes=3&zoo=cycles.minCycles%3A999999');
    expect(store.getState().zooParams).toEqual({});
    expect(store.getState().configNotice).toMatch(/detector lane settings/);
  });
});

describe('app store: a pasted link', () => {
  it('applies the config in a new URL hash and ignores its own', () => {
    const { store, client } = setup();
    store.getState().applyHash('#strikes=4&mode=agent');
    expect(store.getState().config).toMatchObject({ maxRepeatedBatchSteps: 4, mode: 'agent' });
    const calls = client.calls.length;
    // Our own hash (as written after the change) is not applied again.
    store.getState().applyHash('#mode=agent&strikes=4');
    expect(client.calls.length).toBe(calls);
    store.getState().applyHash('#strikes=x');
    expect(store.getState().config.maxRepeatedBatchSteps).toBe(2);
    expect(store.getState().configNotice).toMatch(/URL/);
  });
});

describe('refusingConversation', () => {
  const list = (...refusals: number[]) => refusals.map((r) => ({ refusals: r }));
  it('stays on a conversation that refuses, or when none does', () => {
    expect(refusingConversation(list(1, 3), 0)).toBeNull();
    expect(refusingConversation(list(0, 0), 0)).toBeNull();
    expect(refusingConversation([], 0)).toBeNull();
  });
  it('moves to the one with the most refusals, the first of equals', () => {
    expect(refusingConversation(list(0, 1, 2, 2), 0)).toBe(2);
    expect(refusingConversation(list(1, 0), 1)).toBe(0);
  });
});

describe('openingConversation', () => {
  const list = (...c: [number, number][]) =>
    c.map(([batches, refusals]) => ({ batches, refusals }));
  it('moves to a refusing conversation first', () => {
    expect(openingConversation(list([0, 0], [3, 0], [5, 2]), 0)).toEqual({
      index: 2,
      why: 'refuses',
    });
  });
  it('else, from one without tool calls, to the first that has some', () => {
    expect(openingConversation(list([0, 0], [0, 0], [4, 0], [9, 0]), 0)).toEqual({
      index: 2,
      why: 'calls',
    });
  });
  it('stays on one with tool calls, or where none has any', () => {
    expect(openingConversation(list([1, 0], [9, 0]), 0)).toBeNull();
    expect(openingConversation(list([0, 0], [0, 0]), 0)).toBeNull();
    expect(openingConversation([], 0)).toBeNull();
  });
});

describe('app store: previews of a large file', () => {
  const preview = (batches: number, refusedAt: number | null = null): AnalysisResult => ({
    ...result(batches, false, 'big', refusedAt),
    preview: { read: batches, total: 100 },
  });

  it('shows previews while loading, landing on the first refusal, and keeps a chosen batch', () => {
    const { store, client } = setup();
    client.listener.onResult(result(3, true, 'old'));
    client.listener.onRunning('load');
    client.listener.onResult(preview(5, 4));
    expect(store.getState()).toMatchObject({ status: 'running', loading: true, selectedIndex: 4 });
    expect(store.getState().result?.report.batches).toHaveLength(5);
    store.getState().select(1);
    client.listener.onResult(preview(8, 4));
    expect(store.getState().selectedIndex).toBe(1);
    client.listener.onResult(result(10, true, 'big', 4));
    expect(store.getState()).toMatchObject({
      status: 'ready',
      selectedIndex: 1,
      previewBase: null,
    });
  });

  it('cancel keeping the previous transcript puts it back', () => {
    const { store, client } = setup();
    const old = result(3, true, 'old');
    client.listener.onResult(old);
    store.getState().select(2);
    client.listener.onRunning('load');
    client.listener.onResult(preview(5));
    store.getState().cancel();
    expect(store.getState()).toMatchObject({
      result: old,
      selectedIndex: 2,
      previewBase: null,
      status: 'ready',
      loading: false,
    });
    expect(client.calls.slice(-2)).toEqual(['cancel', 'details:2']);
  });

  it('a load that fails under its preview puts the previous transcript back', () => {
    const { store, client } = setup();
    const old = result(3, true, 'old');
    client.listener.onResult(old);
    client.listener.onRunning('load');
    client.listener.onResult(preview(5));
    client.listener.onProgress(null);
    client.listener.onWorkerFailed('The analysis worker crashed.');
    expect(store.getState()).toMatchObject({ result: old, previewBase: null, status: 'error' });
  });

  it('cancel keeping what was read lets the load finish, and says how much was read', () => {
    const { store, client } = setup();
    client.listener.onRunning('load');
    client.listener.onResult(preview(5));
    store.getState().cancel('read');
    expect(client.calls.at(-1)).toBe('cancel:read');
    expect(store.getState()).toMatchObject({ loading: true, status: 'running' });
    client.listener.onResult({
      ...result(6, true, 'big'),
      cut: { read: 3 * 1_048_576, total: 100 * 1_048_576 },
    });
    expect(store.getState()).toMatchObject({ status: 'ready', previewBase: null });
    expect(store.getState().transcriptNote).toBe(
      'big: only its first 3.0 MB of 100.0 MB were read (loading was stopped).',
    );
  });

  it('a preview arriving after the load stopped is dropped', () => {
    const { store, client } = setup();
    client.listener.onResult(result(3, true, 'old'));
    client.listener.onResult(preview(5));
    expect(store.getState().result?.report.batches).toHaveLength(3);
  });
});
