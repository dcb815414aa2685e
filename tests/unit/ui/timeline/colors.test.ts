import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hash32,
  oklchToHex,
  signatureColor,
  signaturePalette,
  signatureRanks,
} from '../../../../src/ui/colors';
import { packTranscript } from '../../../../src/report/packedReport';
import { columnsOf, transcriptColumns } from '../../../../src/report/reportColumns';
import { batch, report } from './fixtures';

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** OKLab hue in degrees: the space the colours are built in, where equal angles look equally far apart. */
function hue(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return ((Math.atan2(B, A) * 180) / Math.PI + 360) % 360;
}

/** Signatures shaped like the detector's (`name:16 hex digits`). */
function sigs(k: number, seed = 1): string[] {
  const names = ['read_file', 'write_file', 'run_tests', 'grep_search', 'bash', 'browser_navigate'];
  return Array.from({ length: k }, (_, i) => {
    const h = (hash32(`${seed}/${i}`) >>> 0).toString(16).padStart(8, '0');
    return `${names[i % names.length]}:${h}${h.split('').reverse().join('')}`;
  });
}

describe('signatureColor', () => {
  it('is a valid #rrggbb colour in both themes that depends on the text alone', () => {
    const texts = ['read_file:ed658c7fbe3ce9f2', '', 'x'.repeat(5000), 'ünïcödé:0001'];
    for (const theme of ['light', 'dark'] as const) {
      const first = texts.map((s) => signatureColor(s, theme));
      for (const c of first) expect(c).toMatch(/^#[0-9a-f]{6}$/);
      // Whatever was coloured in between, and however an equal text was built.
      for (const s of sigs(2000, 3)) signatureColor(s, theme);
      const again = texts.map((s) => signatureColor([...s].join(''), theme));
      expect(again).toEqual(first);
    }
  });

  it('differs between themes (lighter on dark)', () => {
    const s = 'write_file:0123456789abcdef';
    expect(luminance(signatureColor(s, 'dark'))).toBeGreaterThan(
      luminance(signatureColor(s, 'light')),
    );
  });

  it('keeps at least 3:1 contrast against light and dark pages', () => {
    for (const s of sigs(600)) {
      expect(contrast(signatureColor(s, 'light'), '#ffffff')).toBeGreaterThanOrEqual(3);
      expect(contrast(signatureColor(s, 'dark'), '#0d1117')).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives 2–8 sample signatures pairwise different colours', () => {
    for (let k = 2; k <= 8; k++) {
      for (const theme of ['light', 'dark'] as const) {
        const colours = sigs(k, k).map((s) => signatureColor(s, theme));
        expect(new Set(colours).size).toBe(k);
      }
    }
  });

  it('spreads hues over the whole wheel (no hole a handful of signatures would crowd into)', () => {
    const sectors = new Array<number>(12).fill(0);
    const all = sigs(3000, 7);
    for (const s of all) sectors[Math.floor(hue(signatureColor(s, 'light')) / 30) % 12]!++;
    for (const c of sectors) expect(c / all.length).toBeGreaterThan(0.05);
  });

  it('separates signatures that differ in one trailing hex digit', () => {
    const a = signatureColor('bash:00000000000000a0', 'light');
    const b = signatureColor('bash:00000000000000a1', 'light');
    expect(a).not.toBe(b);
  });
});

describe('oklchToHex', () => {
  it('maps neutral lightness to grey and stays in gamut at high chroma', () => {
    expect(oklchToHex(1, 0, 0)).toBe('#ffffff');
    expect(oklchToHex(0, 0, 0)).toBe('#000000');
    for (let h = 0; h < 360; h += 15) expect(oklchToHex(0.6, 0.4, h)).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('ranked signature colours', () => {
  const sigs = ['a:1', 'b:2', 'c:3', 'd:4', 'e:5', 'f:6', 'g:7', 'h:8'];
  // a appears 3 times, b twice, the rest once (in order of first appearance).
  const order = ['c:3', 'a:1', 'b:2', 'a:1', 'd:4', 'b:2', 'a:1', 'e:5', 'f:6', 'g:7', 'h:8'];
  const r = report(order.map((signature, i) => batch(i, { signature })));

  it('ranks by frequency, ties by first appearance', () => {
    const ranks = signatureRanks(r);
    expect(ranks.get('a:1')).toBe(0);
    expect(ranks.get('b:2')).toBe(1);
    expect(ranks.get('c:3')).toBe(2);
    expect(ranks.get('d:4')).toBe(3);
    expect(ranks.get('h:8')).toBe(7);
  });

  it('gives the eight most frequent signatures clearly different colours', () => {
    for (const theme of ['light', 'dark'] as const) {
      const rgb = sigs.map((s) => {
        const hex = signatureColor(s, theme, r);
        return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      });
      for (let i = 0; i < rgb.length; i++) {
        for (let j = i + 1; j < rgb.length; j++) {
          const [a, b] = [rgb[i]!, rgb[j]!];
          const dist = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
          expect(dist, `${sigs[i]} vs ${sigs[j]} in ${theme}`).toBeGreaterThan(40);
        }
      }
    }
  });

  it('gives ranked colours by rank, and the hashed colour past the palette or without a report', () => {
    expect(signatureColor('zz:9', 'light', r)).toBe(signatureColor('zz:9', 'light'));
    // The most frequent takes the first ranked colour: hue 255°, the theme's first band.
    expect(signatureColor('a:1', 'dark', r)).toBe(oklchToHex(0.7, 0.15, 255));
    expect(signatureColor('a:1', 'light', r)).toBe(oklchToHex(0.5, 0.17, 255));
    expect(signatureColor('a:1', 'dark', r)).not.toBe(signatureColor('a:1', 'dark'));
  });
});

/** The first implementation of oklchToHex (arrays per step), kept as the reference. */
function referenceOklchToHex(l: number, c: number, hueDeg: number): string {
  const lin = (ch: number): number[] => {
    const hr = (hueDeg * Math.PI) / 180;
    const a = ch * Math.cos(hr);
    const b = ch * Math.sin(hr);
    const l1 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
    const m1 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
    const s1 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
    return [
      4.0767416621 * l1 - 3.3077115913 * m1 + 0.2309699292 * s1,
      -1.2684380046 * l1 + 2.6097574011 * m1 - 0.3413193965 * s1,
      -0.0041960863 * l1 - 0.7034186147 * m1 + 1.707614701 * s1,
    ];
  };
  const hex = (v: number[]): string =>
    '#' +
    v
      .map((x0) => {
        const x = Math.min(1, Math.max(0, x0));
        const srgb = x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
        return Math.round(srgb * 255)
          .toString(16)
          .padStart(2, '0');
      })
      .join('');
  let chroma = c;
  for (let i = 0; i < 24; i++) {
    const rgb = lin(chroma);
    if (rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4)) return hex(rgb);
    chroma *= 0.85;
  }
  return hex(lin(0));
}

describe('oklchToHex against its reference', () => {
  it('gives the same colour for any lightness, chroma and hue', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (l, c, h) => {
          expect(oklchToHex(l, c, h)).toBe(referenceOklchToHex(l, c, h));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('signature palette from packed hashes', () => {
  it('colours by the hashes the worker packed exactly as by the signature texts', () => {
    const texts = sigs(300, 7);
    // Some repeated, so ranked and hashed colours both occur.
    const big = report(
      texts.concat(texts.slice(0, 40)).map((signature, i) => batch(i, { signature })),
    );
    const packed = packTranscript(big);
    const cols = transcriptColumns(
      packed,
      (i) => big.batches[i]?.signature ?? '',
      () => [],
    );
    expect(packed.signatures.sigHash).toBeDefined();
    for (let id = 0; id < cols.sigCount; id++) {
      expect(cols.sigHashOf(id)).toBe(hash32(cols.sigTextOf(id)));
    }
    for (const theme of ['light', 'dark'] as const) {
      const palette = signaturePalette(big, theme);
      const t = columnsOf(big).transcript;
      for (let id = 0; id < t.sigCount; id++) {
        expect(palette(id)).toBe(signatureColor(t.sigTextOf(id), theme, big));
      }
    }
  });
});
