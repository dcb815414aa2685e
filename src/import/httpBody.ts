// Recorded HTTP bodies kept as bytes, read as the text the server meant.
import { decompress as brotliDecompress } from 'brotli/decompress';
import { gunzipSync, inflateSync, strFromU8, unzlibSync } from 'fflate';
import { eventStreamAsSse } from './awsEventStream';

/**
 * A body recorded as bytes, as text: decoded by its `Content-Encoding` where the recorder kept
 * it compressed (gzip, found by its magic bytes too; deflate, zlib-wrapped or raw; br, which
 * fflate does not read, so brotli.js does), an AWS event stream as the server-sent events it
 * carries, else UTF-8, any invalid byte as U+FFFD. A body that does not decode as its header
 * says is read as it is.
 */
export function bodyBytesText(bytes: Uint8Array, encoding = ''): string {
  let b = bytes;
  const enc = encoding.trim().toLowerCase();
  try {
    if (enc === 'gzip' || (b[0] === 0x1f && b[1] === 0x8b)) b = gunzipSync(b);
    else if (enc === 'deflate') b = (b[0] ?? 0) % 16 === 8 ? unzlibSync(b) : inflateSync(b);
    else if (enc === 'br') b = brotliDecompress(b);
  } catch {
    b = bytes;
  }
  // Bedrock's streamed responses: AWS event-stream messages, read as the events they carry.
  return eventStreamAsSse(b) ?? strFromU8(b);
}
