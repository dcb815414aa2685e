/**
 * OpenClaw `tool-loop-detection.ts`, the most outcome-aware peer.
 *
 * Source: openclaw/openclaw `src/agents/tool-loop-detection.ts` (@00655306);
 * docs/detector.md §14.4. Checked before each call against the history of
 * earlier calls (window 30, per run, so a user turn starts afresh), in this order:
 * unknown_tool_repeat ≥ 10 (critical); global_circuit_breaker: ≥ 30 earlier identical calls with
 * identical outcomes (critical); known_poll_no_progress (`command_status`, `process`
 * poll/log): critical at 20, warn at 10; ping_pong: warn when the alternating tail reaches 10,
 * critical at 20 only if both sides kept stable results; generic_repeat: critical at 20
 * identical no-progress outcomes, warn when the same call appears ≥ 10 times in the window.
 * Outcome identity here is the answer text ("error:" + text for an error answer: the
 * transcript's error mark, else the text guess). A send's result (`message` send-like actions,
 * `sessions_send`) is compared without its per-send ids, as @0410b692 does (#89090), from the
 * JSON the answer text holds. The exec shaping (status, tail) and the loop veto's own result
 * need the structured details a transcript does not keep; the newer global breaker's count of
 * argument churn (@0410b692, `tool-loop-argument-churn.ts`) is not replayed.
 */
import { isJsonObject, JsonNumber, parseJson, type JsonValue } from '../../json/index';
import { jsSortedJson } from '../jsJson';
import { MarkSink, param, tick } from '../marks';
import type { ZooCall, ZooDetector, ZooParams, ZooStep } from '../types';
import { openClawLane } from './lanes';
import {
  noProgressStreak,
  pingPongStreak,
  type ClawArgs,
  type ClawRecord,
} from './openClawHistory';

const PARAMS = openClawLane.params;

/** `update_plan` wording churn collapsed to its status shape (normalizeUpdatePlanShape). */
function planShape(v: JsonValue): JsonValue {
  if (!isJsonObject(v)) return v;
  const plan = v.get('plan');
  const entries = Array.isArray(plan) ? plan : [];
  const statuses: JsonValue[] = entries.map((e) => {
    const s = isJsonObject(e) ? e.get('status') : undefined;
    return typeof s === 'string' ? s : null;
  });
  const steps: JsonValue[] = entries.map((e) => {
    const s = isJsonObject(e) ? e.get('step') : undefined;
    return typeof s === 'string' && s.trim() !== '';
  });
  const ex = v.get('explanation');
  return new Map<string, JsonValue>([
    ['planLength', new JsonNumber(String(entries.length))],
    ['statuses', statuses],
    ['stepPresence', steps],
    ['hasExplanation', typeof ex === 'string' && ex.trim() !== ''],
  ]);
}

/** The argument hash `tool:args`, in parts. */
function argsOf(c: ZooCall): ClawArgs {
  return {
    tool: c.name,
    args: c.name === 'update_plan' ? jsSortedJson(planShape(c.args), false) : c.argsJsSorted,
  };
}

/** `message` actions whose results carry fresh delivery ids (SEND_LIKE_MESSAGE_ACTIONS). */
const SEND_ACTIONS = new Set([
  'send',
  'broadcast',
  'reply',
  'thread-reply',
  'sendWithEffect',
  'sendAttachment',
  'upload-file',
  'sticker',
  'poll',
]);

/** Per-send ids and times OpenClaw strips before hashing a send's result. */
const VOLATILE_SEND_KEYS = new Set([
  'messageId',
  'message_id',
  'messageIds',
  'platformMessageId',
  'platformMessageIds',
  'fileId',
  'file_id',
  'fileKey',
  'pollId',
  'poll_id',
  'receipt',
  'runId',
  'idempotencyKey',
  'ts',
  'timestamp',
  'sentAt',
  'deliveredAt',
  'createdAt',
]);

function isSendLike(c: ZooCall): boolean {
  if (c.name === 'sessions_send') return true;
  if (c.name !== 'message' || !c.argsJsSorted.includes('"action":')) return false;
  const action = isJsonObject(c.args) ? c.args.get('action') : undefined;
  return typeof action === 'string' && SEND_ACTIONS.has(action);
}

/** A message object's own `id` is its per-send id; an `id` elsewhere (a route) is a fact. */
function isDeliveredMessage(o: ReadonlyMap<string, JsonValue>): boolean {
  const conv = o.get('conversation');
  return (
    typeof o.get('id') === 'string' &&
    typeof o.get('text') === 'string' &&
    (typeof o.get('direction') === 'string' ||
      typeof o.get('senderId') === 'string' ||
      typeof o.get('accountId') === 'string' ||
      isJsonObject(conv))
  );
}

function stripSendIds(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(stripSendIds);
  if (!isJsonObject(v)) return v;
  const dropId = isDeliveredMessage(v);
  const out = new Map<string, JsonValue>();
  for (const [k, x] of v) {
    if (VOLATILE_SEND_KEYS.has(k) || (k === 'id' && dropId)) continue;
    out.set(k, stripSendIds(x));
  }
  return out;
}

