/**
 * Answers equality (detector.md §5) and the answer join of one batch (§7.5).
 *
 * The reference hashes answers with SipHash and only ever compares them for equality, and
 * only ever compares one occurrence of a batch signature with the *previous* occurrence of
 * the same signature (the run's last answers, and the proxy's session-wide map). So the
 * replay keeps each occurrence's sorted (pairing key, answer) list and compares it with the
 * previous one directly: exact, and cheaper than hashing every tool output.
 */
import type { ChatMessage, MessageList } from './chat';
import type { JsonValue } from './json/value';
import { printJson } from './json/print';
import { sortSmall } from './sortSmall';

/** A non-string answer, keyed by serde_json's compact print (discriminant 1, §5.1). */
export class OtherAnswer {
  constructor(readonly printed: string) {}
}

/** One answer (§5.1): a string is itself (discriminant 0), anything else an `OtherAnswer`. */
export type Answer = string | OtherAnswer;

/** One (pairing key, answer) pair of §5.2; the pairing key is an interned integer. */
export interface AnswerPair {
  readonly key: number;
  readonly answer: Answer;
}

/** The answer a tool message's `content` stands for; a missing content is null (§5.1). */
export function readAnswer(content: JsonValue | undefined): Answer {
  if (typeof content === 'string') return content;
  return new OtherAnswer(printJson(content === undefined ? null : content));
}

function sameAnswer(a: Answer, b: Answer): boolean {
  if (typeof a === 'string') return typeof b === 'string' && a === b;
  return typeof b !== 'string' && a.printed === b.printed;
}

function compareAnswers(a: Answer, b: Answer): number {
  if (typeof a === 'string' || typeof b === 'string') {
    if (typeof a !== 'string') return 1;
    if (typeof b !== 'string') return -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return a.printed < b.printed ? -1 : a.printed > b.printed ? 1 : 0;
}

const byKeyThenAnswer = (x: AnswerPair, y: AnswerPair): number =>
  x.key - y.key || compareAnswers(x.answer, y.answer);

/**
 * Sorts pairs into one canonical order (by key, then answer). Any fixed total order gives
 * the same equality as the reference's byte order, which is all that is ever used.
 */
export function sortPairs(pairs: AnswerPair[]): AnswerPair[] {
  return sortSmall(pairs, byKeyThenAnswer);
}

/** Whether two sorted pair lists are the same multiset (§5.2 equality). */
export function samePairs(a: readonly AnswerPair[], b: readonly AnswerPair[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as AnswerPair;
    const y = b[i] as AnswerPair;
    if (x.key !== y.key || !sameAnswer(x.answer, y.answer)) return false;
  }
  return true;
}

/** The contiguous `role:"tool"` messages right after message `i`, as [start, end). */
export function toolWindow(messages: MessageList, i: number): [number, number] {
  let j = i + 1;
  while (j < messages.length && (messages.at(j) as ChatMessage).role === 'tool') j++;
  return [i + 1, j];
}

/**
 * §7.5: joins the answers of the batch at message `i` into sorted pairs. Null (none) when
 * two calls share an id, when an id repeats in the window, or when any call is unanswered.
 */
export function joinAnswers(
  calls: readonly { id: string; pairKey: number }[],
  messages: readonly ChatMessage[],
  i: number,
): AnswerPair[] | null {
  if (calls.length > 1) {
    const ids = new Set<string>();
    for (const c of calls) {
      if (ids.has(c.id)) return null;
      ids.add(c.id);
    }
  }
  const [start, end] = toolWindow(messages, i);
  if (start === end) return null;
  if (end - start === 1 && calls.length === 1) {
    // The common shape (one call, one answer) without the map: the lone id must be the call's.
    const c = calls[0] as { id: string; pairKey: number };
    const m = messages[start] as ChatMessage;
    return m.tool_call_id === c.id ? [{ key: c.pairKey, answer: readAnswer(m.content) }] : null;
  }
  const byId = new Map<string, number>();
  for (let j = start; j < end; j++) {
    const tid = (messages[j] as ChatMessage).tool_call_id;
    if (typeof tid !== 'string') continue;
    if (byId.has(tid)) return null;
    byId.set(tid, j);
  }
  const pairs: AnswerPair[] = [];
  for (const c of calls) {
    const j = byId.get(c.id);
    if (j === undefined) return null;
    pairs.push({ key: c.pairKey, answer: readAnswer((messages[j] as ChatMessage).content) });
  }
  return sortPairs(pairs);
}
