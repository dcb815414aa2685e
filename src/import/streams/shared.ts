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
