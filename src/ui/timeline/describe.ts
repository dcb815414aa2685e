// Plain-text descriptions of batches for the tooltip, the screen-reader summary and the live
// region. Tool names come from untrusted transcripts: these are strings for textContent only.
import type { BatchReport, RepeatOutcome } from '../../detector/report';
import { columnsOf } from '../../report/reportColumns';
import type { TimelineModel } from './model';
import { agentStepLabel } from '../table/labels';

export interface TooltipContent {
  readonly title: string;
  readonly rows: readonly (readonly [string, string])[];
}

const OUTCOME: Readonly<Record<RepeatOutcome, string>> = {
  'not-comparable': 'not comparable',
  'answer-repeated': 'same answer again',
  'answer-changed': 'answer changed (count reset)',
  'not-the-current-run': 'not the current run',
};

const BREAK: Readonly<Record<NonNullable<BatchReport['breakBefore']>, string>> = {
  start: 'start of the transcript',
  signature: 'a different batch',
  user: 'a user message',
  system: 'a system message',
  developer: 'a developer message',
  'other-role': 'a message of another role',
};

/** A watched file's last batch whose tool results are still coming (not in the report yet). */
export interface PendingMark {
  /** The index it will have in the report. */
  readonly index: number;
  /** Its calls' tool names. */
  readonly calls: readonly string[];
  /** How many of its calls have their result so far. */
  readonly answered: number;
}

/** "Batch 3 is waiting for 1 of 2 results." */
export function pendingText(p: PendingMark): string {
  const total = p.calls.length;
  const waiting = Math.max(0, total - p.answered);
  return `Batch ${fmt(p.index)} is waiting for ${fmt(waiting)} of ${fmt(total)} ${total === 1 ? 'result' : 'results'}.`;
}

