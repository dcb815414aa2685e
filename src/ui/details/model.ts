// What the details panel shows of a batch, worked out as plain data.
import type {
  AnswerDetails,
  BatchDetails,
  BatchReport,
  CallDetails,
  FirstRefusal,
} from '../../detector/index';
import { breakBeforeLabel, outcomeLabel } from '../table/labels';

interface RunStateItem {
  readonly term: string;
  readonly value: string;
}

/** The run state of a batch as term/value pairs, in the order the detector computes them. */
export function runStateItems(b: BatchReport): RunStateItem[] {
  const started = breakBeforeLabel(b.breakBefore);
  return [
    { term: 'Count', value: `${b.count} (compared with threshold ${b.threshold})` },
    {
      term: 'Total',
      value: b.exempt
        ? `${b.total} (ceiling waived)`
        : `${b.total} (compared with ceiling ${b.ceiling})`,
    },
    { term: 'Threshold', value: String(b.threshold) },
    {
      term: 'Ceiling',
      value: b.exempt ? `${b.ceiling}, waived (read-only and not costly)` : String(b.ceiling),
    },
    { term: 'Exempt', value: b.exempt ? 'yes' : 'no' },
    { term: 'Answers', value: b.answersKnown ? 'known' : 'unknown (could not be joined)' },
    { term: 'Outcome', value: outcomeLabel(b.outcome) },
    {
      term: 'Run',
      value: started === null ? 'continues the previous batch’s run' : `started by ${started}`,
    },
    {
      term: 'Rescued',
      value: b.rescued ? 'yes (changing answers kept it under the threshold)' : 'no',
    },
  ];
}

interface Truncated {
  readonly text: string;
  readonly truncated: boolean;
  /** Characters (UTF-16 code units) left out. */
  readonly hidden: number;
}

/** The first `limit` code units of `text`, never splitting a surrogate pair. */
export function truncateText(text: string, limit: number): Truncated {
  if (text.length <= limit) return { text, truncated: false, hidden: 0 };
  let end = Math.max(0, limit);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true, hidden: text.length - end };
}

/** "matches `read_file`" or why the call counts as mutating. */
export function patternLabel(call: Pick<CallDetails, 'observationPattern'>): string {
  return call.observationPattern === null
    ? 'matches no observation pattern (counts as mutating)'
    : `matches the observation pattern “${call.observationPattern}”`;
}

/** Which call an answer was joined to. */
export function answerMatchLabel(answer: AnswerDetails, calls: readonly CallDetails[]): string {
  if (answer.matchedCallIndex === null) {
    return answer.toolCallId === null
      ? 'not matched to a call (no tool_call_id)'
      : `not matched to a call (tool_call_id ${answer.toolCallId} is not in this batch)`;
  }
  const call = calls[answer.matchedCallIndex];
  const name = call === undefined ? '' : ` ${call.name}`;
  return `answers call ${answer.matchedCallIndex + 1}${name}`;
}

/** Details arrive asynchronously; ones fetched for another batch count as still loading. */
export function detailsFor(details: BatchDetails | null, batchIndex: number): BatchDetails | null {
  return details !== null && details.batchIndex === batchIndex ? details : null;
}

/**
 * Our line under the reference's note for a ceiling refusal: the note (kept verbatim) says the
 * batch "received the same result each time", which is what strikes mean; a ceiling refusal
 * is the run's total passing the ceiling, usually while the answers kept changing.
 */
export function noteCaveat(
  first: Pick<FirstRefusal, 'reason'>,
  b: Pick<BatchReport, 'count' | 'total' | 'ceiling'>,
): string | null {
  if (first.reason !== 'ceiling') return null;
  const head = 'The reference words this note for strikes';
  return b.count < b.total
    ? `${head}: here the answers changed (count ${b.count}, total ${b.total}) and the ceiling ${b.ceiling} capped the run.`
    : `${head}: here the ceiling ${b.ceiling} capped the run at a total of ${b.total}.`;
}
