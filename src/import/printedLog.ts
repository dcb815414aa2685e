// Logs of Python's printed values, a value a line: what `print(response)` leaves in a file.
import { ok, printJson, type Result } from '../json/index';
import { literalValue } from './literal';
import { CensusScan } from './census';
import { printedLines } from './printedLines';
import type { JsonValue } from '../json/index';
import { Finding } from './text';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * A script that logs each model response with `print(response)` or `f.write(str(response))`
 * writes the SDK's objects as their constructor calls, one a line
 * (`ChatCompletion(id='…', choices=[Choice(…, message=ChatCompletionMessage(…,
 * tool_calls=[ChatCompletionMessageToolCall(…)]))])`), or dicts and lists. Such a file is read
 * when most of its text is such lines and they name tools or functions.
 */
const CALLS = /tool|unction/;
/** How much of the text its printed lines must hold: the rest is the log's own words. */
const SHARE = 0.5;

/** The printed lines the test found. */
const found = new Finding(printedLines, (f) => f.values.length > 0);

/** Whether a text is such a log (it is no JSON: a JSON text is read as JSON). */
export function isPrintedLog(text: string): boolean {
  const start = text.trimStart();
  if (!/^[A-Za-z_][\w.]*\(/.test(start) || !CALLS.test(text)) return false;
  const f = found.of(text);
  const is = f.values.length > 0 && f.chars >= SHARE * text.trim().length;
  if (!is) found.forget();
  return is;
}

/** The log's printed values as JSON Lines, with a warning saying how they were found. */
export function printedLogAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const f = found.take(text);
  const lines = text.split('\n').filter((l) => l.trim() !== '').length;
  const left = lines - f.values.length;
  return ok({
    text: f.values.map((v) => printJson(v)).join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as a log of ${plural(f.values.length, 'Python value')} printed a line each (an SDK's objects as their constructor calls), as JSON Lines${left > 0 ? `; ${plural(left, 'other line')} not read` : ''}.`,
  });
}

/**
 * A logger's line whose message ends in a printed object: a prefix of the logger's own (a time,
 * a level, a name, `add: `) with no parenthesis in it, then the object's constructor call to
 * the line's end. LlamaIndex's workflows log each event so at INFO (`… - INFO - [tick] add:
 * ToolCall(tool_name='…', tool_kwargs={…}, tool_id='…')`, run-llama/llama_index
 * `llama-index-core/llama_index/core/workflow/` runtime's tick log), as do scripts that
 * `logger.info(f"…: {event}")`. A value the logger cut short (`…`) does not parse and is left.
 */
const PREFIXED = /^(?=\S)[^()\r\n]{1,100}?[:\]>][ \t]+([A-Za-z_][\w.]*\(.*?)[ \t]*\r?$/;

interface Prefixed {
  readonly values: JsonValue[];
  /** Lines that open a printed object but do not parse. */
  readonly cut: number;
}

function prefixedValues(text: string): Prefixed {
  const values: JsonValue[] = [];
  let cut = 0;
  for (const line of text.split('\n')) {
    const m = PREFIXED.exec(line);
    if (m === null) continue;
    const v = literalValue(m[1] as string);
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) values.push(v);
    else cut++;
  }
  return { values, cut };
}

const prefixed = new Finding(prefixedValues, (f) => f.values.length > 0);

/** Whether a text's log lines end in printed objects, two or more, that name tools. */
export function isPrefixedPrintedLog(text: string): boolean {
  if (!CALLS.test(text)) return false;
  const f = prefixed.of(text);
  const is = f.values.length >= 2 && f.values.some((v) => CALLS.test(printJson(v)));
  if (!is) prefixed.forget();
  return is;
}

/** The printed objects of such a log as JSON Lines, with a note saying what was left. */
export function prefixedPrintedLogAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const f = prefixed.take(text);
  const cut =
    f.cut > 0 ? `; ${plural(f.cut, 'printed value')} cut short by the logger left out` : '';
  return ok({
    text: f.values.map((v) => printJson(v)).join('\n'),
    note: `Read ${inputLabel(name, 'the input')} as a log whose lines end in printed objects, ${plural(f.values.length, 'object')} as JSON Lines (the words before them and the other lines left out${cut}).`,
  });
}

/**
 * A text that is one printed object laid out over many lines (a `repr` kept as a `.py` file
 * and formatted as code, a pretty-printer's output), after any comment lines: the object, where
 * the census could find a call in it. A browser-use run's `print(history)` is one
 * (`AgentHistoryList(all_results=[…], all_model_outputs=[…])`).
 */
function printedWhole(text: string): JsonValue | null {
  const body = text.replace(LEADING_COMMENTS, '');
  if (!/^[A-Za-z_][\w.]*\(/.test(body) || !body.trimEnd().endsWith(')')) return null;
  const v = literalValue(body);
  if (!(v instanceof Map)) return null;
  const scan = new CensusScan();
  scan.add(v);
  return scan.callCount > 0 ? v : null;
}
/** Python comment lines and blank lines at a text's top. */
const LEADING_COMMENTS = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]*/;

const whole = new Finding(printedWhole, (v) => v !== null);

/** Whether a text is one printed object over several lines that may hold calls. */
export function isPrintedWhole(text: string): boolean {
  return text.includes('\n') && whole.of(text) !== null;
}

/** The printed object as one JSON document, with a note saying so. */
export function printedWholeAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const v = whole.take(text);
  return ok({
    text: printJson(v),
    note: `Read ${inputLabel(name, 'the input')} as one printed Python object (its constructor call laid out over lines), as JSON.`,
  });
}
