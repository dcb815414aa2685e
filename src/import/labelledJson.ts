// A JSON document printed after a label of a few words (`console.log('event data', json)`).
import { ok, type Result } from '../json/index';
import { jsonOf } from './chatJson';
import type { ImportError } from './types';
import { Finding } from './text';
import { inputLabel } from './warnings';

/**
 * A program that logs a payload with a word of its own before it (Node's `console.log(label,
 * JSON.stringify(body, null, 2))`, Python's `print("response:", json.dumps(body, indent=2))`)
 * leaves the label, then the document, opening on the label's line and running to the text's
 * end. The label is no part of the record: the document is read as the JSON it is.
 */
const LABELLED = /^([A-Za-z][^{}[\]\r\n"']{0,60}?)[ \t]*([{[])[ \t]*\r?\n/;

interface Found {
  readonly label: string;
  readonly json: string;
}

function labelled(text: string): Found | null {
  const m = LABELLED.exec(text);
  if (m === null) return null;
  // The label holds no bracket: the first one opens the document.
  const json = text.slice(text.search(/[{[]/));
  if (jsonOf(json) === undefined) return null;
  return { label: (m[1] as string).trim().replace(/:$/, ''), json };
}

const found = new Finding(labelled, (f) => f !== null);

/** Whether a text is one JSON document after a label on its first line. */
export function isLabelledJson(text: string): boolean {
  return found.of(text) !== null;
}

/** The document, with a note naming the label left out. */
export function labelledJsonAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const f = found.take(text) as Found;
  return ok({
    text: f.json,
    note: `Read ${inputLabel(name, 'the input')} as the JSON document printed after the label “${f.label.slice(0, 40)}” on its first line.`,
  });
}
