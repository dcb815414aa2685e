/**
 * Builds the zoo's input from the chat-completions list, once per transcript.
 *
 * Batches follow the reference's walk (detector.md §7.3): an assistant message whose
 * `tool_calls` yields at least one call (§7.2) is a batch; `tool` messages are answers; any
 * other role is a break. Answers are joined per call with the contiguous-window rule (§7.5).
 */
import {
  batchSignature,
  canonicalArgs,
  domainCalls,
  extractText,
  isJsonArray,
  printJson,
  type ChatMessage,
  type JsonValue,
} from '../index';
import { jsJson } from './jsJson';
import type { ZooBatch, ZooCall, ZooStep } from './types';

/** The text of a tool answer: a string as is, text parts joined, anything else printed. */
export function answerText(content: JsonValue | undefined): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (isJsonArray(content)) {
    const t = extractText(content);
    if (t !== '') return t;
  }
  return printJson(content);
}

const ERROR_START = /^\s*(?:error|err|fatal|exception|traceback)\b/i;
const ERROR_INSIDE =
  /\b(?:error|exception):|traceback \(most recent call last\)|command failed|non-zero exit|exit(?:ed)?(?: with)?(?: code| status)?[:= ]+[1-9]\d*/i;

/**
 * Heuristic error test for an answer text: it starts with "error"/"fatal"/…, or contains
 * "Error:", a Python traceback, "command failed", or a non-zero exit code.
 */
export function looksLikeError(text: string): boolean {
  return ERROR_START.test(text) || ERROR_INSIDE.test(text);
}

/**
 * §7.5 per call: the answers of the batch at message `i`, or all null when an id repeats in
 * the batch or in the window (the reference cannot join those either).
 */
function joinAnswerTexts(
  calls: readonly { id: string }[],
  messages: readonly ChatMessage[],
  i: number,
): (string | null)[] {
  const none = calls.map(() => null);
  if (new Set(calls.map((c) => c.id)).size !== calls.length) return none;
  const byId = new Map<string, ChatMessage>();
  for (let j = i + 1; j < messages.length; j++) {
    const m = messages[j] as ChatMessage;
    if (m.role !== 'tool') break;
    if (typeof m.tool_call_id !== 'string') continue;
    if (byId.has(m.tool_call_id)) return none;
    byId.set(m.tool_call_id, m);
  }
  return calls.map((c) => {
    const m = byId.get(c.id);
    return m === undefined ? null : answerText(m.content);
  });
}

/** Turns a transcript into zoo steps: one per batch, user/system turn and prose turn. */
export function zooInput(messages: readonly ChatMessage[]): ZooStep[] {
  const steps: ZooStep[] = [];
  let batchIndex = 0;
  messages.forEach((m, messageIndex) => {
    if (m.role === 'tool') return;
    if (m.role !== 'assistant') {
      const kind = m.role === 'user' ? 'user' : 'system';
      steps.push({ kind, messageIndex, text: extractText(m.content) });
      return;
    }
    const raw = domainCalls(m.tool_calls);
    const text = extractText(m.content);
    if (raw.length === 0) {
      steps.push({ kind: 'prose', messageIndex, text });
      return;
    }
    const calls: ZooCall[] = raw.map((c) => {
      const argsCanonical = canonicalArgs(c.arguments);
      return {
        id: c.id,
        name: c.name,
        args: c.arguments,
        argsCanonical,
        argsJson: jsJson(c.arguments),
        key: c.name + ':' + argsCanonical,
      };
    });
    const answers = joinAnswerTexts(calls, messages, messageIndex);
    const batch: ZooBatch = {
      kind: 'batch',
      batchIndex: batchIndex++,
      messageIndex,
      calls,
      signature: batchSignature(raw),
      answers,
      answerError: answers.map((a) => a !== null && looksLikeError(a)),
      narration: text,
    };
    steps.push(batch);
  });
  return steps;
}
