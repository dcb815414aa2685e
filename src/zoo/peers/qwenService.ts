/**
 * Qwen Code's `LoopDetectionService`, the tool-call tiers, for one prompt (one user turn).
 *
 * Source: QwenLM/qwen-code `packages/core/src/services/loopDetectionService.ts` @00aa71b4;
 * docs/detector.md §14.4. The client feeds each streamed call request to the always-on guards and,
 * unless `skipLoopDetection` (the default), to the heuristic tier; a model response ends with a
 * Finished event; each executed call's result is recorded after that and before the next request
 * is streamed. Only stateful reads (`task_list`) are judged on their results. A detection halts
 * the turn and latches until the next prompt.
 */
import type { FlatCall } from '../marks';
import { tick } from '../marks';
import { isReadLike, isShellOverview, isStatefulRead, resultFingerprint } from './qwenRules';

/** The thresholds the lane exposes (the rest are Qwen's constants). */
export interface QwenLimits {
  readonly heuristics: boolean;
  readonly consecutive: number;
  readonly shellOverview: number;
  /** The per-turn cap; `Infinity` when disabled. */
  readonly turnCap: number;
  /** An explicitly configured cap is hard; the default one is adaptive. */
  readonly explicitCap: boolean;
  /** GLOBAL_DUPLICATE_THRESHOLD: the heuristic duplicate count and the cap's stuck signal. */
  readonly globalDuplicate: number;
  readonly nameStreak: number;
}

const READ_THRESHOLD = 8;
const READ_WINDOW = 15;
const ALTERNATING_CYCLES = 3;
const HARD_CAP_FACTOR = 10;

/** Result evidence for one stateful (call, arguments) key. */
interface StatefulState {
  /** Results seen within the current consecutive streak of this key. */
  observed: number;
  /** Of those, how many repeated the one before. */
  unchanged: number;
  /** Results equal to this key's previous result, in a row (interleaving allowed). */
  identicalInARow: number;
  last: string | undefined;
}

/** Qwen's key: the name and the arguments with sorted keys (it hashes this; equal is equal). */
const keyOf = (c: FlatCall): string => c.name + ':' + c.call.argsJsSorted;

export class QwenService {
  /** Set once a guard fires: the turn is halted until the next prompt. */
  detected = false;

  private lastKey: string | null = null;
  private repeats = 0;
  private shellStreak = 0;
  private total = 0;
  private readonly capCounts = new Map<string, number>();
  private capMax = 0;
  private statefulPeak = 0;
  private readonly stateful = new Map<string, StatefulState>();
  private readonly resultKeysThisRound = new Set<string>();
  private readonly statefulKeys = new Set<string>();
  private readonly altHistory = new Map<string, string[]>();
  private readonly inFlight = new Map<string, number>();
  // Heuristic tier.
  private readonly recentReads: boolean[] = [];
  private seenNonRead = false;
  private lastName: string | null = null;
  private nameStreak = 0;
  private readonly globalCounts = new Map<string, number>();
  private recentKeys: string[] = [];

  constructor(private readonly t: QwenLimits) {}

  /** One streamed call request; the reason if it halts the turn. */
  request(c: FlatCall): string | null {
    const key = keyOf(c);
    const stateful = isStatefulRead(c.name);
    if (stateful) this.statefulKeys.add(key);
    else this.trackCapKey(key);
    const why = this.alwaysOn(c, key) ?? (this.t.heuristics ? this.heuristic(c, key) : null);
    if (why !== null) this.detected = true;
    return why;
  }

  /**
   * The end of one model response: a stateful key that recorded no result since the previous
   * one was abandoned, and stops feeding the cap's stuck signal.
   */
  finished(): void {
    let decayed = false;
    for (const [key, s] of this.stateful) {
      if (this.resultKeysThisRound.has(key)) continue;
      if (s.identicalInARow > 0 || s.observed > 0 || s.unchanged > 0) {
        s.identicalInARow = s.observed = s.unchanged = 0;
        decayed = true;
      }
    }
    this.resultKeysThisRound.clear();
    if (decayed) this.recomputePeak();
  }

  /** A stateful read's executed result; the reason if it halts the turn (heuristic tier). */
  result(c: FlatCall, answer: string): string | null {
    const fp = resultFingerprint(answer);
    const key = keyOf(c);
    this.resultKeysThisRound.add(key);
    const pending = this.inFlight.get(key) ?? 0;
    if (pending > 0) this.inFlight.set(key, pending - 1);
    const history = this.altHistory.get(key) ?? [];
    history.push(fp);
    if (history.length > ALTERNATING_CYCLES) history.shift();
    this.altHistory.set(key, history);

    let s = this.stateful.get(key);
    if (s === undefined) {
      s = { observed: 0, unchanged: 0, identicalInARow: 0, last: undefined };
      this.stateful.set(key, s);
    }
    const first = s.last === undefined;
    const changed = !first && s.last !== fp;
    if (this.lastKey === key) {
      s.observed++;
      if (first) s.last = fp;
      else if (s.last === fp) s.unchanged++;
      else {
        s.unchanged = 0;
        s.last = fp;
      }
    } else s.last = fp;
    // A changed board is progress: the same-name streak starts again.
    if (changed && this.lastName === c.name) this.nameStreak = 1;
    s.identicalInARow = changed ? 1 : s.identicalInARow + 1;
    if (s.identicalInARow > this.statefulPeak) this.statefulPeak = s.identicalInARow;
    else if (changed) this.recomputePeak();
    if (this.t.heuristics && s.identicalInARow >= this.t.globalDuplicate) {
      this.detected = true;
      return `${tick(c.name)} returned the same result ${s.identicalInARow} times in a row (heuristic global duplicate)`;
    }
    return null;
  }

