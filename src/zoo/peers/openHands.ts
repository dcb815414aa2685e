/**
 * OpenHands agent SDK `StuckDetector`.
 *
 * Source: OpenHands/software-agent-sdk
 * `openhands-sdk/openhands/sdk/conversation/stuck_detector.py`; docs/detector.md §14.4:
 * - scans the last 20 events, and only those after the last user message;
 * - action equality = (source, thought, action, tool_name), ids ignored; observation equality =
 *   (source, observation, tool_name); an error event compares its error text only;
 * - scenario 1: the last 4 actions are equal AND the last 4 observations are equal;
 * - scenario 2: the last 3 actions are equal AND the last 3 observations are errors;
 * - scenario 4: over the last 6 actions and 6 observations, x[i] == x[i+2] (an ABABAB loop);
 * - thresholds `StuckDetectionThresholds` 4 / 3 / 6; any hit stops the run (status STUCK).
 * Each call is an action and each answer an observation (an error-looking answer an error
 * event). Only the first call of a batch carries the narration as its thought, as the SDK
 * attaches the message's thought to the first action. Monologue (scenario 3) concerns prose
 * turns, which have no batch to mark, and is not replayed.
 */
import { MarkSink, param, sameJoined } from '../marks';
import type { ParamSpec, ZooBatch, ZooDetector, ZooParams, ZooStep } from '../types';

const PARAMS: readonly ParamSpec[] = [
  {
    id: 'actionObservation',
    label: 'Identical action + observation pairs',
    min: 1,
    max: 20,
    default: 4,
  },
  { id: 'actionError', label: 'Identical actions with errors', min: 1, max: 20, default: 3 },
  { id: 'alternating', label: 'Alternating pattern length', min: 3, max: 20, default: 6 },
  {
    id: 'monologue',
    label: 'Monologue threshold (gates the minimum window)',
    min: 1,
    max: 20,
    default: 3,
  },
  { id: 'window', label: 'Events scanned', min: 4, max: 200, default: 20 },
  {
    id: 'thought',
    label: 'Compare the thought (1 = on, the SDK default)',
    min: 0,
    max: 1,
    default: 1,
  },
];

/** An event; two compare equal when their types and their parts joined with NUL are. */
interface Ev {
  readonly type: 'action' | 'obs' | 'err' | 'message' | 'other';
  readonly eq: readonly string[];
}

function batchEvents(b: ZooBatch, withThought: boolean): Ev[] {
  const out: Ev[] = b.calls.map((c, i) => ({
    type: 'action',
    eq: [c.name, withThought && i === 0 ? b.narration : '', c.argsCanonical],
  }));
  b.calls.forEach((c, i) => {
    const a = b.answers[i];
    if (a === null || a === undefined) return;
    out.push(b.answerError[i] ? { type: 'err', eq: [a] } : { type: 'obs', eq: [c.name, a] });
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

/** Which scenario (if any) the SDK's `is_stuck()` reports for these events. */
function stuck(events: readonly Ev[], t: Record<string, number>): string | null {
  const ao = t.actionObservation as number;
  const ae = t.actionError as number;
  const alt = t.alternating as number;
  if (events.length < Math.min(ao, ae, t.monologue as number)) return null;
  const [acts, obs] = lastOf(events, Math.max(ao, ae));
  if (acts.length >= ao && obs.length >= ao && allSame(acts, ao) && allSame(obs, ao))
    return `the last ${ao} actions and their ${ao} observations are identical`;
  if (
    acts.length >= ae &&
    obs.length >= ae &&
    allSame(acts, ae) &&
    obs.slice(0, ae).every((o) => o.type === 'err')
  )
    return `the last ${ae} identical actions all ended in errors`;
  if (events.length >= alt) {
    const [a6, o6] = lastOf(events, alt);
    const alternates = (xs: Ev[]) =>
      xs.length === alt && xs.slice(0, alt - 2).every((x, i) => same(x, xs[i + 2] as Ev));
    if (alternates(a6) && alternates(o6))
      return `the last ${alt} actions and observations alternate (ABAB…)`;
  }
  return null;
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const t: Record<string, number> = {};
  for (const p of PARAMS) t[p.id] = param(PARAMS, values, p.id);
  const sink = new MarkSink();
  let events: Ev[] = [];
  for (const step of steps) {
    if (step.kind === 'user') {
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
    const why = stuck(events, t);
    if (why !== null) sink.add(step, 'stop', `OpenHands: stuck, ${why}`);
  }
  return sink.marks();
}

/** OpenHands SDK StuckDetector: identical action/observation, action/error, alternating. */
export const openHands: ZooDetector = {
  id: 'openhands',
  label: 'OpenHands',
  kind: 'peer',
  description:
    'Within the last 20 events since the user spoke: 4 identical action+observation pairs, 3 identical actions with errors, or an ABABAB pattern over 6 stop the run.',
  params: PARAMS,
  run,
};
