// One colour per batch signature, the same in every view (timeline, table, details, legend).
//
// The colour is a pure function of the signature text so that every component agrees without
// sharing state: a hash picks a hue and one of three lightness bands, and the colour is built in
// OKLCH so every hue has the same perceived lightness (plain HSL makes yellows glare and blues
// vanish). Lightness is chosen per theme for at least 3:1 contrast against the page (WCAG's
// figure for graphical objects). Output is `#rrggbb`, valid everywhere CSS and canvas take colours.

export type ThemeName = 'light' | 'dark';

// Three bands per theme: a second axis besides hue, so two signatures whose hues land close
// together still tend to differ in lightness.
const LIGHTNESS: Record<ThemeName, readonly number[]> = {
  light: [0.5, 0.57, 0.63],
  dark: [0.7, 0.77, 0.84],
};
const CHROMA: Record<ThemeName, number> = { light: 0.15, dark: 0.13 };

const cache = new Map<string, string>();

/** The stable colour (`#rrggbb`) for a batch signature in a theme. */
export function signatureColor(signature: string, theme: ThemeName): string {
  const key = theme + '\u0000' + signature;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const h = hash32(signature);
  const hue = ((h & 0xffff) / 0x10000) * 360;
  const bands = LIGHTNESS[theme];
  const lightness = bands[(h >>> 16) % bands.length] ?? 0.6;
  const colour = oklchToHex(lightness, CHROMA[theme], hue);
  // Memoised because canvas code asks for the same few colours on every frame; bounded so a
  // transcript with millions of distinct signatures cannot grow it without limit.
  if (cache.size > 4096) cache.clear();
  cache.set(key, colour);
  return colour;
}

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

/** OKLCH (L 0..1, C, hue in degrees) to `#rrggbb`, reducing chroma until the colour fits in sRGB. */
export function oklchToHex(l: number, c: number, hueDeg: number): string {
  let chroma = c;
  for (let i = 0; i < 24; i++) {
    const rgb = oklchToLinearSrgb(l, chroma, hueDeg);
    if (rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4)) return toHex(rgb);
    chroma *= 0.85;
  }
  return toHex(oklchToLinearSrgb(l, 0, hueDeg));
}

function oklchToLinearSrgb(l: number, c: number, hueDeg: number): [number, number, number] {
  const hr = (hueDeg * Math.PI) / 180;
  const a = c * Math.cos(hr);
  const b = c * Math.sin(hr);
  const l1 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m1 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s1 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1,
    -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1,
    -0.0041960863 * l1 - 0.7034186147 * m1 + 1.707614701 * s1,
  ];
}

function toHex(linear: readonly number[]): string {
  let out = '#';
  for (const v of linear) {
    const x = Math.min(1, Math.max(0, v));
    const srgb = x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
    out += Math.round(srgb * 255)
      .toString(16)
      .padStart(2, '0');
  }
  return out;
}
