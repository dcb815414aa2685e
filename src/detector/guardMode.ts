/**
 * `loop_guard_mode`, the proxy's one switch for what a verdict does (docs/detector.md §8.1):
 * `off` scans nothing, `note` (the default) forwards the request with a note appended to its
 * last message, `refuse` answers HTTP 400. The replay's verdicts do not depend on it; what
 * gglib does with them does.
 */
import {
  error400Body,
  loopError400,
  loopError400Legacy,
  loopNote,
  stagnationError400,
  stagnationError400Legacy,
  stagnationNote,
} from './messages';

export type GuardMode = 'off' | 'note' | 'refuse';

export const GUARD_MODES: readonly GuardMode[] = ['off', 'note', 'refuse'];

/** gglib's default: forward with a note. */
export const DEFAULT_GUARD_MODE: GuardMode = 'note';

/** Whether a value is one of the three modes. */
export function isGuardMode(v: unknown): v is GuardMode {
  return v === 'off' || v === 'note' || v === 'refuse';
}

/** What the proxy does with a request that trips, in a few words for each mode. */
export const GUARD_ACTION: Readonly<Record<GuardMode, string>> = {
  off: 'forwards the request untouched (the guard is off: it scans nothing)',
  note: 'forwards the request with a note appended to the last message',
  refuse: 'refuses the request with HTTP 400',
};

/** A trip to show: a loop on a batch signature, or stagnation on a repeated response. */
export type Trip =
  | { readonly kind: 'loop'; readonly signature: string }
  | { readonly kind: 'stagnation'; readonly count: number; readonly maxSteps: number };

/** What gglib sends for a trip in one mode: the sentence, and the text or body, if any. */
export interface GuardResponse {
  readonly mode: GuardMode;
  /** "In note mode gglib forwards the request with a note appended to the last message." */
  readonly sentence: string;
  /** The note (note mode) or the whole 400 body (refuse mode); null when off. */
  readonly text: string | null;
  /** The 400 body of releases before the modes, when it differs (refuse mode only). */
  readonly legacyText: string | null;
}

/** What the proxy does with a trip in `mode`, with the exact text it sends. */
export function guardResponse(mode: GuardMode, trip: Trip): GuardResponse {
  const sentence = `In ${mode} mode gglib ${GUARD_ACTION[mode]}${mode === 'refuse' ? ' and this body' : ''}.`;
  if (mode === 'off') return { mode, sentence, text: null, legacyText: null };
  if (mode === 'note') {
    const text =
      trip.kind === 'loop' ? loopNote(trip.signature) : stagnationNote(trip.count, trip.maxSteps);
    return { mode, sentence, text, legacyText: null };
  }
  const [now, old, type] =
    trip.kind === 'loop'
      ? [loopError400(trip.signature), loopError400Legacy(trip.signature), 'loop_detected' as const]
      : [
          stagnationError400(trip.count, trip.maxSteps),
          stagnationError400Legacy(trip.count, trip.maxSteps),
          'stagnation_detected' as const,
        ];
  return { mode, sentence, text: error400Body(now, type), legacyText: error400Body(old, type) };
}
