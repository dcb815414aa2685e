/**
 * Byte-wise UTF-8 ordering of strings (Rust `&str`/`String` ordering), which is code-point
 * order. JavaScript's `<` compares UTF-16 code units, which disagrees with it only when a
 * surrogate (a character above U+FFFF) meets a character in U+E000–U+FFFF.
 */

/** Compares two strings by their UTF-8 bytes: negative, zero or positive. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  return compareUtf8Ranges(a, 0, a.length, b, 0, b.length);
}

/**
 * `compareUtf8(a.slice(a0, a1), b.slice(b0, b1))` without the slices (the canonical hash
 * orders an object's keys where they stand in the arguments text).
 */
export function compareUtf8Ranges(
  a: string,
  a0: number,
  a1: number,
  b: string,
  b0: number,
  b1: number,
): number {
  const la = a1 - a0;
  const lb = b1 - b0;
  const n = la < lb ? la : lb;
  for (let i = 0; i < n; i++) {
    let ca = a.charCodeAt(a0 + i);
    let cb = b.charCodeAt(b0 + i);
    if (ca !== cb) {
      if (ca >= 0xd800 && cb >= 0xd800) {
        // Surrogates encode code points above U+FFFF, so they sort after U+E000–U+FFFF.
        ca = ca < 0xe000 ? ca + 0x2000 : ca - 0x800;
        cb = cb < 0xe000 ? cb + 0x2000 : cb - 0x800;
      }
      return ca - cb;
    }
  }
  return la - lb;
}
