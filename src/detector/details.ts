/**
 * Details on demand for one batch (the UI's details panel, the CLI): each call's arguments
 * as sent, pretty and canonical, and the tool answers of its window (docs/detector.md §7.5).
 */
import { toolWindow } from './answers';
import { canonicalArgs } from './canonical';
import type { ChatMessage, MessageList } from './chat';
import { isCostlyName, observationPatternFor } from './classify';
import { prettyJson, printJson } from '../json/print';
import { JsonNumber, type JsonValue } from '../json/value';
import type { Report } from './report';
import { callSignature } from './signature';
import { extractText } from './text';
import { wireCalls } from './toolCalls';

/**
 * Deeper values are shown compact: indenting every level makes the pretty text grow with
 * the square of the depth (100,000 levels would need ~10^10 characters and crash the
 * worker), and no person reads indentation hundreds of levels deep anyway.
 */
export const PRETTY_MAX_DEPTH = 64;

/** Whether `v` nests containers deeper than `limit` (iterative: hostile input can be 100,000 deep). */
function deeperThan(v: JsonValue, limit: number): boolean {
  const stack: [JsonValue, number][] = [[v, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [x, d] = top;
    if (x === null || typeof x !== 'object' || x instanceof JsonNumber) continue;
    if (d + 1 > limit) return true;
    for (const c of Array.isArray(x) ? x : x.values()) stack.push([c, d + 1]);
  }
  return false;
}

/** Indented JSON for people, or compact JSON when indentation would explode (see above). */
function readableJson(v: JsonValue): string {
  return deeperThan(v, PRETTY_MAX_DEPTH) ? printJson(v) : prettyJson(v);
}

export interface CallDetails {
  id: string;
  name: string;
  signature: string;
  /** The arguments string as sent, if it was a string. */
  argumentsRaw: string | null;
  argumentsPretty: string;
  canonical: string;
  parsedFromString: boolean;
  observationPattern: string | null;
  costly: boolean;
}

export interface AnswerDetails {
  messageIndex: number;
  toolCallId: string | null;
  text: string;
  isString: boolean;
  /** The call this answer joins to, when exactly one call carries its id. */
  matchedCallIndex: number | null;
}

export interface BatchDetails {
  batchIndex: number;
  messageIndex: number;
  narration: string;
  calls: CallDetails[];
  answers: AnswerDetails[];
}

/**
 * Describes batch `batchIndex` of `report`, reading its message from `messages` (the list
 * the report was computed from). An index outside the report gives an empty description.
 */
export function describeBatch(
  messages: MessageList,
  report: Report,
  batchIndex: number,
): BatchDetails {
  const b = report.batches[batchIndex];
  const m = b === undefined ? undefined : messages.at(b.messageIndex);
  if (b === undefined || m === undefined) {
    return { batchIndex, messageIndex: -1, narration: '', calls: [], answers: [] };
  }
  const patterns = report.config.observationTools;
  const calls: CallDetails[] = wireCalls(m.tool_calls).map((c) => ({
    id: c.id,
    name: c.name,
    signature: callSignature(c),
    argumentsRaw: c.argumentsRaw,
    argumentsPretty: readableJson(c.arguments),
    canonical: canonicalArgs(c.arguments),
    parsedFromString: c.parsedFromString,
    observationPattern: observationPatternFor(c.name, patterns),
    costly: isCostlyName(c.name),
  }));
  const [start, end] = toolWindow(messages, b.messageIndex);
  const answers: AnswerDetails[] = [];
  for (let j = start; j < end; j++) {
    const t = messages.at(j) as ChatMessage;
    const toolCallId = typeof t.tool_call_id === 'string' ? t.tool_call_id : null;
    const content = t.content === undefined ? null : t.content;
    const isString = typeof content === 'string';
    let matchedCallIndex: number | null = null;
    if (toolCallId !== null) {
      const hits = calls.flatMap((c, k) => (c.id === toolCallId ? [k] : []));
      if (hits.length === 1) matchedCallIndex = hits[0] as number;
    }
    answers.push({
      messageIndex: j,
      toolCallId,
      text: isString ? content : readableJson(content),
      isString,
      matchedCallIndex,
    });
  }
  return {
    batchIndex,
    messageIndex: b.messageIndex,
    narration: extractText(m.content),
    calls,
    answers,
  };
}
