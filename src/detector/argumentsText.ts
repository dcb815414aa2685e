/**
 * Where an importer can say which text an arguments value was parsed from (Anthropic's
 * `tool_use` input, an object), so the prepare step can know a repeated input by that text
 * instead of printing its canonical form again. Only the exact text counts: equal text parses
 * to an equal value, so it has the same canonical form; the form itself is always the one
 * printed from the parsed value (`canonicalArgs`).
 */
import type { JsonValue } from '../json/value';

const texts = new WeakMap<object, string>();

/** Notes that `value` (an object or array) is the parse of `text`, exactly. */
export function noteArgumentsText(value: JsonValue, text: string): void {
  if (value !== null && typeof value === 'object') texts.set(value, text);
}

/** The text `value` was parsed from, when an importer noted it. */
export function argumentsTextOf(value: JsonValue): string | undefined {
  return value !== null && typeof value === 'object' ? texts.get(value) : undefined;
}
