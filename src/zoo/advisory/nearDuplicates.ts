/**
 * Advisory: near-duplicate arguments (docs/detector.md §14.5; an observed case: 40 failed exec
 * calls that differed only in a slice length). Every call with a different argument has a
 * different signature, so no exact-match detector, the reference included, counts them.
 *
 * For each tool, compares a call with that tool's previous call (other tools may come
 * between). A pair is near-duplicate when the arguments differ, but only in one leaf or by at
 * most `maxEdit` characters of the canonical form, and (by default) the answers are the same
 * once clocks and ids are normalised: the same outcome, which separates a stuck retry from
 * reading a different file. A single number going up is a paging step (its own lane), not a
 * near-duplicate. Flags from the `minRun`-th call of a chain. User/other turns reset.
 */
import { MarkSink, ordinal, param, tick } from '../marks';
import type { ZooCall, ZooDetector, ZooParams, ZooStep } from '../types';
import { nearDuplicatesLane } from './lanes';
import { boundedEditDistance, diffLeaves, pagingStep } from './argDiff';
import { normaliseVolatile } from './volatile';

const PARAMS = nearDuplicatesLane.params;

interface Last {
  readonly call: ZooCall;
  readonly answer: string | null;
  /** The normalised answer, computed at most once per call. */
  norm: string | null | undefined;
  readonly chain: number;
}

function normOf(l: Last): string | null {
  if (l.norm === undefined) l.norm = l.answer === null ? null : normaliseVolatile(l.answer);
  return l.norm;
}

/** Both answered, and equal once clocks, counters and ids are normalised. */
function sameOutcome(a: Last, b: Last): boolean {
  if (a.answer === null || b.answer === null) return false;
  return a.answer === b.answer || normOf(a) === normOf(b);
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const maxEdit = param(PARAMS, values, 'maxEdit');
  const minRun = param(PARAMS, values, 'minRun');
  const sameAnswer = param(PARAMS, values, 'sameAnswer') === 1;
  const sink = new MarkSink();
  let last = new Map<string, Last>();
  for (const step of steps) {
    if (step.kind === 'user' || step.kind === 'system') last = new Map();
    if (step.kind !== 'batch') continue;
    step.calls.forEach((c, i) => {
      const cur: Last = { call: c, answer: step.answers[i] ?? null, norm: undefined, chain: 1 };
      const prev = last.get(c.name);
      let chain = 1;
      if (prev !== undefined && prev.call.argsCanonical !== c.argsCanonical) {
        // Cheapest test first: most pairs already differ in their answers.
        const same = !sameAnswer || sameOutcome(prev, cur);
        const diff = same ? diffLeaves(prev.call.args, c.args) : [];
        const close =
          same &&
          (diff.length === 1 ||
            boundedEditDistance(prev.call.argsCanonical, c.argsCanonical, maxEdit) <= maxEdit);
        if (close && pagingStep(diff) === null) chain = prev.chain + 1;
      } else if (prev !== undefined) {
        // An exact repeat is the reference's own business: it neither extends nor breaks a chain.
        chain = prev.chain;
      }
      last.set(c.name, { ...cur, chain });
      if (chain >= minRun && prev?.call.argsCanonical !== c.argsCanonical) {
        sink.add(
          step,
          'advice',
          `Near-duplicate: ${ordinal(chain)} ${tick(c.name)} call in a chain whose arguments differ only slightly${sameAnswer ? ' and whose answer stays the same' : ''}; exact matching sees a new call each time`,
        );
      }
    });
  }
  return sink.marks();
}

/** Same tool, slightly different arguments, same outcome. */
export const nearDuplicates: ZooDetector = { ...nearDuplicatesLane, run };
