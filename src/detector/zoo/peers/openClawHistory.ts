/**
 * OpenClaw's history walks (`getNoProgressStreak`, `getPingPongStreak` in
 * openclaw/openclaw `src/agents/tool-loop-detection.ts` @00655306), over zoo records.
 */

/** One recorded call: its tool, its argument hash and (once answered) its outcome. */
export interface ClawRecord {
  readonly tool: string;
  readonly argsHash: string;
  readonly resultHash: string | undefined;
  readonly unknownTool: string | undefined;
}

/**
 * Walking back over earlier calls with the same tool and arguments (others are skipped, as
 * are unanswered ones), how many in a row share the latest outcome.
 */
export function noProgressStreak(
  history: readonly ClawRecord[],
  tool: string,
  hash: string,
): number {
  let streak = 0;
  let latest: string | undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i] as ClawRecord;
    if (r.tool !== tool || r.argsHash !== hash || r.resultHash === undefined) continue;
    if (latest === undefined) latest = r.resultHash;
    else if (r.resultHash !== latest) break;
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
  current: string,
): { count: number; noProgress: boolean } {
  const none = { count: 0, noProgress: false };
  const last = history[history.length - 1];
  if (last === undefined) return none;
  let other: string | undefined;
  for (let i = history.length - 2; i >= 0; i--) {
    const h = (history[i] as ClawRecord).argsHash;
    if (h !== last.argsHash) {
      other = h;
      break;
    }
  }
  if (other === undefined) return none;
  let tail = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const expected = tail % 2 === 0 ? last.argsHash : other;
    if ((history[i] as ClawRecord).argsHash !== expected) break;
    tail++;
  }
  if (tail < 2 || current !== other) return none;
  let a: string | undefined;
  let b: string | undefined;
  let noProgress = true;
  for (let i = history.length - tail; i < history.length && noProgress; i++) {
    const r = history[i] as ClawRecord;
    if (r.resultHash === undefined) noProgress = false;
    else if (r.argsHash === last.argsHash) {
      if (a === undefined) a = r.resultHash;
      else if (a !== r.resultHash) noProgress = false;
    } else if (b === undefined) b = r.resultHash;
    else if (b !== r.resultHash) noProgress = false;
  }
  return { count: tail + 1, noProgress: noProgress && a !== undefined && b !== undefined };
}
