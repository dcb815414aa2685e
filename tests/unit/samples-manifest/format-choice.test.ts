// The format picker's state: forcing a format re-imports the transcript the worker was last
// given (the dropped file itself, not the text box), a new file or sample is detected
// afresh, and editing the pasted text keeps the forced format.
import { describe, expect, it } from 'vitest';
import type { DetectorConfig } from '../../../src/detector/index';
import type { FormatId } from '../../../src/import/types';
import { createAppStore } from '../../../src/state/store';
import type { AppDeps, ClientPort } from '../../../src/state/types';
import type { TranscriptInput } from '../../../src/worker/protocol';

interface Load {
  input: TranscriptInput;
  config: DetectorConfig;
  format: FormatId | 'auto' | undefined;
}

function setup(files: Record<string, string> = {}) {
  const loads: Load[] = [];
  const client: ClientPort = {
    load: (input, config, choice) => void loads.push({ input, config, format: choice?.format }),
    evaluate: () => undefined,
    details: () => undefined,
    retry: () => undefined,
    cancel: () => false,
  };
  const deps: AppDeps = {
    createClient: () => client,
    storage: null,
    hash: null,
    fetchText: (path) =>
      files[path] === undefined
        ? Promise.reject(new Error('404'))
        : Promise.resolve(files[path] as string),
    readFileText: (f) => f.text(),
  };
  return { store: createAppStore(deps), loads };
}

/** The format a load asked for, `auto` when it asked for none. */
const formatOf = (l: Load | undefined) => l?.format ?? 'auto';

describe('format choice', () => {
  it('starts on auto-detect and forcing with nothing loaded only records the choice', () => {
    const { store, loads } = setup();
    expect(store.getState().formatChoice).toBe('auto');
    store.getState().chooseFormat('anthropic');
    expect(store.getState().formatChoice).toBe('anthropic');
    expect(loads).toHaveLength(0);
  });

  it('re-imports the dropped file itself with the forced format, then with auto again', () => {
    const { store, loads } = setup();
    const file = new File(['{"messages":[]}'], 'run.json');
    store.getState().loadFile(file);
    store.getState().chooseFormat('gemini');
    store.getState().chooseFormat('auto');
    expect(loads.map((l) => [l.input, formatOf(l)])).toEqual([
      [{ kind: 'blob', blob: file, name: 'run.json' }, 'auto'],
      [{ kind: 'blob', blob: file, name: 'run.json' }, 'gemini'],
      [{ kind: 'blob', blob: file, name: 'run.json' }, 'auto'],
    ]);
  });

  it('choosing the format already chosen does not import again', () => {
    const { store, loads } = setup();
    store.getState().setTranscriptText('{}');
    store.getState().chooseFormat('auto');
    expect(loads).toHaveLength(1);
  });

  it('keeps a forced format while the pasted text is edited', () => {
    const { store, loads } = setup();
    store.getState().setTranscriptText('[1]');
    store.getState().chooseFormat('langchain');
    store.getState().setTranscriptText('[1, 2]');
    expect(loads.map((l) => formatOf(l))).toEqual(['auto', 'langchain', 'langchain']);
    expect(loads[2]?.input).toEqual({ kind: 'text', text: '[1, 2]', name: 'pasted text' });
    expect(store.getState().formatChoice).toBe('langchain');
  });

  it('a new file or sample goes back to auto-detect', async () => {
    const { store, loads } = setup({
      'samples/index.json': '[{"file":"a.json","title":"A"}]',
      'samples/formats/index.json': '[{"file":"b.jsonl","title":"B","format":"codex"}]',
      'samples/a.json': '{"messages":[]}',
      'samples/formats/b.jsonl': '{}',
    });
    store.getState().setTranscriptText('{}');
    store.getState().chooseFormat('har');
    store.getState().loadFile(new File(['x'], 'next.json'));
    expect(store.getState().formatChoice).toBe('auto');
    expect(formatOf(loads.at(-1))).toBe('auto');

    store.getState().chooseFormat('otel');
    await store.getState().loadSampleIndex();
    await store.getState().openSample('formats/b.jsonl');
    expect(store.getState().formatChoice).toBe('auto');
    expect(loads.at(-1)?.input).toEqual({ kind: 'text', text: '{}', name: 'B' });
    expect(formatOf(loads.at(-1))).toBe('auto');
  });

  it('a dropped ZIP (.eval) is not shown as text in the box', async () => {
    const { store, loads } = setup();
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 0, 0, 0, 0]);
    store.getState().loadFile(new File([zip], 'run.eval'));
    expect(loads[0]?.input.kind).toBe('blob');
    await expect.poll(() => store.getState().transcriptNote).toMatch(/run\.eval is a ZIP archive/);
    expect(store.getState().transcriptText).toBe('');
  });
});

describe('the samples menu lists both manifests', () => {
  it('behaviour samples first, format samples after, unsafe rows skipped', async () => {
    const { store } = setup({
      'samples/index.json': '[{"file":"a.json","title":"A"},{"file":"../x.json","title":"X"}]',
      'samples/formats/index.json':
        '[{"file":"b.jsonl","title":"B","format":"codex"},{"file":"sub/c.json","title":"C"},{"file":"d.json","title":"D","format":"nope"}]',
    });
    await store.getState().loadSampleIndex();
    expect(store.getState().samples).toEqual([
      { file: 'a.json', title: 'A', description: '', group: 'behaviour' },
      { file: 'formats/b.jsonl', title: 'B', description: '', group: 'formats', format: 'codex' },
      { file: 'formats/d.json', title: 'D', description: '', group: 'formats' },
    ]);
    expect(store.getState().samplesError).toBeNull();
  });

  it('a missing formats manifest keeps the behaviour samples and says why', async () => {
    const { store } = setup({ 'samples/index.json': '[{"file":"a.json","title":"A"}]' });
    await store.getState().loadSampleIndex();
    expect(store.getState().samples.map((s) => s.file)).toEqual(['a.json']);
    expect(store.getState().samplesError).toMatch(/samples\/formats\/index\.json.*404/);
  });

  it('a broken behaviour manifest is the error reported', async () => {
    const { store } = setup({
      'samples/index.json': '{"not": "a list"}',
      'samples/formats/index.json': '{}',
    });
    await store.getState().loadSampleIndex();
    expect(store.getState().samplesError).toBe('samples/index.json is not a list.');
  });
});
