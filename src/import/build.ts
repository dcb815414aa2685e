// Tool calls and messages as formats read them, built into chat-completions messages.
import type { ChatMessage } from '../detector/index';
import { utf8Length } from '../detector/loopCost';
import type { JsonObject, JsonValue } from '../json/index';
import { plural, Warnings } from './warnings';

/** How the ids begin that answers paired with no call are given. */
export const ORPHAN_ID = 'syn-orphan-';

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

/**
 * A tool answer kept as its string literal in the source text (a slice of it), not as the
 * decoded copy: a large session's answers would otherwise all live through the import, which
 * the collector pays for. `content` decodes the literal at each read; the replay's prepare
 * step takes the literal and `bytes` instead.
 */
export class LiteralAnswer implements ChatMessage {
  readonly role = 'tool';
  readonly tool_calls = undefined;

  constructor(
    /** The string literal, quotes and escapes as written. */
    readonly literal: string,
    /** The decoded string's UTF-8 length (what a loop's cost counts). */
    readonly bytes: number,
    readonly tool_call_id: string,
    readonly span: Span,
    readonly error: boolean | undefined,
  ) {}

  get content(): string {
    // What the lenient parser read: it decodes escaped strings with `JSON.parse`, and accepts
    // no string literal that `JSON.parse` rejects.
    return JSON.parse(this.literal) as string;
  }
}

/** The shortest answer kept as its literal: shorter ones cost less decoded than the slice. */
export const LITERAL_ANSWER_MIN = 256;

interface Pending {
  readonly id: string;
  readonly name: string;
  answered: boolean;
  /** The id was made here: the source gave the call none. */
  readonly made: boolean;
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
   * has one (see `ChatMessage.error`). `literal`: a string content's literal in the text, when
   * the format read it from there (the answer is then kept as that, `LiteralAnswer`).
   */
  result(
    id: string | undefined,
    name: string | undefined,
    content: JsonValue | undefined,
    span?: Span,
    error?: boolean,
    literal: string | null = null,
  ): string {
    let useId = id;
    // An id no call has, where the source gave its calls none (Gemini CLI's chat export names
    // only the responses): the result answers as if it had none.
    if (useId !== undefined && !this.pending.some((q) => q.id === useId)) {
      const open = (q: Pending) => !q.answered && q.made;
      const p =
        (name !== undefined ? this.pending.find((q) => open(q) && q.name === name) : undefined) ??
        this.pending.find(open);
      if (p) useId = p.id;
    }
    if (useId === undefined) {
      const p =
        (name !== undefined
          ? this.pending.find((q) => !q.answered && q.name === name)
          : undefined) ?? this.pending.find((q) => !q.answered);
      if (p) {
        useId = p.id;
      } else {
        useId = `${ORPHAN_ID}${this.orphan++}`;
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
    this.messages.push(
      literal !== null && typeof content === 'string' && content.length >= LITERAL_ANSWER_MIN
        ? new LiteralAnswer(literal, utf8Length(content), useId, span, error)
        : chatMessage('tool', content, undefined, useId, span, error),
    );
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
    this.pending.push({ id, name: c.name, answered: false, made: c.id === undefined });
  }

  private close(): void {
    this.openCalls = null;
    this.openIndex = -1;
    this.pending = [];
  }
}
