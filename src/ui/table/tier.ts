// How a batch's calls fall under the observation patterns: the table's tier column.
import type { BatchReport } from '../../detector/index';
import { observationPatternFor } from '../../detector/index';

/**
 * How a batch's calls fall under the observation patterns. `observation` is the detector's own
 * verdict (every call matched); `mixed` and `mutating` split the rest by whether *some* call
 * matched, which the report does not carry but a person needs to see why a read-looking batch
 * got the strike threshold.
 */
export type Tier = 'observation' | 'mixed' | 'mutating';

export const TIERS: readonly Tier[] = ['observation', 'mixed', 'mutating'];

/**
 * Returns a classifier for one pattern list. Names repeat across thousands of batches, so each
 * distinct name is matched against the patterns once.
 */
export function makeTierClassifier(patterns: readonly string[]): (batch: BatchReport) => Tier {
  const matched = new Map<string, boolean>();
  const nameMatches = (name: string): boolean => {
    let hit = matched.get(name);
    if (hit === undefined) {
      hit = observationPatternFor(name, patterns) !== null;
      matched.set(name, hit);
    }
    return hit;
  };
  return (batch) => {
    if (batch.observation) return 'observation';
    for (const call of batch.calls) if (nameMatches(call.name)) return 'mixed';
    return 'mutating';
  };
}

export function tierLabel(tier: Tier, costly: boolean): string {
  return costly ? `${tier}, costly` : tier;
}

/** Sort rank: the tiers in the order they grow stricter, costly after plain within a tier. */
export function tierRank(tier: Tier, costly: boolean): number {
  return TIERS.indexOf(tier) * 2 + (costly ? 1 : 0);
}
