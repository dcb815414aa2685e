/**
 * FNV-1a 64 over long string ranges in WebAssembly.
 *
 * FNV-1a is a strict byte-by-byte chain of 64-bit multiplies. In JavaScript each byte costs
 * about ten int32 operations (fnv1a.ts keeps the state as two halves); in WebAssembly it is
 * one `i64.mul`. The canonical arguments of a 100 MB transcript are tens of megabytes, so
 * this is most of `prepareReplay`'s time. No maintained package hashes a range of a JS string
 * into a *running* FNV-1a 64 state (the hash is fed piecewise, see fnv1a.ts), so the module is
 * written by hand: 359 bytes, assembled with wabt (`wat2wasm`) from this source:
 *
 *   (module
 *     (memory (export "mem") 1)
 *     (global $h (mut i64) (i64.const 0))
 *     (func (export "set") (param $hi i32) (param $lo i32)
 *       (global.set $h (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32))
 *                              (i64.extend_i32_u (local.get $lo)))))
 *     (func (export "feed") (param $n i32) (local $i i32) (local $h i64)
 *       (local.set $h (global.get $h))
 *       (block $done (loop $next
 *         (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
 *         (local.set $h (i64.mul (i64.xor (local.get $h) (i64.load8_u (local.get $i)))
 *                                (i64.const 0x100000001b3)))
 *         (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *         (br $next)))
 *       (global.set $h (local.get $h)))
 *     ;; `feed` that also checks the bytes are a verbatim JSON literal (no control byte, only
 *     ;; the escapes \" \\ \b \f \n \r \t); 0 = not verified, state untouched.
 *     (func (export "feedv") (param $n i32) (result i32) (local $i i32) (local $h i64) (local $b i32)
 *       (local.set $h (global.get $h))
 *       (block $done (loop $next
 *         (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
 *         (local.set $b (i32.load8_u (local.get $i)))
 *         (if (i32.lt_u (local.get $b) (i32.const 0x20)) (then (return (i32.const 0))))
 *         (if (i32.eq (local.get $b) (i32.const 0x5c)) (then
 *           (local.set $h (i64.mul (i64.xor (local.get $h) (i64.const 0x5c)) (i64.const 0x100000001b3)))
 *           (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *           (if (i32.ge_u (local.get $i) (local.get $n)) (then (return (i32.const 0))))
 *           (local.set $b (i32.load8_u (local.get $i)))
 *           (if (i32.eqz (i32.or (i32.or (i32.or (i32.eq (local.get $b) (i32.const 0x22))
 *                                                (i32.eq (local.get $b) (i32.const 0x5c)))
 *                                        (i32.or (i32.eq (local.get $b) (i32.const 0x62))
 *                                                (i32.eq (local.get $b) (i32.const 0x66))))
 *                                (i32.or (i32.or (i32.eq (local.get $b) (i32.const 0x6e))
 *                                                (i32.eq (local.get $b) (i32.const 0x72)))
 *                                        (i32.eq (local.get $b) (i32.const 0x74)))))
 *             (then (return (i32.const 0))))))
 *         (local.set $h (i64.mul (i64.xor (local.get $h) (i64.extend_i32_u (local.get $b)))
 *                                (i64.const 0x100000001b3)))
 *         (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *         (br $next)))
 *       (global.set $h (local.get $h))
 *       (i32.const 1))
 *     (func (export "hi") (result i32) (i32.wrap_i64 (i64.shr_u (global.get $h) (i64.const 32))))
 *     (func (export "lo") (result i32) (i32.wrap_i64 (global.get $h))))
 *
 * The bytes to hash are the range's UTF-8, written by the native `TextEncoder.encodeInto`
 * (a lone surrogate becomes U+FFFD, as fnv1a.ts specifies). Where WebAssembly or TextEncoder
 * is missing, or a Content-Security-Policy forbids compiling (no 'wasm-unsafe-eval'), the
 * accelerator reports itself unavailable and callers keep the JavaScript loop: same hash,
 * slower. The core compiles without DOM types, hence the small structural types below.
 */

