/**
 * Text files that are not transcripts Loopscope reads: chat logs with no structured tool calls
 * (nothing to replay). Named plainly instead of failing as invalid JSON. docs/formats.md §1.
 */
import type { ImportError } from './types';
import { inputLabel } from './warnings';
import { CASCADE_NOTE } from './cascadeExport';

/** How far into the text the header is looked for: leading blank lines and a BOM at most. */
const HEAD = 512;

/**
 * Aider's `.aider.chat.history.md` opens every session with this header line
 * (`InputOutput.__init__` in aider/io.py, written after a blank line), then `#### ` user
 * lines, `> ` tool output and the assistant's markdown.
 */
const AIDER_HEADER = /^# aider chat started at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[ \t]*\r?$/;

/**
 * Aider's `.aider.llm.history` (`--llm-history-file`): each message list it sent and each reply,
 * under a line `TO LLM <time>` or `LLM RESPONSE <time>` (`log_llm_history` in aider/io.py,
 * Aider-AI/aider @d1384e9d5f), its edits as text blocks, no structured calls.
 */
const AIDER_LLM_HEADER = /^(?:TO LLM|LLM RESPONSE) \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[ \t]*\r?$/;

/**
 * Windsurf's Cascade panel and Google Antigravity export a conversation as markdown under
 * `# Cascade Chat Conversation` (or `# Chat Conversation`) and a note that it "is purely the
 * output of the chat conversation". One with tool steps is read (`cascadeExport.ts`); one
 * without any is named here.
 */
const CASCADE_HEADER = /^# (?:Cascade )?Chat Conversation[ \t]*\r?$/;

/** The error for a chat log this text opens as, or null: looks at its first line. */
export function chatLogError(text: string, name?: string): ImportError | null {
  const head = text.slice(0, HEAD).replace(/^\uFEFF/, '');
  const input = inputLabel(name, 'The input');
  const firstLine = head.split('\n').find((l) => l.trim() !== '');
  if (firstLine === undefined) return null;
  if (AIDER_HEADER.test(firstLine)) {
    const seen = "Aider's markdown chat history";
    return {
      kind: 'not-transcript',
      message: `${input} is ${seen} (.aider.chat.history.md): a chat log with no structured tool calls, so there is nothing for the loop detector to replay.`,
      seen,
    };
  }
  if (AIDER_LLM_HEADER.test(firstLine)) {
    const seen = "Aider's LLM history";
    return {
      kind: 'not-transcript',
      message: `${input} is ${seen} (.aider.llm.history): the prompts Aider sent and the replies it got, its edits written as text with no structured tool calls, so there is nothing for the loop detector to replay.`,
      seen,
    };
  }
  if (CASCADE_HEADER.test(firstLine) && head.includes(CASCADE_NOTE)) {
    const seen = 'a Windsurf (Cascade) or Antigravity chat export';
    return {
      kind: 'not-transcript',
      message: `${input} is ${seen} with no tool step in it, so there is no call for the loop detector to replay.`,
      seen,
    };
  }
  return null;
}
