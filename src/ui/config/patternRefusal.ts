// The check a new observation pattern must pass, apart from the explorer's suggestions so the
// pattern editor on the first screen does not pull them into the page's first script.

/**
 * Why `pattern` cannot join `patterns`, or null: an empty one would match every name, and one
 * already listed (in any case: matching ignores it) would never decide anything.
 */
export function patternRefusal(pattern: string, patterns: readonly string[]): string | null {
  if (pattern.trim() === '') return 'An empty pattern would match every tool name; not added.';
  const lower = pattern.toLowerCase();
  const at = patterns.findIndex((p) => p.toLowerCase() === lower);
  if (at < 0) return null;
  const same = patterns[at] === pattern ? '' : ` as “${patterns[at] as string}”`;
  return `“${pattern}” is already pattern ${at + 1}${same}; not added twice.`;
}
