// The words the batch table prints for a verdict, an agent step and an outcome.
import type {
  AgentStep,
  BatchReport,
  BreakBefore,
  RepeatOutcome,
  Report,
  RunEnd,
} from '../../detector/index';

/** The verdict a row shows, from strictest to mildest. */
export type VerdictKind = 'first-refusal' | 'refused' | 'rescued' | 'pass';

export function verdictKind(batch: BatchReport, report: Pick<Report, 'firstRefusal'>): VerdictKind {
  if (batch.refused) {
    return report.firstRefusal?.batchIndex === batch.index ? 'first-refusal' : 'refused';
  }
  return batch.rescued ? 'rescued' : 'pass';
}

const RUN_ENDS: Record<RunEnd, string> = {
  'final-answer': 'final answer',
  refusal: 'refusal',
  stagnation: 'stagnation',
  'internal-error': 'internal error',
  'max-iterations': 'MaxIterationsReached',
};

/**
 * Agent mode: what gglib's agent loop did with a batch its guards never judged ("outside any run
 * (ended by final answer at message 12)"), or null for a checked batch and in proxy mode.
 */
export function agentStepLabel(agent: AgentStep | undefined): string | null {
  if (agent === undefined) return null;
  switch (agent.step) {
    case 'checked':
      return null;
    case 'overflow':
      return 'not checked: over max_parallel_tools';
    case 'internal-error':
      return 'run ended: internal error (malformed arguments)';
    case 'outside': {
      const end = agent.runEnded;
      return end === undefined
        ? 'outside any run'
        : `outside any run (ended by ${RUN_ENDS[end.by]} at message ${end.messageIndex})`;
    }
  }
}

export function verdictLabel(batch: BatchReport, kind: VerdictKind): string {
  if (kind === 'pass') {
    const step = agentStepLabel(batch.agent);
    if (step !== null) return step;
  }
  switch (kind) {
    case 'first-refusal':
      return `refused (${batch.reason ?? 'strikes'}), first`;
    case 'refused':
      return `refused (${batch.reason ?? 'strikes'})`;
    case 'rescued':
      return 'rescued';
    case 'pass':
      return 'pass';
  }
}

/** Sort rank: the reference's verdict first, then other refusals, rescues, passes. */
export function verdictRank(kind: VerdictKind): number {
  return kind === 'first-refusal' ? 0 : kind === 'refused' ? 1 : kind === 'rescued' ? 2 : 3;
}

const OUTCOME_LABELS: Record<RepeatOutcome, string> = {
  'answer-repeated': 'same answer',
  'answer-changed': 'answer changed',
  'not-comparable': 'not comparable',
  'not-the-current-run': 'not the current run',
};

export function outcomeLabel(outcome: RepeatOutcome): string {
  return OUTCOME_LABELS[outcome];
}

/** Sort rank: the outcomes that decide a run (repeat, change) before the inconclusive ones. */
export function outcomeRank(outcome: RepeatOutcome): number {
  return ['answer-repeated', 'answer-changed', 'not-comparable', 'not-the-current-run'].indexOf(
    outcome,
  );
}

export function answersLabel(known: boolean): string {
  return known ? 'known' : 'unknown';
}

const BREAK_LABELS: Record<Exclude<BreakBefore, null>, string> = {
  start: 'the start of the transcript',
  signature: 'a different batch',
  user: 'a user message',
  system: 'a system message',
  developer: 'a developer message',
  'other-role': 'a message with another role',
};

/** "a user message" — what started this batch's run, or null when it continues a run. */
export function breakBeforeLabel(breakBefore: BreakBefore): string | null {
  return breakBefore === null ? null : BREAK_LABELS[breakBefore];
}

/** Distinct tool names of a batch in call order, joined for a cell ("read_file, grep_search"). */
export function toolsLabel(batch: Pick<BatchReport, 'calls'>): string {
  if (batch.calls.length === 1) return batch.calls[0]?.name ?? '';
  const counts = new Map<string, number>();
  for (const call of batch.calls) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}
