/**
 * The OpenAI chat import of a whole document read one message at a time: the
 * document's top level is checked here by hand, every value in it is read where it stands by the
 * same lenient parser, and each message goes to the caller as soon as it is read, then is let
 * go. The whole tree of a 100 MB transcript is never built, and what is read dies young.
 *
 * It answers only for the shape it can answer for exactly as the general import does: an
 * OpenAI chat request body (`{…, "messages": [ … ]}`) or a bare messages array, valid JSON, no
 * repeated top-level key, every message an object, no legacy function calling and no logged
 * reply. For anything else it says so (null), and the caller runs the general import.
 * tests/unit/import/chatSpans.test.ts holds it to the general import's result.
 */
import { scanDiagnostics, scanMessage } from '../detector/index';
import { emptyDiagnostics, isJsonObject, JsonPartReader, mergeDiagnostics } from '../json/index';
import type { ChatMessage, ReferenceScan } from '../detector/index';
import type { JsonDiagnostics, JsonObject, JsonValue } from '../json/index';
import { arr, field } from './access';
import {
  hasToolResponses,
  isLegacyFunctionMessage,
  missingIds,
  missingIdsWarning,
  rawMessage,
} from './dialects/openai';
import { DialectFold, sniffArray, sniffObject } from './sniff';
import { SpanMessages } from './spanMessages';
import { skipWs } from './spans';

/**
 * Where the messages go, in order. `literal`: a tool message's string `content` as written in
 * the text (a slice of it), for the replay to keep instead of the decoded copy; the general
 * import passes none. `bytes`: the content's UTF-8 length, passed with the literal of an answer
 * whose `content` decodes it at each read (`LiteralAnswer`), which is then not read.
 */
export type MessageSink = (m: ChatMessage, literal?: string | null, bytes?: number) => void;

/** Sees each value read: a message (`member` null) or another member of the request body. */
export type ValueObserver = (
  v: JsonValue,
  member: string | null,
  start?: number,
  end?: number,
) => void;

/** What the reader gives back; the messages themselves went to the sink. */
interface ChatSpans {
  /** The messages, rebuilt from the text when read again (details, the detector lanes). */
  readonly messages: SpanMessages;
  readonly warnings: string[];
  readonly referenceScan: ReferenceScan;
}

/**
 * The shortest tool answer passed on as its literal. Shorter ones are cheap to keep decoded,
 * cheaper than the literal's slice and the answer object around it (`TextAnswer`).
 */
const LITERAL_MIN = 256;

/** How many messages a bare array's format is judged from (sniff.ts reads its first 20). */
const HEAD = 20;

/**
 * Reads `text` as an OpenAI chat transcript, passing each message to `sink` in order. Null when
 * the text is not a shape this reader answers for; the sink may then have seen some messages,
 * and the caller starts again with the general import. `forced`: the user chose OpenAI chat, so
 * the format is not sniffed.
 */
export function readChatSpans(
  text: string,
  forced: boolean,
  sink: MessageSink,
  onProgress?: (done: number, total: number) => void,
  observe?: ValueObserver,
): ChatSpans | null {
  const reader = new JsonPartReader(text, 'content');
  // The whole document's diagnostics, from its parts' (the objects that repeat a key are not
  // kept: that would keep messages; `MessageReader` notes the first message that does).
  const merged = emptyDiagnostics();
  merged.maxDepth = 1;
  const progress = onProgress === undefined ? null : new Progress(text.length, onProgress);
  let i = skipWs(text, 0);
  const first = text.charCodeAt(i);
  let envelope: JsonObject | null = null;
  let list: MessageReader;
  if (first === 0x5b /* [ */) {
    list = new MessageReader(text, reader, merged, 1, sink, forced, progress, observe ?? null);
    i = list.read(i);
    if (i < 0) return null;
  } else if (first === 0x7b /* { */) {
    envelope = new Map<string, JsonValue>();
    let found: MessageReader | null = null;
    i = skipWs(text, i + 1);
    if (text.charCodeAt(i) === 0x7d) return null;
    for (;;) {
      if (reader.read(i) !== null || typeof reader.value !== 'string') return null;
      mergeDiagnostics(merged, reader.diagnostics, 1);
      const name = reader.value;
      if (envelope.has(name)) return null;
      i = skipWs(text, reader.end);
      if (text.charCodeAt(i) !== 0x3a /* : */) return null;
      i = skipWs(text, i + 1);
      if (name === 'messages') {
        // Judge the request by what precedes its messages first: a body that is surely not
        // plain OpenAI chat is left to the general import before any message is read.
        envelope.set(name, []);
        if (!forced && !chatEnvelope(envelope)) return null;
        if (!plainRequest(envelope)) return null;
        found = new MessageReader(text, reader, merged, 2, sink, forced, progress, observe ?? null);
        i = found.read(i);
        if (i < 0) return null;
      } else {
        if (reader.read(i) !== null) return null;
        mergeDiagnostics(merged, reader.diagnostics, 1);
        envelope.set(name, reader.value);
        observe?.(reader.value, name);
        i = reader.end;
      }
      i = skipWs(text, i);
      const c = text.charCodeAt(i);
      if (c === 0x7d /* } */) break;
      if (c !== 0x2c /* , */) return null;
      i = skipWs(text, i + 1);
    }
    i++;
    if (found === null) return null;
    list = found;
    if (!forced && !chatEnvelope(envelope)) return null;
    if (!plainRequest(envelope)) return null;
  } else {
    return null;
  }
  if (skipWs(text, i) !== text.length) return null;
  if (!list.settle()) return null;
  const bare = envelope === null;
  let scan = scanDiagnostics(merged, bare);
  // Every message is an object here, so the first that repeats a key is the first verdict.
  if (scan === 'scanned' && list.repeated !== null) {
    scan = scanMessage(list.repeats, list.repeated, true);
  }
  const warnings: string[] = [];
  if (list.missing > 0) warnings.push(missingIdsWarning(list.missing));
  return { messages: list.messages(), warnings, referenceScan: scan };
}

