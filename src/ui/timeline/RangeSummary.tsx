// The selected range in words, under the timeline: its batches, refusals, calls, distinct
// signatures and loop cost, and a button that clears it (as Escape does).
import { useEffect, useMemo, useState } from 'react';
import type { Report } from '../../detector/report';
import { formatNumber } from '../format';
import type * as Counted from './rangeSummary';
import type { BatchRange } from './viewState';

type Counting = typeof Counted;

// The counting loads with the first range: a first screen has none.
let counting: Counting | null = null;
function loadCounting(): Promise<Counting> {
  return import('./rangeSummary').then((m) => (counting = m));
}

export function RangeSummary({
  report,
  range,
  onClear,
}: {
  report: Report;
  range: BatchRange | null;
  onClear: () => void;
}) {
  const [code, setCode] = useState(counting);
  const wanted = range !== null;
  useEffect(() => {
    if (!wanted || code !== null) return;
    let current = true;
    void loadCounting().then((m) => {
      if (current) setCode(m);
    });
    return () => {
      current = false;
    };
  }, [wanted, code]);
  const text = useMemo(() => {
    if (range === null) return '';
    // Until the counting has come, the range's ends, and that the rest is on its way.
    if (code === null)
      return `#${formatNumber(range.first)}–${formatNumber(range.last)} · counting…`;
    const s = code.rangeSummary(report, range);
    return s === null ? '' : code.rangeSummaryText(s);
  }, [report, range, code]);
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
