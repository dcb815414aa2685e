/**
 * FNV-1a 64 over the UTF-8 bytes of a string (detector.md §3.1).
 *
 * The 64-bit state is kept as two 32-bit halves so the per-byte loop needs no BigInt and
 * stays in int32 arithmetic. The prime is 2^40 + 0x1b3, so `h * prime mod 2^64` is
 * `h * 0x1b3 + (lo << 40)`: the new low half is `imul(lo, 0x1b3)`, and the new high half is
 * `imul(hi, 0x1b3)` plus the carry out of `lo * 0x1b3` (computed from 16-bit pieces) plus
 * `lo << 8` (the 2^40 term).
 */

// State for the multi-byte path, which is rare enough to live outside the hot loop.
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

/** FNV-1a 64 of `s`'s UTF-8 bytes, as 16 lowercase hex digits (zero-padded). */
export function fnv1a64Hex(s: string): string {
  let hi = 0xcbf29ce4 | 0;
  let lo = 0x84222325 | 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      lo ^= c;
      const carry = ((lo >>> 16) * 0x1b3 + (((lo & 0xffff) * 0x1b3) >>> 16)) >>> 16;
      hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) | 0;
      lo = Math.imul(lo, 0x1b3);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else {
        // A lone surrogate has no UTF-8 form; hash it as U+FFFD, as TextEncoder would.
        c = 0xfffd;
      }
    }
    H = hi;
    L = lo;
    feedCodePoint(c);
    hi = H;
    lo = L;
  }
  return hex8(hi >>> 0) + hex8(lo >>> 0);
}

function hex8(x: number): string {
  const h = x.toString(16);
  return h.length === 8 ? h : '00000000'.slice(h.length) + h;
}
