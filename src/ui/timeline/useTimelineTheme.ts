// The theme's colours for the canvas, read from the CSS custom properties.
import { useMemo } from 'react';
import { useTheme } from '../../state/appStore';
import { readTheme, type TimelineTheme } from './theme';

/**
 * The theme's colours for the canvas, read from the CSS custom properties of the store's theme
 * (the store writes it to <html> before React renders, so the computed style is current).
 */
export function useTimelineTheme(): TimelineTheme {
  const name = useTheme();
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    return readTheme(name, (p) => style.getPropertyValue(p));
  }, [name]);
}
