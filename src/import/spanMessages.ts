/**
 * A transcript's messages kept as places in the text instead of parsed trees (the
 * worker keeps positions, not a second copy of every message). Each message is parsed again
 * from its span when it is read: the details of one batch, or the detector lanes' single walk.
 *
 * Only for imports that say every message is `rawMessage` of the JSON value at its span
 * (`Imported.spanText`, set by the OpenAI chat importer when nothing was converted); others
 * keep their messages as they are.
 */
import { JsonPartReader } from '../json/index';
import type { ChatMessage, MessageList } from '../detector/index';
import { rawMessage } from './dialects/openai';
import type { Imported } from './types';

/** Recently rebuilt messages kept: a batch's answers are read right after the batch. */
const RECENT = 64;

export class SpanMessages implements MessageList {
  private readonly recent: (ChatMessage | undefined)[] = new Array<ChatMessage | undefined>(RECENT);
  private readonly recentIndex = new Int32Array(RECENT).fill(-1);
  private reader: JsonPartReader | null = null;

  private constructor(
    private readonly text: string,
    /** start, end of each message (UTF-16 offsets; V8 strings stay far below 2^32 units). */
    private readonly bounds: Uint32Array,
  ) {}

  /** The messages of an import, each rebuilt from the text at its span. */
  static fromMessages(text: string, messages: readonly ChatMessage[]): SpanMessages {
    const bounds = new Uint32Array(messages.length * 2);
    messages.forEach((m, i) => {
      if (m.span === undefined) throw new Error(`message ${i} has no span to rebuild it from`);
      bounds[2 * i] = m.span.start;
      bounds[2 * i + 1] = m.span.end;
    });
    return new SpanMessages(text, bounds);
  }

  /** Messages at `bounds` (start, end, start, end, …), each one JSON value of the text. */
  static fromBounds(text: string, bounds: Uint32Array): SpanMessages {
    return new SpanMessages(text, bounds);
  }

  get length(): number {
    return this.bounds.length / 2;
  }

  /** Message `index` rebuilt from the text; undefined outside 0…length-1. */
  at(index: number): ChatMessage | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    const slot = index % RECENT;
    if (this.recentIndex[slot] === index) return this.recent[slot];
    const start = this.bounds[2 * index] as number;
    const end = this.bounds[2 * index + 1] as number;
    // One reader for all reads: the detector lanes read every message in order, which is then
    // one pass over the text's escapes.
    this.reader ??= new JsonPartReader(this.text);
    // The span held one JSON value when the transcript was imported, and the text is the same.
    if (this.reader.read(start) !== null || this.reader.end > end) {
      throw new Error(`message ${index} no longer parses`);
    }
    const m = rawMessage(this.reader.value, { start, end });
    this.recent[slot] = m;
    this.recentIndex[slot] = index;
    return m;
  }
}

/**
 * What a long-lived holder should keep of an import's messages: a `SpanMessages` over the
 * text when each message can be rebuilt from it, else the messages themselves.
 */
export function keptMessages(imported: Imported): MessageList {
  const { spanText, messages } = imported;
  if (spanText === undefined || !messages.every((m) => m.span !== undefined)) return messages;
  return SpanMessages.fromMessages(spanText, messages);
}
