/**
 * Answers equality (docs/detector.md §5) and the answer join of one batch (§7.5).
 *
 * The reference hashes answers with SipHash and only ever compares them for equality, and
 * only ever compares one occurrence of a batch signature with the *previous* occurrence of
 * the same signature (the run's last answers, and the proxy's session-wide map). So the
 * replay keeps each occurrence's sorted (pairing key, answer) list and compares it with the
 * previous one directly: exact, and cheaper than hashing every tool output.
 */
import type { ChatMessage, MessageList } from './chat';
import type { JsonValue } from '../json/value';
import { printJson } from '../json/print';
import { sortSmall } from './sortSmall';

/** A non-string answer, keyed by serde_json's compact print (discriminant 1, docs/detector.md §5.1). */
export class OtherAnswer {
  constructor(readonly printed: string) {}
}

/**
 * A string answer read from a transcript's text, with its JSON literal there. Until the
 * signature's next occurrence the replay keeps only the literal (`kept`): a slice of the text,
 * where the decoded string is a copy, and keeping every decoded tool output alive through the
 * young generation is collector time a large replay pays (see docs/benchmarks.md §5). Equal
 * literals decode to equal strings; unequal ones are decoded and compared.
 */
export class TextAnswer {
  constructor(
    readonly literal: string,
    /** The decoded string; null in the kept form. */
    private readonly decoded: string | null,
  ) {}

  /** The answer's string (decoded again from the literal in the kept form). */
  text(): string {
    if (this.decoded !== null) return this.decoded;
    // What the lenient parser read: it decodes escaped strings with `JSON.parse`, and its own
    // reader (json/strings.ts) accepts no string literal that `JSON.parse` rejects.
    return JSON.parse(this.literal) as string;
  }

  kept(): TextAnswer {
    return this.decoded === null ? this : new TextAnswer(this.literal, null);
  }
}

/**
 * One answer (docs/detector.md §5.1): a string is itself (discriminant 0), whether held as a string or as a
 * `TextAnswer`; anything else an `OtherAnswer`.
 */
export type Answer = string | TextAnswer | OtherAnswer;

/** One (pairing key, answer) pair of docs/detector.md §5.2; the pairing key is an interned integer. */
export interface AnswerPair {
  readonly key: number;
  readonly answer: Answer;
}

/**
 * The answer a tool message's `content` stands for; a missing content is null (docs/detector.md §5.1).
 * `literal`: the content's JSON literal in the text, when it is a string read from one.
 */
export function readAnswer(content: JsonValue | undefined, literal: string | null = null): Answer {
  if (typeof content === 'string')
    return literal === null ? content : new TextAnswer(literal, content);
  return new OtherAnswer(printJson(content === undefined ? null : content));
}

/** An answer's string, or null when it is not a string (an `OtherAnswer`). */
function stringOf(a: Answer): string | null {
  if (typeof a === 'string') return a;
  return a instanceof TextAnswer ? a.text() : null;
}

function sameAnswer(a: Answer, b: Answer): boolean {
  if (a instanceof OtherAnswer || b instanceof OtherAnswer) {
    return a instanceof OtherAnswer && b instanceof OtherAnswer && a.printed === b.printed;
  }
  if (a instanceof TextAnswer && b instanceof TextAnswer && a.literal === b.literal) return true;
  return stringOf(a) === stringOf(b);
}

