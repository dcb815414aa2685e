import { basename } from 'node:path';
import { importConversations } from '../../../src/import/index';

/** One entry of a wild folder's `expected.json` (its README says what each field means). */
export interface WildExpected {
  readonly file: string;
  readonly format: string | null;
  readonly calls: number;
  readonly conversations?: number;
  readonly minMessages?: number;
  readonly orClearError?: string;
  readonly note?: string;
}

/** What the import reads from one file: every call of every conversation, or its error. */
export interface WildRead {
  readonly error?: string;
  readonly format?: string;
  readonly calls: number;
  readonly conversations: number;
  readonly messages: number;
  /** The import's warnings, over all conversations. */
  readonly warnings: readonly string[];
}

export function readWild(bytes: Uint8Array, file: string): WildRead {
  const r = importConversations(bytes, { name: basename(file) });
  if (!r.ok) {
    return { error: r.error.message, calls: 0, conversations: 0, messages: 0, warnings: [] };
  }
  let calls = 0;
  let messages = 0;
  const warnings: string[] = [];
  for (const c of r.value) {
    messages += c.messages.length;
    warnings.push(...c.warnings);
    for (const m of c.messages) if (Array.isArray(m.tool_calls)) calls += m.tool_calls.length;
  }
  return {
    format: r.value[0]?.format,
    calls,
    conversations: r.value.length,
    messages,
    warnings,
  };
}

/** Whether a read matches its entry: the format, every call, the conversations. */
export function readsWhole(got: WildRead, e: WildExpected): boolean {
  if (got.error !== undefined) {
    return e.orClearError !== undefined && new RegExp(e.orClearError, 'i').test(got.error);
  }
  if (e.format !== null && got.format !== e.format) return false;
  if (got.calls !== e.calls) return false;
  if (e.conversations !== undefined && got.conversations < e.conversations) return false;
  if (e.minMessages !== undefined && got.messages < e.minMessages) return false;
  return true;
}
