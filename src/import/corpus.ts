/**
 * A corpus file may hold one transcript, or many: a JSONL file with one whole conversation
 * a line (`{"messages":[…]}` or a bare message array per line, as fine-tuning and eval sets
 * are written). That is not the same as a JSONL *transcript* (Claude Code, Codex, Gemini
 * CLI), where each line is one event of a single conversation; `importTranscript` handles
 * those. This file tells the two apart and splits the first kind, so the corpus view and the
 * CLI can give every conversation its own row.
 */
import { isJsonArray, isJsonObject, parseJson, printJson, type JsonValue } from '../json/index';
import { decodeInput, type Decoded } from './decode';

/** One conversation line of a JSONL-of-conversations file. */
interface ConversationLine {
  /** 1-based line number in the file. */
  readonly line: number;
  /** The line's text, to be imported on its own. */
  readonly text: string;
}

/** One transcript a corpus file holds: the whole file, or one line of it. */
export interface CorpusPart {
  /** The file name, or `file:line` for a conversation line. */
  readonly name: string;
  /** The line number for a conversation line; null for the whole file. */
  readonly line: number | null;
  /**
   * What to hand to `importTranscript`: a conversation line's text, or the whole file as it
   * was decoded to look for lines (so it is not decoded again), or its bytes where it could not
   * be decoded (the import then says why).
   */
  readonly input: string | Uint8Array | Decoded;
}

/**
 * Keys under which a request body or dataset record carries a whole conversation (OpenAI and
 * Anthropic `messages`, Gemini `contents`). Not `input`: a Langfuse observation line carries
 * its prompt there, and a JSONL of observations is one trace, not many conversations.
 */
const CONVERSATION_KEYS = ['messages', 'contents'] as const;

/** A whole conversation on one line: a non-empty array of objects, or an object carrying one. */
function isConversation(v: JsonValue): boolean {
  if (isJsonArray(v)) return v.length > 0 && v.every((m) => isJsonObject(m));
  if (!isJsonObject(v)) return false;
  return CONVERSATION_KEYS.some((k) => {
    const inner = v.get(k);
    return isJsonArray(inner) && inner.length > 0 && inner.every((m) => isJsonObject(m));
  });
}

interface LineSpan {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/** The non-blank line of `text` (CRLF-aware) that starts at or after `pos`, as a span; null past the end. */
function nextLine(text: string, pos: number, lineNo: number): LineSpan | null {
  while (pos < text.length) {
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    let end = nl;
    if (end > pos && text.charCodeAt(end - 1) === 13) end--;
    if (text.slice(pos, end).trim() !== '') return { line: lineNo, start: pos, end };
    pos = nl + 1;
    lineNo++;
  }
  return null;
}

/** Where the line after `span` starts. */
function after(text: string, span: LineSpan): number {
  const nl = text.indexOf('\n', span.end);
  return nl < 0 ? text.length : nl + 1;
}

/**
 * Splits a JSONL file with one whole conversation a line into its lines, or returns null when
 * the text is anything else (one JSON document, a JSONL transcript, prose). It takes the file
 * as conversations when there are at least two non-blank lines, the first is a conversation
 * on its own, and every line that parses is one. A line that does not parse is kept, so its
 * import fails as that line's own error rather than hiding the file's other conversations.
 */
export function splitConversations(text: string): ConversationLine[] | null {
  // The first line is judged before the rest are listed: most files are one document or a
  // transcript's JSON Lines, told apart by it at once.
  const first = nextLine(text, 0, 1);
  if (first === null) return null;
  const second = nextLine(text, after(text, first), first.line + 1);
  if (second === null) return null;
  const out: ConversationLine[] = [];
  const growing = new Growth();
  for (let span: LineSpan | null = first; span !== null;) {
    const lineText = text.slice(span.start, span.end);
    const parsed = parseJson(lineText);
    if (parsed.ok) {
      if (!isConversation(parsed.value.value)) return null;
      // Lines that are snapshots of one growing history are one transcript, read whole.
      if (growing.continues(messagesOf(parsed.value.value))) return null;
    } else if (span === first) {
      return null;
    }
    out.push({ line: span.line, text: lineText });
    span = nextLine(text, after(text, span), span.line + 1);
  }
  return out;
}

/** A conversation line's messages. */
function messagesOf(v: JsonValue): readonly JsonValue[] {
  if (isJsonArray(v)) return v;
  for (const k of CONVERSATION_KEYS) {
    const inner = isJsonObject(v) ? v.get(k) : undefined;
    if (isJsonArray(inner)) return inner;
  }
  return [];
}

/**
 * Whether a line's messages go on from an earlier line's: all of its messages, then more (a
 * rollout logged at every step, a proxy's log of each request with the history so far). Lines
 * are grouped by their first two messages, so a dataset of distinct conversations costs one
 * print of two messages a line.
 */
class Growth {
  private readonly last = new Map<string, readonly JsonValue[]>();

  continues(messages: readonly JsonValue[]): boolean {
    if (messages.length < 2) return false;
    const key = `${printJson(messages[0] as JsonValue)}\u0000${printJson(messages[1] as JsonValue)}`;
    const before = this.last.get(key);
    this.last.set(key, messages);
    if (before === undefined || before.length >= messages.length) return false;
    for (let i = 2; i < before.length; i++)
      if (printJson(before[i] as JsonValue) !== printJson(messages[i] as JsonValue)) return false;
    return true;
  }
}

/**
 * The transcripts one corpus file holds: one part per conversation line of a
 * JSONL-of-conversations file, else the file itself (left as bytes, so the importer still
 * sees a ZIP, a UTF-16 file or a binary one as what it is).
 */
export function corpusParts(bytes: Uint8Array, name: string): CorpusPart[] {
  const decoded = decodeInput(bytes, name);
  const whole: CorpusPart[] = [{ name, line: null, input: decoded.ok ? decoded.value : bytes }];
  if (!decoded.ok || decoded.value.kind !== 'text') return whole;
  const split = splitConversations(decoded.value.text);
  if (split === null) return whole;
  return split.map((c) => ({ name: `${name}:${c.line}`, line: c.line, input: c.text }));
}
