// One colour per batch signature, the same in every view (timeline, table, details, legend).
//
// The colour is a pure function of the signature text so that every component agrees without
// sharing state: a hash picks a hue and one of three lightness bands, and the colour is built in
// OKLCH so every hue has the same perceived lightness (plain HSL makes yellows glare and blues
// vanish). Lightness is chosen per theme for at least 3:1 contrast against the page (WCAG's
// figure for graphical objects). Output is `#rrggbb`, valid everywhere CSS and canvas take colours.

import type { Report } from '../detector/report';
import { columnsOf, type TranscriptColumns } from '../report/reportColumns';
import { hash32 } from '../report/sigHash';

export { hash32 };

export type ThemeName = 'light' | 'dark';

// The most frequent signatures of a transcript get hues from a fixed, evenly spaced wheel in
// frequency order, so the handful a person actually looks at are always far apart (a hash alone
// puts two of eight signatures on near-identical colours more often than not). Red (~25°) is
// left out: it means "refused" everywhere in the app.
// Each entry is [hue, lightness band]; neighbours on the wheel sit in different bands.
const RANKED: readonly (readonly [number, number])[] = [
  [255, 0],
  [135, 1],
  [55, 0],
  [335, 1],
  [175, 0],
  [95, 1],
  [295, 2],
  [215, 1],
  [255, 2],
  [135, 2],
];
const RANKED_LIGHTNESS: Record<ThemeName, readonly number[]> = {
  light: [0.5, 0.62, 0.4],
  dark: [0.7, 0.82, 0.6],
};
const rankCache = new WeakMap<TranscriptColumns, Map<string, number>>();

/**
 * Signature → frequency rank (0 = most batches; ties by first appearance), cached per
 * transcript (ranks do not depend on the config). Views that know the batch use
 * `signaturePalette`, which needs no map of every signature.
 */
export function signatureRanks(report: Report): Map<string, number> {
  const t = columnsOf(report).transcript;
  const hit = rankCache.get(t);
  if (hit) return hit;
  const ranks = new Map<string, number>();
  for (let id = 0; id < t.sigCount; id++) ranks.set(t.sigTextOf(id), t.rank[id] as number);
  rankCache.set(t, ranks);
  return ranks;
}

// Three bands per theme: a second axis besides hue, so two signatures whose hues land close
// together still tend to differ in lightness.
const LIGHTNESS: Record<ThemeName, readonly number[]> = {
  light: [0.5, 0.57, 0.63],
  dark: [0.7, 0.77, 0.84],
};
const CHROMA: Record<ThemeName, number> = { light: 0.15, dark: 0.13 };

/** The ranked colour for a frequency rank, or null past the ranked palette. */
function rankedColor(rank: number | undefined, theme: ThemeName): string | null {
  const entry = rank === undefined ? undefined : RANKED[rank];
  if (entry === undefined) return null;
  const [hue, band] = entry;
  return oklchToHex(RANKED_LIGHTNESS[theme][band] ?? 0.6, CHROMA[theme] + 0.02, hue);
}

/** Hue steps per turn: finer than the eye tells apart, few enough to cache every colour. */
const HUE_STEPS = 720;
const hashedCache: Record<ThemeName, readonly string[] | null> = { light: null, dark: null };

/**
 * Every hashed colour of a theme (3 bands × 720 hues), computed together: on first use, or
 * earlier in idle time (`primeSignatureColors`), so a new transcript's first frame, which
 * colours up to ~1,000 signatures, finds every colour made (filling the table slot by slot
 * there would take a large share of that frame at 100k batches).
 */
function hashedTable(theme: ThemeName): readonly string[] {
  const hit = hashedCache[theme];
  if (hit !== null) return hit;
  const bands = LIGHTNESS[theme];
  const table: string[] = [];
  for (let band = 0; band < bands.length; band++) {
    for (let step = 0; step < HUE_STEPS; step++) {
      table.push(oklchToHex(bands[band] ?? 0.6, CHROMA[theme], (step * 360) / HUE_STEPS));
    }
  }
  hashedCache[theme] = table;
  return table;
}

/**
 * Builds both themes' hashed colours while the page is idle, so the first transcript with
 * more than ten signatures (the sample has fewer) does not build them in its first frame.
 */
