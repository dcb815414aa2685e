// The canvas cannot use CSS variables directly, so the component reads the theme's custom
// properties (src/ui/theme.css) into this object and re-reads them when `data-theme` changes.
// Fallbacks keep the timeline legible if a property is missing.
import type { ThemeName } from '../colors';

export interface TimelineTheme {
  readonly name: ThemeName;
  readonly bg: string;
  readonly fg: string;
  readonly muted: string;
  readonly panel: string;
  readonly border: string;
  readonly accent: string;
  readonly refused: string;
  readonly firstRefusal: string;
  readonly rescued: string;
  readonly changed: string;
  readonly unknown: string;
  readonly warn: string;
  readonly threshold: string;
  readonly ceiling: string;
  readonly fontMono: string;
  readonly fontSans: string;
}

type ColourKey = Exclude<keyof TimelineTheme, 'name' | 'fontMono' | 'fontSans'>;

const VARS: Readonly<Record<ColourKey, string>> = {
  bg: '--bg',
  fg: '--fg',
  muted: '--muted',
  panel: '--panel',
  border: '--border',
  accent: '--accent',
  refused: '--refused',
  firstRefusal: '--first-refusal',
  rescued: '--rescued',
  changed: '--changed',
  unknown: '--unknown',
  warn: '--warn',
  threshold: '--threshold',
  ceiling: '--ceiling',
};

const FALLBACK: Readonly<Record<ThemeName, Readonly<Record<ColourKey, string>>>> = {
  light: {
    bg: '#ffffff',
    fg: '#1b1f24',
    muted: '#656d76',
    panel: '#f6f8fa',
    border: '#d0d7de',
    accent: '#0969da',
    refused: '#cf222e',
    firstRefusal: '#a40e26',
    rescued: '#1a7f37',
    changed: '#8250df',
    unknown: '#9a6700',
    warn: '#bc4c00',
    threshold: '#cf222e',
    ceiling: '#8250df',
  },
  dark: {
    bg: '#0d1117',
    fg: '#e6edf3',
    muted: '#8d96a0',
    panel: '#161b22',
    border: '#30363d',
    accent: '#4493f8',
    refused: '#f85149',
    firstRefusal: '#ff7b72',
    rescued: '#3fb950',
    changed: '#bc8cff',
    unknown: '#d29922',
    warn: '#db6d28',
    threshold: '#f85149',
    ceiling: '#bc8cff',
  },
};

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const SANS = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Build the canvas theme from a custom-property reader such as `getComputedStyle(html).getPropertyValue`. */
export function readTheme(name: ThemeName, getVar: (prop: string) => string): TimelineTheme {
  const colours = { ...FALLBACK[name] };
  for (const key of Object.keys(VARS) as ColourKey[]) {
    const v = getVar(VARS[key]).trim();
    if (v !== '') colours[key] = v;
  }
  const mono = getVar('--font-mono').trim();
  const sans = getVar('--font-ui').trim();
  return {
    name,
    ...colours,
    fontMono: mono !== '' ? mono : MONO,
    fontSans: sans !== '' ? sans : SANS,
  };
}