/**
 * Whether `sniff` reads this request body as OpenAI chat judged on everything but its messages
 * (which stand as an empty array here); `DialectFold` judges the messages as they are read.
 * A `system` member is left to the general import: whether it makes the body Anthropic depends
 * on the messages' roles.
 */
function chatEnvelope(envelope: JsonObject): boolean {
  return !envelope.has('system') && sniffObject(envelope) === 'openai-chat';
}

/** No reply logged beside the request (`choices`, or `response.choices`): messages only. */
function plainRequest(envelope: JsonObject): boolean {
  return (
    arr(envelope, 'choices') === undefined &&
    arr(field(envelope, 'response'), 'choices') === undefined
  );
}

/** Reports how far the messages have been read, each time another 2 % of the text is done. */
class Progress {
  private next: number;
  private readonly step: number;

  constructor(
    private readonly total: number,
    private readonly report: (done: number, total: number) => void,
  ) {
    this.step = Math.max(1, Math.ceil(total / 50));
    this.next = this.step;
  }

  at(done: number): void {
    if (done < this.next) return;
    this.report(done, this.total);
    this.next = done + this.step;
  }
}

/** A bare array's message held until the array's format is judged. */
interface Held {
  readonly m: ChatMessage;
  readonly v: JsonValue;
  readonly literal: string | null;
}

/** Reads one messages array, each element straight to the sink. */
class MessageReader {
  private readonly bounds: number[] = [];
  private readonly dialect = new DialectFold();
  /** A bare array's first messages, held until its format is judged (null: not held). */
  private head: Held[] | null;
  /** Tool calls without a string id (the importer's warning). */
  missing = 0;
  /** The first message that repeats one of its own keys, and its index (-1: none). */
  repeats = -1;
  repeated: JsonObject | null = null;

  constructor(
    private readonly text: string,
    private readonly reader: JsonPartReader,
    private readonly merged: JsonDiagnostics,
    /** The depth of the array's elements' containers, less one. */
    private readonly depth: number,
    private readonly sink: MessageSink,
    /** The user chose OpenAI chat: the messages' dialect is not judged. */
    private readonly forced: boolean,
    private readonly progress: Progress | null,
    /** Sees each message's parsed value (the census), before it is let go. */
    private readonly observe: ValueObserver | null,
  ) {
    // Only a bare array is judged from its first messages; a request body by its members.
    this.head = forced || depth !== 1 ? null : [];
  }

  /** Reads the array at `open` (a `[`); the index just past it, or -1. */
  read(open: number): number {
    const text = this.text;
    if (text.charCodeAt(open) !== 0x5b) return -1;
    let i = skipWs(text, open + 1);
    if (text.charCodeAt(i) === 0x5d) return -1; // no messages: the general import words that
    for (;;) {
      if (this.reader.read(i) !== null || !this.take(i)) return -1;
      i = skipWs(text, this.reader.end);
      this.progress?.at(i);
      const c = text.charCodeAt(i);
      if (c === 0x5d /* ] */) return i + 1;
      if (c !== 0x2c /* , */) return -1;
      i = skipWs(text, i + 1);
    }
  }

  /** Takes the message the reader just read at `start`; false when the import must not. */
  private take(start: number): boolean {
    const { value: v, end, diagnostics } = this.reader;
    if (!isJsonObject(v) || isLegacyFunctionMessage(v) || hasToolResponses(v)) return false;
    const index = this.bounds.length >> 1;
    mergeDiagnostics(this.merged, diagnostics, this.depth);
    if (this.repeats < 0 && diagnostics.duplicateKeyObjects.includes(v)) {
      this.repeats = index;
      this.repeated = v;
    }
    if (!this.forced && this.dialect.add(v) && this.dialect.result !== 'openai-chat') return false;
    this.observe?.(v, null, start, end);
    const m = rawMessage(v, { start, end });
    this.missing += missingIds(m);
    this.bounds.push(start, end);
    const literal =
      m.role === 'tool' && typeof m.content === 'string' && m.content.length >= LITERAL_MIN
        ? this.reader.literal()
        : null;
    if (this.head === null) {
      this.sink(m, literal);
      return true;
    }
    this.head.push({ m, v, literal });
    if (this.head.length === HEAD) return this.judgeHead();
    return true;
  }

  /** A bare array: judged from its first messages as `sniff` would, then passed on. */
  private judgeHead(): boolean {
    const head = this.head as Held[];
    this.head = null;
    if (sniffArray(head.map((h) => h.v)) !== 'openai-chat') return false;
    for (const h of head) this.sink(h.m, h.literal);
    return true;
  }

  /** After the last message: whether the list is OpenAI chat, as the general import reads it. */
  settle(): boolean {
    if (this.head !== null && !this.judgeHead()) return false;
    return this.forced || this.dialect.result === 'openai-chat';
  }

  messages(): SpanMessages {
    return SpanMessages.fromBounds(this.text, Uint32Array.from(this.bounds));
  }
}
