/**
 * The loads that read a large file in pieces with previews (progressive.ts), and `cut`, which
 * stops one whose preview is on screen so the load goes on with the lines read so far.
 */
import type { Result } from '../json/index';
import type { Decoded, ImportError, ImportOptions } from '../import/index';
import { packReport, packTranscript } from '../report/packedReport';
import { readInput } from './readInput';
import { PROGRESSIVE_MIN_BYTES, readProgressive } from './progressive';
import type { ProgressSink } from './loaded';
import type { LoadRequest, PartialResponse, WorkerRequest, WorkerResponse } from './protocol';

export interface PieceReadOptions {
  /** Where the previews of a large file read in pieces go. */
  onPartial?: (reply: PartialResponse) => void;
  /** Awaited after each piece of such a read (tests pace and stop reads with it). */
  afterPiece?: (req: LoadRequest, read: number) => Promise<void>;
}

export interface PieceReader {
  /** A large file in pieces with previews, else the whole read. */
  read(
    req: LoadRequest,
    opts: ImportOptions,
  ): Promise<{ decoded: Result<Decoded, ImportError>; stoppedAt: number | null }>;
  cut(req: WorkerRequest): WorkerResponse;
}

export function createPieceReader(options: PieceReadOptions, progress: ProgressSink): PieceReader {
  /** Loads reading a file in pieces, by data version: whether previewed, cut, how to wake. */
  const reading = new Map<number, { previewed: boolean; cut: boolean; wake: () => void }>();

  return {
    cut(req) {
      // Only a load whose preview is on screen stops early: there is nothing else to keep.
      const r = reading.get(req.dataVersion);
      if (r?.previewed === true) {
        r.cut = true;
        r.wake();
      }
      return { type: 'cut', requestId: req.requestId, dataVersion: req.dataVersion };
    },

    async read(req, opts) {
      const input = req.input;
      const onRead = (done: number, total: number) => progress(req, 'reading', done, total);
      if (
        input.kind !== 'blob' ||
        input.blob.size < PROGRESSIVE_MIN_BYTES ||
        typeof input.blob.slice !== 'function'
      ) {
        return { decoded: await readInput(input, onRead), stoppedAt: null };
      }
      const state = { previewed: false, cut: false, wake: () => undefined as void };
      reading.set(req.dataVersion, state);
      const after = options.afterPiece;
      try {
        const read = await readProgressive(input.blob, {
          name: input.name,
          config: req.config,
          importOptions: opts,
          onRead: (done, total, shape) => progress(req, 'reading', done, total, shape),
          onPreview: (p) => {
            state.previewed = true;
            options.onPartial?.({
              type: 'partial',
              requestId: req.requestId,
              dataVersion: req.dataVersion,
              formatLabel: p.formatLabel,
              transcript: packTranscript(p.report),
              report: packReport(p.report, p.flags),
              read: p.read,
              total: p.total,
            });
          },
          stopped: () => state.cut,
          ...(after === undefined
            ? {}
            : {
                afterPiece: (n: number) =>
                  new Promise<void>((resolve) => {
                    state.wake = resolve;
                    void after(req, n).then(resolve);
                  }),
              }),
        });
        return read ?? { decoded: await readInput(input, onRead), stoppedAt: null };
      } finally {
        reading.delete(req.dataVersion);
      }
    },
  };
}
