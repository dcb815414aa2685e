// Log records: JSON Lines lines, or the elements of a JSON array of records.
import { isJsonArray } from '../json/index';
import type { JsonValue } from '../json/index';
import { field } from './access';
import type { Span } from './build';
import type { Doc } from './text';

/** One log record: a JSON Lines line, or an element of a JSON array of records. */
export interface LogRecord {
  readonly value: JsonValue;
  /** 1-based line number when the input was JSON Lines, else the 1-based element number. */
  readonly line: number;
  readonly span: Span;
}

/**
 * The records of a log-shaped document (JSON Lines, an array of records, an object wrapping
 * one in `loglines`, or one record).
 */
export function logRecords(doc: Doc): LogRecord[] {
  if (doc.kind === 'jsonl')
    return doc.lines.map((l) => ({
      value: l.value,
      line: l.line,
      span: { start: l.start, end: l.end },
    }));
  const v = doc.parsed.value;
  // The Claude Code web session export wraps its lines in `{"loglines": […]}`.
  const wrapped = field(v, 'loglines');
  if (isJsonArray(wrapped))
    return wrapped.map((value, i) => ({ value, line: i + 1, span: undefined }));
  if (isJsonArray(v)) return v.map((value, i) => ({ value, line: i + 1, span: undefined }));
  return [{ value: v, line: 1, span: undefined }];
}
