// The batch table's rows, built only for the rows drawn.
import type { BatchReport, RefusalReason, RepeatOutcome, Report } from '../../detector/index';
import { runPosition } from '../../detector/index';
import type { VerdictKind } from './labels';
import { answersLabel, outcomeLabel, toolsLabel, verdictKind, verdictLabel } from './labels';
import type { Tier } from './tier';
import { tierLabel } from './tier';

/** One table row: a batch with the labels its cells print. Built only for drawn rows. */
export interface BatchRow {
  readonly index: number;
  readonly messageIndex: number;
  readonly tools: string;
  readonly signature: string;
  /** The signature's colour swatch (the same colour the timeline uses). */
  readonly color: string;
  readonly tier: Tier;
  readonly costly: boolean;
  readonly tierLabel: string;
  readonly count: number;
  readonly total: number;
  readonly threshold: number;
  readonly ceiling: number;
  readonly exempt: boolean;
  readonly answersKnown: boolean;
  readonly answersLabel: string;
  readonly outcome: RepeatOutcome;
  readonly outcomeLabel: string;
  readonly verdict: VerdictKind;
  readonly reason: RefusalReason | null;
  readonly verdictLabel: string;
  /** The plain sentence for the verdict cell's tooltip. */
  readonly explanation: string;
  /** "the 8th `get_build_status` in a row", or null for the first of a run. */
  readonly run: string | null;
}

export interface RowContext {
  readonly report: Pick<Report, 'firstRefusal'>;
  readonly tierOf: (b: BatchReport) => Tier;
  /** The colour of a batch's signature (the same the timeline uses). */
  readonly colorOf: (b: BatchReport) => string;
  readonly explain: (b: BatchReport) => string;
}

export function batchRow(b: BatchReport, ctx: RowContext): BatchRow {
  const tier = ctx.tierOf(b);
  const verdict = verdictKind(b, ctx.report);
  return {
    index: b.index,
    messageIndex: b.messageIndex,
    tools: toolsLabel(b),
    signature: b.signature,
    color: ctx.colorOf(b),
    tier,
    costly: b.costly,
    tierLabel: tierLabel(tier, b.costly),
    count: b.count,
    total: b.total,
    threshold: b.threshold,
    ceiling: b.ceiling,
    exempt: b.exempt,
    answersKnown: b.answersKnown,
    answersLabel: answersLabel(b.answersKnown),
    outcome: b.outcome,
    outcomeLabel: outcomeLabel(b.outcome),
    verdict,
    reason: b.reason,
    verdictLabel: verdictLabel(b, verdict),
    explanation: ctx.explain(b),
    run: runPosition(b),
  };
}

/** The rows for view positions `from`..`to` inclusive (the virtualizer's window). */
export function windowRows(
  batches: readonly BatchReport[],
  order: readonly number[],
  from: number,
  to: number,
  ctx: RowContext,
): BatchRow[] {
  const rows: BatchRow[] = [];
  for (let r = Math.max(0, from); r <= to && r < order.length; r++) {
    const b = batches[order[r] as number];
    if (b !== undefined) rows.push(batchRow(b, ctx));
  }
  return rows;
}
