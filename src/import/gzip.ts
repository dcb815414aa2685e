// A transcript compressed with gzip (`session.jsonl.gz`, a test suite's `cassette.yaml.gz`).
import { Gunzip } from 'fflate';
import { joinBytes } from './bytes';

/**
 * The most a gzip file may unpack to: past it a JavaScript string cannot hold the text anyway
 * (V8's limit is about 2^29 characters), and a small file that claims more is a bomb.
 */
export const GUNZIP_LIMIT = 512 * 1024 * 1024;

/** Whether bytes open as a gzip member (RFC 1952: ID1 ID2, then deflate). */
export function isGzip(b: Uint8Array): boolean {
  return b.length >= 18 && b[0] === 0x1f && b[1] === 0x8b && b[2] === 8;
}

export type Gunzipped = { readonly bytes: Uint8Array } | { readonly error: string };

/**
 * The bytes every member of a gzip file holds, in order (`cat a.gz b.gz` is one file). Read
 * through fflate's stream a slice at a time so that a bomb stops at the limit instead of
 * filling memory; the sync call would size its buffer from the trailer, which the file writes.
 */
export function gunzip(b: Uint8Array, what: string, limit = GUNZIP_LIMIT): Gunzipped {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const stream = new Gunzip({}, (chunk) => {
    size += chunk.length;
    if (size > limit) over = true;
    else chunks.push(chunk);
  });
  const SLICE = 1 << 16;
  try {
    for (let at = 0; at < b.length && !over; at += SLICE) {
      const end = Math.min(b.length, at + SLICE);
      stream.push(b.subarray(at, end), end === b.length);
    }
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { error: `${what} is a gzip file that could not be unpacked (${why}).` };
  }
  if (over) {
    return {
      error: `${what} is a gzip file that unpacks to more than ${limit / (1024 * 1024)} MB, more than Loopscope reads at once.`,
    };
  }
  return { bytes: joinBytes(chunks) };
}
