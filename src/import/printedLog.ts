// Logs of Python's printed values, a value a line: what `print(response)` leaves in a file.
import { ok, printJson, type Result } from '../json/index';
import { printedLines } from './literal';
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
