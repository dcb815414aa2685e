/**
 * The 32-bit hash that picks a signature's colour (src/ui/colors.ts). It lives here so the
 * worker can hash every signature as it packs a transcript, sparing the main thread's first
 * paint of a 100k-batch result from cutting ~1,000 signature texts out of the string table
 * and hashing them within one frame.
 */

/** FNV-1a 32 over UTF-16 code units with a murmur3 finaliser (signatures differ only in a few trailing hex digits). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
