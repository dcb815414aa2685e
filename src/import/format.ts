// What one format's importer returns, and the helpers every importer ends with.
import { err } from '../json/index';
import type { ChatMessage } from '../detector/index';
import type { Result } from '../json/index';
import type { Conversation } from './build';
import type { Doc } from './text';
import type { ImportError, ImportOptions } from './types';

/** What one format's importer returns; `importTranscript` adds the format's id and label. */
export interface FormatOutput {
  readonly messages: ChatMessage[];
  readonly warnings: string[];
  /** Only the OpenAI chat importer knows the reference's verdict on the body; others are 'scanned'. */
  readonly referenceScan?: 'scanned' | { failOpen: string };
  /**
   * Set when every message is `rawMessage` of the JSON value at its `span` in this text, so a
   * holder may drop the messages and rebuild any of them from the text (spanMessages.ts).
   */
  readonly spanText?: string;
  /**
   * Set when the file holds more than one conversation (a Claude Code session with its
   * subagents, an Inspect log's samples): every one of them, in file order, the first being
   * the one `messages` holds. Absent means `messages` is the file's only conversation.
   */
  readonly conversations?: readonly ConversationOutput[];
  /** `ConversationOutput.blindSpots`, of the file's only conversation. */
  readonly blindSpots?: readonly string[];
}

/** One conversation of a file that holds several: what it is, and its own messages. */
export interface ConversationOutput {
  /** What the conversation is, as a user would name it ("main chain", "sample 3 epoch 1"). */
  readonly label: string;
  readonly messages: ChatMessage[];
  /** Warnings about this conversation alone. */
  readonly warnings: string[];
  /**
   * What the detector cannot see in it (`blindSpots`), when the format kept count as it
   * mapped (a session followed as it grows); else it is worked out from the messages.
   */
  readonly blindSpots?: readonly string[];
}

/** One format's importer: a parsed document in, the chat-completions list out. */
export type FormatImporter = (doc: Doc, opts: ImportOptions) => Result<FormatOutput, ImportError>;

/** The error for a document whose format is known (or forced) but whose structure is unusable. */
export function invalid(message: string): { readonly ok: false; readonly error: ImportError } {
  return err({ kind: 'invalid', message });
}

/** The output of a `Conversation`. */
export function finish(c: Conversation, extra: readonly string[] = []): FormatOutput {
  const warnings = extra.slice();
  for (const w of c.warnings.toArray()) warnings.push(w);
  return { messages: c.messages, warnings };
}
