// Shared by the rewriters of texts that are no JSON: the messages they write, the text they read.
import { printJson, type JsonValue } from '../json/index';
import { literalValue } from './literal';

/** One call of an assistant message, its arguments as JSON text. */
export interface ChatJsonCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message of the list a rewritten text holds (`src/import/textInputs.ts`). */
/** An object of a document `JSON.parse` read, as the text inputs walk one. */
export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value a JSON text holds, or undefined where it is no JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface ChatJsonMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ChatJsonCall[];
  tool_call_id?: string;
}

/** Conversations as the JSON Lines a rewritten text holds, one `{ messages }` a line. */
export function chatLines(conversations: readonly (readonly unknown[])[]): string {
  return conversations.map((messages) => JSON.stringify({ messages })).join('\n');
}

/** A text input as its rewriters read it: no byte-order mark, `\n` line ends, no leading blank. */
export function plainText(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .trimStart();
}

/**
 * A call's arguments as a framework printed them, as the JSON text a chat message holds: a dict
 * or a list as Python (or JSON) writes it, read as that value; anything else, the text itself.
 */
export function printedArguments(printed: string): string {
  const t = printed.trim();
  const v: JsonValue | null = literalValue(t);
  return v !== null && typeof v === 'object' ? printJson(v) : JSON.stringify(t);
}

/** The characters a backslash may stand before in a JSON string, but `u`. */
const ESCAPED = /^["\\/bfnrt]$/;

/**
 * JSON whose strings were written with their newlines and tabs as the characters (a log that
 * undid the escapes, a copy wrapped inside a long string), or with backslashes JSON does not
 * allow (`\*`, `\_`, as a markdown editor escapes what it would format): the same JSON with
 * the characters escaped again and those backslashes dropped. Written by hand: it walks the
 * text once, in and out of strings, as no JSON library reads text that is not JSON.
 */
export function reescaped(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (c === '\\') {
        const n = text[i + 1] ?? '';
        if (ESCAPED.test(n) || (n === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))))
          out += c + n;
        else out += n === '\n' ? '\\n' : n === '\t' ? '\\t' : n === '\r' ? '\\r' : n;
        i++;
        continue;
      }
      if (c === '"') inString = false;
      out += c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\r' ? '\\r' : c;
    } else {
      if (c === '"') inString = true;
      out += c;
    }
  }
  return out;
}
