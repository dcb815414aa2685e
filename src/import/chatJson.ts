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
export interface ChatJsonMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ChatJsonCall[];
  tool_call_id?: string;
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
