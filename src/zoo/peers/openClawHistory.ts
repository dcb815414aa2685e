/**
 * OpenClaw's history walks (`getNoProgressStreak`, `getPingPongStreak` in
 * openclaw/openclaw `src/agents/tool-loop-detection.ts` @00655306), over zoo records.
 *
 * OpenClaw compares an argument hash (`tool:arguments`) and a result hash (`ok:answer` or
 * `error:answer`). The records keep the parts and compare them as those strings would
 * compare, without building them: each built string was a copy of an answer or arguments.
 */
import { sameNameKey } from '../marks';

/** One recorded call: its tool and arguments, and (once answered) its outcome. */
export interface ClawRecord {
  readonly tool: string;
  /** The arguments part of the argument hash (`tool:args`). */
  readonly args: string;
  /** The answer part of the result hash; undefined while unanswered. */
  readonly result: string | undefined;
  /** Whether the result hash is `error:…` rather than `ok:…`. */
  readonly error: boolean;
  readonly unknownTool: string | undefined;
}

/** A call's argument hash, in parts. */
export interface ClawArgs {
  readonly tool: string;
  readonly args: string;
}

/** Whether two argument hashes are equal. */
function sameArgs(a: ClawArgs, b: ClawArgs): boolean {
  return sameNameKey(a.tool, a.args, b.tool, b.args);
}

/** Whether two answered records have equal result hashes ("error:" and "ok:" never meet). */
function sameResult(a: ClawRecord, b: ClawRecord): boolean {
  return a.error === b.error && a.result === b.result;
}

/**
 * Walking back over earlier calls with the same tool and arguments (others are skipped, as
 * are unanswered ones), how many in a row share the latest outcome.
 */
export function noProgressStreak(history: readonly ClawRecord[], call: ClawArgs): number {
  let streak = 0;
  let latest: ClawRecord | undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i] as ClawRecord;
    if (r.tool !== call.tool || r.args !== call.args || r.result === undefined) continue;
    if (latest === undefined) latest = r;
    else if (!sameResult(r, latest)) break;
    streak++;
  }
  return streak;
}

/**
 * The alternating tail of two argument hashes, counting the current call when it continues
 * the alternation (0 otherwise), and whether both sides kept one stable outcome.
 */
export function pingPongStreak(
  history: readonly ClawRecord[],
  current: ClawArgs,
): { count: number; noProgress: boolean } {
  const none = { count: 0, noProgress: false };
  const last = history[history.length - 1];
  if (last === undefined) return none;
  let other: ClawRecord | undefined;
  for (let i = history.length - 2; i >= 0; i--) {
    const h = history[i] as ClawRecord;
    if (!sameArgs(h, last)) {
      other = h;
      break;
    }
  }
  if (other === undefined) return none;
  let tail = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const expected = tail % 2 === 0 ? last : other;
    if (!sameArgs(history[i] as ClawRecord, expected)) break;
    tail++;
  }
  if (tail < 2 || !sameArgs(current, other)) return none;
  let a: ClawRecord | undefined;
  let b: ClawRecord | undefined;
  let noProgress = true;
  for (let i = history.length - tail; i < history.length && noProgress; i++) {
    const r = history[i] as ClawRecord;
    if (r.result === undefined) noProgress = false;
    else if (sameArgs(r, last)) {
      if (a === undefined) a = r;
      else if (!sameResult(a, r)) noProgress = false;
    } else if (b === undefined) b = r;
    else if (!sameResult(b, r)) noProgress = false;
  }
  return { count: tail + 1, noProgress: noProgress && a !== undefined && b !== undefined };
}
