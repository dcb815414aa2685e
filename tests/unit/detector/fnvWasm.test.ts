import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fnv1a64Hex } from '../../../src/detector/index';
import {
  fnvFeedVerbatimString,
  fnvHigh,
  fnvLow,
  fnvStart,
  hex64,
} from '../../../src/detector/fnv1a';
import { WASM_MIN_CHARS, setWasmFnvEnabled, wasmFeed } from '../../../src/detector/fnvWasm';
import { hashArgumentsText } from '../../../src/detector/canonicalHash';

// Straight BigInt FNV-1a 64 over TextEncoder bytes: slow but obviously right.
function reference(s: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(s)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

/** Runs `f` with the WebAssembly path on, then off; returns both results. */
function bothPaths<T>(f: () => T): [T, T] {
  setWasmFnvEnabled(true);
  const fast = f();
  setWasmFnvEnabled(false);
  const slow = f();
  setWasmFnvEnabled(true);
  return [fast, slow];
}

function verbatim(s: string): string | false {
  fnvStart();
  return fnvFeedVerbatimString(s, 0, s.length) && hex64(fnvHigh(), fnvLow());
}

// Long strings mixing ASCII, escapes, controls, BMP, astral characters and lone surrogates.
const piece = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('\\"', '\\\\', '\\n', '\\t', '\\u0041', '\\/', '\u0001', 'é', '€', '😀'),
  fc.constantFrom('\ud800', '\udc00', '\ud83d'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
);
const long = fc
  .array(piece, { minLength: 1, maxLength: 60 })
  .map((parts) => parts.join(''))
  .map((s) => (s.length >= WASM_MIN_CHARS ? s : s + 'x'.repeat(WASM_MIN_CHARS)));

describe('FNV-1a 64 in WebAssembly', () => {
  afterEach(() => setWasmFnvEnabled(true));

  it('is available in this runtime (Node has WebAssembly and TextEncoder)', () => {
    expect(wasmFeed(0, 0, 'x'.repeat(200), 0, 200)).toBe(true);
    setWasmFnvEnabled(false);
    expect(wasmFeed(0, 0, 'x'.repeat(200), 0, 200)).toBe(false);
  });

  it('hashes long strings exactly as the byte-by-byte reference', () => {
    fc.assert(
      fc.property(long, (s) => {
        const [fast, slow] = bothPaths(() => fnv1a64Hex(s));
        expect(fast).toBe(reference(s));
        expect(slow).toBe(fast);
      }),
      { numRuns: 300 },
    );
  });

  it('hashes a range in the middle of a string (the piecewise feed)', () => {
    const s = 'ab'.repeat(50) + '€😀' + 'cd'.repeat(80);
    fnvStart();
    const [fast, slow] = bothPaths(() => fnv1a64Hex(s.slice(3, 190)));
    expect(fast).toBe(reference(s.slice(3, 190)));
    expect(slow).toBe(fast);
  });

  it('grows its memory for a range longer than one page of UTF-8', () => {
    const s = '😀é'.repeat(40_000);
    expect(fnv1a64Hex(s)).toBe(reference(s));
  });

  it('accepts and rejects verbatim literals exactly as the JavaScript loop does', () => {
    fc.assert(
      fc.property(long, (body) => {
        const s = `"${body}"`;
        const [fast, slow] = bothPaths(() => verbatim(s));
        expect(fast).toBe(slow);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same canonical hashes of arguments text on both paths', () => {
    const args = JSON.stringify({
      path: 'src/a.ts',
      content: 'line "one"\n\ttwo \\ three ' + 'x'.repeat(300) + ' é€😀',
      nested: { b: 1.5, a: [true, null, 'y'.repeat(120)] },
    });
    const [fast, slow] = bothPaths(() => {
      hashArgumentsText(args);
      return hex64(fnvHigh(), fnvLow());
    });
    expect(fast).toBe(slow);
  });
});
