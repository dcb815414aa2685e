/**
 * OpenHands agent SDK `StuckDetector`.
 *
 * Source: OpenHands/software-agent-sdk
 * `openhands-sdk/openhands/sdk/conversation/stuck_detector.py` @611629e6; docs/detector.md §14.4:
 * - scans the last 20 events, and only those after the last user message;
 * - action equality = (source, thought, action, tool_name), ids ignored, the action compared as
 *   Python compares parsed values (key order free, 1 == 1.0: `argsJsSorted`); observation equality =
 *   (source, observation, tool_name); an error event compares its error text only;
 * - scenario 1: the last 4 actions are equal AND the last 4 observations are equal;
 * - scenario 2: the trailing run of one action answered by error events: at 3 the agent is
 *   nudged once (a message, not a stop), above 3 it is stuck; before the SDK's change #4332
 *   (c8a65f0d) 3 already stopped, kept as the `legacyActionError` parameter;
 * - scenario 4: over the last 6 actions and 6 observations, x[i] == x[i+2] (an ABABAB loop);
 * - thresholds `StuckDetectionThresholds` 4 / 3 / 6; a hit stops the run (status STUCK).
 * Each call is an action and each answer an observation; an answer is an error event where the
 * transcript marks it so (`AgentErrorEvent`), else where its text looks like one. Only the first
 * call of a batch carries the narration as its thought, as the SDK attaches the message's thought
 * to the first action. The nudge reaches the transcript as a user-role message; it is an
 * environment message to the SDK, so it does not end the scan window here either. Monologue
 * (scenario 3) concerns prose turns, which have no batch to mark, and is not replayed.
 */
import { MarkSink, param, sameJoined } from '../marks';
import type { ZooBatch, ZooDetector, ZooParams, ZooStep } from '../types';
import { openHandsLane } from './lanes';

const PARAMS = openHandsLane.params;

/** An event; two compare equal when their types and their parts joined with NUL are. */
interface Ev {
  readonly type: 'action' | 'obs' | 'err' | 'message' | 'other';
  readonly eq: readonly string[];
  /** On an error event: whether the transcript marked it (rather than its text guessed). */
  readonly marked?: boolean;
}

function batchEvents(b: ZooBatch, withThought: boolean): Ev[] {
  const out: Ev[] = b.calls.map((c, i) => ({
    type: 'action',
    eq: [c.name, withThought && i === 0 ? b.narration : '', c.argsJsSorted],
  }));
  b.calls.forEach((c, i) => {
    const a = b.answers[i];
    if (a === null || a === undefined) return;
    out.push(
      b.answerError[i]
        ? { type: 'err', eq: [a], marked: b.answerErrorMarked[i] === true }
        : { type: 'obs', eq: [c.name, a] },
    );
  });
  return out;
}

const isObs = (e: Ev) => e.type === 'obs' || e.type === 'err';
const same = (x: Ev, y: Ev) => x.type === y.type && sameJoined(x.eq, y.eq, '\u0000');

/** The last `n` actions and the last `n` observations, newest first. */
function lastOf(events: readonly Ev[], n: number): [Ev[], Ev[]] {
  const acts: Ev[] = [];
  const obs: Ev[] = [];
  for (let i = events.length - 1; i >= 0 && (acts.length < n || obs.length < n); i--) {
    const e = events[i] as Ev;
    if (e.type === 'action' && acts.length < n) acts.push(e);
    else if (isObs(e) && obs.length < n) obs.push(e);
  }
  return [acts, obs];
}

const allSame = (xs: readonly Ev[], n: number) => {
  if (xs.length < n) return false;
  for (let i = 1; i < n; i++) if (!same(xs[0] as Ev, xs[i] as Ev)) return false;
  return true;
};

