/**
 * The corpus worker's logic, with no worker globals, so it runs (and is tested and
 * benchmarked) in Node exactly as in the Web Worker.
 *
 * Each transcript is imported and prepared once; the prepared replay and its defaults'
 * verdict are cached, so a config change re-runs only the state machine. Requests run one
 * at a time in arrival order, but `cancel` and the arrival of a newer `evaluate` take effect
 * at once: the running loop checks them between transcripts, yielding to the event loop
 * every few milliseconds so those messages can arrive.
 */
import {
  corpusVerdict,
  DEFAULT_CONFIG,
  sameConfig,
  evaluateReplay,
  prepareReplay,
  type CorpusVerdict,
  type DetectorConfig,
  type PreparedReplay,
  type ReportSource,
} from '../../detector/index';
import { corpusParts, type CorpusPart } from '../../import/corpus';
import { fileCount } from '../../import/folder';
import { importConversations, type ImportError } from '../../import/index';
import { reportSource } from '../../pipeline/index';
import type {
  CorpusAddRequest,
  CorpusEntry,
  CorpusEvaluateRequest,
  CorpusRequest,
  CorpusResponse,
  CorpusSweepRequest,
  CorpusSweepResult,
  CorpusVerdictUpdate,
} from './protocol';
import { macrotask } from '../macrotask';
import {
  describeConflict,
  prepareSweep,
  sweepCorpus,
  type MarkedTranscript,
} from '../../zoo/index';

interface Cached {
  readonly rowId: string;
  readonly prepared: PreparedReplay;
  readonly source: ReportSource;
  /** The line's text for a conversation line (to open it); null for a whole file. */
  readonly text: string | null;
  readonly name: string;
}

interface CorpusHandlerDeps {
  /** Lets queued messages (cancel, a newer evaluate) be received; a macrotask in the worker. */
  readonly yieldNow?: () => Promise<void>;
  readonly now?: () => number;
  /** How long to work between yields. */
  readonly sliceMs?: number;
}

interface CorpusHandler {
  /** Accepts a request; replies go to `post`, possibly several per request. */
  receive(request: CorpusRequest): void;
  /** Resolves when every request received so far has been handled (for tests and the bench). */
  idle(): Promise<void>;
}

