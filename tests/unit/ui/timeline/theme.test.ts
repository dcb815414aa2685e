import { describe, expect, it } from 'vitest';
import { readTheme } from '../../../../src/ui/timeline/theme';

describe('readTheme', () => {
  it('reads the custom properties and falls back when one is missing', () => {
    const vars: Record<string, string> = { '--refused': ' #ff0000 ', '--font-mono': 'Iosevka' };
    const t = readTheme('dark', (p) => vars[p] ?? '');
    expect(t.name).toBe('dark');
    expect(t.refused).toBe('#ff0000');
    expect(t.fontMono).toBe('Iosevka');
    expect(t.bg).toMatch(/^#/);
    expect(readTheme('light', () => '').bg).not.toBe(t.bg);
  });
});
