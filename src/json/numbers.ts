/**
 * serde_json's number rendering, driven by the literal text (docs/detector.md §3.2 rule 6, §3.4).
 *
 * A number's print depends on how serde_json parsed it: a u64 or i64 literal keeps its
 * digits, everything else is an f64 printed in the shortest round-trip form with the zmij
 * `e+` exponent that serde_json ≥ 1.0.147 writes. The f64 is the one serde_json's default
 * parse reads (`serdeParseFloat`), not always the nearest to the literal.
 */
import { serdeParseFloat } from './serdeRules';

const U64_MAX = '18446744073709551615';
const I64_MIN_ABS = '9223372036854775808';

/** Whether a digit string (no sign, no leading zeros) is ≤ `limit` numerically. */
function digitsAtMost(digits: string, limit: string): boolean {
  if (digits.length !== limit.length) return digits.length < limit.length;
  return digits <= limit;
}

/** Whether serde_json reads this JSON number literal as an integer (u64 or i64). */
function isSerdeInteger(lexeme: string): boolean {
  for (let i = 0; i < lexeme.length; i++) {
    const c = lexeme.charCodeAt(i);
    if (c === 0x2e || c === 0x65 || c === 0x45) return false; // . e E
  }
  if (lexeme.charCodeAt(0) === 0x2d) {
    const digits = lexeme.slice(1);
    return digits !== '0' && digitsAtMost(digits, I64_MIN_ABS);
  }
  return digitsAtMost(lexeme, U64_MAX);
}

/** Renders a valid JSON number literal the way serde_json prints the value it parses to. */
export function formatSerdeNumber(lexeme: string): string {
  return isSerdeInteger(lexeme) ? lexeme : formatSerdeFloat(serdeParseFloat(lexeme));
}

/**
 * serde_json's (zmij) f64 format: `1.0`, `-0.0`, `12.34`, `0.0001234`, `1e+16`, `1.5e-7`.
 * Non-finite values cannot come out of serde_json's parser; they print as `null`, as
 * serde_json writes them.
 */
export function formatSerdeFloat(x: number): string {
  if (!Number.isFinite(x)) return 'null';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  const exp = Math.abs(x).toExponential(); // shortest round-trip digits: d.ddde±E
  const ePos = exp.indexOf('e');
  const mantissa = exp.slice(0, ePos);
  const digits = mantissa.length > 1 ? mantissa[0] + mantissa.slice(2) : mantissa;
  const e = Number(exp.slice(ePos + 1));
  const n = digits.length;
  const kk = e + 1;
  const k = kk - n;
  if (k >= 0 && kk <= 16) return sign + digits + '0'.repeat(k) + '.0';
  if (kk > 0 && kk <= 16) return sign + digits.slice(0, kk) + '.' + digits.slice(kk);
  if (kk > -5 && kk <= 0) return sign + '0.' + '0'.repeat(-kk) + digits;
  const frac = n > 1 ? digits[0] + '.' + digits.slice(1) : digits;
  const ee = kk - 1;
  return sign + frac + 'e' + (ee < 0 ? String(ee) : '+' + String(ee));
}
