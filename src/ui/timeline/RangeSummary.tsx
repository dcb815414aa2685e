// The selected range in words, under the timeline: its batches, refusals, calls, distinct
// signatures and loop cost, and a button that clears it (as Escape does).
import { useMemo } from 'react';
import type { Report } from '../../detector/report';
import { rangeSummary, rangeSummaryText } from './rangeSummary';
import type { BatchRange } from './viewState';

export function RangeSummary({
  report,
  range,
  onClear,
}: {
  report: Report;
  range: BatchRange | null;
  onClear: () => void;
}) {
  const text = useMemo(() => {
    const s = range === null ? null : rangeSummary(report, range);
    return s === null ? '' : rangeSummaryText(s);
  }, [report, range]);
  // The status stays mounted and exposed, so a new range is read out; empty, it takes no room.
  return (
    <div className={text === '' ? 'sr-only' : 'ls-tl-range-summary'}>
      <span role="status" aria-label="Selected range" aria-atomic="true">
        {text === '' ? '' : `Range ${text}`}
      </span>
      {text === '' ? null : (
        <button type="button" onClick={onClear} title="Clear the range (Esc)">
          Clear range
        </button>
      )}
    </div>
  );
}
