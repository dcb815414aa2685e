/**
 * Editing `observation_tools` from the explorer: the shortest pattern that makes a tool name
 * read-only, what else that pattern catches, and the checks a new pattern must pass. Patterns
 * match as the detector matches them (docs/detector.md §4.1): a case-insensitive substring.
 */
import { observationPatternFor } from '../../detector/index';
import { wordSegments } from './traps';

export { patternRefusal } from '../config/patternRefusal';

interface PatternSuggestion {
  readonly pattern: string;
  /** Other names of the transcript it matches that no pattern catches yet (they turn read-only). */
  readonly alsoNew: readonly string[];
  /** Other names it matches that are read-only already. */
  readonly alsoAlready: readonly string[];
}

/** Runs of whole words of `name`, as they are written in it (lower-cased), shortest first. */
function wordRuns(name: string): string[] {
  const lower = name.toLowerCase();
  const words = wordSegments(name);
  // Where each word starts in the name, so a run keeps its separators (`list_dir`).
  const starts: number[] = [];
  let from = 0;
  for (const w of words) {
    const at = lower.indexOf(w, from);
    starts.push(at);
    from = at + w.length;
  }
  const runs: string[] = [];
  for (let len = 1; len <= words.length; len++) {
    for (let i = 0; i + len <= words.length; i++) {
      const a = starts[i] as number;
      const last = i + len - 1;
      runs.push(lower.slice(a, (starts[last] as number) + (words[last] as string).length));
    }
  }
  return runs.length > 0 ? runs : [lower];
}

/**
 * The shortest run of whole words of `name` that catches it and no other name of `names` that
 * is mutating under `patterns`, so the list changes only what was asked; else the whole name.
 * Whole words, not any substring: "a" would catch `readFile` too, and every future name with
 * an "a" in it.
 */
export function suggestPattern(
  name: string,
  names: readonly string[],
  patterns: readonly string[],
): PatternSuggestion {
  const caught = (n: string) => patterns.length > 0 && observationPatternFor(n, patterns) !== null;
  const others = names.filter((n) => n !== name);
  const mutating = others.filter((n) => !caught(n));
  const pattern =
    wordRuns(name).find((p) => !mutating.some((n) => n.toLowerCase().includes(p))) ??
    name.toLowerCase();
  const hits = others.filter((n) => n.toLowerCase().includes(pattern));
  return {
    pattern,
    alsoNew: hits.filter((n) => !caught(n)),
    alsoAlready: hits.filter(caught),
  };
}

/** A sentence for what adding `s` did. */
export function suggestionSentence(name: string, s: PatternSuggestion): string {
  const list = (xs: readonly string[]) =>
    xs.length <= 3 ? xs.join(', ') : `${xs.slice(0, 3).join(', ')} and ${xs.length - 3} more`;
  const parts = [`Added “${s.pattern}”: “${name}” is read-only now.`];
  if (s.alsoNew.length > 0) parts.push(`It also makes read-only: ${list(s.alsoNew)}.`);
  if (s.alsoAlready.length > 0)
    parts.push(`It also matches, already read-only: ${list(s.alsoAlready)}.`);
  if (s.alsoNew.length === 0 && s.alsoAlready.length === 0)
    parts.push('No other tool of this transcript contains it.');
  return parts.join(' ');
}

/**
 * A camelCase or PascalCase name (`readFile`, `ListDirectory`) that no pattern catches while
 * its snake_case spelling would be: the patterns match the name as written. Returns the
 * snake_case spelling and the pattern that catches that, or null.
 */
export function camelCaseMiss(
  name: string,
  patterns: readonly string[],
): { snake: string; catches: string } | null {
  if (patterns.length === 0 || observationPatternFor(name, patterns) !== null) return null;
  if (!/[a-z0-9][A-Z]/.test(name)) return null;
  const snake = wordSegments(name).join('_');
  const catches = observationPatternFor(snake, patterns);
  return catches === null ? null : { snake, catches };
}
