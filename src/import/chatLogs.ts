/**
 * Text files that are not transcripts Loopscope reads: chat logs with no structured tool calls
 * (nothing to replay). Named plainly instead of failing as invalid JSON. docs/formats.md §1.
 */
import type { ImportError } from './types';

/** How far into the text the header is looked for: leading blank lines and a BOM at most. */
const HEAD = 512;

/**
 * Aider's `.aider.chat.history.md` opens every session with this header line
 * (`InputOutput.__init__` in aider/io.py, written after a blank line), then `#### ` user
 * lines, `> ` tool output and the assistant's markdown.
 */
const AIDER_HEADER = /^# aider chat started at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[ \t]*\r?$/;

/** The error for a chat log this text opens as, or null: looks at the first line only. */
export function chatLogError(text: string, name?: string): ImportError | null {
  const head = text.slice(0, HEAD).replace(/^\uFEFF/, '');
  const input = name ? `“${name}”` : 'The input';
  const firstLine = head.split('\n').find((l) => l.trim() !== '');
  if (firstLine === undefined || !AIDER_HEADER.test(firstLine)) return null;
  const seen = "Aider's markdown chat history";
  return {
    kind: 'not-transcript',
    message: `${input} is ${seen} (.aider.chat.history.md): a chat log with no structured tool calls, so there is nothing for the loop detector to replay.`,
    seen,
  };
}
