/**
 * A `load`: read the input (whole, or in pieces with previews), import it, prepare the
 * replay once and evaluate it under the request's config (and the defaults when they
 * differ), and keep every conversation of a file that holds several.
 */
import { DEFAULT_CONFIG, evaluateReplay, sameConfig, type ChatMessage } from '../detector/index';
import { importPrepared, reportSource } from '../pipeline/index';
import { prepareConversations } from '../pipeline/conversations';
import { verdictFlags } from '../report/packedReport';
import type { PieceReader } from './cutHandle';
import { fail, loadedReply, type Loaded, type LoadOutcome, type ProgressSink } from './loaded';
import type { LoadRequest } from './protocol';

const now = (): number => performance.now();

/** One read and import of the request's input, as the transcript the worker then serves. */
export async function loadTranscript(
  req: LoadRequest,
  reader: PieceReader,
  progress: ProgressSink,
): Promise<LoadOutcome> {
  const failed = (reply: ReturnType<typeof fail>): LoadOutcome => ({ loaded: null, reply });
  const t0 = now();
  const size = req.input.kind === 'blob' ? req.input.blob.size : null;
  // How much is read is unknown until the whole file is in (see readBlob): no 0 of N.
  progress(req, 'reading', null, size);
  // The replay's prepare step takes each message as the import reads it, so a large OpenAI
  // chat transcript is never held as one parsed tree (importStreaming).
  const opts = {
    format: req.format ?? 'auto',
    name: req.input.name,
    ...(req.conversation === undefined ? {} : { conversation: req.conversation }),
    ...(req.clineResults === undefined ? {} : { clineResults: req.clineResults }),
  } as const;
  const { decoded, stoppedAt } = await reader.read(req, opts);
  if (!decoded.ok) return failed(fail(req, { kind: 'import', error: decoded.error }));
  progress(req, 'parsing', null, null);
  const imported = importPrepared(decoded.value, {
    ...opts,
    onProgress: (done, total) => progress(req, 'parsing', done, total),
  });
  if (!imported.ok) return failed(fail(req, { kind: 'import', error: imported.error }));
  const {
    messages: kept,
    built,
    formatLabel,
    prepared,
    conversations: list,
    conversation,
  } = imported.value;
  progress(req, 'replaying', null, null);
  const importMs = now() - t0;
  const source = reportSource(imported.value);
  const report = evaluateReplay(prepared, req.config, source, { importMs });
  const defaultReport = sameConfig(req.config, DEFAULT_CONFIG)
    ? null
    : evaluateReplay(prepared, DEFAULT_CONFIG, source, { importMs });
  const defaultFlags = verdictFlags(defaultReport ?? report);
  const set = list.length > 1 ? prepareConversations(decoded.value, opts) : null;
  const label = list[conversation]?.label ?? 'conversation';
  let own: ChatMessage[] | null = built;
  const loaded: Loaded = {
    dataVersion: req.dataVersion,
    messages: kept,
    ...(own === null
      ? {}
      : {
          handOver: () => {
            const m = own;
            own = null;
            return m;
          },
        }),
    prepared,
    source,
    importMs,
    report,
    config: req.config,
    defaultFlags,
    conversations: set,
    conversation,
    label,
  };
  return {
    loaded,
    reply: {
      ...loadedReply(req, loaded, formatLabel, defaultReport),
      ...(stoppedAt === null || size === null ? {} : { cut: { read: stoppedAt, total: size } }),
    },
  };
}
