/**
 * The corpus view's state: many transcripts, each a row with its verdict under the current
 * config and under the defaults. The corpus worker holds the prepared replays; this slice
 * holds the rows, re-asks the worker when the config changes, and opens a row in the
 * debugger. The Files themselves stay in this closure (they are handles, not state).
 */
import type { CorpusVerdict, DetectorConfig } from '../../detector/index';
import { pickedFile } from '../../import/folder';
import { CorpusClient, type CorpusClientPort } from '../../worker/corpus/client';
import type {
  CorpusEntry,
  CorpusMark,
  CorpusResponse,
  CorpusSweepResult,
} from '../../worker/corpus/protocol';
import type { Slice } from '../types';
import { markKey, marksFileText, readMarksFile } from './corpusMarks';

/** A corpus row as the UI shows it: the worker's entry, with the newest verdict. */
export type CorpusRowState = CorpusEntry;

interface CorpusProgress {
  readonly what: 'add' | 'evaluate';
  readonly done: number;
  readonly total: number;
}

export interface CorpusSlice {
  corpusRows: readonly CorpusRowState[];
  /** Files of a folder skipped as no transcript (src/import/folder.ts), in the order read. */
  corpusSkipped: readonly string[];
  /** Requests the worker has not finished (an add, a re-run); Cancel applies while > 0. */
  corpusPending: number;
  corpusProgress: CorpusProgress | null;
  /** The config the rows' verdicts are under. */
  corpusConfig: DetectorConfig | null;
  /** The last add or re-run was cancelled: some files or verdicts are missing or stale. */
  corpusCancelled: boolean;
  corpusError: string | null;
  corpusAdd(files: readonly File[]): void;
  corpusCancel(): void;
  corpusClear(): void;
  /** Loads the row's transcript as the debugger's current transcript. */
  corpusOpen(rowId: string): void;
  /** Each row's mark, by its name (`markKey`), so a marks file can carry them. */
  corpusMarks: Readonly<Record<string, CorpusMark>>;
  /** The newest corpus sweep; null before one, or after the marks or the rows changed. */
  corpusSweep: CorpusSweepResult | null;
  corpusSweepPending: boolean;
  /** What reading a marks file said; null when nothing is to be said. */
  corpusMarksNotice: string | null;
  corpusSetMark(key: string, mark: CorpusMark | null): void;
  corpusRunSweep(): void;
  /** The marks as the file "Save marks…" writes. */
  corpusMarksText(): string;
  corpusLoadMarks(text: string, where: string): void;
}

export { markKey };

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Creates the corpus client (injected in tests; the real Worker by default). */
type CorpusClientFactory = (listener: (r: CorpusResponse) => void) => CorpusClientPort;

const realClient: CorpusClientFactory = (listener) => new CorpusClient(listener);

