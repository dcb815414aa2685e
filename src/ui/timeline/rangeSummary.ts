// What a range of batches holds: its batches, refusals, calls, distinct signatures and the
// part of the report's loop cost that falls in it. Read from the report's columns, so a
// range of 100,000 batches costs a pass over one typed array and no batch objects.
import type { Report } from '../../detector/report';
import { columnsOf } from '../../report/reportColumns';
import { formatCount, formatNumber } from '../format';
import { lowerBound } from '../sorted';
import type { BatchRange } from './viewState';

export interface RangeSummary {
  readonly first: number;
  readonly last: number;
  readonly batches: number;
  readonly refusals: number;
  readonly calls: number;
  readonly signatures: number;
  /**
   * The loop cost (docs/report.md §3.8) counted in the range: the calls of the counted
   * batches inside it, and the tokens of the refused loops it holds whole. `partial`: some
   * loop's counted batches are only partly inside, so its tokens are left out (the report
   * has each loop's answer bytes, not each batch's).
   */
  readonly loopCost: { readonly calls: number; readonly tokens: number; readonly partial: boolean };
}

/** How many values of the ascending `sorted` lie in `[lo, hi]`. */
function countBetween(sorted: ArrayLike<number>, lo: number, hi: number): number {
  return lowerBound(sorted, hi + 1) - lowerBound(sorted, lo);
}

/** The summary of `range` in `report`, clamped to its batches; null when nothing is left. */
export function rangeSummary(report: Report, range: BatchRange): RangeSummary | null {
  const { transcript: t, verdicts } = columnsOf(report);
  const first = Math.max(0, range.first);
  const last = Math.min(t.batchCount - 1, range.last);
  if (last < first) return null;
  const seen = new Uint8Array(t.sigCount);
  let signatures = 0;
  for (let i = first; i <= last; i++) {
    const id = t.sigId[i] as number;
    if (seen[id] === 0) {
      seen[id] = 1;
      signatures++;
    }
  }
  const calls = (k: number): number => t.callStart[k] as number;
  // Which batches a refused loop counts: after the refused one in proxy mode, from it in
  // agent mode (the reference checks a batch there before its tools run).
  const skip = report.config.mode === 'agent' ? 0 : 1;
  let costCalls = 0;
  let tokens = 0;
  let partial = false;
  for (const e of report.loopCost?.refusals ?? []) {
    const from = e.batchIndex + skip;
    const to = from + e.batches - 1;
    if (e.batches <= 0 || to < first || from > last) continue;
    costCalls += calls(Math.min(to, last) + 1) - calls(Math.max(from, first));
    if (from >= first && to <= last) tokens += e.tokens;
    else partial = true;
  }
  return {
    first,
    last,
    batches: last - first + 1,
    refusals: countBetween(verdicts.pyramid.refusals, first, last),
    calls: calls(last + 1) - calls(first),
    signatures,
    loopCost: { calls: costCalls, tokens, partial },
  };
}

/** The summary as one line of text. */
export function rangeSummaryText(s: RangeSummary): string {
  const c = s.loopCost;
  const cost =
    c.calls === 0
      ? 'no loop cost'
      : `loop cost ${formatCount(c.calls, 'call')}` +
        (c.tokens > 0 ? `, ≈${formatNumber(c.tokens)} tokens` : '') +
        (c.partial ? ' (tokens of whole loops only)' : '');
  return [
    `#${formatNumber(s.first)}–${formatNumber(s.last)}`,
    formatCount(s.batches, 'batch'),
    formatCount(s.refusals, 'refusal'),
    formatCount(s.calls, 'call'),
    formatCount(s.signatures, 'signature'),
    cost,
  ].join(' · ');
}
