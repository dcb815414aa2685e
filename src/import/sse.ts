// Server-sent event streams: their JSON payloads, and replies reassembled from chunks.
import { parseJson } from '../json/index';
import type { JsonValue } from '../json/index';
import { arr, field, obj, str } from './access';
import { anthropicEvents } from './streams/anthropic';
import { chatChunks } from './streams/chat';
import { COHERE_EVENTS, cohereEvents } from './streams/cohere';
import { responsesEvents } from './streams/responses';
import type { Assembled } from './streams/shared';
import { plural, Warnings } from './warnings';

/** The JSON payloads of a server-sent event stream, and what could not be read. */
interface SseRead {
  readonly events: JsonValue[];
  readonly warnings: string[];
}

/**
 * Reads the `data:` payloads of a server-sent event stream, in order. `[DONE]` ends one
 * completion, not the capture (a capture may hold several). Comments and `event:`/`id:`
 * lines are skipped; a payload that is not JSON is skipped with a warning.
 */
export function readSse(text: string): SseRead {
  const events: JsonValue[] = [];
  let bad = 0;
  let firstBad = 0;
  let data: string[] = [];
  let lines: number[] = [];
  const one = (d: string): boolean => {
    const p = parseJson(d);
    if (p.ok) events.push(p.value.value);
    return p.ok;
  };
  const fail = (line: number) => {
    if (bad++ === 0) firstBad = line;
  };
  const flush = () => {
    if (data.length === 1) {
      if (!one(data[0] as string)) fail(lines[0] as number);
    } else if (data.length > 1) {
      const joined = parseJson(data.join('\n'));
      if (joined.ok) events.push(joined.value.value);
      else {
        // A logger that drops the blank lines between events leaves one event per data line.
        data.forEach((d, i) => {
          if (!one(d)) fail(lines[i] as number);
        });
      }
    }
    data = [];
    lines = [];
  };
  let lineNo = 0;
  for (const raw of text.split('\n')) {
    lineNo++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') {
      flush();
      continue;
    }
    if (!line.startsWith('data:')) continue;
    const d = line.slice(5).replace(/^ /, '');
    if (d.trim() === '[DONE]') {
      flush();
      continue;
    }
    data.push(d);
    lines.push(lineNo);
  }
  flush();
  const warnings =
    bad === 0
      ? []
      : [
          `Skipped ${plural(bad, '`data:` payload')} that ${bad === 1 ? 'is' : 'are'} not JSON (the first at line ${firstBad}): a stream cut short, or a line a logger broke.`,
        ];
  return { events, warnings };
}

/** Whether a text looks like an SSE capture: it opens with an SSE field and has a data line. */
export function looksLikeSse(text: string): boolean {
  return /^\s*(?:(?:data|event|id|retry):|:)/.test(text) && /^data:/m.test(text);
}

/**
 * The API whose stream a capture holds; each assembles to that API's non-streamed reply (a
 * Cohere v2 stream to an OpenAI chat completion, whose calls Cohere's already are).
 */
type StreamDialect = 'openai-chat' | 'anthropic' | 'openai-responses' | 'gemini' | 'cohere';

/** One reassembled reply, in the shape the non-streamed API returns. */
export interface StreamReply {
  readonly dialect: Exclude<StreamDialect, 'cohere'>;
  readonly value: JsonValue;
}

/** Every reply a capture holds, in order, and what the reassembly noticed. */
interface AssembledStreams {
  /** Null when no payload belongs to a stream Loopscope knows. */
  readonly dialect: StreamDialect | null;
  readonly replies: StreamReply[];
  readonly warnings: string[];
}

const ANTHROPIC_EVENTS = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
]);

/** The dialect of the first payload that names one. */
function dialectOf(events: readonly JsonValue[]): StreamDialect | null {
  for (const e of events) {
    if (str(e, 'object') === 'chat.completion.chunk' || arr(e, 'choices') !== undefined)
      return 'openai-chat';
    const t = str(e, 'type') ?? '';
    if (ANTHROPIC_EVENTS.has(t)) return 'anthropic';
    if (t.startsWith('response.')) return 'openai-responses';
    if (arr(e, 'candidates') !== undefined) return 'gemini';
    if (COHERE_EVENTS.has(t) && field(e, 'delta') !== undefined) return 'cohere';
  }
  return null;
}

/**
 * Reassembles a stream into the replies the non-streamed API would have returned: OpenAI
 * chunks into `{choices: [{message}]}`, Anthropic events into an assistant message,
 * Responses events into `{output}`, Gemini chunks into `{candidates}`, Cohere v2 events into
 * `{choices: [{message}]}`. A new chunk id, a second `message_start`, `message-start` or
 * `response.created` starts the next reply.
 */
export function assembleStreams(events: readonly JsonValue[]): AssembledStreams {
  const w = new Warnings();
  const dialect = dialectOf(events);
  let out: Assembled = { replies: [], unfinished: 0 };
  if (dialect === 'openai-chat') out = chatChunks(events, w);
  else if (dialect === 'anthropic') out = anthropicEvents(events, w);
  else if (dialect === 'openai-responses') out = responsesEvents(events);
  else if (dialect === 'gemini') out = { replies: [geminiChunks(events)], unfinished: 0 };
  else if (dialect === 'cohere') out = cohereEvents(events);
  errorEvents(events, w);
  if (out.unfinished > 0) {
    w.add(
      `${plural(out.unfinished, 'streamed reply', 'streamed replies')} stopped before ${out.unfinished === 1 ? 'its' : 'their'} final event (the capture was cut short); what arrived was kept.`,
    );
  }
  const as = dialect === 'cohere' ? 'openai-chat' : dialect;
  const replies = as === null ? [] : out.replies.map((value) => ({ dialect: as, value }));
  return { dialect, replies, warnings: w.toArray() };
}

/** Error events, which every API may send mid-stream, said once with the first message. */
function errorEvents(events: readonly JsonValue[], w: Warnings): void {
  let n = 0;
  let first = '';
  for (const e of events) {
    const t = str(e, 'type');
    let message: string | undefined;
    if (t === 'error') message = str(obj(e, 'error'), 'message') ?? str(e, 'message') ?? t;
    else if (t === 'response.failed')
      message = str(obj(obj(e, 'response'), 'error'), 'message') ?? t;
    else if (t === undefined && obj(e, 'error') && field(e, 'choices') === undefined)
      message = str(obj(e, 'error'), 'message') ?? 'error';
    if (message === undefined) continue;
    if (n++ === 0) first = (message.split('\n')[0] ?? '').slice(0, 200);
  }
  if (n > 0) w.add(`The stream carries ${plural(n, 'error event')}; the first says: “${first}”.`);
}

/** Gemini `streamGenerateContent` chunks: the parts of every chunk, in order. */
function geminiChunks(events: readonly JsonValue[]): JsonValue {
  const parts: JsonValue[] = [];
  for (const e of events)
    for (const p of arr(field(arr(e, 'candidates')?.[0], 'content'), 'parts') ?? []) parts.push(p);
  const content = new Map<string, JsonValue>([
    ['role', 'model'],
    ['parts', parts],
  ]);
  return new Map<string, JsonValue>([
    ['candidates', [new Map<string, JsonValue>([['content', content]])]],
  ]);
}
