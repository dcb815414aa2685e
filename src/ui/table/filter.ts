// The batch table's filters and the predicate they make.
import type { BatchReport } from '../../detector/index';
import type { Tier } from './tier';

/**
 * The table's filters. `tier` also accepts `costly`, the flag people hunt for on its own;
 * `inRange` keeps the batches of the range selected on the timeline (none: no effect).
 */
export interface BatchFilter {
  readonly refusedOnly: boolean;
  readonly inRange: boolean;
  readonly tier: 'all' | Tier | 'costly';
  readonly tool: string;
}

export const NO_FILTER: BatchFilter = {
  refusedOnly: false,
  inRange: false,
  tier: 'all',
  tool: '',
};

/** Whether a filter other than the range's is on (the range bounds the pass instead). */
export function isFilterActive(f: BatchFilter): boolean {
  return f.refusedOnly || f.tier !== 'all' || f.tool.trim() !== '';
}

/**
 * A predicate for one filter setting. The tool text matches any call name as a case-insensitive
 * substring, the way people type half a name.
 */
export function batchPredicate(
  filter: BatchFilter,
  tierOf: (b: BatchReport) => Tier,
): (b: BatchReport) => boolean {
  const needle = filter.tool.trim().toLowerCase();
  const { refusedOnly, tier } = filter;
  return (b) => {
    if (refusedOnly && !b.refused) return false;
    if (tier === 'costly') {
      if (!b.costly) return false;
    } else if (tier !== 'all' && tierOf(b) !== tier) return false;
    if (needle !== '' && !b.calls.some((c) => c.name.toLowerCase().includes(needle))) return false;
    return true;
  };
}
