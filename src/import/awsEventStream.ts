/**
 * AWS event streams (`application/vnd.amazon.eventstream`), as Bedrock's streaming APIs send
 * them and HTTP recorders keep them as bytes: each message decoded by AWS's own codec
 * (`@smithy/eventstream-codec`, which checks the lengths and CRCs), then written out as the
 * server-sent event stream the SSE reader knows. docs/formats.md §1.
 */
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { strFromU8, strToU8 } from 'fflate';
import { decodeBase64 } from './base64';

/** The bytes of a message's prelude (total length, headers length, prelude CRC) and its CRC. */
const FRAME = 16;

/**
 * The stream as text the importers read, or null when the bytes are not whole AWS event-stream
 * messages back to back. ConverseStream's events become the one reply they stream (below).
 * Any other stream is written as `event:` / `data:` lines: a `chunk` event's payload
 * `{"bytes": base64}` (InvokeModel's stream) as the model's own event it wraps (an Anthropic
 * `message_start`, …), any other payload under its event type, as the AWS SDKs hand a
 * stream's union members over.
 */
export function eventStreamAsSse(bytes: Uint8Array): string | null {
  const events = decodeAll(bytes);
  if (events === null) return null;
  if (events.length > 0 && events.every((e) => CONVERSE_EVENTS.has(e.type)))
    return JSON.stringify(converseReply(events));
  // Amazon Nova's InvokeModel stream wraps Converse's events, each `{ <type>: payload }`, in
  // its chunks' bytes: the same one reply.
  const wrapped = events.map(wrappedConverse);
  if (events.length > 0 && wrapped.every((e) => e !== null))
    return JSON.stringify(converseReply(wrapped as { type: string; body: string }[]));
  let out = '';
  for (const { type, body } of events)
    out += `event: ${type}\ndata: ${payloadJson(type, body)}\n\n`;
  return out;
}

/** Each message's event type and payload text, or null when the bytes are not whole messages. */
function decodeAll(bytes: Uint8Array): { type: string; body: string }[] | null {
  if (bytes.length < FRAME) return null;
  const codec = new EventStreamCodec(strFromU8, strToU8);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { type: string; body: string }[] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + FRAME > bytes.length) return null;
    const length = view.getUint32(at);
    if (length < FRAME || at + length > bytes.length) return null;
    let message;
    try {
      message = codec.decode(bytes.subarray(at, at + length));
    } catch {
      return null;
    }
    at += length;
    const header = message.headers[':event-type'];
    const type = header?.type === 'string' ? header.value : 'message';
    out.push({ type, body: strFromU8(message.body) });
  }
  return out;
}

/**
 * ConverseStream's events (aws/aws-sdk-js-v3 clients/client-bedrock-runtime
 * src/models/models_0.ts @3e92ce782e, `ConverseStreamOutput`): a reply's blocks open at their
 * `contentBlockIndex` (a tool use with its id and name), grow by deltas (text, or the tool
 * input's JSON in pieces) and close; `messageStop` gives the stop reason.
 */
const CONVERSE_EVENTS: ReadonlySet<string> = new Set([
  'messageStart',
  'contentBlockStart',
  'contentBlockDelta',
  'contentBlockStop',
  'messageStop',
  'metadata',
]);

type Obj = Record<string, unknown>;
const objOf = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

/**
 * The stream as the reply `Converse` would have returned (`{ output: { message }, stopReason }`),
 * so what reads a Bedrock Converse response reads it: a tool use's input joined and parsed
 * (kept as its text when it does not parse), text blocks joined.
 */
function converseReply(events: readonly { type: string; body: string }[]): Obj {
  const blocks = new Map<number, { text: string; tool: Obj | null; input: string }>();
  let role = 'assistant';
  let stopReason: unknown = null;
  for (const { type, body } of events) {
    let e: Obj | undefined;
    try {
      e = objOf(JSON.parse(body));
    } catch {
      continue;
    }
    if (e === undefined) continue;
    if (type === 'messageStart' && typeof e['role'] === 'string') role = e['role'];
    if (type === 'messageStop') stopReason = e['stopReason'] ?? null;
    if (!type.startsWith('contentBlock')) continue;
    const index = typeof e['contentBlockIndex'] === 'number' ? e['contentBlockIndex'] : 0;
    const block = blocks.get(index) ?? { text: '', tool: null, input: '' };
    blocks.set(index, block);
    const tool = objOf(objOf(e['start'])?.['toolUse']);
    if (tool) block.tool = { ...tool };
    const delta = objOf(e['delta']);
    if (typeof delta?.['text'] === 'string') block.text += delta['text'];
    const input = objOf(delta?.['toolUse'])?.['input'];
    if (typeof input === 'string') block.input += input;
  }
  const content: Obj[] = [];
  for (const [, b] of [...blocks].sort((x, y) => x[0] - y[0])) {
    if (b.tool) content.push({ toolUse: { ...b.tool, input: parsedInput(b.input) } });
    else if (b.text !== '') content.push({ text: b.text });
  }
  return { output: { message: { role, content } }, stopReason };
}

function parsedInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A `chunk` whose bytes are one Converse event `{ <type>: payload }`, as that event; else null. */
function wrappedConverse(e: { type: string; body: string }): { type: string; body: string } | null {
  if (e.type !== 'chunk') return null;
  let inner: Obj | undefined;
  try {
    inner = objOf(JSON.parse(payloadJson(e.type, e.body)));
  } catch {
    return null;
  }
  const keys = inner === undefined ? [] : Object.keys(inner);
  const type = keys[0];
  if (keys.length !== 1 || type === undefined || !CONVERSE_EVENTS.has(type)) return null;
  return { type, body: JSON.stringify(inner?.[type]) };
}

function payloadJson(type: string, body: string): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return JSON.stringify({ [type]: body });
  }
  const wrapped =
    typeof value === 'object' && value !== null ? (value as { bytes?: unknown }).bytes : undefined;
  if (type === 'chunk' && typeof wrapped === 'string') {
    const inner = decodeBase64(wrapped);
    if (inner) return strFromU8(inner).replace(/\r?\n/g, ' ');
  }
  return JSON.stringify({ [type]: value });
}

/**
 * A file that is an AWS event stream (a Bedrock stream saved as it came: `curl --output`, a
 * client's fixture), as the event stream text the importers read and a note; null where the
 * bytes are none, which the codec's CRCs tell.
 */
export function eventStreamFile(bytes: Uint8Array): { text: string; note: string } | null {
  // A message opens with its total length and its headers' length, big-endian: cheap to test.
  if (bytes.length < FRAME || bytes[0] !== 0 || bytes[4] !== 0) return null;
  const text = eventStreamAsSse(bytes);
  return text === null ? null : { text, note: 'Read the input as an AWS event stream.' };
}
