// FNV-1a 64 as docs/detector.md §3.1 defines it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fnv1a64Hex } from '../../../src/detector/index';

// Straight BigInt FNV-1a 64 over TextEncoder bytes: slow but obviously right.
function reference(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(s)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

describe('FNV-1a 64 (§3.1)', () => {
  it('hashes the empty string to the offset basis', () => {
    expect(fnv1a64Hex('')).toBe('cbf29ce484222325');
  });

  it('hashes {} to 08f44b07b5901a25', () => {
    expect(fnv1a64Hex('{}')).toBe('08f44b07b5901a25');
  });

  it('zero-pads to 16 lowercase hex digits', () => {
    expect(fnv1a64Hex('[]')).toBe('09612b07b5ecb5a5');
    expect(fnv1a64Hex('[]')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('hashes UTF-8 bytes, not UTF-16 units', () => {
    expect(fnv1a64Hex('é')).toBe(reference('é'));
    expect(fnv1a64Hex('日本')).toBe(reference('日本'));
    expect(fnv1a64Hex('😀')).toBe(reference('😀'));
  });

  it('hashes a lone surrogate as U+FFFD', () => {
    expect(fnv1a64Hex('a\ud800b')).toBe(fnv1a64Hex('a\ufffdb'));
  });

  it('agrees with a BigInt reference on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => fnv1a64Hex(s) === reference(s)),
      { numRuns: 500 },
    );
  });
});
