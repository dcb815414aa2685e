/**
 * Builds the zoo's input from the chat-completions list, once per transcript.
 *
 * Batches follow the reference's walk (docs/detector.md §7.3): an assistant message whose
 * `tool_calls` yields at least one call (§7.2) is a batch; `tool` messages are answers; any
 * other role is a break. Answers are joined per call with the contiguous-window rule (§7.5).
 */
import {
  canonicalArgs,
  extractText,
  fnv1a64Hex,
  type ChatMessage,
  type MessageList,
} from '../detector/index';
import { isJsonArray, printJson, type JsonValue } from '../json/index';
import { joinCallSignatures } from '../detector/signature';
import { parseArgumentsString, readCallShape } from '../detector/toolCalls';
import { jsJson, jsJsonOfText, jsSortedJson } from './jsJson';
import { canonicalOfArgumentsText } from '../detector/canonicalText';
import type { ZooBatch, ZooCall, ZooStep } from './types';

/** The text of a tool answer: a string as is, text parts joined, anything else printed. */
export function answerText(content: JsonValue | undefined): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (isJsonArray(content)) {
    const t = extractText(content);
    if (t !== '') return t;
  }
  return printJson(content);
}

const ERROR_START = /^\s*(?:error|err|fatal|exception|traceback)\b/i;
const ERROR_INSIDE =
  /\b(?:error|exception):|traceback \(most recent call last\)|command failed|non-zero exit|exit(?:ed)?(?: with)?(?: code| status)?[:= ]+[1-9]\d*/i;

/**
 * Heuristic error test for an answer text: it starts with "error"/"fatal"/…, or contains
 * "Error:", a Python traceback, "command failed", or a non-zero exit code.
 */
export function looksLikeError(text: string): boolean {
  return ERROR_START.test(text) || ERROR_INSIDE.test(text);
}

/** A batch's answers per call (§7.5), and the format's own error mark on each, if any. */
interface Answers {
  readonly texts: (string | null)[];
  readonly marks: (boolean | undefined)[];
}

/**
 * §7.5 per call: the answers of the batch at message `i`, or all null when an id repeats in
 * the batch or in the window (the reference cannot join those either).
 */
function joinAnswers(calls: readonly { id: string }[], messages: MessageList, i: number): Answers {
  const none: Answers = { texts: calls.map(() => null), marks: calls.map(() => undefined) };
  if (new Set(calls.map((c) => c.id)).size !== calls.length) return none;
  const byId = new Map<string, ChatMessage>();
  for (let j = i + 1; j < messages.length; j++) {
    const m = messages.at(j) as ChatMessage;
    if (m.role !== 'tool') break;
    if (typeof m.tool_call_id !== 'string') continue;
    if (byId.has(m.tool_call_id)) return none;
    byId.set(m.tool_call_id, m);
  }
  const found = calls.map((c) => byId.get(c.id));
  return {
    texts: found.map((m) => (m === undefined ? null : answerText(m.content))),
    marks: found.map((m) => m?.error),
  };
}

/**
 * What the zoo reads of one call's arguments, once per distinct arguments. The canonical text
 * (every lane compares it) is built straight from the arguments string without a tree; the
 * parsed value and the JS-printed JSON are built only when a lane reads them (a few lanes,
 * for a few calls). At 100k batches of distinct arguments, building all three up front was
 * most of the zoo's first run, and most of that was garbage collection.
 */
class Derived {
  readonly canonical: string;
  /** FNV-1a 64 of `canonical`: the call signature is `name:hash` (§3.3). */
  readonly hash: string;
  private parsed: JsonValue | undefined;
  private printed: string | undefined;
  private sorted: string | undefined;

  constructor(
    private readonly raw: string | null,
    value: JsonValue | undefined,
  ) {
    this.parsed = value;
    this.canonical =
      raw !== null ? same(canonicalOfArgumentsText(raw), raw) : canonicalArgs(value as JsonValue);
    this.hash = fnv1a64Hex(this.canonical);
  }

  get value(): JsonValue {
    if (this.parsed === undefined) this.parsed = parseArgumentsString(this.raw ?? '').value;
    return this.parsed;
  }

  /** The sorted-key JavaScript print (`ZooCall.argsJsSorted`), built on first read. */
  get jsSorted(): string {
    if (this.sorted === undefined) {
      const v = this.value;
      this.sorted =
        typeof v === 'string' && this.raw !== null
          ? v
          : same(jsSortedJson(v, true), this.canonical);
    }
    return this.sorted;
  }

  get json(): string {
    if (this.printed === undefined) {
      const raw = this.raw;
      this.printed =
        raw === null || this.parsed !== undefined
          ? jsJson(this.value)
          : jsJsonOfText(raw, (r) => parseArgumentsString(r).value);
      if (raw !== null) this.printed = same(this.printed, raw);
    }
    return this.printed;
  }
}

/**
 * `built`, or `kept` when the two are equal: most arguments strings are already compact JSON,
 * so their printed (and sometimes canonical) form is the same text, and the zoo keeps one copy
 * instead of two or three (in Node, the derived forms of the 100k-batch benchmark went from
 * 85 to 54 MB).
 */
function same(built: string, kept: string): string {
  return built === kept ? kept : built;
}