/** One line for a failed import: the corpus shows it in the row, so no file name here. */
function importErrorLine(e: ImportError): string {
  return e.message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

function messageOf(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/** Creates a handler with its own cache (one per worker). */
export function createCorpusHandler(
  post: (response: CorpusResponse) => void,
  deps: CorpusHandlerDeps = {},
): CorpusHandler {
  const yieldNow = deps.yieldNow ?? macrotask;
  const now = deps.now ?? (() => performance.now());
  const sliceMs = deps.sliceMs ?? 12;
  /** In row order: the order the rows were added. */
  const cache = new Map<string, Cached>();
  /** Bumped by `cancel` and `clear`: work received before it stops. */
  let generation = 0;
  let latestEvaluate = 0;
  let queue: Promise<void> = Promise.resolve();

  let sliceStart = now();
  /** Yields when the current slice is used up; true if the request should stop. */
  async function pause(gen: number, superseded: () => boolean = () => false): Promise<boolean> {
    if (now() - sliceStart >= sliceMs) {
      await yieldNow();
      sliceStart = now();
    }
    return gen !== generation || superseded();
  }

  /** The rows of one part of a corpus file: one per conversation it holds; or its error. */
  function entriesFor(
    fileId: number,
    part: CorpusPart,
    config: DetectorConfig,
    sameAsDefaults: boolean,
  ): { readonly rows: CorpusEntry[]; readonly error: ImportError | null } {
    const lineId = part.line === null ? String(fileId) : `${fileId}:${part.line}`;
    const base = { fileId, line: part.line, name: part.name };
    const imported = importConversations(part.input, { name: part.name });
    if (!imported.ok) {
      const line = importErrorLine(imported.error);
      return {
        rows: [failedEntry(lineId, fileId, part.line, part.name, line)],
        error: imported.error,
      };
    }
    const several = imported.value.length > 1;
    const rows = imported.value.map((one, i) => {
      const rowId = several ? `${lineId}#${i}` : lineId;
      const { messages, format, formatLabel } = one;
      const prepared = prepareReplay(messages);
      const source = reportSource(one);
      const defaultVerdict = corpusVerdict(evaluateReplay(prepared, DEFAULT_CONFIG, source));
      const verdict: CorpusVerdict = sameAsDefaults
        ? defaultVerdict
        : corpusVerdict(evaluateReplay(prepared, config, source));
      const text = typeof part.input === 'string' && part.line !== null ? part.input : null;
      cache.set(rowId, { rowId, prepared, source, text, name: part.name });
      return {
        ...base,
        rowId,
        conversation: several ? i : null,
        conversationLabel: several ? (one.conversations[i]?.label ?? null) : null,
        format,
        formatLabel,
        messages: messages.length,
        warnings: source.warnings,
        verdict,
        defaultVerdict,
        error: null,
      };
    });
    return { rows, error: null };
  }

  async function add(req: CorpusAddRequest, gen: number): Promise<void> {
    const sameAsDefaults = sameConfig(req.config, DEFAULT_CONFIG);
    const total = req.files.length;
    for (let i = 0; i < total; i++) {
      if (await pause(gen)) {
        post({ type: 'done', requestId: req.requestId, outcome: 'cancelled' });
        return;
      }
      const file = req.files[i] as CorpusAddRequest['files'][number];
      const rows: CorpusEntry[] = [];
      let bytes: Uint8Array | null = null;
      try {
        bytes = new Uint8Array(await file.blob.arrayBuffer());
      } catch (e) {
        rows.push(unreadable(file.fileId, file.name, e));
      }
      const errors: (ImportError | null)[] = [];
      if (bytes !== null) {
        const parts = corpusParts(bytes, file.name);
        for (const part of parts) {
          if (await pause(gen)) break;
          const one = entriesFor(file.fileId, part, req.config, sameAsDefaults);
          for (const row of one.rows) rows.push(row);
          errors.push(one.error);
        }
      }
      // The CLI's rule (src/import/folder.ts): a file of a folder with no conversation in it
      // is skipped and named, not a failed row.
      if (bytes !== null && fileCount(errors, file.inFolder === true) === 'skipped') {
        post({ type: 'skipped', requestId: req.requestId, name: file.name });
      } else if (rows.length > 0) post({ type: 'rows', requestId: req.requestId, rows });
      post({ type: 'progress', requestId: req.requestId, done: i + 1, total });
    }
    const cancelled = gen !== generation;
    post({ type: 'done', requestId: req.requestId, outcome: cancelled ? 'cancelled' : 'complete' });
  }

  async function evaluate(req: CorpusEvaluateRequest, gen: number): Promise<void> {
    const superseded = () => req.requestId < latestEvaluate;
    const updates: CorpusVerdictUpdate[] = [];
    const total = cache.size;
    let done = 0;
    for (const c of cache.values()) {
      if (await pause(gen, superseded)) {
        const outcome = gen !== generation ? 'cancelled' : 'superseded';
        post({ type: 'done', requestId: req.requestId, outcome });
        return;
      }
      updates.push({
        rowId: c.rowId,
        verdict: corpusVerdict(evaluateReplay(c.prepared, req.config, c.source)),
      });
      done++;
      if (done % 25 === 0) post({ type: 'progress', requestId: req.requestId, done, total });
    }
    post({ type: 'evaluated', requestId: req.requestId, config: req.config, updates });
    post({ type: 'done', requestId: req.requestId, outcome: 'complete' });
  }

  /** Compacts each marked row (yielding between rows), then sweeps them all at once. */
  async function sweep(req: CorpusSweepRequest, gen: number): Promise<void> {
    const marked: MarkedTranscript[] = [];
    for (const { rowId, mark } of req.marks) {
      if (await pause(gen)) {
        post({ type: 'done', requestId: req.requestId, outcome: 'cancelled' });
        return;
      }
      const c = cache.get(rowId);
      if (c !== undefined) {
        marked.push({ name: rowId, mark, input: prepareSweep(c.prepared, req.config) });
      }
    }
    const swept = sweepCorpus(marked);
    const marks = swept.transcripts.map((t) => t.mark);
    const loops = marks.filter((m) => m.kind === 'loop').length;
    const result: CorpusSweepResult = {
      config: req.config,
      transcripts: marked.length,
      honest: marked.length - loops,
      loops,
      strikes: swept.strikes,
      observation: swept.observation,
      cells: swept.cells.map((c) => ({
        strikes: c.strikes,
        observation: c.observation,
        honestStopped: c.honestStopped.length,
        loopsThrough: c.loopsThrough.length,
        loopsLate: c.loopsLate.length,
        meets: c.meets,
        loopBatches: c.loopBatches,
      })),
      best: swept.best,
      conflicts: swept.conflicts.map((k) =>
        describeConflict(k, marks, (i) => {
          const rowId = swept.transcripts[i]?.name ?? '';
          return cache.get(rowId)?.name ?? rowId;
        }),
      ),
      ms: swept.ms,
    };
    post({ type: 'swept', requestId: req.requestId, result });
    post({ type: 'done', requestId: req.requestId, outcome: 'complete' });
  }

  async function run(req: CorpusRequest, gen: number): Promise<void> {
    try {
      switch (req.type) {
        case 'sweep':
          return await sweep(req, gen);
        case 'add':
          return await add(req, gen);
        case 'evaluate':
          return await evaluate(req, gen);
        case 'text': {
          const c = cache.get(req.rowId);
          post({
            type: 'text',
            requestId: req.requestId,
            rowId: req.rowId,
            name: c?.name ?? '',
            text: c?.text ?? null,
          });
          return;
        }
        case 'clear':
          cache.clear();
          post({ type: 'done', requestId: req.requestId, outcome: 'complete' });
          return;
        case 'cancel':
          return;
      }
    } catch (e) {
      // The core returns Results for bad input; an exception here is a bug, reported as data.
      post({ type: 'error', requestId: req.requestId, message: messageOf(e) });
    }
  }

  return {
    receive(req) {
      // These act on arrival, not in turn: they are about the work already queued.
      if (req.type === 'cancel' || req.type === 'clear') generation++;
      if (req.type === 'evaluate') latestEvaluate = Math.max(latestEvaluate, req.requestId);
      if (req.type === 'cancel') return;
      const gen = generation;
      queue = queue.then(() => run(req, gen));
    },
    idle() {
      return queue;
    },
  };
}

/** A row with no transcript: the file could not be read or imported. */
function failedEntry(
  rowId: string,
  fileId: number,
  line: number | null,
  name: string,
  error: string,
): CorpusEntry {
  return {
    rowId,
    fileId,
    line,
    conversation: null,
    conversationLabel: null,
    name,
    format: null,
    formatLabel: null,
    messages: 0,
    warnings: [],
    verdict: null,
    defaultVerdict: null,
    error,
  };
}

function unreadable(fileId: number, name: string, e: unknown): CorpusEntry {
  return failedEntry(
    String(fileId),
    fileId,
    null,
    name,
    `The file could not be read: ${messageOf(e)}`,
  );
}