const MODULE_BASE64 =
  'AGFzbQEAAAABEwRgAn9/AGABfwBgAX8Bf2AAAX8DBgUAAQIDAwUDAQABBgYBfgFCAAsHJgYDbWVtAgADc2V0AAAEZmVlZAABBWZlZWR2AAICaGkAAwJsbwAECooCBQ4AIACtQiCGIAGthCQACzYCAX8BfiMAIQICQANAIAEgAE8NASACIAExAACFQrODgICAIH4hAiABQQFqIQEMAAsLIAIkAAuyAQMBfwF+AX8jACECAkADQCABIABPDQEgAS0AACEDIANBIEkEQEEADwsgA0HcAEYEQCACQtwAhUKzg4CAgCB+IQIgAUEBaiEBIAEgAE8EQEEADwsgAS0AACEDIANBIkYgA0HcAEZyIANB4gBGIANB5gBGcnIgA0HuAEYgA0HyAEZyIANB9ABGcnJFBEBBAA8LCyACIAOthUKzg4CAgCB+IQIgAUEBaiEBDAALCyACJABBAQsIACMAQiCIpwsFACMApws=';

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface FnvExports {
  readonly mem: WasmMemory;
  set(hi: number, lo: number): void;
  feed(n: number): void;
  feedv(n: number): number;
  hi(): number;
  lo(): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}
interface Encoder {
  encodeInto(s: string, into: Uint8Array): { read: number; written: number };
}

/** Ranges shorter than this stay in JavaScript (the call and copy cost more than they save). */
export const WASM_MIN_CHARS = 96;

const PAGE = 65536;

let api: FnvExports | null | undefined;
let encoder: Encoder | null = null;
let view = new Uint8Array(0);
/** Test hook: when false, `fnvWasm()` reports the accelerator unavailable. */
let enabled = true;

function decodeBase64(s: string): Uint8Array {
  const atobFn = (globalThis as { atob?: (s: string) => string }).atob;
  if (atobFn === undefined) throw new Error('no atob');
  const bin = atobFn(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function instantiate(): FnvExports | null {
  try {
    const g = globalThis as { WebAssembly?: WasmApi; TextEncoder?: new () => Encoder };
    if (g.WebAssembly === undefined || g.TextEncoder === undefined) return null;
    const instance = new g.WebAssembly.Instance(
      new g.WebAssembly.Module(decodeBase64(MODULE_BASE64)),
    );
    encoder = new g.TextEncoder();
    const exports = instance.exports as FnvExports;
    view = new Uint8Array(exports.mem.buffer);
    return exports;
  } catch {
    // A CSP without 'wasm-unsafe-eval' throws here: keep the JavaScript loop.
    return null;
  }
}

/** The accelerator, or null where it cannot run (compiled once, on first use). */
function fnvWasm(): FnvExports | null {
  if (!enabled) return null;
  if (api === undefined) api = instantiate();
  return api;
}

/** Writes the UTF-8 of `s[start, end)` into the module's memory; returns its length. */
function encode(w: FnvExports, s: string, start: number, end: number): number {
  const need = (end - start) * 3;
  if (view.length < need) {
    w.mem.grow(Math.ceil((need - view.length) / PAGE));
    view = new Uint8Array(w.mem.buffer);
  }
  return (encoder as Encoder).encodeInto(s.substring(start, end), view).written;
}

/**
 * Continues the FNV-1a 64 state (`hi`, `lo`) over the UTF-8 of `s[start, end)`; returns
 * false (state untouched) when the accelerator is unavailable. The new state is read with
 * `wasmHigh()` / `wasmLow()`.
 */
export function wasmFeed(hi: number, lo: number, s: string, start: number, end: number): boolean {
  const w = fnvWasm();
  if (w === null) return false;
  const n = encode(w, s, start, end);
  w.set(hi, lo);
  w.feed(n);
  return true;
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * `wasmFeed` for a JSON string literal that must be printed verbatim (fnv1a.ts,
 * `fnvFeedVerbatimString`): true when the range was checked and hashed; false when the
 * accelerator is unavailable or could not decide (a surrogate, a control character, another
 * escape), leaving the state untouched for the JavaScript loop to decide.
 */
export function wasmFeedVerbatim(
  hi: number,
  lo: number,
  s: string,
  start: number,
  end: number,
): boolean {
  const w = fnvWasm();
  if (w === null) return false;
  const sub = s.substring(start, end);
  // TextEncoder turns a lone surrogate into U+FFFD, which the bytes cannot tell from a real
  // one, so surrogates (rare: emoji, astral scripts) go to the JavaScript loop.
  if (SURROGATE.test(sub)) return false;
  const n = encode(w, sub, 0, sub.length);
  w.set(hi, lo);
  return w.feedv(n) === 1;
}

/** The high 32 bits of the state after `wasmFeed` (as an int32). */
export function wasmHigh(): number {
  return (api as FnvExports).hi() | 0;
}

/** The low 32 bits of the state after `wasmFeed` (as an int32). */
export function wasmLow(): number {
  return (api as FnvExports).lo() | 0;
}

/** Turns the accelerator off or on (tests compare both paths). */
export function setWasmFnvEnabled(on: boolean): void {
  enabled = on;
}
