// Gemini's contents and parts (function calls and responses) mapped to chat messages.
import { isJsonArray, isJsonObject } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { either, field, str } from '../access';
import type { CallInput, Conversation, Span } from '../build';
import { displayText } from '../content';
import { plural } from '../warnings';

/**
 * A part's `functionCall` (camelCase or snake_case), or undefined; the Python SDK's
 * `model_dump()` writes every field a part does not use as `null`, which is none.
 */
export function functionCallOf(p: JsonValue): JsonValue | undefined {
  const v = either(p, 'functionCall', 'function_call');
  return isJsonObject(v) ? v : undefined;
}

/** A part's `functionResponse` (camelCase or snake_case), or undefined (a `null` too). */
export function functionResponseOf(p: JsonValue): JsonValue | undefined {
  const v = either(p, 'functionResponse', 'function_response');
  return isJsonObject(v) ? v : undefined;
}

/** A Gemini `functionCall` as a call: `args` is an object and stays one. */
export function callFromFunctionCall(fc: JsonValue): CallInput {
  return { id: str(fc, 'id'), name: str(fc, 'name') ?? '', args: field(fc, 'args') ?? null };
}

/** The note for code the API ran itself (the code-execution tool), left out of the client's loop. */
function codeRunNote(n: number): string {
  return `Skipped ${plural(n, 'server-side tool call')} (executableCode, Gemini's code execution): the API ran them, so they are not part of the client's tool loop.`;
}

/** The narration of model parts: text parts that are not thought summaries, joined. */
export function modelText(parts: readonly JsonValue[]): string | null {
  let out: string | null = null;
  for (const p of parts) {
    if (!isJsonObject(p) || p.get('thought') === true) continue;
    const t = str(p, 'text');
    if (t !== undefined) out = out === null ? t : out + t;
  }
  return out;
}

/** Maps `functionResponse` parts to tool messages; returns the parts that are not responses. */
export function mapResponses(
  parts: readonly JsonValue[],
  c: Conversation,
  span?: Span,
): JsonValue[] {
  const rest: JsonValue[] = [];
  for (const p of parts) {
    const fr = functionResponseOf(p);
    if (fr === undefined) {
      rest.push(p);
      continue;
    }
    c.result(str(fr, 'id'), str(fr, 'name'), field(fr, 'response'), span);
  }
  return rest;
}

/**
 * One Gemini `Content` (`{role, parts}`): a `model` turn becomes an assistant message with
 * its `functionCall`s; `functionResponse` parts (in a user, function or tool content)
 * become tool messages; other parts become a user message.
 */
export function mapGeminiContent(content: JsonValue, c: Conversation, span?: Span): void {
  const role = str(content, 'role');
  const partsV = field(content, 'parts');
  const parts = isJsonArray(partsV) ? partsV : [];
  if (role === 'model' || role === 'assistant') {
    const calls: CallInput[] = [];
    for (const p of parts) {
      const fc = functionCallOf(p);
      if (fc !== undefined) calls.push(callFromFunctionCall(fc));
      else if (isJsonObject(either(p, 'executableCode', 'executable_code')))
        c.warnings.count('gemini-code', codeRunNote);
    }
    c.assistant(modelText(parts), calls, span);
    return;
  }
  const rest = mapResponses(parts, c, span);
  if (rest.length > 0 || rest.length === parts.length) {
    c.message(role === 'system' ? 'system' : 'user', displayText(rest), span);
  }
}

/** A `systemInstruction` (`{parts}` or a string) as a system message. */
export function mapSystemInstruction(si: JsonValue | undefined, c: Conversation): void {
  if (si === undefined || si === null) return;
  if (typeof si === 'string') {
    c.message('system', si);
    return;
  }
  c.message('system', displayText(field(si, 'parts') ?? null));
}
