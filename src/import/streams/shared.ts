// Helpers shared by the streamed-reply reassemblers of each API.
import { JsonNumber } from '../../json/index';
import type { JsonValue } from '../../json/index';
import { field } from '../access';

/** What one API's reassembly returns: each reply, and how many stopped short of their end. */
export interface Assembled {
  readonly replies: JsonValue[];
  readonly unfinished: number;
}

/** An integer field (`index`, `output_index`), or `undefined`. */
export function indexField(o: JsonValue | undefined, key: string): number | undefined {
  const v = field(o, key);
  if (!(v instanceof JsonNumber)) return undefined;
  const n = Number(v.lexeme);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** A JSON object from entries (the lossless model's objects are Maps). */
export function object(entries: readonly (readonly [string, JsonValue])[]): Map<string, JsonValue> {
  return new Map<string, JsonValue>(entries);
}

/** A streamed call put back together: its id, type, function name and argument text. */
export interface StreamedCall {
  readonly id: string;
  readonly type: string;
  readonly name: string;
  readonly args: string;
}

/** An assistant message in the chat-completions shape, its calls as `tool_calls` when any. */
export function chatMessage(
  role: JsonValue,
  content: string | null,
  calls: readonly StreamedCall[],
): Map<string, JsonValue> {
  const message = object([
    ['role', role],
    ['content', content],
  ]);
  if (calls.length > 0) {
    message.set(
      'tool_calls',
      calls.map((c) =>
        object([
          ['id', c.id],
          ['type', c.type === '' ? 'function' : c.type],
          [
            'function',
            object([
              ['name', c.name],
              ['arguments', c.args],
            ]),
          ],
        ]),
      ),
    );
  }
  return message;
}