/** The trailing run of one action answered by error events (actions and observations paired newest first). */
function actionErrorStreak(acts: readonly Ev[], obs: readonly Ev[]): number {
  let n = 0;
  for (let i = 0; i < Math.min(acts.length, obs.length); i++) {
    if (!same(acts[0] as Ev, acts[i] as Ev) || (obs[i] as Ev).type !== 'err') break;
    n++;
  }
  return n;
}

const errorSource = (e: Ev | undefined) =>
  e?.marked === true ? 'error events in the transcript' : 'errors guessed from the answer text';

type Verdict = { level: 'warn' | 'stop'; why: string } | null;

/** What the SDK's `is_stuck()` (and, short of it, its action-error nudge) says for these events. */
function stuck(events: readonly Ev[], t: Record<string, number>): Verdict {
  const ao = t.actionObservation as number;
  const ae = t.actionError as number;
  const alt = t.alternating as number;
  const legacy = t.legacyActionError === 1;
  if (events.length < Math.min(ao, ae, t.monologue as number)) return null;
  const [acts, obs] = lastOf(events, Math.max(ao, legacy ? ae : ae + 1));
  if (acts.length >= ao && obs.length >= ao && allSame(acts, ao) && allSame(obs, ao))
    return {
      level: 'stop',
      why: `the last ${ao} actions and their ${ao} observations are identical`,
    };
  if (legacy) {
    if (
      acts.length >= ae &&
      obs.length >= ae &&
      allSame(acts, ae) &&
      obs.slice(0, ae).every((o) => o.type === 'err')
    )
      return {
        level: 'stop',
        why: `the last ${ae} identical actions all ended in errors (rule before #4332; ${errorSource(obs[0])})`,
      };
  } else {
    const streak = actionErrorStreak(acts, obs);
    if (streak > ae)
      return {
        level: 'stop',
        why: `the same action failed again after the nudge (${streak} in a row, above ${ae}; ${errorSource(obs[0])})`,
      };
    if (streak === ae && alternation(events, alt) === null)
      return {
        level: 'warn',
        why: `${ae} identical actions all ended in errors; the agent is nudged to change course (${errorSource(obs[0])})`,
      };
  }
  return alternation(events, alt);
}

function alternation(events: readonly Ev[], alt: number): Verdict {
  if (events.length < alt) return null;
  const [a6, o6] = lastOf(events, alt);
  const alternates = (xs: Ev[]) =>
    xs.length === alt && xs.slice(0, alt - 2).every((x, i) => same(x, xs[i + 2] as Ev));
  if (alternates(a6) && alternates(o6))
    return { level: 'stop', why: `the last ${alt} actions and observations alternate (ABAB…)` };
  return null;
}

/** The SDK's action-error nudge as it reaches a transcript (an environment message, user role). */
const NUDGE =
  /^You've called `[^`]*` with the same arguments \d+ times in a row and gotten the same error/;

function run(steps: readonly ZooStep[], values: ZooParams) {
  const t: Record<string, number> = {};
  for (const p of PARAMS) t[p.id] = param(PARAMS, values, p.id);
  const sink = new MarkSink();
  let events: Ev[] = [];
  for (const step of steps) {
    if (step.kind === 'user' && !NUDGE.test(step.text)) {
      events = [];
      continue;
    }
    if (step.kind !== 'batch') {
      events.push({ type: step.kind === 'prose' ? 'message' : 'other', eq: [step.text] });
    } else {
      events.push(...batchEvents(step, t.thought === 1));
    }
    if (events.length > (t.window as number))
      events.splice(0, events.length - (t.window as number));
    if (step.kind !== 'batch') continue;
    const v = stuck(events, t);
    if (v === null) continue;
    sink.add(
      step,
      v.level,
      v.level === 'stop' ? `OpenHands: stuck, ${v.why}` : `OpenHands: ${v.why}`,
    );
  }
  return sink.marks();
}

/** OpenHands SDK StuckDetector: identical action/observation, action/error, alternating. */
export const openHands: ZooDetector = { ...openHandsLane, run };