export function primeSignatureColors(): void {
  const idle = (globalThis as { requestIdleCallback?: (f: () => void) => unknown })
    .requestIdleCallback;
  if (idle === undefined) return;
  idle(() => hashedTable('light'));
  idle(() => hashedTable('dark'));
}

/** The colour for a signature's hash: a hue (to half a degree) and a lightness band. */
function colorOfHash(h: number, theme: ThemeName): string {
  const band = (h >>> 16) % LIGHTNESS[theme].length;
  const step = Math.floor(((h & 0xffff) * HUE_STEPS) / 0x10000);
  return hashedTable(theme)[band * HUE_STEPS + step] as string;
}

/** The stable hashed colour of a signature (no report). */
function hashedColor(signature: string, theme: ThemeName): string {
  return colorOfHash(hash32(signature), theme);
}

/**
 * The colour (`#rrggbb`) for a batch signature in a theme. With the report, the ten most frequent
 * signatures get well-separated ranked colours; every other signature (or a call without the
 * report) gets its stable hashed colour.
 */
export function signatureColor(signature: string, theme: ThemeName, report?: Report): string {
  if (report) {
    const ranked = rankedColor(signatureRanks(report).get(signature), theme);
    if (ranked !== null) return ranked;
  }
  // No memo of its own: the hue table caches every colour, and a string-keyed map would
  // hash the signature as hash32 does.
  return hashedColor(signature, theme);
}

/** Colour by signature id (`TranscriptColumns.sigId`), the same as `signatureColor` with the report. */
export type SignaturePalette = (sigId: number) => string;

const palettes = new WeakMap<TranscriptColumns, Map<ThemeName, SignaturePalette>>();

/**
 * The colours of a report's signatures by id, each computed when first drawn and kept per
 * transcript and theme: a config change re-colours nothing, and 100k distinct signatures cost
 * only the few hundred a frame shows.
 */
export function signaturePalette(report: Report, theme: ThemeName): SignaturePalette {
  const t = columnsOf(report).transcript;
  let byTheme = palettes.get(t);
  if (byTheme === undefined) {
    byTheme = new Map();
    palettes.set(t, byTheme);
  }
  let palette = byTheme.get(theme);
  if (palette === undefined) {
    const memo = new Array<string | undefined>(t.sigCount);
    palette = (id) => {
      let c = memo[id];
      if (c === undefined) {
        c = rankedColor(t.rank[id], theme) ?? colorOfHash(t.sigHashOf(id), theme);
        memo[id] = c;
      }
      return c;
    };
    byTheme.set(theme, palette);
  }
  return palette;
}

/** The colour of batch `batchIndex`'s signature (table rows, details). */
export function batchColor(report: Report, batchIndex: number, theme: ThemeName): string {
  return signaturePalette(report, theme)(columnsOf(report).transcript.sigId[batchIndex] ?? 0);
}

/** Two hex digits per byte value. */
const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** One linear-light channel as two hex digits of gamma-encoded sRGB. */
function hexChannel(v: number): string {
  const x = Math.min(1, Math.max(0, v));
  const srgb = x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  return HEX2[Math.round(srgb * 255)] as string;
}

const inGamut = (v: number): boolean => v >= -1e-4 && v <= 1 + 1e-4;

/**
 * OKLCH (L 0..1, C, hue in degrees) to `#rrggbb`, reducing chroma until the colour fits in
 * sRGB. Scalar arithmetic only (no arrays per step): a new transcript colours a thousand
 * signatures in its first frame.
 */
export function oklchToHex(l: number, c: number, hueDeg: number): string {
  const hr = (hueDeg * Math.PI) / 180;
  const cos = Math.cos(hr);
  const sin = Math.sin(hr);
  let chroma = c;
  for (let i = 0; i <= 24; i++) {
    // After 24 reductions, give up on chroma (grey at that lightness).
    const ch = i === 24 ? 0 : chroma;
    const a = ch * cos;
    const b = ch * sin;
    const l1 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
    const m1 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
    const s1 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
    const r = 4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1;
    const g = -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1;
    const bl = -0.0041960863 * l1 - 0.7034186147 * m1 + 1.707614701 * s1;
    if (i === 24 || (inGamut(r) && inGamut(g) && inGamut(bl))) {
      return '#' + hexChannel(r) + hexChannel(g) + hexChannel(bl);
    }
    chroma *= 0.85;
  }
  return '#000000'; // unreachable: the last step always returns
}
