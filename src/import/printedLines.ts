// The lines of a printed text that are each one value Python printed, as a notebook's output or
// a script's log holds them.
import type { JsonValue } from '../json/index';
import { keywordsValue, literalValue } from './literal';

/**
 * The values of the lines of a text that are each one printed value (a list, a dict, or an
 * object as its constructor call), and how many characters those lines hold.
 */
export function printedLines(text: string): { values: JsonValue[]; chars: number } {
  const values: JsonValue[] = [];
  let chars = 0;
  for (const line of text.split('\n')) {
    let l = line.trim();
    // A value a loop prints after a word of its own (`print(f"Calling: {call}")`, as the
    // DeepLearning.AI LangGraph course's agent prints each call's dict).
    const label = LABELLED.exec(l);
    if (label !== null) l = l.slice(label[0].length);
    const v = PRINTED_LINE.test(l) ? literalValue(l) : null;
    const value = v !== null && typeof v === 'object' ? v : keywordsValue(l);
    if (value === null) continue;
    values.push(value);
    chars += l.length;
  }
  return { values, chars };
}

/** A line that may be one printed value: a list, a dict, or a constructor call. */
const PRINTED_LINE = /^(?:[[{]|[A-Za-z_][\w.]*\()/;
/** A few words and a colon before a printed list or dict. */
const LABELLED = /^[A-Za-z][\w .-]{0,40}:\s+(?=[[{])/;
