// Tool calls and messages as formats read them, built into chat-completions messages.
import type { ChatMessage } from '../detector/index';
import type { JsonObject, JsonValue } from '../json/index';
import { plural, Warnings } from './warnings';

/** A tool call as a format reads it, before it becomes an OpenAI `tool_calls` entry. */
export interface CallInput {
  /** The original id; `undefined` when the source had none (one is synthesized). */
  readonly id: string | undefined;
  readonly name: string;
  /** The arguments exactly as the source gave them: a string stays a string, an object an object. */
  readonly args: JsonValue;
}

/** Where a message came from in the source text (UTF-16 offsets, end exclusive). */
export type Span = { readonly start: number; readonly end: number } | undefined;

/** Builds an OpenAI `tool_calls` entry: `{id, type: "function", function: {name, arguments}}`. */
export function toolCallValue(id: string, name: string, args: JsonValue): JsonObject {
  const fn: JsonObject = new Map<string, JsonValue>([
    ['name', name],
    ['arguments', args],
  ]);
  return new Map<string, JsonValue>([
    ['id', id],
    ['type', 'function'],
    ['function', fn],
  ]);
}

/** A chat message with all four fields set (monomorphic objects keep the replay fast). */
export function chatMessage(
  role: JsonValue | undefined,
  content: JsonValue | undefined,
  toolCalls: JsonValue | undefined,
  toolCallId: JsonValue | undefined,
  span: Span,
  error?: boolean,
): ChatMessage {
  return { role, content, tool_calls: toolCalls, tool_call_id: toolCallId, span, error };
}

interface Pending {
  readonly id: string;
  readonly name: string;
  answered: boolean;
}

/**
 * Accumulates the chat-completions list for formats that are not already in it.
 *
 * It keeps the calls of the newest assistant turn so results without an id can be
 * paired as docs/formats.md §3 describes (by id, then by name in call order,
 * then by position), and so a format that splits one reply over several records
 * (Claude Code) can merge them back into one batch.
 */
export class Conversation {
  readonly messages: ChatMessage[] = [];
  readonly warnings = new Warnings();
  private pending: Pending[] = [];
  /** The newest assistant message (and its `tool_calls`) while only tool messages followed it. */
  private openCalls: JsonValue[] | null = null;
  private openIndex = -1;
  private orphan = 0;

  /** A user, system, developer (or any other role) message; it closes the current batch. */
  message(role: string, content: JsonValue | undefined, span?: Span): void {
    this.close();
    this.messages.push(chatMessage(role, content, undefined, undefined, span));
  }

  /** An assistant message; `calls` empty means a prose turn. Returns its index. */
  assistant(content: JsonValue | undefined, calls: readonly CallInput[], span?: Span): number {
    this.close();
    const index = this.messages.length;
    const toolCalls: JsonValue[] | undefined = calls.length > 0 ? [] : undefined;
    this.messages.push(chatMessage('assistant', content ?? null, toolCalls, undefined, span));
    this.openIndex = index;
    this.openCalls = toolCalls ?? null;
    if (toolCalls) for (const c of calls) this.pushCall(toolCalls, c);
    return index;
  }

  /**
   * Adds text and calls to the newest assistant message when nothing but tool results
   * came after it (one reply logged over several records, as Claude Code does).
   * Returns false when there is no such message.
   */
  extendAssistant(text: string | null, calls: readonly CallInput[]): boolean {
    if (this.openIndex < 0) return false;
    const m = this.messages[this.openIndex] as ChatMessage;
    let content = m.content;
    if (text !== null && text !== '') content = typeof content === 'string' ? content + text : text;
    let toolCalls = this.openCalls;
    if (calls.length > 0 && !toolCalls) toolCalls = this.openCalls = [];
    if (toolCalls) for (const c of calls) this.pushCall(toolCalls, c);
    if (content !== m.content || toolCalls !== m.tool_calls) {
      this.messages[this.openIndex] = chatMessage(
        'assistant',
        content,
        toolCalls ?? undefined,
        undefined,
        m.span,
      );
    }
    return true;
  }

  /** Index of the newest assistant message while only tool results followed it, or -1. */
  get openAssistant(): number {
    return this.openIndex;
  }

  /**
   * A tool result. With an id it answers that call; without one it is paired with
   * the newest turn's first unanswered call of the same name, else the first
   * unanswered call. Returns the id it used. `error` is the format's own failure mark, if it
   * has one (see `ChatMessage.error`).
   */
  result(
    id: string | undefined,
    name: string | undefined,
    content: JsonValue | undefined,
    span?: Span,
    error?: boolean,
  ): string {
    let useId = id;
    if (useId === undefined) {
      const p =
        (name !== undefined
          ? this.pending.find((q) => !q.answered && q.name === name)
          : undefined) ?? this.pending.find((q) => !q.answered);
      if (p) {
        useId = p.id;
      } else {
        useId = `syn-orphan-${this.orphan++}`;
        this.warnings.count(
          'orphan',
          (n) =>
            `${plural(n, 'tool result')} had no id and no open call to pair with; each got a synthesized id and answers nothing.`,
        );
      }
    }
    for (const q of this.pending) {
      if (!q.answered && q.id === useId) {
        q.answered = true;
        break;
      }
    }
    // A result keeps the assistant's batch open: later records of the same reply may still merge.
    this.messages.push(chatMessage('tool', content, undefined, useId, span, error));
    return useId;
  }

  /** Pushes a message exactly as given (formats already in chat-completions shape). */
  raw(m: ChatMessage): void {
    this.close();
    this.messages.push(m);
  }

  private pushCall(target: JsonValue[], c: CallInput): void {
    let id = c.id;
    if (id === undefined) {
      id = `syn-${this.openIndex}-${target.length}`;
      this.warnings.count(
        'synth-id',
        (n) =>
          `Synthesized ${plural(n, 'tool-call id')} (the source had none); results were paired by name and order.`,
      );
    }
    target.push(toolCallValue(id, c.name, c.args));
    this.pending.push({ id, name: c.name, answered: false });
  }

  private close(): void {
    this.openCalls = null;
    this.openIndex = -1;
    this.pending = [];
  }
}
