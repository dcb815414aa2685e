/**
 * A large file read in pieces, with previews of what is read so far: the page draws the
 * batches, counts and first refusal while the rest is still coming (docs/architecture.md §3).
 *
 * JSON Lines (and any text of whole lines) go through a `LiveTranscript`. A session a follower
 * reads (Claude Code, Codex, `src/import/lineFollower.ts`) is read there a piece at a time;
 * other formats import the whole settled text again at each step, so steps are taken at
 * sizes that double (1 MB, 2 MB, 4 MB, …): the previews
 * together cost about one more import of the file. A request body or messages array (a JSON
 * document) is previewed from its complete messages so far (`DocumentPreviewer`), at the same
 * sizes but only over its first eighth, as each such preview imports what was read again:
 * enough to show the first verdicts of a large body early, for an eighth more work. A JSON
 * document of another shape parses only once complete, so it gets no preview and the progress
 * says so. The previews are only that: the load's report is still the whole-file import of
 * the text read.
 */
import { verdictFlags } from '../report/packedReport';
import type { DetectorConfig, Report } from '../detector/index';
import type { Result } from '../json/index';
import { decodeTranscript, type Decoded, type ImportError } from '../import/index';
import { LiveTranscript, readsAsLines } from '../pipeline/live';
import { DocumentPreviewer } from '../pipeline/documentPreview';
import type { ImportOptions } from '../import/types';

/** Files from this size are read in pieces with previews; smaller ones arrive at once anyway. */
export const PROGRESSIVE_MIN_BYTES = 2 * 1024 * 1024;
/** How much is read at a time: small enough for the bar to move, big enough to cost nothing. */
const PIECE_BYTES = 1024 * 1024;
/** The first preview after this many bytes; each next one after twice as many. */
const FIRST_PREVIEW_BYTES = 1024 * 1024;
/** A JSON document is previewed over this share of it (each preview reads what was read again). */
const DOCUMENT_PREVIEW_SHARE = 1 / 8;

/** The bytes `decodeTranscript` looks at before the text: ZIP magic, BOM, NUL bytes. */
const HEAD_BYTES = 1024 + 3;

/** What a preview can be: batches as lines arrive, or nothing until a document is whole. */
export type PreviewShape = 'growing' | 'whole';

interface Preview {
  readonly report: Report;
  readonly formatLabel: string;
  /** The report's verdict flags, standing in for the defaults' (no diff in a preview). */
  readonly flags: Uint8Array;
  readonly read: number;
  readonly total: number;
}

interface ProgressiveOptions {
  readonly name: string;
  readonly config: DetectorConfig;
  readonly importOptions: ImportOptions;
  onRead(done: number, total: number, shape: PreviewShape): void;
  onPreview(preview: Preview): void;
  /** Whether to stop and keep what was read (checked after each piece). */
  stopped(): boolean;
  /** Awaited after each piece (tests pace the read with it); resolves early once stopped. */
  afterPiece?(read: number): Promise<void>;
}

interface ProgressiveRead {
  readonly decoded: Result<Decoded, ImportError>;
  /** Bytes read, when the read was stopped before the end; null when the file was read whole. */
  readonly stoppedAt: number | null;
}

/**
 * Reads `blob` in pieces, posting previews, and returns its text decoded as `Blob.text()` +
 * `decodeTranscript` would (a file with an invalid byte is decoded again from its bytes, for
 * the warning that names the offset). Null when the head is not plain text (a ZIP, a NUL):
 * the caller reads such a file the usual way.
 */
export async function readProgressive(
  blob: Blob,
  o: ProgressiveOptions,
): Promise<ProgressiveRead | null> {
  const head = decodeTranscript(
    new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer()),
    o.name,
  );
  if (!head.ok || head.value.kind !== 'text') return null;
  const total = blob.size;
  // Streaming: a character split across two pieces is decoded whole; a BOM is dropped.
  const decoder = new TextDecoder('utf-8');
  let live: LiveTranscript | null = null;
  let document: DocumentPreviewer | null = null;
  let text = '';
  let pending = '';
  let shape: PreviewShape | null = null;
  let replaced = false;
  let nextPreview = FIRST_PREVIEW_BYTES;
  let read = 0;
  let stoppedAt: number | null = null;
  while (read < total) {
    const end = Math.min(total, read + PIECE_BYTES);
    const piece = decoder.decode(new Uint8Array(await blob.slice(read, end).arrayBuffer()), {
      stream: end < total,
    });
    read = end;
    if (piece.includes('\uFFFD')) replaced = true;
    if (shape === null) {
      shape = readsAsLines(piece) ? 'growing' : 'whole';
      if (shape === 'growing') live = new LiveTranscript(o.config, o.importOptions);
      else document = new DocumentPreviewer(o.config, o.importOptions);
    }
    if (live === null) text += piece;
    else pending += piece;
    const first = nextPreview === FIRST_PREVIEW_BYTES;
    let preview: Preview | null = null;
    if (document !== null && read >= nextPreview && read < total) {
      if (first || read <= total * DOCUMENT_PREVIEW_SHARE) {
        nextPreview *= 2;
        const p = document.preview(text);
        if (p !== null) preview = { ...p, flags: verdictFlags(p.report), read, total };
      }
    }
    // A document whose messages are previewed appears as it is read, as lines do.
    o.onRead(read, total, document?.previewing === true ? 'growing' : shape);
    if (preview !== null) o.onPreview(preview);
    if (live !== null && read >= nextPreview && read < total) {
      nextPreview *= 2;
      const step = live.append(pending);
      pending = '';
      const imported = live.lastImport;
      if (imported !== null && step.error === null) {
        o.onPreview({
          report: step.report,
          formatLabel: imported.formatLabel,
          flags: verdictFlags(step.report),
          read,
          total,
        });
      }
    }
    if (!o.stopped() && o.afterPiece !== undefined) await o.afterPiece(read);
    if (o.stopped() && read < total) {
      stoppedAt = read;
      break;
    }
  }
  // The previews' import and replay are garbage once this returns, before the whole import.
  if (live !== null) text = live.wholeText + pending;
  if (stoppedAt !== null) {
    // What was read up to its last whole line: a line cut in two is no record.
    const nl = text.lastIndexOf('\n');
    if (shape === 'growing') text = nl < 0 ? '' : text.slice(0, nl + 1);
    // A document read in part is what its previews read: its complete messages, closed.
    else if (document?.previewing === true) text = document.closedText(text) ?? text;
    return { decoded: decodeTranscript(text, o.name), stoppedAt };
  }
  if (replaced) {
    return {
      decoded: decodeTranscript(new Uint8Array(await blob.arrayBuffer()), o.name),
      stoppedAt: null,
    };
  }
  return { decoded: decodeTranscript(text, o.name), stoppedAt: null };
}
