import { err, isJsonArray, isJsonObject, ok, parseJson } from '../json/index';
import type {
  JsonDiagnostics,
  JsonSyntaxError,
  JsonValue,
  ParsedJson,
  Result,
} from '../json/index';
import type { ImportError } from './types';
import { plural } from './warnings';

/** One parsed line of a JSON Lines file. */
export interface JsonlLine {
  readonly value: JsonValue;
  readonly diagnostics: JsonDiagnostics;
  /** 1-based line number. */
  readonly line: number;
  /** UTF-16 offsets of the line in the text (end exclusive, without the line break). */
  readonly start: number;
  readonly end: number;
}

/** The text read as one JSON document, or as JSON Lines. */
export type Doc =
  | { readonly kind: 'json'; readonly parsed: ParsedJson; readonly text: string }
  | {
      readonly kind: 'jsonl';
      readonly lines: JsonlLine[];
      readonly warnings: string[];
      readonly text: string;
    };

const MAX_LINE_WARNINGS = 5;
const LINE_TEXT_MAX = 160;

/**
 * Reads the text as one JSON document; when that fails but the first line is a JSON
 * value on its own, reads it as JSON Lines (a bad line is a warning, not a failure).
 * Pretty-printed JSON has newlines too, so the whole-text parse always comes first.
 */
export function readDoc(text: string, name?: string): Result<Doc, ImportError> {
  if (text.trim() === '') {
    return err({ kind: 'empty', message: `${name ? `“${name}”` : 'The input'} is empty.` });
  }
  const whole = parseJson(text);
  if (whole.ok) return ok({ kind: 'json', parsed: whole.value, text });
  const jsonl = tryJsonl(text);
  if (jsonl) return ok(jsonl);
  return err(syntaxError(text, whole.error, name));
}

function tryJsonl(text: string): Doc | null {
  const lines: JsonlLine[] = [];
  const warnings: string[] = [];
  let bad = 0;
  let firstChecked = false;
  let lineNo = 0;
  let pos = 0;
  const n = text.length;
  while (pos < n) {
    lineNo++;
    let nl = text.indexOf('\n', pos);
    const hasBreak = nl >= 0;
    if (!hasBreak) nl = n;
    let end = nl;
    if (end > pos && text.charCodeAt(end - 1) === 13) end--;
    const start = pos;
    pos = nl + 1;
    if (isBlank(text, start, end)) continue;
    const r = parseJson(text.slice(start, end));
    if (!firstChecked) {
      firstChecked = true;
      // Not JSON Lines unless the first record stands on its own as an object or array.
      if (!r.ok || !(isJsonObject(r.value.value) || isJsonArray(r.value.value))) return null;
    }
    if (r.ok) {
      lines.push({
        value: r.value.value,
        diagnostics: r.value.diagnostics,
        line: lineNo,
        start,
        end,
      });
      continue;
    }
    if (!hasBreak && isBlank(text, pos, n)) {
      warnings.push(
        `The last line (${lineNo}) is incomplete, probably copied while being written; it was skipped.`,
      );
      continue;
    }
    bad++;
    if (bad <= MAX_LINE_WARNINGS) {
      warnings.push(
        `Line ${lineNo} is not valid JSON (column ${r.error.column}: ${r.error.message}); it was skipped.`,
      );
    }
  }
  if (bad > MAX_LINE_WARNINGS) {
    warnings.push(`${plural(bad - MAX_LINE_WARNINGS, 'more invalid line')} were skipped.`);
  }
  return { kind: 'jsonl', lines, warnings, text };
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 10) return false;
  }
  return true;
}

/** A syntax error with the offending line (trimmed around the column) for a caret display. */
export function syntaxError(
  text: string,
  e: JsonSyntaxError,
  name?: string,
): Extract<ImportError, { kind: 'syntax' }> {
  const offset = Math.max(0, Math.min(e.offset, text.length));
  let ls = text.lastIndexOf('\n', offset - 1) + 1;
  if (offset === 0) ls = 0;
  let le = text.indexOf('\n', offset);
  if (le < 0) le = text.length;
  if (le > ls && text.charCodeAt(le - 1) === 13) le--;
  let caret = offset - ls;
  let lineText = text.slice(ls, Math.min(le, ls + Math.max(LINE_TEXT_MAX, caret + 1)));
  if (le - ls > LINE_TEXT_MAX) {
    const from = Math.max(0, caret - LINE_TEXT_MAX / 2);
    const to = Math.min(le - ls, from + LINE_TEXT_MAX);
    lineText = (from > 0 ? '…' : '') + text.slice(ls + from, ls + to) + (to < le - ls ? '…' : '');
    caret = caret - from + (from > 0 ? 1 : 0);
  }
  const where = `${name ? `“${name}” ` : ''}line ${e.line}, column ${e.column}`;
  return {
    kind: 'syntax',
    message: `Invalid JSON at ${where}: ${e.message}.`.replace(/\.\.$/, '.'),
    line: e.line,
    column: e.column,
    offset,
    lineText,
    caret,
  };
}
