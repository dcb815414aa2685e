// AG-UI event streams, read as the chat messages their events build.
import { ok, parseJson, type Result } from '../json/index';
import { isJsonArray, isJsonObject, type JsonObject, type JsonValue } from '../json/index';
import { str } from './access';
import type { ImportError } from './types';
import { inputLabel, plural } from './warnings';

/**
 * The Agent–User Interaction protocol streams a run as typed events
 * (ag-ui-protocol/ag-ui sdks/typescript/packages/core/src/events.ts @821b8c227c): a call as
 * `TOOL_CALL_START { toolCallId, toolCallName }`, its arguments as `TOOL_CALL_ARGS { toolCallId,
 * delta }` pieces of their JSON text (or `TOOL_CALL_CHUNK`s that may name it), `TOOL_CALL_END`,
 * and its answer as `TOOL_CALL_RESULT { toolCallId, content }`; text as `TEXT_MESSAGE_START`,
 * `_CONTENT` deltas and `_END` (or `_CHUNK`s); a whole history as `MESSAGES_SNAPSHOT { messages }`;
 * a framework's own events wrapped as `RAW`. Saved as JSON Lines, as one JSON array, or as the
 * `data:` lines of the event stream. The calls are assembled from their pieces, which no reader
 * of single objects can do, so the stream is rewritten as a chat body; `RAW` events and the
 * `rawEvent` copies beside the others are left out (they repeat the same calls).
 */
const TYPES =
  /"type"\s*:\s*"(?:TOOL_CALL_START|TOOL_CALL_CHUNK|TEXT_MESSAGE_START|TEXT_MESSAGE_CHUNK|MESSAGES_SNAPSHOT)"/;
const RUN = /"type"\s*:\s*"(?:RUN_STARTED|TOOL_CALL_START|TEXT_MESSAGE_START)"/;
/** How far into the text the events are looked for. */
const HEAD = 1 << 16;

