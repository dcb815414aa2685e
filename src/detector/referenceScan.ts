/**
 * Would the reference proxy scan this body, or fail open (docs/detector.md §7.1)? Loopscope
 * analyses leniently either way; this says when the reference guard would have been off.
 */
import type { JsonDiagnostics, ParsedJson } from '../json/parse';
import { SERDE_MAX_DEPTH } from '../json/serdeRules';
import { isJsonObject, type JsonObject, type JsonValue } from '../json/value';

/**
 * Judges an OpenAI chat request body (or a bare `messages` array, judged as if wrapped in
 * `{"messages": …}`) from its lenient parse and diagnostics.
 */
export function referenceScan(parsed: ParsedJson): ReferenceScan {
  const { value, diagnostics: d } = parsed;
  const bare = Array.isArray(value);
  if (!bare && !isJsonObject(value)) {
    return { failOpen: 'the body is not a JSON object, so the reference cannot read it' };
  }
  const whole = scanDiagnostics(d, bare);
  if (whole !== 'scanned') return whole;
  const duplicates = new Set<JsonObject>(d.duplicateKeyObjects);
  let messages: JsonValue | undefined;
  if (bare) {
    messages = value;
  } else {
    const envelope = value as JsonObject;
    if (duplicates.has(envelope)) {
      return { failOpen: 'the request object repeats a field name, which the reference rejects' };
    }
    messages = envelope.get('messages');
    if (messages === undefined) return 'scanned';
  }
  if (!Array.isArray(messages)) {
    return { failOpen: '`messages` is not an array, so the reference cannot read it' };
  }
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i] as JsonValue;
    const one = scanMessage(i, m, isJsonObject(m) && duplicates.has(m));
    if (one !== 'scanned') return one;
  }
  return 'scanned';
}

/** The verdict of `referenceScan`. */
export type ReferenceScan = 'scanned' | { failOpen: string };

/**
 * The checks of `referenceScan` that read only the whole document's diagnostics, in its order
 * (a reader that parses a document in parts merges the parts' diagnostics and starts here).
 */
export function scanDiagnostics(d: JsonDiagnostics, bare: boolean): ReferenceScan {
  if (d.loneSurrogate) {
    return {
      failOpen: 'the body contains a lone UTF-16 surrogate escape, which serde_json rejects',
    };
  }
  if (d.numberOutOfRange) {
    return {
      failOpen: 'the body contains a number outside the f64 range, which serde_json rejects',
    };
  }
  const depth = d.maxDepth + (bare ? 1 : 0);
  if (depth > SERDE_MAX_DEPTH) {
    return {
      failOpen: `the body nests ${depth} levels deep; serde_json stops at ${SERDE_MAX_DEPTH}`,
    };
  }
  if (d.duplicateKey && d.duplicateKeyObjects === undefined) {
    return { failOpen: 'the body repeats a field name somewhere, which the reference may reject' };
  }
  return 'scanned';
}

/** The check of one element `m` of `messages` (`repeats`: the object itself repeats a key). */
export function scanMessage(i: number, m: JsonValue, repeats: boolean): ReferenceScan {
  if (Array.isArray(m)) {
    return {
      failOpen: `message ${i} is an array; the reference would read it positionally and Loopscope does not`,
    };
  }
  if (!isJsonObject(m)) {
    return { failOpen: `message ${i} is not a JSON object, so the reference cannot read it` };
  }
  if (repeats) {
    return { failOpen: `message ${i} repeats a field name, which the reference rejects` };
  }
  return 'scanned';
}
