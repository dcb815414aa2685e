// The batch table's filters: refused only, in the timeline's range, tier and tool name.
import { useId } from 'react';
import type { BatchFilter } from './filter';
import type { Tier } from './tier';
import { TIERS } from './tier';
import { formatCount, formatNumber } from '../format';

interface BatchFiltersProps {
  filter: BatchFilter;
  onChange: (next: BatchFilter) => void;
  /** Rows left after filtering, and all batches: "Showing 12 of 340 batches". */
  shown: number;
  total: number;
  /** The range selected on the timeline, as words ("#3–9"), or null when there is none. */
  range: string | null;
}

const TIER_CHOICES: readonly { value: BatchFilter['tier']; label: string }[] = [
  { value: 'all', label: 'All tiers' },
  ...TIERS.map((t: Tier) => ({ value: t, label: t })),
  { value: 'costly', label: 'costly' },
];

function parseTier(value: string): BatchFilter['tier'] {
  return TIER_CHOICES.find((c) => c.value === value)?.value ?? 'all';
}

export function BatchFilters({ filter, onChange, shown, total, range }: BatchFiltersProps) {
  const id = useId();
  return (
    <div className="bt-filters" role="group" aria-label="Batch filters">
      <label className="bt-check">
        <input
          type="checkbox"
          checked={filter.refusedOnly}
          onChange={(e) => onChange({ ...filter, refusedOnly: e.target.checked })}
        />
        Refused only
      </label>
      <label
        className="bt-check"
        title={
          range === null ? 'Select a range on the timeline first (Shift+drag)' : `Batches ${range}`
        }
      >
        <input
          type="checkbox"
          checked={filter.inRange && range !== null}
          disabled={range === null}
          onChange={(e) => onChange({ ...filter, inRange: e.target.checked })}
        />
        In range
      </label>
      <label htmlFor={`${id}-tier`}>Tier</label>
      <select
        id={`${id}-tier`}
        value={filter.tier}
        onChange={(e) => onChange({ ...filter, tier: parseTier(e.target.value) })}
      >
        {TIER_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-tool`}>Tool name</label>
      <input
        id={`${id}-tool`}
        type="search"
        value={filter.tool}
        placeholder="e.g. write_file"
        spellCheck={false}
        onChange={(e) => onChange({ ...filter, tool: e.target.value })}
      />
      <span className="bt-count" role="status">
        {shown === total
          ? formatCount(total, 'batch')
          : `Showing ${formatNumber(shown)} of ${formatCount(total, 'batch')}`}
      </span>
    </div>
  );
}