/** Whether a text is such a stream: an event of the protocol's own in its head. */
export function isAgUiStream(text: string): boolean {
  const head = text.slice(0, HEAD);
  return (
    /^\s*(?:\[|\{|data:)/.test(head.replace(/^\uFEFF/, '')) && RUN.test(head) && TYPES.test(head)
  );
}

/** The events of the text, in order: JSON Lines, one array, or an event stream's `data:`. */
export function events(text: string): JsonObject[] {
  const out: JsonObject[] = [];
  const trimmed = text.trimStart().replace(/^\uFEFF/, '');
  if (trimmed.startsWith('[')) {
    const p = parseJson(trimmed);
    if (p.ok && isJsonArray(p.value.value)) {
      for (const e of p.value.value) if (isJsonObject(e)) out.push(e);
      return out;
    }
  }
  for (const raw of text.split('\n')) {
    let line = raw.trim().replace(/^\uFEFF/, '');
    if (line.startsWith('data:')) line = line.slice(5).trim();
    if (!line.startsWith('{')) continue;
    const p = parseJson(line);
    if (p.ok && isJsonObject(p.value.value) && typeof p.value.value.get('type') === 'string')
      out.push(p.value.value);
  }
  return out;
}

interface Call {
  id: string;
  name: string;
  args: string;
}
interface Message {
  role: string;
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

/** A snapshot's message (`{ id, role, content, toolCalls, toolCallId }`) as a chat message. */
function snapshotMessage(m: JsonValue): Message | null {
  if (!isJsonObject(m)) return null;
  const role = str(m, 'role');
  if (role === undefined) return null;
  const content = typeof m.get('content') === 'string' ? (m.get('content') as string) : null;
  const out: Message = { role, content };
  const calls = m.get('toolCalls');
  if (isJsonArray(calls) && calls.length > 0) {
    out.tool_calls = [];
    for (const c of calls) {
      if (!isJsonObject(c)) continue;
      const fn = c.get('function');
      const name = isJsonObject(fn) ? str(fn, 'name') : undefined;
      if (name === undefined) continue;
      const args = isJsonObject(fn) ? (str(fn, 'arguments') ?? '') : '';
      out.tool_calls.push({
        id: str(c, 'id') ?? '',
        type: 'function',
        function: { name, arguments: args },
      });
    }
  }
  const answers = str(m, 'toolCallId');
  if (answers !== undefined) out.tool_call_id = answers;
  return out;
}

/** The stream as the chat body its events build. */
export function agUiAsJson(
  text: string,
  name?: string,
): Result<{ text: string; note: string }, ImportError> {
  const messages: Message[] = [];
  const calls = new Map<string, Call>();
  // The assistant message being built, and the call the last pieces went to.
  const at: { reply: Message | null; last: Call | null } = { reply: null, last: null };
  let snapshot: Message[] | null = null;
  let pieces = 0;
  const open = (): Message => {
    if (at.reply === null) {
      at.reply = { role: 'assistant', content: null };
      messages.push(at.reply);
    }
    return at.reply;
  };
  const startCall = (id: string, callName: string): Call => {
    const c: Call = { id, name: callName, args: '' };
    calls.set(id, c);
    const r = open();
    (r.tool_calls ??= []).push({
      id,
      type: 'function',
      function: { name: callName, arguments: '' },
    });
    at.last = c;
    return c;
  };
  const addArgs = (c: Call | null | undefined, delta: string | undefined): void => {
    if (c === null || c === undefined || delta === undefined) return;
    c.args += delta;
    pieces++;
  };
  for (const e of events(text)) {
    const type = str(e, 'type');
    const id = str(e, 'toolCallId');
    switch (type) {
      case 'TEXT_MESSAGE_START':
        // A reply that follows answers is a new message; text beside its own calls is not.
        if ((at.reply?.tool_calls?.length ?? 0) > 0) at.reply = null;
        open();
        break;
      case 'TEXT_MESSAGE_CONTENT':
      case 'TEXT_MESSAGE_CHUNK': {
        const delta = str(e, 'delta');
        if (delta === undefined) break;
        const r = open();
        r.content = (r.content ?? '') + delta;
        break;
      }
      case 'TOOL_CALL_START':
        if (id !== undefined && !calls.has(id)) startCall(id, str(e, 'toolCallName') ?? '');
        break;
      case 'TOOL_CALL_CHUNK': {
        const callName = str(e, 'toolCallName');
        if (id !== undefined && !calls.has(id) && callName !== undefined)
          addArgs(startCall(id, callName), str(e, 'delta'));
        else addArgs(id === undefined ? at.last : calls.get(id), str(e, 'delta'));
        break;
      }
      case 'TOOL_CALL_ARGS':
        addArgs(id === undefined ? at.last : calls.get(id), str(e, 'delta'));
        break;
      case 'TOOL_CALL_RESULT': {
        if (id === undefined) break;
        const content = e.get('content') ?? e.get('result') ?? null;
        messages.push({
          role: 'tool',
          tool_call_id: id,
          content: typeof content === 'string' ? content : JSON.stringify(content),
        });
        at.reply = null;
        break;
      }
      case 'MESSAGES_SNAPSHOT': {
        const list = e.get('messages');
        if (isJsonArray(list))
          snapshot = list.map(snapshotMessage).filter((m): m is Message => m !== null);
        break;
      }
      case 'RUN_STARTED':
        at.reply = null;
        break;
      default:
        break;
    }
  }
  // The arguments of each call, now that all their pieces are in.
  for (const m of messages)
    for (const c of m.tool_calls ?? []) c.function.arguments = calls.get(c.id)?.args ?? '';
  const input = inputLabel(name, 'the input');
  const streamed = calls.size;
  // A snapshot holds the whole history (the user's turns too, which the stream does not): it
  // is read where it holds every call the stream streamed.
  const snapCalls = new Set((snapshot ?? []).flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)));
  const useSnapshot = snapshot !== null && [...calls.keys()].every((k) => snapCalls.has(k));
  const body = useSnapshot ? (snapshot as Message[]) : messages;
  const from = useSnapshot
    ? 'its last `MESSAGES_SNAPSHOT`, which holds every call it streamed'
    : `its events, ${plural(streamed, 'tool call')} assembled from ${plural(pieces, 'argument piece')} (the user's turns are not in a stream: runs are not broken by them)`;
  return ok({
    text: JSON.stringify({ messages: body }),
    note: `Read ${input} as an AG-UI event stream, from ${from}; \`RAW\` events and \`rawEvent\` copies were left out.`,
  });
}
