/**
 * Byte-wise UTF-8 ordering of strings (Rust `&str`/`String` ordering), which is code-point
 * order. JavaScript's `<` compares UTF-16 code units, which disagrees with it only when a
 * surrogate (a character above U+FFFF) meets a character in U+E000–U+FFFF.
 */

/** Compares two strings by their UTF-8 bytes: negative, zero or positive. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    let ca = a.charCodeAt(i);
    let cb = b.charCodeAt(i);
    if (ca !== cb) {
      if (ca >= 0xd800 && cb >= 0xd800) {
        // Surrogates encode code points above U+FFFF, so they sort after U+E000–U+FFFF.
        ca = ca < 0xe000 ? ca + 0x2000 : ca - 0x800;
        cb = cb < 0xe000 ? cb + 0x2000 : cb - 0x800;
      }
      return ca - cb;
    }
  }
  return a.length - b.length;
}
