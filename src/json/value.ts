/**
 * The lossless JSON value model shared by the importer and the detector.
 *
 * `JSON.parse` cannot tell `1` from `1.0`, loses integers above 2^53 and lets a
 * `__proto__` key near prototypes, so transcripts are read into this model instead:
 * numbers keep their literal text (serde_json classifies and prints them from it),
 * objects are `Map`s (insertion order kept, duplicate keys: last wins, no prototype).
 */
export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | JsonObject;

/** A JSON object: a `Map`, so no key can ever reach a prototype. */
export type JsonObject = Map<string, JsonValue>;

/** A JSON number, kept as the literal text it was written with (e.g. `1`, `1.0`, `-0`, `1e21`). */
export class JsonNumber {
  constructor(readonly lexeme: string) {}
  /** The number as a JS double (lossy for big integers; for display and arithmetic only). */
  get value(): number {
    return Number(this.lexeme);
  }
}

/** Whether a value is a JSON object (a `Map`). */
export function isJsonObject(v: JsonValue | undefined): v is JsonObject {
  return v instanceof Map;
}

/** Whether a value is a JSON array. */
export function isJsonArray(v: JsonValue | undefined): v is JsonValue[] {
  return Array.isArray(v);
}