export function createCorpusSliceWith(factory: CorpusClientFactory): Slice<CorpusSlice> {
  return () => (set, get, api) => {
    let client: CorpusClientPort | null = null;
    let nextFileId = 1;
    const files = new Map<number, File>();
    const running = new Map<number, 'add' | 'evaluate'>();
    /** Text requests waiting for their reply (opening a conversation line). */
    const opening = new Set<number>();
    let latestEvaluate = 0;
    /** The store's own object for the latest re-run's config (the reply carries a copy). */
    let latestConfig: DetectorConfig | null = null;

    const settle = (requestId: number) => {
      if (!running.delete(requestId)) return;
      set({ corpusPending: running.size, ...(running.size === 0 ? { corpusProgress: null } : {}) });
    };

    let latestSweep = 0;
    const listener = (r: CorpusResponse) => {
      switch (r.type) {
        case 'swept':
          if (r.requestId === latestSweep)
            set({ corpusSweep: r.result, corpusSweepPending: false });
          return;
        case 'rows':
          set({ corpusRows: [...get().corpusRows, ...r.rows], corpusSweep: null });
          return;
        case 'skipped':
          set({ corpusSkipped: [...get().corpusSkipped, r.name] });
          return;
        case 'progress': {
          const what = running.get(r.requestId);
          if (what !== undefined) {
            set({ corpusProgress: { what, done: r.done, total: r.total } });
          }
          return;
        }
        case 'evaluated': {
          if (r.requestId !== latestEvaluate) return;
          const byRow = new Map<string, CorpusVerdict>(r.updates.map((u) => [u.rowId, u.verdict]));
          set({
            corpusConfig: latestConfig ?? r.config,
            corpusRows: get().corpusRows.map((row) => {
              const v = byRow.get(row.rowId);
              return v === undefined ? row : { ...row, verdict: v };
            }),
          });
          return;
        }
        case 'done':
          if (r.requestId === latestSweep) set({ corpusSweepPending: false });
          if (r.outcome === 'cancelled') set({ corpusCancelled: true });
          settle(r.requestId);
          return;
        case 'text':
          if (!opening.delete(r.requestId) || r.text === null) return;
          get().loadInput({ kind: 'text', text: r.text, name: r.name }, r.text);
          set({ currentSample: null });
          return;
        case 'error':
          if (r.requestId === 0) {
            // The worker died: its cache is gone with it.
            running.clear();
            set({
              corpusRows: [],
              corpusSkipped: [],
              corpusPending: 0,
              corpusProgress: null,
              corpusConfig: null,
            });
          } else {
            settle(r.requestId);
          }
          set({ corpusError: r.message });
          return;
      }
    };

    const port = (): CorpusClientPort => {
      client ??= factory(listener);
      return client;
    };

    // A config change re-evaluates the corpus (when there is one); the worker drops any
    // re-run a newer one supersedes.
    api.subscribe((s, prev) => {
      if (s.config === prev.config || client === null) return;
      // A sweep is over the mode and patterns; a cell applied changes only the thresholds.
      const swept = s.corpusSweep?.config;
      if (
        swept !== undefined &&
        (swept.mode !== s.config.mode ||
          !sameList(swept.observationTools, s.config.observationTools))
      ) {
        set({ corpusSweep: null });
      }
      const adding = [...running.values()].includes('add');
      if (s.corpusRows.length === 0 && !adding) return;
      latestEvaluate = client.evaluate(s.config);
      latestConfig = s.config;
      running.set(latestEvaluate, 'evaluate');
      set({ corpusPending: running.size });
    });

    return {
      corpusRows: [],
      corpusSkipped: [],
      corpusPending: 0,
      corpusProgress: null,
      corpusConfig: null,
      corpusCancelled: false,
      corpusError: null,
      corpusMarks: {},
      corpusSweep: null,
      corpusSweepPending: false,
      corpusMarksNotice: null,

      corpusSetMark(key, mark) {
        const marks = { ...get().corpusMarks };
        if (mark === null) delete marks[key];
        else marks[key] = mark;
        set({ corpusMarks: marks, corpusSweep: null });
      },

      corpusRunSweep() {
        const marks = get().corpusMarks;
        const marked = get()
          .corpusRows.filter((r) => r.verdict !== null)
          .flatMap((r) => {
            const mark = marks[markKey(r)];
            return mark === undefined ? [] : [{ rowId: r.rowId, mark }];
          });
        if (marked.length === 0) return;
        latestSweep = port().sweep(get().config, marked);
        set({ corpusSweepPending: true, corpusError: null });
      },

      corpusMarksText() {
        return marksFileText(get().corpusMarks);
      },

      corpusLoadMarks(text, where) {
        const read = readMarksFile(text);
        if (!read.ok) {
          set({ corpusMarksNotice: `${where}: ${read.error}; the marks are unchanged.` });
          return;
        }
        const keys = new Set(get().corpusRows.map(markKey));
        const names = Object.keys(read.value);
        const missing = names.filter((k) => !keys.has(k)).length;
        set({
          corpusMarks: read.value,
          corpusSweep: null,
          corpusMarksNotice:
            missing === 0
              ? null
              : `${where}: ${missing} of ${names.length} marks name no transcript of this corpus (kept for when it is added).`,
        });
      },

      corpusAdd(list) {
        if (list.length === 0) return;
        const batch = list.map((file) => {
          const fileId = nextFileId++;
          files.set(fileId, file);
          // Files made outside a file picker (a drop of built Files, Node's File) have no path.
          const path = (file.webkitRelativePath as string | undefined) ?? '';
          const inFolder = pickedFile(path).inFolder;
          const name = path || file.name || 'file';
          return { fileId, name, blob: file, inFolder };
        });
        const config = get().config;
        const id = port().add(batch, config);
        running.set(id, 'add');
        set({
          corpusPending: running.size,
          corpusProgress: { what: 'add', done: 0, total: batch.length },
          corpusConfig: config,
          corpusCancelled: false,
          corpusError: null,
        });
      },

      corpusCancel() {
        client?.cancel();
      },

      corpusClear() {
        client?.clear();
        files.clear();
        set({
          corpusRows: [],
          corpusSkipped: [],
          corpusConfig: null,
          corpusCancelled: false,
          corpusError: null,
          corpusSweep: null,
          corpusSweepPending: false,
        });
      },

      corpusOpen(rowId) {
        const row = get().corpusRows.find((r) => r.rowId === rowId);
        if (row === undefined) return;
        if (row.line === null) {
          const file = files.get(row.fileId);
          if (file !== undefined) get().loadFile(file, row.conversation ?? undefined);
          return;
        }
        if (client !== null) opening.add(client.text(rowId));
      },
    };
  };
}

export const createCorpusSlice: Slice<CorpusSlice> = createCorpusSliceWith(realClient);
