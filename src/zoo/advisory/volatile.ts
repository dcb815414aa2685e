/**
 * Normalising the parts of a tool answer that drift on every call: clocks, durations,
 * counters and generated ids (docs/detector.md §12.3: "finished in 0.31s" rescues every
 * occurrence). Each match becomes a placeholder, so two answers that differ only there
 * normalise to the same text.
 */

const RULES: readonly [RegExp, string][] = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [
    /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g,
    '<timestamp>',
  ],
  [/\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, '<date>'],
  [
    /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? +\d{1,2}(?:st|nd|rd|th)?,?(?: +\d{4})?\b/g,
    '<date>',
  ],
  [/\b\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?: ?[AaPp][Mm])?\b/g, '<time>'],
  [/\b\d+h(?:\d+m)?(?:\d+(?:\.\d+)?s)?\b|\b\d+m\d+(?:\.\d+)?s\b/g, '<duration>'],
  [
    /\b\d+(?:\.\d+)? ?(?:ns|µs|us|ms|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)\b/gi,
    '<duration>',
  ],
  [/\b1\d{9}(?:\d{3})?\b/g, '<epoch>'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}\b/gi, '<hex>'],
  [
    /\b(elapsed|uptime|took|waited|waiting|attempt|retry|retries|try|tries|iteration|iter|poll|tick|seq|sequence|pid|request|req|round|pass|count|counter)(\s*[:#=]?\s*)\d+(?:\.\d+)?/gi,
    '$1$2<n>',
  ],
  [/#\d+\b/g, '#<n>'],
];

/** The text with clocks, durations, counters and generated ids replaced by placeholders. */
export function normaliseVolatile(text: string): string {
  // Every rule needs a digit, so digit-free text is already normal.
  if (!/\d/.test(text)) return text;
  let out = text;
  for (const [re, to] of RULES) out = out.replace(re, to);
  return out;
}
