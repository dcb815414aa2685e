/** The two batch classifiers (docs/detector.md §4). */

/** The fixed list of tools that are not free to repeat (§4.2). */
export const COSTLY_TOOL_PATTERNS: readonly string[] = Object.freeze([
  'navigate',
  'click',
  'fetch_webpage',
]);

/** The first pattern whose lowercase form the lowercase name contains, or null (§4.1). */
export function observationPatternFor(name: string, patterns: readonly string[]): string | null {
  const lower = name.toLowerCase();
  for (const p of patterns) {
    if (lower.includes(p.toLowerCase())) return p;
  }
  return null;
}

/**
 * Whether every call is read-only (§4.1): false for an empty pattern list, otherwise every
 * call name must contain some pattern (case-insensitive). An empty batch is vacuously true.
 */
export function isObservationBatch(
  calls: readonly { name: string }[],
  patterns: readonly string[],
): boolean {
  if (patterns.length === 0) return false;
  return calls.every((c) => observationPatternFor(c.name, patterns) !== null);
}

function segments(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[_.-]/)
    .filter((x) => x.length > 0);
}

const COSTLY_SEGMENTS = COSTLY_TOOL_PATTERNS.map(segments);

/**
 * Whether a tool name is costly (§4.2): its lowercase `_`/`-`/`.` segments contain one of
 * the costly patterns' segments as a consecutive run of whole segments.
 */
export function isCostlyName(name: string): boolean {
  const segs = segments(name);
  for (const pat of COSTLY_SEGMENTS) {
    for (let i = 0; i + pat.length <= segs.length; i++) {
      let all = true;
      for (let j = 0; j < pat.length; j++) {
        if (segs[i + j] !== pat[j]) {
          all = false;
          break;
        }
      }
      if (all) return true;
    }
  }
  return false;
}

/** Whether any call in the batch is costly (§4.2); independent of `observation_tools`. */
export function isCostlyBatch(calls: readonly { name: string }[]): boolean {
  return calls.some((c) => isCostlyName(c.name));
}
