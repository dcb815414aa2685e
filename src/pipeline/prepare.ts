/**
 * The one path from a transcript to a prepared replay, shared by the worker, the CLI and the
 * benchmarks: the import hands each message to the detector's prepare step as it reads it
 * (a large OpenAI chat body is never held as one parsed tree), then `evaluateReplay` runs the
 * state machine under any config.
 */
import {
  replayPreparer,
  type PreparedReplay,
  type ReplayPreparer,
  type ReportSource,
} from '../detector/index';
import { importStreaming, type Decoded, type StreamedImport } from '../import/index';
import type { Imported, ImportError, ImportOptions } from '../import/index';
import { splitNotes } from '../import/notes';
import { ok, type Result } from '../json/index';

/**
 * `importStreaming` into the replay's prepare step: the usual way in for a whole transcript
 * (worker, CLI, bench). The prepared replay is what `prepareReplay` gives for the messages.
 */
export function importPrepared(
  input: string | Uint8Array | Decoded,
  opts: ImportOptions,
): Result<StreamedImport & { readonly prepared: PreparedReplay }, ImportError> {
  let preparer: ReplayPreparer = replayPreparer();
  const imported = importStreaming(input, opts, () => {
    const fresh = replayPreparer();
    preparer = fresh;
    return (m, literal, bytes) => fresh.push(m, literal, bytes);
  });
  if (!imported.ok) return imported;
  return ok({ ...imported.value, prepared: preparer.finish() });
}

/** What a report says of the import it replays (its `source`). */
export function reportSource(
  i: Pick<Imported, 'format' | 'warnings' | 'referenceScan' | 'census'> & {
    messages: { length: number };
  },
): ReportSource {
  return {
    format: i.format,
    messages: i.messages.length,
    ...splitNotes(i.warnings),
    referenceScan: i.referenceScan,
    ...(i.census === undefined ? {} : { census: i.census }),
  };
}
