/**
 * The conversation as a person reads it, a page at a time, for the Messages view: each
 * message's role, its text, its calls with their arguments, the call a tool result answers,
 * and the batch it belongs to. Built on demand from the messages the worker keeps, as the
 * details are; only the page asked for crosses to the page.
 */
import { extractText, type MessageList, type Report } from '../detector/index';
import { printJson, type JsonValue } from '../json/index';
import type { MessageCall, MessageEntry } from './protocol';

/** Characters of one text sent at most; the view says how many more there were. */
export const MESSAGE_TEXT_MAX = 20_000;
/** Messages one request may ask for. */
export const MESSAGES_PAGE_MAX = 500;

function cut(text: string): { text: string; length: number } {
  return {
    text: text.length > MESSAGE_TEXT_MAX ? text.slice(0, MESSAGE_TEXT_MAX) : text,
    length: text.length,
  };
}

/** A content's text: its text parts, or the JSON of anything else (an image part, an object). */
function contentText(content: JsonValue | undefined): string {
  const text = extractText(content);
  if (text !== '' || content === undefined || content === null || typeof content === 'string') {
    return text;
  }
  return printJson(content);
}

function callsOf(toolCalls: JsonValue | undefined): MessageCall[] {
  if (!Array.isArray(toolCalls)) return [];
  return toolCalls.map((el) => {
    const fn = el instanceof Map ? el.get('function') : undefined;
    const id = el instanceof Map ? el.get('id') : undefined;
    const name = fn instanceof Map ? fn.get('name') : undefined;
    const args = fn instanceof Map ? fn.get('arguments') : undefined;
    const a = cut(typeof args === 'string' ? args : args === undefined ? '' : printJson(args));
    return {
      id: typeof id === 'string' ? id : '',
      name: typeof name === 'string' ? name : '',
      args: a.text,
      argsLength: a.length,
    };
  });
}

/** The last batch whose assistant message is at or before message `i`, or -1. */
function batchAtOrBefore(report: Report, i: number): number {
  let lo = 0;
  let hi = report.batches.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((report.batches[mid]?.messageIndex ?? Infinity) <= i) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Messages `from` to `from + count` (fewer at the end) of the transcript `report` is about. */
export function messagesPage(
  messages: MessageList,
  report: Report,
  from: number,
  count: number,
): MessageEntry[] {
  const out: MessageEntry[] = [];
  const end = Math.min(messages.length, from + Math.min(count, MESSAGES_PAGE_MAX));
  let before = batchAtOrBefore(report, from);
  for (let i = Math.max(0, from); i < end; i++) {
    const m = messages.at(i);
    if (m === undefined) continue;
    while ((report.batches[before + 1]?.messageIndex ?? Infinity) <= i) before++;
    const at = report.batches[before];
    // A batch's own messages: its assistant message and the tool results that follow it.
    let own = -1;
    if (at !== undefined && (at.messageIndex === i || m.role === 'tool')) {
      let contiguous = true;
      for (let k = at.messageIndex + 1; k < i && contiguous; k++) {
        contiguous = messages.at(k)?.role === 'tool';
      }
      if (contiguous) own = before;
    }
    const next = before + 1 < report.batches.length ? before + 1 : before;
    const text = cut(contentText(m.content));
    out.push({
      index: i,
      role: typeof m.role === 'string' ? m.role : '',
      text: text.text,
      textLength: text.length,
      calls: callsOf(m.tool_calls),
      toolCallId: typeof m.tool_call_id === 'string' ? m.tool_call_id : null,
      batch: own,
      near: own >= 0 ? own : next,
    });
  }
  return out;
}
