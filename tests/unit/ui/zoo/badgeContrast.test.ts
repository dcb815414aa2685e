import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The PEER / ADV badges (lane gutter, lane toggles, comparison table) are 9–10px text: WCAG AA
// asks 4.5:1 of them in both themes.
const css = readFileSync(new URL('../../../../src/ui/theme.css', import.meta.url), 'utf8');

function themeColours(theme: 'light' | 'dark'): Record<string, string> {
  const block = new RegExp(`\\[data-theme='${theme}'\\]\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g))
    out[m[1] ?? ''] = m[2] ?? '';
  return out;
}

function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = c.map((x) =>
    x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('lane badge contrast', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: peer text on its fill and adv text on the panel reach 4.5:1`, () => {
      const t = themeColours(theme);
      expect(t.fg && t.border && t.muted && t.panel && t.bg).toBeTruthy();
      const peer = contrast(t.fg ?? '', t.border ?? '');
      const adv = Math.min(
        contrast(t.muted ?? '', t.panel ?? ''),
        contrast(t.muted ?? '', t.bg ?? ''),
      );
      expect(peer).toBeGreaterThanOrEqual(4.5);
      expect(adv).toBeGreaterThanOrEqual(4.5);
    });
  }
});
