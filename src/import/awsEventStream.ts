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
 * The stream as `event:` / `data:` lines, or null when the bytes are not whole AWS event-stream
 * messages back to back. A `chunk` event's payload `{"bytes": base64}` (InvokeModel's stream)
 * is the model's own event, written as that event (an Anthropic `message_start`, …); any
 * other event's payload is written under its event type (`{"contentBlockStart": …}`), as the
 * AWS SDKs hand a stream's union members over.
 */
export function eventStreamAsSse(bytes: Uint8Array): string | null {
  if (bytes.length < FRAME) return null;
  const codec = new EventStreamCodec(strFromU8, strToU8);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out = '';
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
    out += `event: ${type}\ndata: ${payloadJson(type, strFromU8(message.body))}\n\n`;
  }
  return out;
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
