// serde_json's default float parse (no `float_roundtrip`), checked two ways: values worked out
// by hand from its steps, and a property against the same steps done in exact rational
// arithmetic (each IEEE operation is "the exact result, rounded to nearest, ties to even").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSerdeNumber } from '../../../src/json/numbers';
import { serdeParseFloat } from '../../../src/json/serdeRules';

// ---- exact reference -------------------------------------------------------------------------

const U64_MAX = (1n << 64n) - 1n;

/** The exact value of a finite double as a fraction num / den (den a power of two). */
function exact(x: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const e = Number((bits >> 52n) & 0x7ffn);
  const m = bits & ((1n << 52n) - 1n);
  const mant = e === 0 ? m : m | (1n << 52n);
  const p = (e === 0 ? 1 : e) - 1075;
  return p >= 0 ? [mant << BigInt(p), 1n] : [mant, 1n << BigInt(-p)];
}

/** The double nearest to num / den (≥ 0), ties to even; Infinity past the largest. */
function roundRational(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  // Find e with 2^52 ≤ num / den / 2^e < 2^53, clamped at the subnormal exponent.
  let e = num.toString(2).length - den.toString(2).length - 53;
  const scaled = (k: number): [bigint, bigint] =>
    k >= 0 ? [num, den << BigInt(k)] : [num << BigInt(-k), den];
  for (;;) {
    const [a, b] = scaled(e);
    if (a / b >= 1n << 53n) e++;
    else if (a / b < 1n << 52n && e > -1074) e--;
    else break;
  }
  if (e < -1074) e = -1074;
  const [a, b] = scaled(e);
  let q = a / b;
  const r2 = (a % b) * 2n;
  if (r2 > b || (r2 === b && (q & 1n) === 1n)) q++;
  if (q === 1n << 53n) {
    q >>= 1n;
    e++;
  }
  if (e > 971) return Infinity;
  return Number(q) * 2 ** e; // exact: q < 2^53 and the power of two is exact
}

const times = (x: number, y: number): number => {
  const [a, b] = exact(x);
  const [c, d] = exact(y);
  return roundRational(a * c, b * d);
};
const over = (x: number, y: number): number => {
  const [a, b] = exact(x);
  const [c, d] = exact(y);
  return roundRational(a * d, b * c);
};
const pow10 = (k: number): number => roundRational(10n ** BigInt(k), 1n);

/** serde_json's steps in exact arithmetic, read off the literal's digits as strings. */
function reference(lexeme: string): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?)(\d+))?$/.exec(lexeme);
  if (m === null) throw new Error(lexeme);
  const [, sign, int = '', frac = '', expSign, expDigits] = m;
  // The significand takes digits while it stays a u64; an integer digit past that scales it,
  // a fraction digit past that is dropped, as are all digits after the first one dropped.
  let sig = 0n;
  let exponent = 0;
  let full = false;
  for (const ch of int) {
    const next = sig * 10n + BigInt(ch);
    if (full || next > U64_MAX) {
      full = true;
      exponent++;
    } else sig = next;
  }
  let dropped = false;
  for (const ch of frac) {
    if (dropped) continue;
    const next = sig * 10n + BigInt(ch);
    if (next > U64_MAX) dropped = true;
    else {
      sig = next;
      exponent--;
    }
  }
  if (expDigits !== undefined) {
    const e = BigInt(expDigits);
    if (e > 2147483647n) {
      if (sig !== 0n && expSign !== '-') return sign ? -Infinity : Infinity;
      return sign ? -0 : 0;
    }
    const total = expSign === '-' ? exponent - Number(e) : exponent + Number(e);
    exponent = Math.max(-2147483648, Math.min(2147483647, total));
  }
  let f = roundRational(sig, 1n);
  for (;;) {
    const a = Math.abs(exponent);
    if (a <= 308) {
      f = exponent >= 0 ? times(f, pow10(a)) : over(f, pow10(a));
      break;
    }
    if (f === 0) break;
    if (exponent >= 0) return sign ? -Infinity : Infinity;
    f = over(f, pow10(308));
    exponent += 308;
  }
  return sign ? -f : f;
}

/** `u64 as f64`: the nearest double, ties to even (as `Number` of a BigInt). */
const asDouble = (n: bigint): number => Number(n);

// ---- by hand ---------------------------------------------------------------------------------

