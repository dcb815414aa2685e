// The corpus slice's marks and sweep, over a fake corpus client.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { DEFAULT_CONFIG, type DetectorConfig } from '../../../src/detector/index';
import { createCorpusSliceWith } from '../../../src/state/slices/corpus';
import type { AppDeps, AppState, Engine } from '../../../src/state/types';
import type { CorpusClientPort } from '../../../src/worker/corpus/client';
import type {
  CorpusEntry,
  CorpusResponse,
  CorpusSweepResult,
} from '../../../src/worker/corpus/protocol';

function entry(rowId: string, name: string, conversationLabel: string | null = null): CorpusEntry {
  const verdict = { batches: 3, refused: [], firstRefusal: null, rescued: 0 };
  return {
    rowId,
    fileId: 1,
    line: null,
    conversation: null,
    conversationLabel,
    name,
    format: 'openai-chat',
    formatLabel: 'OpenAI',
    messages: 4,
    warnings: [],
    verdict,
    defaultVerdict: verdict,
    error: null,
  } as unknown as CorpusEntry;
}

function setup() {
  let listener: (r: CorpusResponse) => void = () => {};
  const sent: unknown[] = [];
  let nextId = 1;
  const fake: CorpusClientPort = {
    add: () => nextId++,
    evaluate: () => nextId++,
    text: () => nextId++,
    sweep: (config, marks) => {
      sent.push({ config, marks });
      return nextId++;
    },
    cancel: () => {},
    clear: () => {},
  };
  const slice = createCorpusSliceWith((l) => {
    listener = l;
    return fake;
  })({} as AppDeps, {} as Engine);
  const store = createStore<AppState>()(
    (set, get, api) =>
      ({
        config: DEFAULT_CONFIG,
        setConfig: (patch: Partial<DetectorConfig>) =>
          set({ config: { ...get().config, ...patch } }),
        ...slice(set, get, api),
      }) as unknown as AppState,
  );
  return { store, sent, reply: (r: CorpusResponse) => listener(r) };
}

const result = { best: 0, cells: [], conflicts: [] } as unknown as CorpusSweepResult;

describe('the corpus sweep in the store', () => {
  it('sends the marked rows by id, keeps the reply, and drops it when the marks change', () => {
    const { store, sent, reply } = setup();
    const s = () => store.getState();
    s().corpusAdd([new File(['{}'], 'x.json')]);
    reply({
      type: 'rows',
      requestId: 1,
      rows: [entry('1', 'a.json'), entry('2#0', 'b.json', 'subagent'), entry('3', 'c.json')],
    });
    s().corpusSetMark('a.json', { kind: 'honest' });
    s().corpusSetMark('b.json # subagent', { kind: 'loop', by: 4 });
    s().corpusRunSweep();
    expect(sent).toEqual([
      {
        config: DEFAULT_CONFIG,
        marks: [
          { rowId: '1', mark: { kind: 'honest' } },
          { rowId: '2#0', mark: { kind: 'loop', by: 4 } },
        ],
      },
    ]);
    expect(s().corpusSweepPending).toBe(true);
    // The reply's config is a copy, as a worker's message is.
    reply({
      type: 'swept',
      requestId: 2,
      result: { ...result, config: structuredClone(DEFAULT_CONFIG) },
    });
    expect(s().corpusSweep).not.toBeNull();
    expect(s().corpusSweepPending).toBe(false);
    // Applying a cell changes only the thresholds: the grid stays.
    s().setConfig({ maxRepeatedBatchSteps: 3 });
    expect(s().corpusSweep).not.toBeNull();
    // Other patterns make another sweep.
    s().setConfig({ observationTools: ['read'] });
    expect(s().corpusSweep).toBeNull();
    reply({ type: 'swept', requestId: 2, result: { ...result, config: s().config } });
    expect(s().corpusSweep).not.toBeNull();
    s().corpusSetMark('c.json', { kind: 'honest' });
    expect(s().corpusSweep).toBeNull();
  });

  it('loads a marks file, counting the names no row has', () => {
    const { store, reply } = setup();
    const s = () => store.getState();
    s().corpusAdd([new File(['{}'], 'x.json')]);
    reply({ type: 'rows', requestId: 1, rows: [entry('1', 'a.json')] });
    s().corpusLoadMarks(
      JSON.stringify({
        loopscopeCorpusMarks: 1,
        marks: { 'a.json': 'loop@2', 'z.json': 'honest' },
      }),
      'm.json',
    );
    expect(s().corpusMarks).toEqual({
      'a.json': { kind: 'loop', by: 2 },
      'z.json': { kind: 'honest' },
    });
    expect(s().corpusMarksNotice).toBe(
      'm.json: 1 of 2 marks name no transcript of this corpus (kept for when it is added).',
    );
    expect(JSON.parse(s().corpusMarksText())).toEqual({
      loopscopeCorpusMarks: 1,
      marks: { 'a.json': 'loop@2', 'z.json': 'honest' },
    });
    s().corpusLoadMarks('{"marks": 1}', 'bad.json');
    expect(s().corpusMarks['a.json']).toEqual({ kind: 'loop', by: 2 });
    expect(s().corpusMarksNotice).toMatch(
      /^bad\.json: not a marks file.*the marks are unchanged\.$/,
    );
  });
});
