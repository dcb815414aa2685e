/**
 * A corpus file may hold one transcript, or many: a JSONL file with one whole conversation
 * a line (`{"messages":[…]}` or a bare message array per line, as fine-tuning and eval sets
 * are written). That is not the same as a JSONL *transcript* (Claude Code, Codex, Gemini
 * CLI), where each line is one event of a single conversation; `importTranscript` handles
 * those. This file tells the two apart and splits the first kind, so the corpus view and the
 * CLI can give every conversation its own row.
 */
import { isJsonArray, isJsonObject, parseJson, type JsonValue } from '../json/index';
import { decodeInput } from './decode';

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
  /** What to hand to `importTranscript`. */
  readonly input: string | Uint8Array;
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

/** The non-blank lines of `text` (CRLF-aware), as spans. */
function nonBlankLines(text: string): LineSpan[] {
  const out: LineSpan[] = [];
  let pos = 0;
  let lineNo = 0;
  while (pos < text.length) {
    lineNo++;
    let nl = text.indexOf('\n', pos);
    if (nl < 0) nl = text.length;
    let end = nl;
    if (end > pos && text.charCodeAt(end - 1) === 13) end--;
    if (text.slice(pos, end).trim() !== '') out.push({ line: lineNo, start: pos, end });
    pos = nl + 1;
  }
  return out;
}

/**
 * Splits a JSONL file with one whole conversation a line into its lines, or returns null when
 * the text is anything else (one JSON document, a JSONL transcript, prose). It takes the file
 * as conversations when there are at least two non-blank lines, the first is a conversation
 * on its own, and every line that parses is one. A line that does not parse is kept, so its
 * import fails as that line's own error rather than hiding the file's other conversations.
 */
export function splitConversations(text: string): ConversationLine[] | null {
  const lines = nonBlankLines(text);
  if (lines.length < 2) return null;
  const out: ConversationLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const span = lines[i] as LineSpan;
    const lineText = text.slice(span.start, span.end);
    const parsed = parseJson(lineText);
    if (parsed.ok) {
      if (!isConversation(parsed.value.value)) return null;
    } else if (i === 0) {
      return null;
    }
    out.push({ line: span.line, text: lineText });
  }
  return out;
}

/**
 * The transcripts one corpus file holds: one part per conversation line of a
 * JSONL-of-conversations file, else the file itself (left as bytes, so the importer still
 * sees a ZIP, a UTF-16 file or a binary one as what it is).
 */
export function corpusParts(bytes: Uint8Array, name: string): CorpusPart[] {
  const whole: CorpusPart[] = [{ name, line: null, input: bytes }];
  const decoded = decodeInput(bytes, name);
  if (!decoded.ok || decoded.value.kind !== 'text') return whole;
  const split = splitConversations(decoded.value.text);
  if (split === null) return whole;
  return split.map((c) => ({ name: `${name}:${c.line}`, line: c.line, input: c.text }));
}
