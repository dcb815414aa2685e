// The text of message content in its many shapes: strings, text parts and their Responses and
// Gemini cousins.
import { isJsonArray, isJsonObject } from '../json/index';
import type { JsonValue } from '../json/index';
import { field, str } from './access';

const TEXT_TYPES = new Set(['text', 'input_text', 'output_text', 'summary_text']);

/** The text of a content part (`{type: "text", text}` and its Responses / Gemini cousins), or undefined. */
function partText(p: JsonValue): string | undefined {
  if (typeof p === 'string') return p;
  if (!isJsonObject(p)) return undefined;
  const t = str(p, 'type');
  if (t !== undefined && !TEXT_TYPES.has(t)) return undefined;
  if (p.get('thought') === true) return undefined;
  return str(p, 'text');
}

/**
 * An assistant's narration: a string as is, the text parts of an array joined with no
 * separator (what the reference's `extract_text` does), null when there is none.
 */
export function narration(v: JsonValue | undefined): string | null {
  if (typeof v === 'string') return v;
  if (!isJsonArray(v)) return null;
  let out: string | null = null;
  for (const p of v) {
    const t = partText(p);
    if (t !== undefined) out = out === null ? t : out + t;
  }
  return out;
}

/**
 * A user or system turn as readable text: text parts joined by newlines and other
 * parts as short placeholders (`[image image/png]`), so nothing binary is carried along.
 */
export function displayText(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (!isJsonArray(v)) {
    const t = partText(v);
    return t ?? placeholder(v);
  }
  const out: string[] = [];
  for (const p of v) {
    const t = partText(p);
    out.push(t ?? placeholder(p));
  }
  return out.join('\n');
}

function placeholder(p: JsonValue): string {
  if (!isJsonObject(p)) return '[non-text part]';
  const type = str(p, 'type');
  // The Agent Client Protocol wraps a tool call's content blocks (`ToolCallContent`): the block.
  if (type === 'content' && p.has('content')) return displayText(p.get('content'));
  if (type === 'diff' && str(p, 'path') !== undefined) return `[diff ${str(p, 'path') ?? ''}]`;
  const mime =
    str(field(p, 'source'), 'media_type') ??
    str(field(p, 'inlineData'), 'mimeType') ??
    str(field(p, 'inline_data'), 'mime_type') ??
    str(field(p, 'fileData'), 'mimeType');
  const kind =
    type ??
    (p.has('inlineData') || p.has('inline_data')
      ? 'inline data'
      : p.has('fileData')
        ? 'file'
        : 'part');
  return mime ? `[${kind} ${mime}]` : `[${kind}]`;
}

/** How long a conversation's label quotes its first prompt. */
const LABEL_PROMPT = 60;

/** A prompt as a conversation's label quotes it: on one line, cut with an ellipsis. */
export function promptLabel(prompt: string): string {
  const short = prompt.trim().replace(/\s+/g, ' ');
  return short.length > LABEL_PROMPT ? `${short.slice(0, LABEL_PROMPT - 1)}…` : short;
}