function compareAnswers(a: Answer, b: Answer): number {
  const x = stringOf(a);
  const y = stringOf(b);
  if (x !== null || y !== null) {
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const p = (a as OtherAnswer).printed;
  const q = (b as OtherAnswer).printed;
  return p < q ? -1 : p > q ? 1 : 0;
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

/** Whether two sorted pair lists are the same multiset (docs/detector.md §5.2). */
export function samePairs(a: readonly AnswerPair[], b: readonly AnswerPair[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as AnswerPair;
    const y = b[i] as AnswerPair;
    if (x.key !== y.key || !sameAnswer(x.answer, y.answer)) return false;
  }
  return true;
}

/** Longest length gap between two answers still compared digit by digit (a clock's digits). */
const NUMBERS_ONLY_SLACK = 64;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * Whether two strings are equal once every run of ASCII digits counts as one and the same token:
 * what a timestamp, an elapsed time or a counter changes. One pass, stopping at the first other
 * difference, so answers that really differ cost little.
 */
export function sameButNumbers(x: string, y: string): boolean {
  const n = x.length;
  const m = y.length;
  if (Math.abs(n - m) > NUMBERS_ONLY_SLACK) return false;
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const cx = x.charCodeAt(i);
    const cy = y.charCodeAt(j);
    const dx = isDigit(cx);
    if (cx === cy && !dx) {
      i++;
      j++;
      continue;
    }
    if (!dx || !isDigit(cy)) return false;
    do i++;
    while (i < n && isDigit(x.charCodeAt(i)));
    do j++;
    while (j < m && isDigit(y.charCodeAt(j)));
  }
  return i === n && j === m;
}

/** The text two answers are compared by here: literals when both have one, else the strings. */
function numbersOnlyPair(a: Answer, b: Answer): boolean {
  if (a instanceof OtherAnswer || b instanceof OtherAnswer) {
    return (
      a instanceof OtherAnswer && b instanceof OtherAnswer && sameButNumbers(a.printed, b.printed)
    );
  }
  if (a instanceof TextAnswer && b instanceof TextAnswer)
    return sameButNumbers(a.literal, b.literal);
  return sameButNumbers(stringOf(a) as string, stringOf(b) as string);
}

/**
 * Whether two sorted pair lists that differ (`samePairs` false) differ only in numbers: the
 * same calls, each answer equal to the other's but for its runs of digits (docs/detector.md
 * §5.3). A poll's answers look like this when only its clock moves.
 */
export function differOnlyInNumbers(a: readonly AnswerPair[], b: readonly AnswerPair[]): boolean {
  if (a.length !== b.length || a.length === 0) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as AnswerPair;
    const y = b[i] as AnswerPair;
    if (x.key !== y.key || !numbersOnlyPair(x.answer, y.answer)) return false;
  }
  return true;
}

/** The pairs as kept until the next occurrence of their signature (see `TextAnswer`). */
export function keptPairs(pairs: AnswerPair[] | null): AnswerPair[] | null {
  if (pairs === null || !pairs.some((p) => p.answer instanceof TextAnswer)) return pairs;
  return pairs.map((p) =>
    p.answer instanceof TextAnswer ? { key: p.key, answer: p.answer.kept() } : p,
  );
}

/**
 * The answer of tool message `j`: with `bytes[j]` known (not -1), its content is a literal the
 * message decodes at each read, so the answer is kept as the literal alone, decoded only if
 * compared with a different one.
 */
function answerAt(
  messages: readonly ChatMessage[],
  j: number,
  literals: readonly (string | null)[] | null,
  bytes: readonly number[] | null,
): Answer {
  const literal = literals?.[j] ?? null;
  if (literal !== null && bytes !== null && (bytes[j] ?? -1) >= 0) {
    return new TextAnswer(literal, null);
  }
  return readAnswer((messages[j] as ChatMessage).content, literal);
}

/** The contiguous `role:"tool"` messages right after message `i`, as [start, end). */
export function toolWindow(messages: MessageList, i: number): [number, number] {
  let j = i + 1;
  while (j < messages.length && (messages.at(j) as ChatMessage).role === 'tool') j++;
  return [i + 1, j];
}

/**
 * docs/detector.md §7.5: joins the answers of the batch at message `i` into sorted pairs. Null (none) when
 * two calls share an id, when an id repeats in the window, or when any call is unanswered.
 */
export function joinAnswers(
  calls: readonly { id: string; pairKey: number }[],
  messages: readonly ChatMessage[],
  i: number,
  /** By message index: a tool message's content literal in the text, if known. */
  literals: readonly (string | null)[] | null = null,
  /** By message index: a tool message's answer bytes when given with it, else -1. */
  bytes: readonly number[] | null = null,
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
    return m.tool_call_id === c.id
      ? [{ key: c.pairKey, answer: answerAt(messages, start, literals, bytes) }]
      : null;
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
    pairs.push({ key: c.pairKey, answer: answerAt(messages, j, literals, bytes) });
  }
  return sortPairs(pairs);
}

/**
 * The agent loop's join (docs/detector.md §9.4): the k-th tool message after the batch answers
 * its k-th call, whatever the ids say, because the loop writes one result per call in call
 * order. Null when the window does not hold exactly one message per call (a transcript the loop
 * did not write, or a batch whose tools had not answered yet).
 */
export function joinAnswersByPosition(
  pairKeys: readonly number[],
  messages: readonly ChatMessage[],
  i: number,
  literals: readonly (string | null)[] | null = null,
  bytes: readonly number[] | null = null,
): AnswerPair[] | null {
  const [start, end] = toolWindow(messages, i);
  if (end - start !== pairKeys.length || pairKeys.length === 0) return null;
  const pairs: AnswerPair[] = new Array<AnswerPair>(pairKeys.length);
  for (let k = 0; k < pairKeys.length; k++) {
    pairs[k] = {
      key: pairKeys[k] as number,
      answer: answerAt(messages, start + k, literals, bytes),
    };
  }
  return sortPairs(pairs);
}
