/**
 * How the worker reads a transcript that arrives whole: pasted text, bytes, or a file read at
 * once (a large one is read in pieces by progressive.ts instead).
 */
import type { Result } from '../json/index';
import { decodeTranscript, type Decoded, type ImportError } from '../import/index';
import type { TranscriptInput } from './protocol';

/**
 * Reads a Blob whole: one `arrayBuffer()` is faster than reading it in slices or through
 * `stream()` (docs/benchmarks.md §5), so progress is reported once the bytes are in rather
 * than bought with a slower read.
 */
async function readBlob(
  blob: Blob,
  onRead: (done: number, total: number) => void,
): Promise<Uint8Array> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  onRead(bytes.length, bytes.length);
  return bytes;
}

/** The bytes `decodeTranscript` looks at before the text: ZIP magic, BOM, NUL bytes. */
const HEAD_BYTES = 1024 + 3;

/**
 * A file as text without holding its bytes: `Blob.text()` decodes natively, and 100 MB of
 * bytes left for the collector would count against the worker's heap while the parse runs.
 * It is `decodeTranscript`'s result whenever the bytes are plain UTF-8 text: the head is
 * checked as bytes first (a ZIP, a NUL), and a U+FFFD in the text (an invalid sequence, or
 * a real one) sends the file down the byte path, which tells the two apart and warns.
 */
async function readText(
  blob: Blob,
  name: string,
  onRead: (done: number, total: number) => void,
): Promise<Result<Decoded, ImportError>> {
  if (typeof blob.text !== 'function' || typeof blob.slice !== 'function') {
    return decodeTranscript(await readBlob(blob, onRead), name);
  }
  const head = decodeTranscript(
    new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer()),
    name,
  );
  if (head.ok && head.value.kind === 'text') {
    const text = await blob.text();
    if (!text.includes('\uFFFD')) {
      onRead(blob.size, blob.size);
      // Blob.text() drops a BOM, as decodeTranscript does.
      return decodeTranscript(text, name);
    }
  }
  return decodeTranscript(await readBlob(blob, onRead), name);
}

/**
 * Reads and decodes the input. A file's bytes live only inside this function: they are
 * garbage once decoded, before the parse builds its tree (peak memory is text + tree, not
 * bytes + text + tree).
 */
export async function readInput(
  input: TranscriptInput,
  onRead: (done: number, total: number) => void,
): Promise<Result<Decoded, ImportError>> {
  switch (input.kind) {
    case 'text':
      return decodeTranscript(input.text, input.name);
    case 'bytes':
      return decodeTranscript(input.bytes, input.name);
    case 'blob':
      return readText(input.blob, input.name, onRead);
  }
}
