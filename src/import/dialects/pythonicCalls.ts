// Calls a model wrote as its whole reply's text, a Python list of calls.
import type { JsonValue } from '../../json/index';
import { parseJson } from '../../json/index';
import { pythonLiteralToJson } from '../pyLiteral';

/**
 * Llama 3.2 and 4, and models trained on ToolACE's data, answer with their calls as the whole
 * of their text, a Python list of calls with keyword arguments: `[get_weather(city="Oslo"),
 * get_time()]`. vLLM's pythonic parser takes a text so spelled, each argument a literal
 * (vllm-project/vllm `vllm/entrypoints/openai/tool_parsers/pythonic_tool_parser.py`
 * @630fe7e7a7), and so does this reader; ToolACE's data also names tools with spaces and
 * parentheses (`User Feed (Video Posts) V2(user_id="1")`), so a name runs to the parenthesis
 * that opens its keyword list. Written by hand: the text is Python, which no JSON reader takes.
 */
export interface PythonicCall {
  readonly type: 'pythonic_tool_call';
  readonly name: string;
  readonly arguments: JsonValue;
}

/**
 * Where such a reply may stand in raw JSON text, for the census's prefilter: a string that
 * opens with `[` (after white space, escaped or not), then a name and `(`.
 */
export const PYTHONIC_CLUE = String.raw`"(?:\s|\\[nrt])*\[[^\]"\\]{1,128}\(`;

/** Whether a text may be such a list (a bracket at each end, a parenthesis inside). */
export function holdsPythonicCalls(s: string): boolean {
  let a = 0;
  while (a < s.length && s.charCodeAt(a) <= 0x20) a++;
  let z = s.length - 1;
  while (z > a && s.charCodeAt(z) <= 0x20) z--;
  return s[a] === '[' && s[z] === ']' && z - a > 3 && s.includes('(', a);
}

/** Where a keyword list opens: a parenthesis before a keyword and `=`, or before `)`. */
const ARGS_OPEN = /\(\s*(?:[A-Za-z_]\w*\s*=(?!=)|\))/y;
const KEYWORD = /\s*([A-Za-z_]\w*)\s*=/y;
const NAME = /^[^\s'"[\]=,][^'"[\]=\n]{0,127}$/;

/** The calls a text so spelled makes, or null when it is none (any part not read). */
export function pythonicCalls(s: string): PythonicCall[] | null {
  const t = s.trim();
  const calls: PythonicCall[] = [];
  let i = 1;
  for (;;) {
    i = skipSpace(t, i);
    if (t[i] === ']') break;
    const open = argsOpen(t, i);
    if (open < 0) return null;
    const name = t.slice(i, open).trim();
    if (!NAME.test(name)) return null;
    const args = new Map<string, JsonValue>();
    i = open + 1;
    for (;;) {
      i = skipSpace(t, i);
      if (t[i] === ')') {
        i++;
        break;
      }
      KEYWORD.lastIndex = i;
      const k = KEYWORD.exec(t);
      if (k === null) return null;
      const start = KEYWORD.lastIndex;
      const end = valueEnd(t, start);
      if (end < 0) return null;
      const json = pythonLiteralToJson(t.slice(start, end).trim());
      const v = json === null ? null : parseJson(json);
      if (v === null || !v.ok) return null;
      args.set(k[1] as string, v.value.value);
      i = t[end] === ',' ? end + 1 : end;
    }
    calls.push({ type: 'pythonic_tool_call', name, arguments: args });
    i = skipSpace(t, i);
    if (t[i] === ',') i++;
    else if (t[i] !== ']') return null;
  }
  return i === t.length - 1 && calls.length > 0 ? calls : null;
}

function skipSpace(t: string, i: number): number {
  while (i < t.length && t.charCodeAt(i) <= 0x20) i++;
  return i;
}

/** The first parenthesis from `i` that opens a keyword list, or -1. */
function argsOpen(t: string, i: number): number {
  for (let p = t.indexOf('(', i); p >= 0; p = t.indexOf('(', p + 1)) {
    ARGS_OPEN.lastIndex = p;
    if (ARGS_OPEN.test(t)) return p;
  }
  return -1;
}

/** Where a literal that starts at `i` ends: a `,` or `)` outside brackets and strings; -1. */
function valueEnd(t: string, i: number): number {
  let depth = 0;
  for (let p = i; p < t.length; p++) {
    const c = t[p] as string;
    if (c === '"' || c === "'") {
      p = stringEnd(t, p, c);
      if (p < 0) return -1;
    } else if (c === '[' || c === '{' || c === '(') depth++;
    else if (c === ']' || c === '}' || c === ')') {
      if (depth === 0) return c === ')' ? p : -1;
      depth--;
    } else if (c === ',' && depth === 0) return p;
  }
  return -1;
}

/** The index of the quote that closes a string opened at `p`, or -1. */
function stringEnd(t: string, p: number, q: string): number {
  for (let j = p + 1; j < t.length; j++) {
    if (t[j] === '\\') j++;
    else if (t[j] === q) return j;
  }
  return -1;
}