/**
 * A send's outcome without its per-send ids: OpenClaw hashes the result's details so; a
 * transcript keeps the result's text, which for a send is that payload printed as JSON.
 */
function sendOutcome(answer: string): string {
  const r = parseJson(answer);
  if (!r.ok || !isJsonObject(r.value.value)) return answer;
  return jsSortedJson(stripSendIds(r.value.value), false);
}

function isKnownPoll(c: ZooCall): boolean {
  if (c.name === 'command_status') return true;
  if (c.name !== 'process' || !isJsonObject(c.args)) return false;
  const action = c.args.get('action');
  return action === 'poll' || action === 'log';
}

const UNKNOWN_TOOL = [
  /unknown tool[:\s]+["']?([a-z0-9_.-]+)["']?/i,
  /tool\s+["']?([a-z0-9_.-]+)["']?\s+(?:not found|is not available)/i,
];

function unknownToolName(text: string): string | undefined {
  for (const re of UNKNOWN_TOOL) {
    const m = re.exec(text);
    if (m?.[1] !== undefined) return m[1].toLowerCase();
  }
  return undefined;
}

/** The unknown-tool streak at the tail for this tool name. */
function unknownStreak(history: readonly ClawRecord[], tool: string): number {
  let n = 0;
  let first: string | undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i] as ClawRecord;
    if (r.tool !== tool || r.unknownTool === undefined) break;
    if (first === undefined) first = r.unknownTool;
    else if (r.unknownTool !== first) break;
    n++;
  }
  return n;
}

type Verdict = { level: 'warn' | 'stop'; message: string } | null;

function detect(
  history: readonly ClawRecord[],
  c: ZooCall,
  hash: ClawArgs,
  t: Record<string, number>,
): Verdict {
  const name = tick(c.name);
  const poll = isKnownPoll(c);
  const unknown = unknownStreak(history, c.name);
  const np = noProgressStreak(history, hash);
  const pp = pingPongStreak(history, hash);
  const crit = (message: string): Verdict => ({ level: 'stop', message: `OpenClaw: ${message}` });
  const warn = (message: string): Verdict => ({ level: 'warn', message: `OpenClaw: ${message}` });
  if (unknown >= (t.unknownTool as number))
    return crit(
      `unavailable tool ${name} attempted ${unknown} times (unknown_tool_repeat, critical)`,
    );
  if (np >= (t.breaker as number))
    return crit(
      `${name} repeated ${np} identical no-progress outcomes (global circuit breaker ${t.breaker})`,
    );
  if (poll && np >= (t.critical as number))
    return crit(
      `${name} polled ${np} times with no progress (known_poll_no_progress, critical ${t.critical})`,
    );
  if (poll && np >= (t.warning as number))
    return warn(
      `${name} polled ${np} times with no progress (known_poll_no_progress, warn ${t.warning})`,
    );
  if (pp.count >= (t.critical as number) && pp.noProgress)
    return crit(
      `${pp.count} alternating calls with stable results (ping_pong, critical ${t.critical})`,
    );
  if (pp.count >= (t.warning as number))
    return warn(`${pp.count} alternating calls (ping_pong, warn ${t.warning})`);
  if (!poll && np >= (t.critical as number))
    return crit(
      `${name} with identical arguments and outcomes ${np} times (generic_repeat, critical ${t.critical})`,
    );
  let recent = 0;
  for (const r of history) if (r.tool === c.name && r.args === hash.args) recent++;
  if (!poll && recent >= (t.warning as number))
    return warn(
      `${name} called ${recent} times with identical arguments (generic_repeat, warn ${t.warning})`,
    );
  return null;
}

function run(steps: readonly ZooStep[], values: ZooParams) {
  const t: Record<string, number> = {};
  for (const p of PARAMS) t[p.id] = param(PARAMS, values, p.id);
  const sink = new MarkSink();
  let history: ClawRecord[] = [];
  for (const step of steps) {
    if (step.kind === 'user') history = [];
    if (step.kind !== 'batch') continue;
    step.calls.forEach((c, i) => {
      const hash = argsOf(c);
      const v = detect(history, c, hash, t);
      if (v !== null) sink.add(step, v.level, v.message);
      const answer = step.answers[i] ?? null;
      const error = step.answerError[i] === true;
      // The result hash is `error:answer`, or `ok:answer` (`ok:` alone for update_plan).
      const result =
        answer === null
          ? undefined
          : !error && c.name === 'update_plan'
            ? ''
            : !error && isSendLike(c)
              ? sendOutcome(answer)
              : answer;
      const unknownTool = error && answer !== null ? unknownToolName(answer) : undefined;
      history.push({ tool: c.name, args: hash.args, result, error, unknownTool });
      if (history.length > (t.historySize as number)) history.shift();
    });
  }
  return sink.marks();
}

/** OpenClaw: outcome-aware warn/critical tiers (generic, poll, ping-pong, circuit breaker). */
export const openClaw: ZooDetector = { ...openClawLane, run };
