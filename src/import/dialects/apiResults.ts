// Calls a harness ran from a reply's words and reported back as `Result of <call>:` sections.
import type { JsonValue } from '../../json/index';
import { readLenient } from '../pyLiteral';

/**
 * AutoCodeRover has the model name its search API calls in its words; a proxy model turns them
 * into calls, the harness runs them and sends every answer back in one user message, each under
 * a header `Result of <call>:` and a blank line (nus-apr/auto-code-rover `app/inference.py`
 * @487d283d07, `collated_tool_response`). The header is the record of what ran: the API's name
 * and its positional Python arguments, read here as a JSON list (the names its signature gives
 * them are not in the file). Only a message that opens with such a header is read.
 */
const HEADER = /^Result of ([A-Za-z_]\w*)\((.*)\):[ \t]*$/gm;

/**
 * Where such a message may stand in raw JSON text, for the census's prefilter: a string that
 * opens with the header.
 */
export const API_RESULTS_CLUE = String.raw`"Result of [A-Za-z_]\w*\(`;

/** The calls one message reports, made from one reply: the object they are read as. */
export interface ApiResultCalls {
  readonly type: 'api_result_calls';
  readonly calls: readonly { name: string; arguments: JsonValue; output: string }[];
}

/** Whether a user message opens with a reported call (one test, no allocation). */
export function holdsApiResults(s: string): boolean {
  return s.startsWith('Result of ') && /^Result of [A-Za-z_]\w*\(.*\):[ \t]*$/m.test(s);
}

/** The calls such a message reports, each with the text under its header, as one object. */
export function apiResults(s: string): ApiResultCalls[] {
  const heads = [...s.matchAll(HEADER)];
  if (heads[0]?.index !== 0) return [];
  const calls = heads.map((h, i) => {
    const start = (h.index as number) + h[0].length;
    const end = heads[i + 1]?.index ?? s.length;
    const read = readLenient(`[${h[2] as string}]`);
    return {
      name: h[1] as string,
      arguments: read.how === 'text' ? (h[2] as string) : (read.value as JsonValue),
      output: s.slice(start, end).trim(),
    };
  });
  return [{ type: 'api_result_calls', calls }];
}
