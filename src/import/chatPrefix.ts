/**
 * The part of a JSON document still being read that is already whole: an OpenAI (or
 * Anthropic) request body, or a bare messages array, cut after its last complete message and
 * closed, so it parses and imports as the document would if it ended there. A large body is
 * read in pieces; this lets what was read so far be replayed before the rest arrives.
 *
 * It looks only at the structure (strings are stepped over with the native indexOf), and
 * goes on from where the last call stopped, so following a text that grows costs one pass.
 * The closed text is a preview: what comes after the messages (tools, repeated keys) can
 * change how the whole document reads, and the whole import is the one that counts.
 */
import { skipString, skipValue, skipWs } from './spans';

const QUOTED_MESSAGES = '"messages"';

export class ChatPrefix {
  /** Where the messages array opens; -1 until found. */
  private array = -1;
  /** Whether the text is the array itself (no envelope). */
  private bare = false;
  /** Just past the last complete message found (the array's `[` + 1 before any). */
  private cut = -1;
  /** Where to look for the next message. */
  private next = -1;
  /** Complete messages found so far. */
  private count = 0;
  /** The text is no document this reads: never again. */
  private no = false;

  /**
   * The text up to its last complete message, closed; null when there is none yet, or the
   * text is no chat body. `text` extends the text of the last call.
   */
  closed(text: string): { text: string; messages: number } | null {
    if (this.no) return null;
    if (this.array < 0 && !this.findArray(text)) return null;
    let j = this.next;
    for (;;) {
      j = skipWs(text, j);
      if (j >= text.length) break;
      const c = text.charCodeAt(j);
      if (c === 0x2c /* , */) {
        j++;
        continue;
      }
      if (c === 0x5d /* ] */ || c !== 0x7b /* { */) break;
      const end = skipValue(text, j);
      if (end < 0) break;
      this.cut = end;
      this.count++;
      j = end;
    }
    this.next = j;
    if (this.count === 0) return null;
    return { text: `${text.slice(0, this.cut)}]${this.bare ? '' : '}'}`, messages: this.count };
  }

  /** Finds the messages array's `[`: the text itself, or the envelope's `messages` member. */
  private findArray(text: string): boolean {
    let i = skipWs(text, 0);
    const first = text.charCodeAt(i);
    if (first === 0x5b /* [ */) {
      this.bare = true;
      return this.opened(i);
    }
    if (first !== 0x7b /* { */) return this.fail(i < text.length);
    i = skipWs(text, i + 1);
    for (;;) {
      if (i >= text.length) return false;
      if (text.charCodeAt(i) !== 0x22) return this.fail(true);
      const keyEnd = skipString(text, i);
      if (keyEnd < 0) return false;
      const isMessages =
        keyEnd - i === QUOTED_MESSAGES.length && text.startsWith(QUOTED_MESSAGES, i);
      i = skipWs(text, keyEnd);
      if (i >= text.length) return false;
      if (text.charCodeAt(i) !== 0x3a /* : */) return this.fail(true);
      i = skipWs(text, i + 1);
      if (i >= text.length) return false;
      if (isMessages && text.charCodeAt(i) === 0x5b) return this.opened(i);
      const end = skipValue(text, i);
      if (end < 0 || end >= text.length) return false;
      i = skipWs(text, end);
      const c = text.charCodeAt(i);
      if (c === 0x2c) i = skipWs(text, i + 1);
      else return this.fail(i < text.length);
    }
  }

  private opened(at: number): boolean {
    this.array = at;
    this.cut = at + 1;
    this.next = at + 1;
    return true;
  }

  /** `really`: the text is seen to be no chat body (else it is only not read far enough yet). */
  private fail(really: boolean): boolean {
    if (really) this.no = true;
    return false;
  }
}