describe('serdeParseFloat, values worked out from the algorithm', () => {
  it('reads 0.9465193593081767 as …768: the 16-digit significand rounds to even first', () => {
    // 9465193593081767 lies between 2^53 and 2^54, where doubles are the even integers; it is
    // halfway between …766 and …768, and …768 / 2 is the even one. …768 / 1e16 is then the
    // double printed 0.9465193593081768.
    expect(serdeParseFloat('0.9465193593081767')).toBe(0.9465193593081768);
    expect(formatSerdeNumber('0.9465193593081767')).toBe('0.9465193593081768');
    expect(Number('0.9465193593081767')).not.toBe(0.9465193593081768);
  });

  it('reads 7e-302 as 7 / 1e302, one ULP under the nearest', () => {
    expect(serdeParseFloat('7e-302')).toBe(7 / 1e302);
    expect(formatSerdeNumber('7e-302')).toBe('6.999999999999999e-302');
  });

  it('drops the digits that do not fit a u64 significand', () => {
    // 1234567890123456789 takes "0" (12345678901234567890 ≤ u64::MAX) but not "1"; the rest
    // are dropped: 12345678901234567890 (as a double, 12345678901234567168) / 1e20.
    expect(serdeParseFloat('0.12345678901234567890123')).toBe(
      asDouble(12345678901234567890n) / 1e20,
    );
    // u64::MAX / 10 takes a 5 but not a 6.
    expect(serdeParseFloat('1844674407370955161.5')).toBe(asDouble(18446744073709551615n) / 10);
    expect(serdeParseFloat('1844674407370955161.6')).toBe(asDouble(1844674407370955161n));
    // u64::MAX itself fits (as a double, 2^64); dropping its last digit would give
    // 1844674407370955161 (as a double, …264) / 1e305, another double.
    expect(serdeParseFloat('18446744073709551615e-306')).toBe(2 ** 64 / 1e306);
    expect(serdeParseFloat('18446744073709551615e-306')).not.toBe(
      asDouble(1844674407370955161n) / 1e305,
    );
  });

  it('counts an integer digit past the u64 as a power of ten, and may still take a fraction digit', () => {
    // 20 digits: the 20th ("9" after u64::MAX / 10) does not fit; it only multiplies by ten.
    expect(serdeParseFloat('18446744073709551619')).toBe(asDouble(1844674407370955161n) * 10);
    // After that, "5" still fits as a fraction digit: the significand becomes u64::MAX, and
    // the exponent is +1 − 1.
    expect(serdeParseFloat('18446744073709551619.5')).toBe(asDouble(18446744073709551615n));
    expect(serdeParseFloat('123456789012345678901234567890')).toBe(
      asDouble(12345678901234567890n) * 1e10,
    );
  });

  it('may read its own print of a float back as another double', () => {
    // "8324444040341740.0": the significand 83244440403417400 (17 digits) lies where doubles
    // are 16 apart; it is halfway between …392 and …408, and …408 / 16 is even. …408 / 10 is
    // 8324444040341740.8, which rounds to …741.
    expect(serdeParseFloat('8324444040341740.0')).toBe(8324444040341741);
    expect(formatSerdeNumber('8324444040341740.0')).toBe('8324444040341741.0');
  });

  it('divides by 1e308 first when the power is out of the table', () => {
    expect(serdeParseFloat('123e-400')).toBe(123 / 1e308 / 1e92);
    expect(serdeParseFloat('1e-400')).toBe(0);
    expect(serdeParseFloat('-1e-400')).toBe(-0);
  });

  it('fails as out of range upwards, never for zero', () => {
    expect(serdeParseFloat('1e309')).toBe(Infinity);
    expect(serdeParseFloat('-10e308')).toBe(-Infinity);
    expect(serdeParseFloat('0e999')).toBe(0);
    expect(serdeParseFloat('0e99999999999')).toBe(0);
    expect(serdeParseFloat('1e99999999999')).toBe(Infinity);
    expect(serdeParseFloat('1e-99999999999')).toBe(0);
    expect(formatSerdeNumber('1e309')).toBe('null');
    // The largest double, from its shortest digits: 17976931348623157 × 1e292 stays finite.
    expect(serdeParseFloat('1.7976931348623157e308')).toBe(asDouble(17976931348623157n) * 1e292);
  });

  it('gives integers and short floats their nearest double', () => {
    expect(serdeParseFloat('-0')).toBe(-0);
    expect(serdeParseFloat('0.1')).toBe(0.1);
    expect(serdeParseFloat('-2.5E+3')).toBe(-2500);
    expect(serdeParseFloat('9007199254740993')).toBe(9007199254740992);
  });
});

// ---- by property -----------------------------------------------------------------------------

const digitString = (min: number, max: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
    .map((ds) => ds.join(''));

const lexeme = fc
  .record({
    sign: fc.boolean(),
    int: fc.oneof(
      fc.constant('0'),
      digitString(1, 24).map((d) => (d[0] === '0' ? '1' + d : d)),
      // At the edge of the u64 significand.
      digitString(0, 3).map((d) => '1844674407370955161' + d),
    ),
    frac: fc.option(digitString(1, 30), { nil: undefined }),
    exp: fc.option(
      fc.record({
        mark: fc.constantFrom('e', 'E'),
        sign: fc.constantFrom('', '+', '-'),
        value: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 2 ** 32 })),
      }),
      { nil: undefined },
    ),
  })
  .map(
    ({ sign, int, frac, exp }) =>
      (sign ? '-' : '') +
      int +
      (frac === undefined ? '' : '.' + frac) +
      (exp === undefined ? '' : exp.mark + exp.sign + String(exp.value)),
  );

describe('serdeParseFloat, by property', () => {
  it('equals the algorithm run in exact arithmetic', () => {
    fc.assert(
      fc.property(lexeme, (l) => {
        expect(Object.is(serdeParseFloat(l), reference(l)), l).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('is correctly rounded where every step is exact (≤ 15 digits, power ≤ 22)', () => {
    const short = fc
      .record({ ds: digitString(1, 15), point: fc.nat(15), e: fc.integer({ min: -22, max: 22 }) })
      .map(({ ds, point, e }) => {
        const at = Math.min(point, ds.length - 1) + 1;
        const int = ds.slice(0, at).replace(/^0+(?=\d)/, '');
        const frac = ds.slice(at);
        return `${int}${frac ? '.' + frac : ''}e${e + frac.length}`;
      });
    fc.assert(
      fc.property(short, (l) => {
        expect(serdeParseFloat(l)).toBe(Number(l));
      }),
    );
  });
});
