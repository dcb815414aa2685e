/**
 * FNV-1a 64 over the UTF-8 bytes of a string (docs/detector.md §3.1).
 *
 * The 64-bit state is kept as two 32-bit halves so the per-byte loop needs no BigInt and
 * stays in int32 arithmetic. The prime is 2^40 + 0x1b3, so `h * prime mod 2^64` is
 * `h * 0x1b3 + (lo << 40)`: the new low half is `imul(lo, 0x1b3)`, and the new high half is
 * `imul(hi, 0x1b3)` plus the carry out of `lo * 0x1b3` (computed from 16-bit pieces) plus
 * `lo << 8` (the 2^40 term).
 *
 * Besides the one-shot `fnv1a64Hex`, the state can be fed range by range (`fnvStart`,
 * `fnvFeed`), so a text assembled from pieces is hashed without being concatenated: FNV is
 * a left fold, so hashing the pieces in order equals hashing their concatenation.
 */

import { isSerdeShortEscape } from '../json/serdeRules';
import { WASM_MIN_CHARS, wasmFeed, wasmFeedVerbatim, wasmHigh, wasmLow } from './fnvWasm';

/** The running state (one hash at a time; every caller is synchronous). */
let H = 0;
let L = 0;

function feedByte(b: number): void {
  const lo = L ^ b;
  const carry = ((lo >>> 16) * 0x1b3 + (((lo & 0xffff) * 0x1b3) >>> 16)) >>> 16;
  H = (Math.imul(H, 0x1b3) + carry + (lo << 8)) | 0;
  L = Math.imul(lo, 0x1b3);
}

function feedCodePoint(c: number): void {
  if (c < 0x800) {
    feedByte(0xc0 | (c >> 6));
  } else if (c < 0x10000) {
    feedByte(0xe0 | (c >> 12));
    feedByte(0x80 | ((c >> 6) & 0x3f));
  } else {
    feedByte(0xf0 | (c >> 18));
    feedByte(0x80 | ((c >> 12) & 0x3f));
    feedByte(0x80 | ((c >> 6) & 0x3f));
  }
  feedByte(0x80 | (c & 0x3f));
}

/** Starts a new hash at the offset basis. */
export function fnvStart(): void {
  H = 0xcbf29ce4 | 0;
  L = 0x84222325 | 0;
}

/**
 * Feeds the UTF-8 bytes of `s[start, end)`. The range must not split a surrogate pair (a
 * lone surrogate is hashed as U+FFFD, as TextEncoder would encode it).
 */
export function fnvFeed(s: string, start: number, end: number): void {
  if (end - start >= WASM_MIN_CHARS && wasmFeed(H, L, s, start, end)) {
    H = wasmHigh();
    L = wasmLow();
    return;
  }
  let hi = H;
  let lo = L;
  for (let i = start; i < end; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      lo ^= c;
      const carry = ((lo >>> 16) * 0x1b3 + (((lo & 0xffff) * 0x1b3) >>> 16)) >>> 16;
      hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) | 0;
      lo = Math.imul(lo, 0x1b3);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < end ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else {
        c = 0xfffd;
      }
    }
    H = hi;
    L = lo;
    feedCodePoint(c);
    hi = H;
    lo = L;
  }
  H = hi;
  L = lo;
}

/**
 * Whether `s[start, end)`, a JSON string literal with its quotes, is exactly what serde_json
 * would print for the string it decodes to (no control characters, no lone surrogates, only
 * the escapes `\" \\ \b \f \n \r \t`); feeds it if so. On false the state is spoiled.
 */
export function fnvFeedVerbatimString(s: string, start: number, end: number): boolean {
  if (end - start >= WASM_MIN_CHARS && wasmFeedVerbatim(H, L, s, start, end)) {
    H = wasmHigh();
    L = wasmLow();
    return true;
  }
  let hi = H;
  let lo = L;
  for (let i = start; i < end; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x80) {
      if (c === 0x5c) {
        const e = s.charCodeAt(i + 1);
        if (!isSerdeShortEscape(e)) return false;
        lo ^= c;
        const carry = ((lo >>> 16) * 0x1b3 + (((lo & 0xffff) * 0x1b3) >>> 16)) >>> 16;
        hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) | 0;
        lo = Math.imul(lo, 0x1b3);
        c = e;
        i++;
      }
      lo ^= c;
      const carry = ((lo >>> 16) * 0x1b3 + (((lo & 0xffff) * 0x1b3) >>> 16)) >>> 16;
      hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) | 0;
      lo = Math.imul(lo, 0x1b3);
      continue;
    }
    if (c < 0x20) return false;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = s.charCodeAt(i + 1);
      if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff) || i + 1 >= end) return false;
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      i++;
    }
    H = hi;
    L = lo;
    feedCodePoint(c);
    hi = H;
    lo = L;
  }
  H = hi;
  L = lo;
  return true;
}

/** The high 32 bits of the running hash (as an int32). */
export function fnvHigh(): number {
  return H;
}

/** The low 32 bits of the running hash (as an int32). */
export function fnvLow(): number {
  return L;
}

/** A 64-bit hash given as two int32 halves, as 16 lowercase hex digits (zero-padded). */
export function hex64(hi: number, lo: number): string {
  // One flat string from char codes: `toString(16)` goes through V8's generic radix
  // conversion, and a replay formats one of these per distinct call (100k+ in a large file).
  return String.fromCharCode(
    HEX[(hi >>> 28) & 15] as number,
    HEX[(hi >>> 24) & 15] as number,
    HEX[(hi >>> 20) & 15] as number,
    HEX[(hi >>> 16) & 15] as number,
    HEX[(hi >>> 12) & 15] as number,
    HEX[(hi >>> 8) & 15] as number,
    HEX[(hi >>> 4) & 15] as number,
    HEX[hi & 15] as number,
    HEX[(lo >>> 28) & 15] as number,
    HEX[(lo >>> 24) & 15] as number,
    HEX[(lo >>> 20) & 15] as number,
    HEX[(lo >>> 16) & 15] as number,
    HEX[(lo >>> 12) & 15] as number,
    HEX[(lo >>> 8) & 15] as number,
    HEX[(lo >>> 4) & 15] as number,
    HEX[lo & 15] as number,
  );
}

/** Char codes of the 16 lowercase hex digits. */
const HEX = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/** FNV-1a 64 of `s`'s UTF-8 bytes, as 16 lowercase hex digits (zero-padded). */
export function fnv1a64Hex(s: string): string {
  fnvStart();
  fnvFeed(s, 0, s.length);
  return hex64(H, L);
}
