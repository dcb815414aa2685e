import { useEffect, useState } from 'react';
import { readTheme, themeNameOf, type TimelineTheme } from './theme';

function currentTheme(): TimelineTheme {
  const html = document.documentElement;
  const style = getComputedStyle(html);
  return readTheme(themeNameOf(html.getAttribute('data-theme')), (p) => style.getPropertyValue(p));
}

/** The theme's colours for the canvas, re-read whenever `data-theme` on <html> changes. */
export function useTimelineTheme(): TimelineTheme {
  const [theme, setTheme] = useState<TimelineTheme>(currentTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(currentTheme()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'style', 'class'],
    });
    return () => observer.disconnect();
  }, []);
  return theme;
}
