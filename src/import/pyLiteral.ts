// Attribute strings read leniently: JSON, a Python literal made JSON, or plain text.
import { parseJson } from '../json/index';
import type { JsonValue } from '../json/index';

/** How a string attribute was read: as JSON, as a Python literal made JSON, or as text. */
export type Lenient =
  | { readonly how: 'json' | 'repaired'; readonly value: JsonValue }
  | { readonly how: 'text'; readonly value: string };

/**
 * Reads a string that should hold JSON but may hold a Python `repr` of a list or dict
 * (single quotes, `True` / `False` / `None`), as some tracers write it: JSON first, then
 * the quotes repaired, else the string itself as text.
 */
export function readLenient(s: string): Lenient {
  const t = s.trim();
  if (!t.startsWith('[') && !t.startsWith('{')) return { how: 'text', value: s };
  const p = parseJson(t);
  if (p.ok) return { how: 'json', value: p.value.value };
  const fixed = pythonLiteralToJson(t);
  if (fixed !== null) {
    const q = parseJson(fixed);
    if (q.ok) return { how: 'repaired', value: q.value.value };
  }
  return { how: 'text', value: s };
}

const WORDS: Record<string, string> = { True: 'true', False: 'false', None: 'null' };
/** A number's first two characters: a digit, or a point before one. */
const NUMBER = /^(?:\d|\.\d)/;

/** A number as Python spells it (`1.`, `.5`, `+2.5e1`, `1_000`), as JSON spells it. */
export function pythonNumberAsJson(text: string): string {
  const n = text.replace(/_/g, '').replace(/^\+/, '');
  return n.replace(/^(-?)\./, '$10.').replace(/\.(?=[eE]|$)/, '.0');
}

/**
 * The JSON spelling of a Python literal of lists, dicts, strings, numbers and the three
 * constants, or null when it holds anything else (a tuple, a call, an odd escape is left
 * for the JSON parser to reject).
 */
export function pythonLiteralToJson(s: string): string | null {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch === "'" || ch === '"') {
      const end = quoted(s, i, ch);
      if (end === null) return null;
      out += end.json;
      i = end.next;
    } else if (/[0-9.]/.test(ch) && NUMBER.test(s.slice(i, i + 2))) {
      const m = /^\d*(?:\.\d*)?(?:[eE][+-]?\d+)?/.exec(s.slice(i, i + 400)) as RegExpExecArray;
      out += pythonNumberAsJson(m[0]);
      i += m[0].length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i)) as RegExpExecArray;
      const word = WORDS[m[0]];
      if (word === undefined) return null;
      out += word;
      i += m[0].length;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** A Python string literal opening at `start`, as a JSON string, and the index after it. */
function quoted(s: string, start: number, q: string): { json: string; next: number } | null {
  let body = '';
  let i = start + 1;
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch === q) return { json: `"${body}"`, next: i + 1 };
    if (ch === '\\' && i + 1 < s.length) {
      const nx = s[i + 1] as string;
      if (nx === "'") body += "'";
      else if (nx === 'x') {
        body += `\\u00${s.slice(i + 2, i + 4)}`;
        i += 4;
        continue;
      } else body += `\\${nx}`;
      i += 2;
      continue;
    }
    if (ch === '"') body += '\\"';
    else if (ch < ' ') body += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else body += ch;
    i++;
  }
  return null;
}
