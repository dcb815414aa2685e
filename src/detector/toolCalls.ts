/**
 * Reading the tool calls of an assistant message the way the proxy's wire layer does
 * (docs/detector.md §7.2, §3.5).
 */
import { isJsonObject, type JsonValue } from '../json/value';
import { parseJsonStrict } from '../json/parse';

/** One tool call: `id` and `name` default to `""`, `arguments` is any JSON value. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: JsonValue;
}

/** A tool call plus how its arguments arrived (for the details panel and the caches). */
interface WireToolCall extends ToolCall {
  /** The `function.arguments` string as sent, or null when it was not a string. */
  readonly argumentsRaw: string | null;
  /** The arguments string parsed as JSON (false: not a string, or the raw-string fallback). */
  readonly parsedFromString: boolean;
}

/** serde_json's parse of an arguments string, falling back to the raw string (§3.4, §3.5). */
export function parseArgumentsString(raw: string): { value: JsonValue; parsed: boolean } {
  const r = parseJsonStrict(raw);
  return r.ok ? { value: r.value, parsed: true } : { value: raw, parsed: false };
}

/**
 * Reads one `tool_calls` element without parsing an arguments string: the caller decides
 * (and may cache) how a string becomes a value.
 */
export function readCallShape(el: JsonValue): {
  id: string;
  name: string;
  args: JsonValue;
  argsIsString: boolean;
} {
  const fn = isJsonObject(el) ? el.get('function') : undefined;
  const idv = isJsonObject(el) ? el.get('id') : undefined;
  const id = typeof idv === 'string' ? idv : '';
  if (!isJsonObject(fn)) return { id, name: '', args: null, argsIsString: false };
  const namev = fn.get('name');
  const args = fn.get('arguments');
  return {
    id,
    name: typeof namev === 'string' ? namev : '',
    args: args === undefined ? null : args,
    argsIsString: typeof args === 'string',
  };
}

/** §7.2 with the wire details kept. */
export function wireCalls(toolCalls: JsonValue | undefined): WireToolCall[] {
  if (!Array.isArray(toolCalls)) return [];
  return toolCalls.map((el) => {
    const s = readCallShape(el);
    if (!s.argsIsString) {
      return {
        id: s.id,
        name: s.name,
        arguments: s.args,
        argumentsRaw: null,
        parsedFromString: false,
      };
    }
    const raw = s.args as string;
    const p = parseArgumentsString(raw);
    return {
      id: s.id,
      name: s.name,
      arguments: p.value,
      argumentsRaw: raw,
      parsedFromString: p.parsed,
    };
  });
}

/**
 * The calls of an assistant message (§7.2): none unless `tool_calls` is an array; every
 * element is a call (`[7, null]` is a two-call batch); string arguments are parsed with
 * serde_json's rules, falling back to the raw string.
 */
export function domainCalls(toolCalls: JsonValue | undefined): ToolCall[] {
  return wireCalls(toolCalls).map((c) => ({ id: c.id, name: c.name, arguments: c.arguments }));
}
