// The pattern explorer's data: each tool name, its patterns and its traps.
import type { Report, ReportConfig } from '../../detector/index';
import { observationPatternFor } from '../../detector/index';
import { columnsOf, type TranscriptColumns } from '../../report/reportColumns';
import type { Trap } from './traps';
import { costlyName, toolTraps } from './traps';
import { camelCaseMiss, suggestPattern } from './suggest';

/** One distinct tool name of the transcript and how the detector's classifiers see it. */
interface ToolEntry {
  readonly name: string;
  /** Calls with this name across all batches. */
  readonly calls: number;
  /** Batches with at least one call of this name. */
  readonly batches: number;
  /** The first observation pattern that matches, the one that classifies it; null = mutating. */
  readonly pattern: string | null;
  readonly costly: boolean;
  readonly traps: readonly Trap[];
}

/** One configured pattern and what it captures in this transcript. */
interface PatternEntry {
  readonly pattern: string;
  /** Position in the configured list (the first matching pattern wins). */
  readonly position: number;
  /** Distinct names it is the classifying (first) match for. */
  readonly classifies: number;
  /** Distinct names it matches at all. */
  readonly matches: number;
  readonly traps: readonly Trap[];
}

interface Exploration {
  readonly tools: readonly ToolEntry[];
  readonly patterns: readonly PatternEntry[];
  /** How many tools carry at least one trap. */
  readonly flagged: number;
}

/** Traps of the pattern list itself, independent of the transcript. */
export function patternTraps(pattern: string, position: number, all: readonly string[]): Trap[] {
  const traps: Trap[] = [];
  if (pattern === '') {
    traps.push({
      kind: 'empty-pattern',
      message: 'An empty pattern matches every tool name: every batch counts as read-only.',
    });
  } else if (pattern.trim() === '') {
    traps.push({
      kind: 'empty-pattern',
      message: 'This pattern is only whitespace: it matches every name that contains a space.',
    });
  }
  if (all.indexOf(pattern) !== position) {
    traps.push({
      kind: 'duplicate-pattern',
      message: 'This pattern is listed twice; the second copy never decides anything.',
    });
  }
  return traps;
}

/**
 * Every distinct tool name in the report with its classifying pattern, costly flag and traps,
 * most-called first; and every configured pattern with what it captures.
 */
export function explorePatterns(
  report: Report,
  config: Pick<ReportConfig, 'observationTools'>,
): Exploration {
  const { calls, batches } = toolCounts(columnsOf(report).transcript);
  const patterns = config.observationTools;
  // The detector treats an empty list as "classify nothing", even though "" would match all.
  const patternOf = (name: string) =>
    patterns.length === 0 ? null : observationPatternFor(name, patterns);
  const tools: ToolEntry[] = [...calls].map(([name, n]) => {
    const pattern = patternOf(name);
    const costly = costlyName(name);
    return {
      name,
      calls: n,
      batches: batches.get(name) ?? 0,
      pattern,
      costly,
      traps: toolTraps(name, pattern, costly),
    };
  });
  tools.sort((a, b) => b.calls - a.calls || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = tools.map((t) => t.name);
  const withMisses = tools.map((t) => {
    const miss = camelCaseMiss(t.name, patterns);
    if (miss === null) return t;
    const fix = suggestPattern(t.name, names, patterns).pattern;
    const message = `“${t.name}” is camelCase, so “${miss.catches}” misses it (it would catch “${miss.snake}”): patterns match the name as written. “${fix}” would catch it.`;
    return { ...t, traps: [...t.traps, { kind: 'camel-case-miss' as const, message }] };
  });

  const patternEntries: PatternEntry[] = patterns.map((pattern, position) => {
    const lower = pattern.toLowerCase();
    const first = patterns.indexOf(pattern) === position;
    let classifies = 0;
    let matches = 0;
    for (const t of withMisses) {
      if (t.name.toLowerCase().includes(lower)) matches++;
      if (first && t.pattern === pattern) classifies++;
    }
    return {
      pattern,
      position,
      classifies,
      matches,
      traps: patternTraps(pattern, position, patterns),
    };
  });
  return {
    tools: withMisses,
    patterns: patternEntries,
    flagged: withMisses.filter((t) => t.traps.length > 0).length,
  };
}

interface ToolCounts {
  /** Calls per tool name, and batches with at least one call of it. */
  readonly calls: ReadonlyMap<string, number>;
  readonly batches: ReadonlyMap<string, number>;
}

const counted = new WeakMap<TranscriptColumns, ToolCounts>();

/** Calls are config-independent: counted once per transcript, over its shared call lists. */
function toolCounts(t: TranscriptColumns): ToolCounts {
  const hit = counted.get(t);
  if (hit !== undefined) return hit;
  const calls = new Map<string, number>();
  const batches = new Map<string, number>();
  const seen = new Set<string>();
  for (let i = 0; i < t.batchCount; i++) {
    seen.clear();
    for (const c of t.callsOf(i)) {
      calls.set(c.name, (calls.get(c.name) ?? 0) + 1);
      if (!seen.has(c.name)) {
        seen.add(c.name);
        batches.set(c.name, (batches.get(c.name) ?? 0) + 1);
      }
    }
  }
  const out = { calls, batches };
  counted.set(t, out);
  return out;
}