/** Thousands separators, `12,345` (toLocaleString is slow enough to show up in a frame profile). */
export function fmt(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The toolbar's "#a–b of n" for the batches in view; empty without batches, so a transcript
 * with none never shows the previous one's range.
 */
export function rangeText(
  vp: { start: number; span: number },
  n: number,
  blockSize: number,
): string {
  if (n <= 0) return '';
  const a = Math.max(0, Math.floor(vp.start));
  const b = Math.min(n - 1, Math.ceil(vp.start + vp.span) - 1);
  const per = blockSize > 1 ? ` · ${fmt(blockSize)} per mark` : '';
  return `#${fmt(a)}–${fmt(b)} of ${fmt(n)}${per}`;
}

/** The verdict in a few words: `refused (strikes)`, `rescued`, `passed`. */
export function verdictOf(b: BatchReport): string {
  if (b.refused) return `refused (${b.reason ?? 'strikes'})`;
  const step = agentStepLabel(b.agent);
  if (step !== null) return step;
  return b.rescued ? 'rescued' : 'passed';
}

export function tierOf(b: BatchReport): string {
  const tier = b.observation ? 'observation' : 'strikes';
  return b.costly ? `${tier}, costly` : tier;
}

/** Tooltip text for batch `index`; `pixelBatches` > 1 when the pointer covers an aggregated pixel. */
export function tooltipContent(
  model: TimelineModel,
  index: number,
  changed: boolean,
  pixelBatches = 1,
): TooltipContent | null {
  const b = model.report.batches[index];
  if (b === undefined) return null;
  const first = model.firstRefusal === index;
  const rows: [string, string][] = [
    ['Tools', model.signatureAt(model.sigId[index] ?? 0)?.label ?? ''],
    ['Count / total', `${fmt(b.count)} / ${fmt(b.total)}`],
    ['Threshold', `${fmt(b.threshold)} (${tierOf(b)})`],
    ['Ceiling', b.exempt ? `${fmt(b.ceiling)}, waived (exempt)` : fmt(b.ceiling)],
    ['Answers', b.answersKnown ? OUTCOME[b.outcome] : `unknown; ${OUTCOME[b.outcome]}`],
    ['Verdict', first ? `${verdictOf(b)}, first refusal` : verdictOf(b)],
  ];
  if (b.breakBefore !== null) rows.push(['Run started by', BREAK[b.breakBefore]]);
  if (changed) rows.push(['Config', 'verdict differs from the defaults']);
  if (pixelBatches > 1) rows.push(['Pixel', `one of ${fmt(pixelBatches)} batches here`]);
  return { title: `Batch #${fmt(index)} · message ${fmt(b.messageIndex)}`, rows };
}

/** One sentence for the live region when the selection moves. */
export function announcement(model: TimelineModel, index: number | null): string {
  if (index === null) return 'No batch selected.';
  const b = model.report.batches[index];
  if (b === undefined) return '';
  const label = model.signatureAt(model.sigId[index] ?? 0)?.label ?? '';
  const first = model.firstRefusal === index ? ', the first refusal' : '';
  return (
    `Batch ${fmt(index)} of ${fmt(model.n)}: ${label}; ${verdictOf(b)}${first}; ` +
    `count ${fmt(b.count)}, total ${fmt(b.total)}, threshold ${fmt(b.threshold)}.`
  );
}

/** The text alternative for the whole chart (aria-describedby), a pending batch last. */
export function summary(model: TimelineModel, pending: PendingMark | null = null): string {
  const text = settledSummary(model);
  return pending === null ? text : `${text} ${pendingText(pending)}`;
}

function settledSummary(model: TimelineModel): string {
  if (model.n === 0) return 'The transcript has no tool-call batches.';
  const b = model.report.batches;
  // Over the packed columns: reading every batch object would build 100k of them.
  const { rescued, answerChanged: changed } = columnsOf(model.report).verdicts.tally;
  const parts = [
    `${fmt(model.n)} ${model.n === 1 ? 'batch' : 'batches'} with ${fmt(model.signatureCount)} distinct ${model.signatureCount === 1 ? 'signature' : 'signatures'}.`,
  ];
  const fr = model.firstRefusal;
  if (fr === null) parts.push('No batch is refused.');
  else {
    const label = model.signatureAt(model.sigId[fr] ?? 0)?.label ?? '';
    const reason = b[fr]?.reason ?? 'strikes';
    parts.push(
      `${fmt(model.refusals.length)} refused; the first refusal is batch ${fmt(fr)} (${label}, ${reason}).`,
    );
  }
  if (model.stagnation !== null) {
    parts.push(
      `The reference's first verdict is stagnation, at message ${fmt(model.stagnation.messageIndex)}.`,
    );
  }
  parts.push(`${fmt(rescued)} rescued, ${fmt(changed)} with a changed answer.`);
  parts.push('Use N and P to move between refusals, arrow keys between batches.');
  return parts.join(' ');
}

const LEGEND_ITEMS = 6;

export interface LegendEntry {
  readonly id: number;
  readonly label: string;
  readonly occurrences: number;
  readonly title: string;
}

/** The most frequent signatures; entries sharing tool names get a hash suffix to tell them apart. */
export function legendEntries(model: TimelineModel, max = LEGEND_ITEMS): LegendEntry[] {
  const top = Array.from(model.byFrequency.subarray(0, max));
  const labels = new Map<string, number>();
  for (const id of top) {
    const label = model.signatureAt(id)?.label ?? '';
    labels.set(label, (labels.get(label) ?? 0) + 1);
  }
  return top.map((id) => {
    const s = model.signatureAt(id);
    const label = s?.label ?? '';
    const dup = (labels.get(label) ?? 0) > 1;
    const sig = s?.signature ?? '';
    return {
      id,
      label: dup ? `${label} · ${sig.slice(sig.lastIndexOf(':') + 1).slice(0, 6)}` : label,
      occurrences: s?.occurrences ?? 0,
      title: sig,
    };
  });
}
