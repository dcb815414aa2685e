import { err, ok } from '../detector/index';
import type { Result } from '../detector/index';
import { decodeInput, type Decoded } from './decode';
import type { FormatOutput } from './format';
import { formatLabel, FORMATS } from './formatList';
import { IMPORTERS } from './registry';
import { sniff } from './sniff';
import { readDoc } from './text';
import type { Doc } from './text';
import type { FormatId, Imported, ImportError, ImportOptions } from './types';
import { readZip } from './zip';

export type { FormatId, FormatInfo, Imported, ImportError, ImportOptions } from './types';
export { FORMATS } from './formatList';
export type { Decoded } from './decode';
export { keptMessages, SpanMessages } from './spanMessages';

/**
 * The first half of `importTranscript`: bytes (or text) to text, or to a ZIP archive's
 * bytes. A caller holding a large file's bytes decodes them here and lets them go before
 * the parse, so the bytes and the parse tree are never in memory together.
 */
export function decodeTranscript(
  input: string | Uint8Array,
  name?: string,
): Result<Decoded, ImportError> {
  return decodeInput(input, name);
}

/**
 * Turns an untrusted transcript (pasted text or file bytes) into the chat-completions
 * message list the replay reads. The format is detected from the content unless
 * `opts.format` forces one. Never throws: bad input is a typed `ImportError`.
 */
export function importTranscript(
  input: string | Uint8Array | Decoded,
  opts?: ImportOptions,
): Result<Imported, ImportError> {
  try {
    return importUnsafe(input, opts ?? {});
  } catch (e) {
    // Defence in depth: a bug in one format's mapping must become an error, not a crash.
    const what = e instanceof Error ? e.message : String(e);
    return err({
      kind: 'invalid',
      message: `The transcript could not be imported: ${what.split('\n')[0] ?? ''}`,
    });
  }
}

function importUnsafe(
  input: string | Uint8Array | Decoded,
  opts: ImportOptions,
): Result<Imported, ImportError> {
  const decoded =
    typeof input === 'string' || input instanceof Uint8Array
      ? decodeInput(input, opts.name)
      : ok(input);
  if (!decoded.ok) return decoded;
  if (decoded.value.kind === 'zip') {
    const z = readZip(decoded.value.bytes, opts.name);
    if (!z.ok) return z;
    return ok(z.value);
  }
  const { text, warnings: decodeWarnings } = decoded.value;
  const docR = readDoc(text, opts.name);
  if (!docR.ok) return docR;
  const doc = docR.value;
  let format: FormatId;
  if (opts.format !== undefined && opts.format !== 'auto') {
    format = opts.format;
  } else {
    const s = sniff(doc);
    if (s.format === null) return err(unknownFormat(s.seen, opts.name));
    format = s.format;
  }
  const out = runImporter(format, doc);
  if (!out.ok) return out;
  const lineWarnings = doc.kind === 'jsonl' ? doc.warnings : [];
  const forced = opts.format !== undefined && opts.format !== 'auto';
  const mismatch = forced && out.value.messages.length === 0 ? forcedMismatch(format, doc) : [];
  return ok({
    format,
    formatLabel: formatLabel(format),
    messages: out.value.messages,
    warnings: [...decodeWarnings, ...lineWarnings, ...mismatch, ...out.value.warnings],
    referenceScan: out.value.referenceScan ?? 'scanned',
    ...(out.value.spanText !== undefined ? { spanText: out.value.spanText } : {}),
  });
}

/**
 * The warning for a forced format that found nothing: a wrong choice in the format picker
 * must not pass for an empty transcript. Names the detected format when there is one.
 */
function forcedMismatch(format: FormatId, doc: Doc): string[] {
  const s = sniff(doc);
  const label = formatLabel(format);
  if (s.format !== null && s.format !== format) {
    return [
      `Read as ${label} (chosen by hand), the file has no messages; it looks like ${formatLabel(s.format)}. Choose Auto-detect or that format.`,
    ];
  }
  return [`Read as ${label} (chosen by hand), the file has no messages.`];
}

/** Runs one format's importer over a parsed document. */
function runImporter(format: FormatId, doc: Doc): Result<FormatOutput, ImportError> {
  return IMPORTERS[format](doc);
}

function unknownFormat(seen: string, name?: string): ImportError {
  const list = FORMATS.map((f) => f.label).join(', ');
  return {
    kind: 'unknown-format',
    message: `${name ? `“${name}”` : 'The input'} is not a transcript format Loopscope knows: it is ${seen}. Supported: ${list}.`,
    supported: FORMATS,
    seen,
  };
}
