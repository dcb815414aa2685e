// The importer's public types: formats, imported conversations, errors, options.
import type { Census } from './census';
import type { ChatMessage } from '../detector/index';

/** Every transcript format the importer recognises. */
export type FormatId =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'cline'
  | 'gemini'
  | 'claude-code'
  | 'qwen-code'
  | 'codex'
  | 'gemini-cli'
  | 'otel'
  | 'langfuse'
  | 'langsmith'
  | 'inspect'
  | 'langchain'
  | 'openhands'
  | 'swe-agent'
  | 'atif'
  | 'chatgpt'
  | 'har'
  | 'copilot-cli'
  | 'sse'
  | 'generic';

/** A format's id with the name and one-line description the UI shows. */
export interface FormatInfo {
  readonly id: FormatId;
  readonly label: string;
  readonly description: string;
}

/** What an import produced: the chat-completions list the replay reads, and what it had to invent or drop. */
export interface Imported {
  format: FormatId;
  formatLabel: string;
  /** The chat-completions list the replay reads. */
  messages: ChatMessage[];
  /** What the mapping invented or dropped, one sentence each. */
  warnings: string[];
  /** Whether the reference proxy would scan this body, or fail open and why (docs/detector.md §7.1). */
  referenceScan: 'scanned' | { failOpen: string };
  /** The text the messages' spans index, when each can be rebuilt from it (`FormatOutput`). */
  spanText?: string;
  /**
   * Every conversation in the file, in file order (at least one). `messages` and the
   * warnings about the conversation itself are those of `conversations[conversation]`;
   * `importConversations` gives each of them whole.
   */
  conversations: readonly ImportedConversation[];
  /** Which of `conversations` `messages` holds. */
  conversation: number;
  /** The tool-call census of the whole file (census.ts), the same in each conversation. */
  census?: Census;
}

/** One conversation of an imported file. */
export interface ImportedConversation {
  /** What it is, as a user would name it ("main chain", "subagent a1b2 · Find the bug"). */
  readonly label: string;
  /** How many messages it has after import. */
  readonly messages: number;
}

/** Why an input could not be imported. Every `message` is one plain line naming the position. */
export type ImportError =
  | { kind: 'empty'; message: string }
  | { kind: 'binary'; message: string }
  | {
      kind: 'syntax';
      message: string;
      line: number;
      column: number;
      offset: number;
      /** The offending line, trimmed around the column when it is very long. */
      lineText: string;
      /** 0-based index into `lineText` where a caret should point (added beyond the contract). */
      caret: number;
    }
  | { kind: 'unknown-format'; message: string; supported: readonly FormatInfo[]; seen: string }
  /** A file Loopscope recognises as something other than a transcript (a chat log). */
  | { kind: 'not-transcript'; message: string; seen: string }
  | { kind: 'invalid'; message: string };

/** Options for `importTranscript`. */
export interface ImportOptions {
  /** Force a format instead of detecting it (`auto`, the default, detects). */
  format?: FormatId | 'auto';
  /**
   * Which conversation of a file that holds several becomes `messages` (0-based; default 0,
   * out of range falls back to 0).
   */
  conversation?: number;
  /**
   * How to read the tool results Cline and Roo Code store as user text: `user` (default) as
   * they are sent, user turns that break every run; `tool` as the tool messages they stand for.
   */
  clineResults?: 'user' | 'tool';
  /** The file name, used only in messages. */
  name?: string;
  /**
   * How far the reading of the text has come (UTF-16 units done of total), about every 2 %.
   * Called only where the text is read a message at a time (`importStreaming`); elsewhere the
   * parse is one step that cannot say.
   */
  onProgress?: (done: number, total: number) => void;
  /**
   * Whether to take the tool-call census of the file (census.ts; default true). Only the
   * benchmark turns it off, to measure what it costs.
   */
  census?: boolean;
}
