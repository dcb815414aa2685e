/**
 * The reference's JSON rules, in one place (docs/detector.md §3.4): serde_json's limits, its
 * number grammar, what it refuses in strings, the escapes it writes itself, and its default
 * float parse. The parser, the canonicalisers and the hash all take them from here, so the
 * bit-exact port rests on one copy of each rule.
 */

/** serde_json's recursion limit: 127 nested containers parse, 128 fail. */
export const SERDE_MAX_DEPTH = 127;

/** The reference renders a value nested 16 containers deep (or deeper) as `"..."`. */
export const CANONICAL_DEPTH_CAP = 16;

/** What a capped value renders as. */
export const CANONICAL_SENTINEL = '"..."';

/**
 * The escapes serde_json writes itself (`\" \\ \b \f \n \r \t`): a string literal whose only
 * escapes are these, with no control or surrogate characters, prints as it was written.
 */
export function isSerdeShortEscape(c: number): boolean {
  return (
    c === 0x22 || c === 0x5c || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74
  );
}

/** Whether a decoded string holds a UTF-16 surrogate that is not half of a pair. */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const d = s.charCodeAt(i + 1);
    if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) i++;
    else return true;
  }
  return false;
}

/** Set by `lexNumber`: whether the literal it read has a fraction or an exponent. */
export const lexed = { float: false };

/**
 * Reads the JSON number literal at `s` of `t` (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`).
 * Returns where it ends, or `-1 - at` when the character at `at` breaks the grammar.
 */
export function lexNumber(t: string, s: number): number {
  let p = s;
  let c = t.charCodeAt(p);
  if (c === 0x2d) c = t.charCodeAt(++p);
  if (c === 0x30) c = t.charCodeAt(++p);
  else if (c >= 0x31 && c <= 0x39) {
    do c = t.charCodeAt(++p);
    while (c >= 0x30 && c <= 0x39);
  } else return -1 - p;
  let float = false;
  if (c === 0x2e) {
    float = true;
    c = t.charCodeAt(++p);
    if (!(c >= 0x30 && c <= 0x39)) return -1 - p;
    do c = t.charCodeAt(++p);
    while (c >= 0x30 && c <= 0x39);
  }
  if (c === 0x65 || c === 0x45) {
    float = true;
    c = t.charCodeAt(++p);
    if (c === 0x2b || c === 0x2d) c = t.charCodeAt(++p);
    if (!(c >= 0x30 && c <= 0x39)) return -1 - p;
    do c = t.charCodeAt(++p);
    while (c >= 0x30 && c <= 0x39);
  }
  lexed.float = float;
  return p;
}

// ---------------------------------------------------------------------------------------------
// serde_json's default float parse (src/de.rs without `float_roundtrip`): the significand is
// read into a u64 and digits past what fits are dropped (an integer digit then counts as a
// power of ten); then one multiply or divide by a power of ten from a table of 1e0 … 1e308,
// dividing by 1e308 first while the power is out of the table. Each step is one IEEE double
// operation, so JavaScript does it bit for bit; the result is not always correctly rounded.

/** `1e0` … `1e308`, each the double nearest to the power, as Rust's literals are. */
const POW10: readonly number[] = Array.from({ length: 309 }, (_, i) => Number(`1e${i}`));
/** u64::MAX / 10: a significand at or above it may not take another digit. */
const U64_TENTH = 1844674407370955161n;
const I32_MAX = 2147483647;
const I32_MIN = -2147483648;

// The significand while it is read: a double while it has at most 15 digits (exact), then a
// BigInt. `digits` counts its digits from the first non-zero one.
let small = 0;
let big = 0n;
let digits = 0;

/** Appends a digit as serde_json does; false when the u64 would overflow (digit dropped). */
function appendDigit(d: number): boolean {
  if (digits === 0 && d === 0) return true;
  if (digits < 15) {
    small = small * 10 + d;
    digits++;
    return true;
  }
  if (digits === 15) big = BigInt(small);
  if (big >= U64_TENTH && (big > U64_TENTH || d > 5)) return false;
  big = big * 10n + BigInt(d);
  digits++;
  return true;
}

/**
 * The double serde_json's default parser reads from a valid JSON number literal, or ±Infinity
 * where it fails with "number out of range". An integer literal gives its value as a double
 * (what `u64 as f64` or `-(u64 as f64)` gives); the printers keep those as integers anyway.
 */
export function serdeParseFloat(lexeme: string): number {
  const n = lexeme.length;
  const positive = lexeme.charCodeAt(0) !== 0x2d;
  let i = positive ? 0 : 1;
  small = 0;
  digits = 0;
  let exponent = 0;
  let c = lexeme.charCodeAt(i);
  if (c === 0x30) c = lexeme.charCodeAt(++i);
  else {
    for (; c >= 0x30 && c <= 0x39; c = lexeme.charCodeAt(++i)) {
      if (!appendDigit(c - 0x30)) {
        // The rest of the integer part only scales it.
        for (; c >= 0x30 && c <= 0x39; c = lexeme.charCodeAt(++i)) exponent++;
        break;
      }
    }
  }
  if (c === 0x2e) {
    c = lexeme.charCodeAt(++i);
    for (; c >= 0x30 && c <= 0x39; c = lexeme.charCodeAt(++i)) {
      if (!appendDigit(c - 0x30)) {
        while (c >= 0x30 && c <= 0x39) c = lexeme.charCodeAt(++i);
        break;
      }
      exponent--;
    }
  }
  if (c === 0x65 || c === 0x45) {
    c = lexeme.charCodeAt(++i);
    const positiveExp = c !== 0x2d;
    if (c === 0x2b || c === 0x2d) c = lexeme.charCodeAt(++i);
    let exp = 0;
    for (; i < n; c = lexeme.charCodeAt(++i)) {
      const d = c - 0x30;
      if (exp >= 214748364 && (exp > 214748364 || d > 7)) {
        // An exponent past i32: zero, or out of range for a non-zero significand upwards.
        if (digits !== 0 && positiveExp) return positive ? Infinity : -Infinity;
        return positive ? 0 : -0;
      }
      exp = exp * 10 + d;
    }
    exponent = positiveExp ? Math.min(exponent + exp, I32_MAX) : Math.max(exponent - exp, I32_MIN);
  }
  let f = digits <= 15 ? small : Number(big);
  for (;;) {
    const a = exponent < 0 ? -exponent : exponent;
    if (a <= 308) {
      if (exponent >= 0) {
        f *= POW10[a] as number;
        if (f === Infinity) return positive ? Infinity : -Infinity;
      } else f /= POW10[a] as number;
      break;
    }
    if (f === 0) break;
    if (exponent >= 0) return positive ? Infinity : -Infinity;
    f /= 1e308;
    exponent += 308;
  }
  return positive ? f : -f;
}
