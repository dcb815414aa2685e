/**
 * The reference's user-visible texts, verbatim (docs/detector.md §8.3, §8.4): the note appended
 * in `note` mode and the HTTP 400 message in `refuse` mode.
 */

const NOTE_SIGNATURE_LIMIT = 240;
const REFUSE_HINT =
  'Start a new conversation or change approach; to warn the model instead of refusing, run `gglib config settings set --loop-guard-mode note`.';

/** The signature cut to 240 code points, followed by `…` when it was longer. */
function truncateSignature(signature: string): string {
  // Fast path: 240 UTF-16 units are at most 240 code points.
  if (signature.length <= NOTE_SIGNATURE_LIMIT) return signature;
  const points = Array.from(signature);
  if (points.length <= NOTE_SIGNATURE_LIMIT) return signature;
  return points.slice(0, NOTE_SIGNATURE_LIMIT).join('') + '\u2026';
}

/** The loop note (§8.3); the signature is cut to 240 code points plus `…`. */
export function loopNote(signature: string): string {
  return `[gglib loop guard] This conversation has repeated the tool-call batch \`${truncateSignature(signature)}\` with nothing in between, and received the same result each time. Repeating it will not produce a different answer. Change approach, or tell the user what is blocking you.`;
}

/** The loop 400 message (§8.4, newest text); the signature is not truncated. */
export function loopError400(signature: string): string {
  return `Agentic loop detected: this conversation repeats the same tool-call batch with nothing in between (signature: ${signature}). Aborting before another identical turn. ${REFUSE_HINT}`;
}

/** The stagnation note (§8.3). */
export function stagnationNote(count: number, maxSteps: number): string {
  return `[gglib loop guard] This conversation has produced the same response ${count} times, against a limit of ${maxSteps}. Repeating it will not produce a different answer. Change approach, or tell the user what is blocking you.`;
}

/** The stagnation 400 message (§8.4). */
export function stagnationError400(count: number, maxSteps: number): string {
  return `Stagnation detected: the assistant has produced the same response ${count} times (limit ${maxSteps}). Aborting before another identical turn. ${REFUSE_HINT}`;
}

/**
 * The loop 400 message of releases before `loop_guard_mode` existed (gglib
 * `crates/gglib-proxy/src/models.rs` before `96f19046`): no "with nothing in between", and a
 * hint to switch the guard off. A client pinned to such a release sees this text.
 */
export function loopError400Legacy(signature: string): string {
  return `Agentic loop detected: this conversation repeats the same tool-call batch (signature: ${signature}). Aborting before another identical turn. ${LEGACY_HINT}`;
}

/** The stagnation 400 message of releases before `loop_guard_mode` existed. */
export function stagnationError400Legacy(count: number, maxSteps: number): string {
  return `Stagnation detected: the assistant has produced the same response ${count} times (limit ${maxSteps}). Aborting before another identical turn. ${LEGACY_HINT}`;
}

const LEGACY_HINT =
  'Start a new conversation or change approach; to disable this guard run `gglib config settings set --proxy-loop-detection false`.';

/** The `type` and `code` of the reference's 400 body (both the same). */
export type Error400Type = 'loop_detected' | 'stagnation_detected';

/**
 * The whole HTTP 400 body as the proxy writes it (`ErrorResponse` → `ErrorDetail` in
 * `models.rs`, serialised compact in field order: message, type, code).
 */
export function error400Body(message: string, type: Error400Type): string {
  return JSON.stringify({ error: { message, type, code: type } });
}
