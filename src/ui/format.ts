/**
 * Numbers and counted words as the page writes them: thousands separators from one shared
 * `Intl.NumberFormat` (made once: building one per call is what makes number formatting slow),
 * and the singular for one.
 */
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** `12,345`; `1.5`. */
export function formatNumber(n: number): string {
  return NUMBER.format(n);
}

/** `1 batch`, `2 batches`, `12,345 calls`: `many` defaults to `one` + "s" (+ "es" after s, x, ch, sh). */
export function formatCount(n: number, one: string, many?: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : (many ?? pluralOf(one))}`;
}

function pluralOf(word: string): string {
  return /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}
