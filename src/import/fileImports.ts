// A format's output as the file's imports: one per conversation, with the file's warnings first.
import { blindSpots, nothingKept } from './blindSpots';
import type { ConversationOutput, FormatOutput } from './format';
import { formatLabel } from './formatList';
import { sniff, type Sniffed } from './sniff';
import type { Doc } from './text';
import type { FormatId, Imported } from './types';

/**
 * A format's output as the file's imports, with the file's warnings first: a forced format
 * or a non-empty file that kept nothing says so.
 */
export function fileResult(
  format: FormatId,
  out: FormatOutput,
  text: string,
  forced: boolean,
  doc: Doc | null,
  warnings: readonly string[],
): Imported[] {
  const empty = conversationsOf(out).every((c) => c.messages.length === 0);
  const mismatch = forced && empty ? forcedMismatch(format, doc) : [];
  // `/\S/` is `trim() !== ''` without copying a large text.
  const nothing = !forced && empty && /\S/.test(text) ? [nothingKept(formatLabel(format))] : [];
  return fileImports(
    format,
    out,
    [...warnings, ...mismatch, ...nothing],
    out.referenceScan ?? 'scanned',
  );
}

/** A format's output as the conversations it holds (one when it names none). */
function conversationsOf(out: FormatOutput): readonly ConversationOutput[] {
  return (
    out.conversations ?? [
      {
        label: 'conversation',
        messages: out.messages,
        warnings: out.warnings,
        ...(out.blindSpots === undefined ? {} : { blindSpots: out.blindSpots }),
      },
    ]
  );
}

/** One `Imported` per conversation of a format's output. */
export function fileImports(
  format: FormatId,
  out: FormatOutput,
  fileWarnings: readonly string[],
  referenceScan: Imported['referenceScan'],
): Imported[] {
  const list = conversationsOf(out);
  const summaries = list.map((c) => ({ label: c.label, messages: c.messages.length }));
  const single = list.length === 1;
  return list.map((c, i) => ({
    format,
    formatLabel: formatLabel(format),
    messages: c.messages,
    warnings: [...fileWarnings, ...c.warnings, ...(c.blindSpots ?? blindSpots(c.messages, format))],
    referenceScan,
    conversations: summaries,
    conversation: i,
    ...(single && out.spanText !== undefined ? { spanText: out.spanText } : {}),
  }));
}

/**
 * The warning for a forced format that found nothing: a wrong choice in the format picker
 * must not pass for an empty transcript. Names the detected format when there is one.
 */
function forcedMismatch(format: FormatId, doc: Doc | null): string[] {
  const s: Sniffed = doc ? sniff(doc) : { format: null, seen: '' };
  const label = formatLabel(format);
  if (s.format !== null && s.format !== format) {
    return [
      `Read as ${label} (chosen by hand), the file has no messages; it looks like ${formatLabel(s.format)}. Choose Auto-detect or that format.`,
    ];
  }
  return [`Read as ${label} (chosen by hand), the file has no messages.`];
}