  private alwaysOn(c: FlatCall, key: string): string | null {
    if (this.consecutive(c, key))
      return `${this.repeats} consecutive identical ${tick(c.name)} calls (always on, limit ${this.t.consecutive})`;
    this.shellStreak = isShellOverview(c.call) ? this.shellStreak + 1 : 0;
    if (this.shellStreak >= this.t.shellOverview)
      return `${this.shellStreak} git overview commands in a row (always on, limit ${this.t.shellOverview})`;
    return this.turnCap();
  }

  /** The consecutive-identical guard; for a stateful read, judged on the streak's results. */
  private consecutive(c: FlatCall, key: string): boolean {
    if (this.lastKey === key) this.repeats++;
    else {
      // A new streak: the evidence of the old and the new key restarts.
      for (const k of [this.lastKey, key]) {
        const s = k === null ? undefined : this.stateful.get(k);
        if (s !== undefined) s.observed = s.unchanged = 0;
      }
      this.lastKey = key;
      this.repeats = 1;
    }
    if (this.repeats < this.t.consecutive) return false;
    if (isStatefulRead(c.name)) {
      const s = this.stateful.get(key);
      const expected = this.repeats - 1;
      // Every prior result of the streak seen, and some changed: productive polling. Missing
      // evidence fails safe and halts.
      if (s !== undefined && s.observed >= expected && s.unchanged < expected - 1) {
        this.repeats = 1;
        s.observed = s.unchanged = 0;
        return false;
      }
    }
    return true;
  }

  private turnCap(): string | null {
    this.total++;
    const cap = this.t.turnCap;
    if (this.total <= cap) return null;
    const repeat = Math.max(this.capMax, this.statefulPeak);
    if (this.t.explicitCap) return `more than ${cap} calls in one turn (explicit cap)`;
    if (this.total > cap * HARD_CAP_FACTOR)
      return `more than ${cap * HARD_CAP_FACTOR} calls in one turn (hard backstop)`;
    if (repeat >= this.t.globalDuplicate)
      return `more than ${cap} calls in one turn with a call repeated ${repeat} times (adaptive cap)`;
    return null;
  }

  private heuristic(c: FlatCall, key: string): string | null {
    const read = isReadLike(c.name);
    this.recentReads.push(read);
    if (this.recentReads.length > READ_WINDOW) this.recentReads.shift();
    if (!read) this.seenNonRead = true;
    if (this.lastName === c.name) this.nameStreak++;
    else {
      this.lastName = c.name;
      this.nameStreak = 1;
    }
    const stateful = isStatefulRead(c.name);
    if (stateful) {
      this.statefulKeys.add(key);
      this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    }
    const found: string[] = [];
    if (!stateful) {
      const n = (this.globalCounts.get(key) ?? 0) + 1;
      this.globalCounts.set(key, n);
      if (n >= this.t.globalDuplicate)
        found.push(
          `${tick(c.name)} with the same arguments ${n} times in this turn (global duplicate)`,
        );
    }
    if (this.alternating(key)) found.push('the last 6 calls alternate between two calls (ABAB)');
    const reads = this.recentReads.filter(Boolean).length;
    if (this.seenNonRead && this.recentReads.length >= READ_THRESHOLD && reads >= READ_THRESHOLD)
      found.push(
        `${reads} of the last ${this.recentReads.length} calls are reads (read-file loop)`,
      );
    if (this.nameStreak >= this.t.nameStreak)
      found.push(`${tick(c.name)} called ${this.nameStreak} times in a row (action stagnation)`);
    return found.length === 0 ? null : `${found.join('; ')} (heuristic)`;
  }

  /** ABABAB over the last 6 keys, unless a stateful participant's own results changed. */
  private alternating(key: string): boolean {
    const size = 2 * ALTERNATING_CYCLES;
    this.recentKeys.push(key);
    if (this.recentKeys.length > size) this.recentKeys.shift();
    if (this.recentKeys.length < size) return false;
    const [a, b] = this.recentKeys;
    if (a === b) return false;
    if (!this.recentKeys.every((k, i) => k === (i % 2 === 0 ? a : b))) return false;
    for (const k of [a as string, b as string]) {
      if (!this.statefulKeys.has(k)) continue;
      const occurrences = this.recentKeys.filter((x) => x === k).length;
      const expected = occurrences - Math.min(this.inFlight.get(k) ?? 0, occurrences);
      if (expected <= 0) continue;
      const history = this.altHistory.get(k);
      if (history === undefined || history.length < expected) continue;
      const recent = history.slice(-expected);
      if (recent.some((fp) => fp !== recent[0])) {
        this.recentKeys = [];
        return false;
      }
    }
    return true;
  }

  private trackCapKey(key: string): void {
    const n = (this.capCounts.get(key) ?? 0) + 1;
    this.capCounts.set(key, n);
    if (n > this.capMax) this.capMax = n;
  }

  private recomputePeak(): void {
    let peak = 0;
    for (const s of this.stateful.values()) peak = Math.max(peak, s.identicalInARow);
    this.statefulPeak = peak;
  }
}