/** A call whose parsed and printed arguments are built on first read (see `Derived`). */
class LazyCall implements ZooCall {
  constructor(
    readonly id: string,
    readonly name: string,
    private readonly d: Derived,
  ) {}
  get args(): JsonValue {
    return this.d.value;
  }
  get argsCanonical(): string {
    return this.d.canonical;
  }
  get argsJson(): string {
    return this.d.json;
  }
  get argsJsSorted(): string {
    return this.d.jsSorted;
  }
  /**
   * Built on each read and not kept: kept, the keys of the 100k-batch benchmark were 28 MB of
   * the worker's heap for good. Lanes compare calls by name and canonical text in parts
   * (`sameCall`) and build the key only where they need the string.
   */
  get key(): string {
    return this.name + ':' + this.d.canonical;
  }
}

const NO_MESSAGES: MessageList = [];

/** Turns a transcript into zoo steps: one per batch, user/system turn and prose turn. */
export function zooInput(messages: MessageList): ZooStep[] {
  const b = new ZooInputBuilder(messages);
  b.advance(messages.length);
  return b.steps;
}

/**
 * `zooInput` a slice at a time, so a worker can answer other requests between slices of a
 * long transcript: `advance(n)` reads up to n more messages and says whether it is done.
 */
export class ZooInputBuilder {
  readonly steps: ZooStep[] = [];
  private next = 0;
  private batchIndex = 0;
  /** Derived forms by arguments string: loops repeat their arguments verbatim. */
  private readonly byString = new Map<string, Derived>();
  /** The distinct arguments strings `derive` walks, and how far it got. */
  private toDerive: Derived[] | null = null;
  private derived = 0;

  /** The messages, until every one is read (then let go: the steps hold what they need). */
  private messages: MessageList;
  /** Set by `consuming`: the same list, whose entries are dropped as they are read. */
  private owned: (ChatMessage | undefined)[] | null = null;

  constructor(messages: MessageList) {
    this.messages = messages;
  }

  /**
   * A builder that owns `messages` and drops each one once read (no message is read again
   * after the walk has passed it), so a long transcript's parsed messages are let go while the
   * steps are built instead of being held beside them until the end.
   */
  static consuming(messages: (ChatMessage | undefined)[]): ZooInputBuilder {
    const b = new ZooInputBuilder(messages as ChatMessage[]);
    b.owned = messages;
    return b;
  }

  /** Reads up to `count` more messages; true once every message is read. */
  advance(count: number): boolean {
    const end = Math.min(this.messages.length, this.next + count);
    const owned = this.owned;
    for (; this.next < end; this.next++) {
      this.read(this.next);
      if (owned !== null) owned[this.next] = undefined;
    }
    if (this.next < this.messages.length) return false;
    this.messages = NO_MESSAGES;
    this.owned = null;
    return true;
  }

  /**
   * Once every message is read: builds the printed, then the parsed form of up to `count`
   * more distinct arguments strings; true once all are built. The lanes read both for every
   * call (Gemini CLI the printed form first, paging sweeps the parsed one), in that order, and
   * a lane cannot pause in the middle: built inside them, they would make single lanes long,
   * unbroken tasks on a large transcript. Built here, a slice at a time, the worker can answer
   * in between.
   */
  derive(count: number): boolean {
    const all = (this.toDerive ??= [...this.byString.values()]);
    const end = Math.min(all.length, this.derived + count);
    for (; this.derived < end; this.derived++) {
      const d = all[this.derived] as Derived;
      void d.json;
      void d.value;
    }
    return this.derived >= all.length;
  }

  private ofString(raw: string): Derived {
    let d = this.byString.get(raw);
    if (d === undefined) {
      d = new Derived(raw, undefined);
      this.byString.set(raw, d);
    }
    return d;
  }

  private read(messageIndex: number): void {
    const messages = this.messages;
    const steps = this.steps;
    const m = messages.at(messageIndex) as ChatMessage;
    if (m.role === 'tool') return;
    if (m.role !== 'assistant') {
      const kind = m.role === 'user' ? 'user' : 'system';
      steps.push({ kind, messageIndex, text: extractText(m.content) });
      return;
    }
    const text = extractText(m.content);
    // §7.2: every element of a `tool_calls` array is a call; no array, no calls.
    const elements = Array.isArray(m.tool_calls) ? m.tool_calls : [];
    if (elements.length === 0) {
      steps.push({ kind: 'prose', messageIndex, text });
      return;
    }
    const signatures: string[] = [];
    const calls: ZooCall[] = elements.map((el) => {
      const shape = readCallShape(el);
      const d = shape.argsIsString
        ? this.ofString(shape.args as string)
        : new Derived(null, shape.args);
      signatures.push(shape.name + ':' + d.hash);
      return new LazyCall(shape.id, shape.name, d);
    });
    const { texts: answers, marks } = joinAnswers(calls, messages, messageIndex);
    const batch: ZooBatch = {
      kind: 'batch',
      batchIndex: this.batchIndex++,
      messageIndex,
      calls,
      signature: joinCallSignatures(signatures),
      answers,
      // The format's own mark where it has one; the text guess only where it has none.
      answerError: answers.map((a, k) => a !== null && (marks[k] ?? looksLikeError(a))),
      answerErrorMarked: marks.map((m) => m !== undefined),
      narration: text,
    };
    steps.push(batch);
  }
}
