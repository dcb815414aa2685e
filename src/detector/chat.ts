// The chat-completions message list the replay walks (docs/detector.md §7).
import type { JsonValue } from '../json/value';

/**
 * One message of the chat-completions list that the replay walks (docs/detector.md §7).
 *
 * Every importer maps its format to these. The four fields are kept as raw JSON values,
 * exactly as an OpenAI-style request body would carry them, so the reference's rules
 * (a non-string role breaks a run, a `tool_calls` that is not an array means no calls,
 * a non-string `tool_call_id` is skipped, …) apply unchanged. `undefined` = field absent.
 */
export interface ChatMessage {
  readonly role: JsonValue | undefined;
  readonly content: JsonValue | undefined;
  /** OpenAI shape: `[{ id, type: "function", function: { name, arguments } }]`. */
  readonly tool_calls: JsonValue | undefined;
  readonly tool_call_id: JsonValue | undefined;
  /** Where the message stands in the source text, when known (UTF-16 offsets, end exclusive). */
  readonly span?: { readonly start: number; readonly end: number };
  /**
   * On a tool answer: true when the source format marks the call as failed (Anthropic's
   * `is_error`, Inspect's `error`, a non-zero exit code, an error event), false when the
   * format has such a mark and it says the call succeeded; absent when the format has none.
   */
  readonly error?: boolean;
}

/**
 * Read access to a transcript's messages by index. An array is one; the worker may hold
 * another kind that rebuilds each message from its place in the text when asked, so it need
 * not keep every message's parsed tree.
 */
export interface MessageList {
  readonly length: number;
  at(index: number): ChatMessage | undefined;
}
